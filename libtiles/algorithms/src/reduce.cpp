// libtiles algorithms: reduce, the sum, least or greatest element of data, on one context
// or several. One launch combines each tile's span of the data into a partial value, and its last
// tile to finish combines the partials into the result, which is read back into the caller's
// memory. Over several contexts, each makes the partials of its bands of whole spans (more than one
// where a band would pass what one launch counts), and the
// first context combines them all in the same order. Its description (the faces' operands, element
// types and ops), and its parameter set: the tile's size and each
// work-item's share, their values for each kind of device, and what the tuner tries and times.
#include "tiles/algorithms/reduce.hpp"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <string>
#include <type_traits>
#include <vector>

#include "base/at_once.hpp"
#include "catalog.hpp"
#include "support.hpp"
#include "tiles/engine/split.hpp"
#include "tiles/exceptions.hpp"
#include "tiles/marked_names.hpp"

extern const char tiles_kernel_reduction[];

namespace tiles {

const char* to_string(reduction_op op) {
    static constexpr const char* names[] = {"sum", "min", "max"};
    static_assert(std::size(names) == std::size_t(reduction_op::max) + 1, "one name per reduction_op");
    const int value = int(op);
    return value >= 0 && value < int(std::size(names)) ? names[value] : "";
}

} // namespace tiles

