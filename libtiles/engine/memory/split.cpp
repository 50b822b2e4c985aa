// libtiles engine: a matrix's rows split over several contexts (tiles/engine/split.hpp). Every
// transfer is one of the storage engine's copies between boxes of rows; those of one phase are
// enqueued on every context before any is waited for, so that the contexts move data at once, and
// those between host memory and the contexts run on a thread each (at_once.hpp).
#include "tiles/engine/split.hpp"

#include <string>

#include "base/at_once.hpp"
#include "context/context.hpp"
#include "devices/devices.hpp"
#include "tiles/completion_future.hpp"
#include "tiles/engine/storage.hpp"
#include "tiles/exceptions.hpp"
#include "tiles/marked_names.hpp"

namespace tiles::engine {
namespace {

// `count` rows from row `first` of a matrix of `columns` columns.
box rows_box(int first, int count, int columns) {
    return {{0, std::size_t(first), 0}, {1, std::size_t(count), std::size_t(columns)}};
}

void wait_for_all(const std::vector<completion_future>& futures) {
    for (const completion_future& f : futures) f.get();
}

void check_grid(const char* what, const matrix_operand& grid, const split_matrix& split) {
    const std::string function = marked_function(std::string("split_matrix::") + what);
    if (grid.data == nullptr) throw names_marked<invalid_argument>(function + ": the matrix is NULL");
    if (grid.rows != split.rows() || grid.columns != split.columns() ||
        layout_of(*grid.data).size != split.layout().size || layout_of(*grid.data).type != split.layout().type)
        throw names_marked<invalid_argument>(
            function + ": the matrix is " + std::to_string(grid.rows) + "x" + std::to_string(grid.columns) + " of " +
            marked_element(layout_of(*grid.data).type) + ", the split one " + std::to_string(split.rows()) + "x" +
            std::to_string(split.columns()) + " of " + marked_element(split.layout().type));
}

// What every split needs, in bands or in copies: a context to hold it and a column.
void check_contexts_and_columns(const std::vector<std::shared_ptr<context>>& contexts, int columns) {
    if (contexts.empty()) throw invalid_argument("a matrix split over accelerator views needs at least one view");
    if (columns < 1)
        throw invalid_argument("a matrix split over accelerator views needs at least one column, not " +
                               std::to_string(columns));
}

} // namespace

split_matrix::split_matrix(element_layout layout, int rows, int columns, int halo, int granularity)
    : layout_(layout), rows_(rows), columns_(columns), halo_(halo), granularity_(granularity) {}

split_matrix::split_matrix(const std::vector<std::shared_ptr<context>>& contexts, element_layout layout, int rows,
                           int columns, int halo, int granularity)
    : split_matrix(layout, rows, columns, halo, granularity) {
    check_contexts_and_columns(contexts, columns);
    for (std::size_t i = 0; i < contexts.size(); ++i)
        add_band(split_rows(rows, halo, int(i), int(contexts.size()), granularity), contexts[i]);
}

split_matrix split_matrix::copies(const std::vector<std::shared_ptr<context>>& contexts, element_layout layout,
                                  int rows, int columns) {
    check_contexts_and_columns(contexts, columns);
    if (rows < 1)
        throw invalid_argument("a matrix held whole on every accelerator view needs at least one row, not " +
                               std::to_string(rows));
    split_matrix whole(layout, rows, columns, 0, 1);
    whole.holds_copies_ = true;
    for (std::size_t i = 0; i < contexts.size(); ++i) {
        band all_rows; // every row, no halo
        all_rows.grid_rows = all_rows.rows = rows;
        all_rows.part = int(i);
        all_rows.parts = int(contexts.size());
        whole.add_band(all_rows, contexts[i]);
    }
    return whole;
}

void split_matrix::add_band(const band& b, const std::shared_ptr<context>& on) {
    const matrix_operand local{
        storage_on_device(layout_, dims3{1, std::size_t(b.local_rows()), std::size_t(columns_)}, on), b.local_rows(),
        columns_};
    band_data p{b, on, local, nullptr, nullptr};
    const dims3 halo_dims{1, std::size_t(halo_), std::size_t(columns_)};
    if (b.halo_above > 0) p.first_rows = staging_storage(layout_, halo_dims, default_context_of(host_device()), on);
    if (b.halo_below > 0) p.last_rows = staging_storage(layout_, halo_dims, default_context_of(host_device()), on);
    parts_.push_back(std::move(p));
}

split_matrix::split_matrix(const split_matrix& bands_of, sharing_staging)
    : layout_(bands_of.layout_), rows_(bands_of.rows_), columns_(bands_of.columns_), halo_(bands_of.halo_),
      granularity_(bands_of.granularity_), holds_copies_(bands_of.holds_copies_) {
    for (const band_data& p : bands_of.parts_) {
        const int local_rows = p.rows.local_rows();
        const matrix_operand local{
            storage_on_device(layout_, dims3{1, std::size_t(local_rows), std::size_t(columns_)}, p.context), local_rows,
            columns_};
        parts_.push_back({p.rows, p.context, local, p.first_rows, p.last_rows});
    }
}

split_matrix split_matrix::same_bands() const { return split_matrix(*this, sharing_staging{}); }

const split_matrix::band_data& split_matrix::at(std::size_t part) const {
    if (part >= parts_.size())
        throw invalid_argument("band " + std::to_string(part) + " of a matrix split into " +
                               std::to_string(parts_.size()) + " bands does not exist");
    return parts_[part];
}

// Where the grid is host memory (a view of it), each band moves straight between its rows there
// and its context, every band on a thread of its own; else (an array) through the storage engine's
// copies, every band's enqueued before any is waited for.
void split_matrix::scatter(const matrix_operand& grid) {
    check_grid("scatter", grid, *this);
    if (home_of(*grid.data) == nullptr) {
        const auto* host =
            static_cast<const unsigned char*>(host_data(*grid.data, whole_of(*grid.data), host_access::read));
        std::vector<host_piece> pieces;
        for (const band_data& p : parts_)
            pieces.push_back({p.local.data.get(), host + std::size_t(p.rows.local_first()) * row_bytes()});
        copy_in_at_once(pieces);
        return;
    }
    std::vector<completion_future> sent;
    for (const band_data& p : parts_)
        sent.push_back(copy_async(*grid.data, rows_box(p.rows.local_first(), p.rows.local_rows(), columns_),
                                  *p.local.data, whole_of(*p.local.data)));
    wait_for_all(sent);
}

void split_matrix::gather(const matrix_operand& grid) const {
    check_grid("gather", grid, *this);
    const auto own = [&](const band_data& p) { return rows_box(p.rows.halo_above, p.rows.rows, columns_); };
    if (home_of(*grid.data) == nullptr) {
        auto* host = static_cast<unsigned char*>(host_data(*grid.data, whole_of(*grid.data), host_access::read_write));
        at_once(distinct_parts(), [&](std::size_t i) {
            const band_data& p = parts_[i];
            copy_out_async(*p.local.data, own(p), host + std::size_t(p.rows.first) * row_bytes(), nullptr, nullptr)
                .get();
        });
        return;
    }
    std::vector<completion_future> received;
    for (std::size_t i = 0; i < distinct_parts(); ++i) {
        const band_data& p = parts_[i];
        received.push_back(
            copy_async(*p.local.data, own(p), *grid.data, rows_box(p.rows.first, p.rows.rows, columns_)));
    }
    wait_for_all(received);
}

void split_matrix::exchange_halo() {
    // The boundary rows, from every context into its pinned memory at once.
    std::vector<completion_future> downloads;
    for (const band_data& p : parts_) {
        const band& b = p.rows;
        if (p.first_rows)
            downloads.push_back(copy_async(*p.local.data, rows_box(b.halo_above, b.halo, columns_), *p.first_rows,
                                           whole_of(*p.first_rows)));
        if (p.last_rows)
            downloads.push_back(copy_async(*p.local.data, rows_box(b.halo_above + b.rows - b.halo, b.halo, columns_),
                                           *p.last_rows, whole_of(*p.last_rows)));
    }
    wait_for_all(downloads);
    // Then into the neighbours' halo rows, in order on their contexts' queues: nothing waits here.
    // The next exchange's downloads into the pinned memory wait for these uploads to have read it.
    for (std::size_t i = 0; i < parts_.size(); ++i) {
        const band_data& p = parts_[i];
        const band& b = p.rows;
        if (b.halo_above > 0)
            copy_async(*parts_[i - 1].last_rows, whole_of(*parts_[i - 1].last_rows), *p.local.data,
                       rows_box(0, b.halo, columns_));
        if (b.halo_below > 0)
            copy_async(*parts_[i + 1].first_rows, whole_of(*parts_[i + 1].first_rows), *p.local.data,
                       rows_box(b.halo_above + b.rows, b.halo, columns_));
    }
}

void copy_in_at_once(const std::vector<host_piece>& pieces) {
    at_once(pieces.size(), [&](std::size_t i) {
        copy_in_async(*pieces[i].to, whole_of(*pieces[i].to), pieces[i].from, nullptr).get();
    });
}

std::vector<std::shared_ptr<context>> gpu_contexts() {
    std::vector<std::shared_ptr<context>> contexts;
    for (const auto& device : all_devices())
        if (device->is_gpu()) contexts.push_back(new_context(device));
    return contexts;
}

} // namespace tiles::engine