namespace tiles::algorithms {

const algorithm_description& reduce_description() {
    static const engine::immortal<algorithm_description> description(algorithm_description{
        "reduce",
        {read_matrix("input", "the input",
                     {element_type::uint8, element_type::int32, element_type::int64, element_type::float32,
                      element_type::float64, element_type::float16, element_type::bfloat16}),
         // The types the elements are combined in, or for sums a wider one (check_accumulator).
         written_matrix("result", "the result",
                        {element_type::int32, element_type::uint32, element_type::int64, element_type::uint64,
                         element_type::float32, element_type::float64})},
        {},
        "op",
        {to_string(reduction_op::sum), to_string(reduction_op::min), to_string(reduction_op::max)}});
    return *description;
}

namespace {

const char* const algorithm = "reduce";

struct reduce_parameters {
    int tile_size;        // work-items of a tile
    int items_per_thread; // vectors each work-item combines before the tile's tree
    int vector_width;     // elements a work-item reads at once: 1, 2, 4 or 8
};

std::string device_problem(const reduce_parameters& p, const device_info& device) {
    // The prelude's TILE_SCRATCH_SIZE, two values per work-item.
    return tile_problem(1, std::size_t(p.tile_size), std::size_t(p.tile_size) * 2 * 8, "for sums in 8 bytes", device);
}

constexpr named_parameter<reduce_parameters> reduce_parameters_named[] = {
    {"TILE_SIZE", &reduce_parameters::tile_size, 1, 1024},
    {"ITEMS_PER_THREAD", &reduce_parameters::items_per_thread, 1, 4096},
    {"VECTOR_WIDTH", &reduce_parameters::vector_width, 1, 8, parameter_values::vector_width}};

// Hopper (NVIDIA's compute capability 9.x), as measured on the H200 (BENCHMARKS.md); CPUs (PoCL's,
// where every work-item costs a few cycles per stretch between barriers, so each combines a long
// strip in 8-wide vectors); every other device, which takes the H200's values (on a GPU, each
// work-item reading several vectors keeps enough loads in flight).
constexpr device_row<reduce_parameters> reduce_table[] = {
    {nvidia_hopper, {256, 32, 4}},
    {every_cpu, {8, 256, 8}},
    {every_device, {256, 32, 4}},
};
static_assert(rows_fit(reduce_table, reduce_parameters_named, nullptr), "a row does not fit");

const reduce_parameters reduce_candidates[] = {{256, 32, 4}, {256, 16, 4}, {128, 32, 4}, {512, 16, 4},
                                               {256, 8, 8},  {1024, 8, 4}, {64, 64, 4},  {8, 256, 8},
                                               {16, 128, 8}, {32, 64, 8},  {4, 512, 8}};

// The tuner's work: the sum of a tuning_side square of floats, read back as a caller reads it.
std::function<void()> reduce_workload(const std::shared_ptr<context>& context) {
    const matrix_operand data = tuning_matrix(context, element_type::float32, tuning_side, tuning_side, tuning_value);
    return [context, data] {
        float sum = 0;
        reduce(context, data.data, reduction_op::sum, element_type::float32, &sum);
    };
}

const typed_set<reduce_parameters>& reduce_set() {
    static const engine::immortal<typed_set<reduce_parameters>> set(
        set_definition<reduce_parameters>{"reduce", all_of(reduce_parameters_named), all_of(reduce_table), nullptr,
                                          device_problem, all_of(reduce_candidates), reduce_workload, true});
    return *set;
}

// The kernel's REDUCE_OP values.
int op_number(reduction_op op) {
    switch (op) {
    case reduction_op::sum:
        return 0;
    case reduction_op::min:
        return 1;
    case reduction_op::max:
        return 2;
    }
    throw invalid_argument("reduce: unknown reduction_op " + std::to_string(int(op)));
}

element_layout check_input(const std::shared_ptr<storage>& input, void* result, std::size_t max_count,
                           const device_info& device) {
    if (input == nullptr) throw invalid_argument("reduce: the input has no storage");
    if (result == nullptr) throw invalid_argument("reduce: the result's memory is NULL");
    const element_layout layout = layout_of(*input);
    check_element_type(algorithm, layout.type, reduce_description().operand("input").element_types, device);
    const std::size_t count = element_count(*input);
    if (count == 0) throw invalid_argument("reduce: the input has 0 elements; a reduction needs at least 1");
    if (count > max_count)
        throw invalid_argument("reduce: the input has " + std::to_string(count) + " elements, more than the " +
                               std::to_string(max_count) + " one reduction can take");
    return layout;
}

// The type the elements of `input` are combined, and their least and greatest given, in: float
// for the 16-bit floats (computed_as), uint for uint8, as a tile combines no narrower type (the
// prelude's tile collectives).
element_type combined_as(element_type input) {
    return input == element_type::uint8 ? element_type::uint32 : computed_as(input);
}

// The type sums of `input` may also be combined in, wider than it: numpy sums int32 in int64, and
// uint8 (combined in uint32) in uint64; float32 may be added in double. The 64-bit types have none
// wider.
element_type wider_accumulator(element_type input) {
    switch (input) {
    case element_type::int32:
        return element_type::int64;
    case element_type::uint32:
        return element_type::uint64;
    case element_type::float32:
        return element_type::float64;
    default:
        return input;
    }
}

// The accumulator is the type the input is combined in (combined_as), or for sums a wider one.
void check_accumulator(element_type input, reduction_op op, element_type accumulator, const device_info& device) {
    if (combined_as(input) != input && accumulator == input)
        throw names_marked<invalid_argument>("reduce: " + marked_element(input) +
                                             " elements are combined, and given, as " +
                                             marked_element(combined_as(input)) + ": ask for a result of that type");
    input = combined_as(input);
    if (accumulator == input) return;
    const std::string input_name = marked_element(input);
    if (op != reduction_op::sum)
        throw names_marked<invalid_argument>("reduce: the least or greatest of " + input_name +
                                             " elements is one of them, " + marked_element_with_article(input) +
                                             ", not " + marked_element_with_article(accumulator));
    if (accumulator != wider_accumulator(input))
        throw names_marked<invalid_argument>(
            "reduce: a sum of " + input_name + " elements is added in " + input_name +
            (wider_accumulator(input) == input ? "" : " or " + marked_element(wider_accumulator(input))) + ", not in " +
            marked_element(accumulator));
    check_element_type(algorithm, accumulator, {accumulator}, device); // double precision, where needed
}

// One reduction's kernels and the span of data each of its tiles combines into one partial. The
// result a run() writes to storage is of the accumulator's type, or of `result` where that differs.
class reduction {
  public:
    reduction(const std::shared_ptr<context>& context, reduction_op op, element_type accumulator)
        : reduction(context, op, accumulator, accumulator) {}
    reduction(const std::shared_ptr<context>& context, reduction_op op, element_type accumulator, element_type result)
        : p_(reduce_set().on(context)), accumulator_(accumulator),
          options_("-DREDUCE_OP=" + std::to_string(op_number(op)) + " -DACCUMULATOR=" + opencl_name(accumulator) +
                   (result == accumulator ? "" : std::string(" -DRESULT=") + opencl_name(result)) + " " +
                   reduce_set().build_options(p_) + (narrow(*context).device()->ptx_shuffles ? " -DTILES_PTX=1" : "")) {
    }

    // How far one tile reads; the last tile's reach past the data must still be an int.
    int span() const { return p_.tile_size * p_.items_per_thread * p_.vector_width; }
    element_layout partial_layout() const { return {accumulator_, element_size(accumulator_)}; }
    int partial_count(int count) const { return blocks_covering(count, span()); }

    // Combines `count` elements of `data`, of type `element`, on `context`, into `result`'s one
    // element there, keeping the partial_count(count) partials in `partials`.
    void run(const std::shared_ptr<context>& context, const std::shared_ptr<storage>& data, element_type element,
             int count, const std::shared_ptr<storage>& partials, const std::shared_ptr<storage>& result) const {
        const std::shared_ptr<storage> finished_tiles =
            storage_over_buffer({element_type::uint32, sizeof(cl_uint)}, dims3{1, 1, 1}, context,
                                narrow(*context).finished_tiles_counter().get());
        launch_algorithm(context, covering_domain(std::int64_t(partial_count(count)) * p_.tile_size, p_.tile_size),
                         kernel_named("reduce", element),
                         std::array<launch_arg, 5>{input_arg(data), scalar_arg(count), output_arg(partials),
                                                   output_arg(finished_tiles), output_arg(result)});
    }
    // The same with the partials in the context's scratch.
    void run(const std::shared_ptr<context>& context, const std::shared_ptr<storage>& data, element_type element,
             int count, const std::shared_ptr<storage>& result) const {
        with_scratch(context, std::size_t(partial_count(count)), [&](const std::shared_ptr<storage>& partials) {
            run(context, data, element, count, partials, result);
        });
    }
    // The same into host memory, through the context's scratch.
    void run(const std::shared_ptr<context>& context, const std::shared_ptr<storage>& data, element_type element,
             int count, void* result) const {
        with_scratch(context, 1, [&](const std::shared_ptr<storage>& total) {
            run(context, data, element, count, total);
            copy_out(*total, whole_of(*total), result);
        });
    }

    // Combines `count` partials of one or more run()s, in order, on `context` into `result`, as
    // run() combines its own.
    void combine(const std::shared_ptr<context>& context, const std::shared_ptr<storage>& partials,
                 element_type element, int count, void* result) const {
        with_scratch(context, 1, [&](const std::shared_ptr<storage>& total) {
            launch_algorithm(context, covering_domain(p_.tile_size, p_.tile_size),
                             kernel_named("reduce_partials", element),
                             std::array<launch_arg, 3>{input_arg(partials), scalar_arg(count), output_arg(total)});
            copy_out(*total, whole_of(*total), result);
        });
    }

    // Calls use(storage) on `count` accumulators of the context's scratch, which a reduction's
    // intermediate values live in so that it allocates nothing (on a GPU, an allocation can cost as
    // much as reading hundreds of MiB).
    template <typename Use>
    void with_scratch(const std::shared_ptr<context>& context, std::size_t count, Use use) const {
        engine::algorithm_context::scratch_buffer scratch =
            narrow(*context).take_scratch(count * partial_layout().size);
        use(storage_over_buffer(partial_layout(), dims3{1, 1, count}, context, scratch.buffer.get()));
        narrow(*context).give_back_scratch(std::move(scratch));
    }

  private:
    // A kernel of the reduction's program for data of `element`s.
    const kernel& kernel_named(const char* name, element_type element) const {
        return algorithm_kernel(tiles_kernel_reduction, name, computed_as(element), options_, element);
    }

    reduce_parameters p_;
    element_type accumulator_;
    std::string options_;
};

// One band of a reduction's data on its context: `count` elements from the start of `data`.
struct reduced_band {
    std::shared_ptr<engine::context> on;
    std::shared_ptr<storage> data;
    int count;
};

// Combines every band on its context into partials, then all the partials, in the bands' order, on
// the first band's context into `result`, as one context combines its own. Where every band but the
// last is of whole spans, the partials are those of one context's reduction.
void reduce_bands(const reduction& r, const std::vector<reduced_band>& bands, element_type type, void* result) {
    std::vector<std::shared_ptr<storage>> partials;
    for (const reduced_band& band : bands) {
        partials.push_back(
            storage_on_device(r.partial_layout(), dims3{1, 1, std::size_t(r.partial_count(band.count))}, band.on));
        r.with_scratch(band.on, 1, [&](const std::shared_ptr<storage>& total) {
            r.run(band.on, band.data, type, band.count, partials.back(), total);
        });
    }
    std::size_t spans = 0;
    for (const std::shared_ptr<storage>& p : partials) spans += element_count(*p);
    std::vector<unsigned char> gathered(spans * r.partial_layout().size);
    std::size_t at = 0;
    for (const std::shared_ptr<storage>& p : partials) {
        copy_out(*p, whole_of(*p), gathered.data() + at);
        at += element_count(*p) * r.partial_layout().size;
    }
    const std::shared_ptr<context>& first = bands.front().on;
    const std::shared_ptr<storage> all = storage_on_device(r.partial_layout(), dims3{1, 1, spans}, first);
    copy_in(*all, whole_of(*all), gathered.data());
    r.combine(first, all, type, int(spans), result);
}

// The most elements a band of several contexts' reduction holds: whole spans, so that the bands'
// partials are in order those of one context, and few enough that one launch's count is an int.
std::int64_t band_spans_at_most(const reduction& r) { return (INT_MAX - r.span()) / r.span(); }

void check_accumulator_on_every(const std::vector<std::shared_ptr<context>>& contexts, element_type input,
                                reduction_op op, element_type accumulator) {
    for (const std::shared_ptr<context>& context : contexts)
        check_accumulator(input, op, accumulator, *narrow(*context).device());
}

// Band `part`'s own rows of `split`, on its context: its local rows where it has no halo above,
// else a copy of its own rows there (the reduction reads from the start of its data), enqueued
// before the reduction on the same queue, so that the host waits for no band before the next.
reduced_band own_rows(const split_matrix& split, std::size_t part, const reduction& r) {
    const band& rows = split.band_of(part);
    const std::int64_t count = std::int64_t(rows.rows) * split.columns();
    if (count > INT_MAX - r.span())
        throw invalid_argument("reduce: band " + std::to_string(part) + " of the split holds " + std::to_string(count) +
                               " elements, more than the " + std::to_string(INT_MAX - r.span()) +
                               " one launch counts: split the matrix over more views");
    const std::shared_ptr<context>& on = split.context_of(part);
    const std::shared_ptr<storage>& local = split.local(part).data;
    if (rows.halo_above == 0) return {on, local, int(count)};
    const std::shared_ptr<storage> own =
        storage_on_device(split.layout(), dims3{1, std::size_t(rows.rows), std::size_t(split.columns())}, on);
    const engine::box own_box{{0, std::size_t(rows.halo_above), 0},
                              {1, std::size_t(rows.rows), std::size_t(split.columns())}};
    engine::copy_async(*local, own_box, *own, whole_of(*own));
    return {on, own, int(count)};
}

// The bands' indices grouped by context, each group in the bands' order, the groups in the order
// of their contexts' first bands.
std::vector<std::vector<std::size_t>> bands_by_context(const std::vector<reduced_band>& bands) {
    std::vector<std::vector<std::size_t>> groups;
    std::vector<const engine::context*> owners;
    for (std::size_t i = 0; i < bands.size(); ++i) {
        const auto group = std::size_t(std::find(owners.begin(), owners.end(), bands[i].on.get()) - owners.begin());
        if (group == owners.size()) {
            owners.push_back(bands[i].on.get());
            groups.emplace_back();
        }
        groups[group].push_back(i);
    }
    return groups;
}

// Each band's total on its context into `totals`, one accumulator per band in order. Each
// context's launches and reads are enqueued and submitted from a thread of its own, before the
// host waits for any, so the devices start together (from one thread, each GPU started only once
// the host had enqueued every band before its own: BENCHMARKS.md).
void totals_of_bands(const reduction& r, const std::vector<reduced_band>& bands, element_type type,
                     unsigned char* totals) {
    const std::size_t size = r.partial_layout().size;
    const std::vector<std::vector<std::size_t>> groups = bands_by_context(bands);
    std::vector<completion_future> reads(bands.size());
    try {
        engine::at_once(groups.size(), [&](std::size_t g) {
            for (const std::size_t i : groups[g])
                r.with_scratch(bands[i].on, 1, [&](const std::shared_ptr<storage>& total) {
                    r.run(bands[i].on, bands[i].data, type, bands[i].count, total);
                    reads[i] = engine::copy_out_async(*total, whole_of(*total), totals + i * size, total, {});
                    narrow(*bands[i].on).flush();
                });
        });
    } catch (...) {
        // `totals` must outlive the reads already enqueued into it.
        for (const completion_future& read : reads) read.wait();
        throw;
    }
    for (completion_future& read : reads) read.get();
}

// Two values of T combined as the kernel combines them: sums wrap as unsigned integers do; the
// least or greatest of floats is NaN where either is (numpy's).
template <class T> T combined(reduction_op op, T a, T b) {
    if (op == reduction_op::sum) {
        if constexpr (std::is_integral_v<T>)
            return T(std::make_unsigned_t<T>(a) + std::make_unsigned_t<T>(b));
        else
            return a + b;
    }
    if (a != a || b != b) return a != a ? a : b; // NaN wins; never for integers
    return (op == reduction_op::min) == (b < a) ? b : a;
}

template <class T> void combine_totals_as(reduction_op op, const std::vector<unsigned char>& totals, void* result) {
    T all;
    std::memcpy(&all, totals.data(), sizeof(T));
    for (std::size_t at = sizeof(T); at < totals.size(); at += sizeof(T)) {
        T next;
        std::memcpy(&next, totals.data() + at, sizeof(T));
        all = combined(op, all, next);
    }
    std::memcpy(result, &all, sizeof(T));
}

// The bands' totals, each one `accumulator` in order, combined into `result`.
void combine_totals(reduction_op op, element_type accumulator, const std::vector<unsigned char>& totals, void* result) {
    switch (accumulator) {
    case element_type::int32:
        return combine_totals_as<std::int32_t>(op, totals, result);
    case element_type::uint32:
        return combine_totals_as<std::uint32_t>(op, totals, result);
    case element_type::int64:
        return combine_totals_as<std::int64_t>(op, totals, result);
    case element_type::uint64:
        return combine_totals_as<std::uint64_t>(op, totals, result);
    case element_type::float32:
        return combine_totals_as<float>(op, totals, result);
    case element_type::float64:
        return combine_totals_as<double>(op, totals, result);
    default:
        // check_accumulator let no other type through
        throw names_marked<invalid_argument>("reduce: a split's totals are not combined in " +
                                             marked_element(accumulator));
    }
}

} // namespace

void reduce(const std::shared_ptr<context>& context, const std::shared_ptr<storage>& input, reduction_op op,
            element_type accumulator, void* result) {
    const device_info& device = *narrow(*context).device();
    const reduction r(context, op, accumulator);
    // More than one launch counts: bands of whole spans, as over several contexts.
    if (input != nullptr && element_count(*input) > std::size_t(INT_MAX - r.span()))
        return reduce(std::vector<std::shared_ptr<engine::context>>{context}, input, op, accumulator, result);
    const element_layout layout = check_input(input, result, INT_MAX - r.span(), device);
    check_accumulator(layout.type, op, accumulator, device);
    r.run(context, input, layout.type, int(element_count(*input)), result);
}

void reduce(const std::shared_ptr<context>& context, const std::shared_ptr<storage>& input, reduction_op op,
            element_type accumulator, const std::shared_ptr<storage>& result) {
    const device_info& device = *narrow(*context).device();
    if (result == nullptr) throw invalid_argument("reduce: the result has no storage");
    const element_type result_type = layout_of(*result).type;
    const reduction r(context, op, accumulator, result_type);
    const element_layout layout = check_input(input, result.get(), INT_MAX - r.span(), device);
    check_accumulator(layout.type, op, accumulator, device);
    if (result_type != accumulator && result_type != combined_as(layout.type))
        throw names_marked<invalid_argument>(
            "reduce: the result is " + marked_element_with_article(result_type) + "; a reduction of " +
            marked_element(layout.type) + " elements in " + marked_element(accumulator) + " writes " +
            marked_element_with_article(accumulator) + " or " + marked_element_with_article(combined_as(layout.type)));
    if (element_count(*result) != 1)
        throw invalid_argument("reduce: the result has " + std::to_string(element_count(*result)) +
                               " elements; it is one element");
    if (result == input) throw invalid_argument("reduce: the result is the input, which it would overwrite");
    r.run(context, input, layout.type, int(element_count(*input)), result);
}

void reduce(const std::vector<std::shared_ptr<context>>& contexts, const std::shared_ptr<storage>& input,
            reduction_op op, element_type accumulator, void* result) {
    if (contexts.empty()) throw invalid_argument("reduce: the list of accelerator views is empty");
    const reduction r(contexts.front(), op, accumulator);
    // The partials of every band are combined by one launch, whose count is an int.
    const std::size_t most = std::size_t(INT_MAX - r.span()) * std::size_t(r.span());
    const element_layout layout = check_input(input, result, most, *narrow(*contexts.front()).device());
    check_accumulator_on_every(contexts, layout.type, op, accumulator);
    const auto count = std::int64_t(element_count(*input));

    // A band or more for each context, taken in turn, each band short enough for one launch.
    const std::int64_t spans = (count + r.span() - 1) / r.span();
    const std::int64_t band_count = std::max<std::int64_t>(std::int64_t(contexts.size()),
                                                           (spans + band_spans_at_most(r) - 1) / band_spans_at_most(r));
    const std::int64_t spans_per_band = (spans + band_count - 1) / band_count;
    const auto* host = static_cast<const unsigned char*>(host_data(*input, whole_of(*input), host_access::read));
    std::vector<reduced_band> bands;
    std::vector<host_piece> pieces;
    for (std::int64_t i = 0; i * spans_per_band < spans; ++i) {
        const std::int64_t first = i * spans_per_band * r.span();
        const int elements = int(std::min<std::int64_t>(count - first, spans_per_band * r.span()));
        const std::shared_ptr<context>& on = contexts[std::size_t(i) % contexts.size()];
        bands.push_back({on, storage_on_device(layout, dims3{1, 1, std::size_t(elements)}, on), elements});
        pieces.push_back({bands.back().data.get(), host + std::size_t(first) * layout.size});
    }
    copy_in_at_once(pieces);
    reduce_bands(r, bands, layout.type, result);
}

void reduce(const split_matrix& split, reduction_op op, element_type accumulator, void* result) {
    if (result == nullptr) throw invalid_argument("reduce: the result's memory is NULL");
    const reduction r(split.context_of(0), op, accumulator);
    std::vector<std::shared_ptr<context>> contexts;
    for (std::size_t p = 0; p < split.parts(); ++p) contexts.push_back(split.context_of(p));
    check_element_type(algorithm, split.layout().type, reduce_description().operand("input").element_types,
                       *narrow(*contexts.front()).device());
    check_accumulator_on_every(contexts, split.layout().type, op, accumulator);
    std::vector<reduced_band> bands;
    for (std::size_t p = 0; p < split.distinct_parts(); ++p)
        if (split.band_of(p).rows > 0) bands.push_back(own_rows(split, p, r));
    if (bands.empty()) throw invalid_argument("reduce: the split has 0 elements; a reduction needs at least 1");
    const std::size_t size = element_size(accumulator);
    std::vector<unsigned char> totals(bands.size() * size);
    totals_of_bands(r, bands, split.layout().type, totals.data());
    combine_totals(op, accumulator, totals, result);
}

catalog_entry reduce_in_catalog() { return {{&reduce_description()}, {&reduce_set()}}; }

} // namespace tiles::algorithms
