// libtiles engine: staged transfers: the table of staging values by device, the chunks a box is
// cut into, and the pipelines that move them through a context's pinned memory.
#include "memory/staging.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <sstream>

#include "base/log.hpp"
#include "context/context.hpp"
#include "context/host_waits.hpp"

namespace tiles::engine {
namespace {

// Where box `part` of box `whole` lies in host memory that holds `whole` as `place` says.
host_place place_of(const host_place& place, const box& whole, const box& part) {
    host_place p = place;
    for (int d = 0; d < 3; ++d) p.origin[d] += part.origin[d] - whole.origin[d];
    return p;
}

// The bytes of host memory from the first byte of box extent `extent` at `place` to its last.
std::size_t host_span(const host_place& place, const dims3& extent, std::size_t element_size) {
    const auto offset = [&](const dims3& at) { return ((at[0] * place.dims[1] + at[1]) * place.dims[2] + at[2]); };
    dims3 last;
    for (int d = 0; d < 3; ++d) last[d] = place.origin[d] + extent[d] - 1;
    return (offset(last) - offset(place.origin) + 1) * element_size;
}

// How a staged transfer cuts its box into chunks of at most `most` bytes, in the box's row-major
// order: whole slices, else whole rows of one slice, else (rows longer than a chunk) parts of one
// row. Each chunk is one run of the box's bytes, dense, and one box of the storage.
class chunking {
  public:
    chunking(const box& b, std::size_t element_size, std::size_t most) : whole_(b), element_size_(element_size) {
        const dims3& e = b.extent;
        const std::size_t row = e[2] * element_size, slice = e[1] * row;
        if (slice <= most) {
            step_ = {std::min(e[0], most / slice), e[1], e[2]};
        } else if (row <= most) {
            step_ = {1, most / row, e[2]};
        } else {
            step_ = {1, 1, std::max<std::size_t>(1, most / element_size)};
        }
        for (int d = 0; d < 3; ++d) per_[d] = (e[d] + step_[d] - 1) / step_[d];
    }

    std::size_t count() const { return per_[0] * per_[1] * per_[2]; }

    // The k-th chunk, in the storage's coordinates.
    box chunk(std::size_t k) const {
        const std::size_t at[3] = {k / (per_[1] * per_[2]), k / per_[2] % per_[1], k % per_[2]};
        box c;
        for (int d = 0; d < 3; ++d) {
            const std::size_t first = at[d] * step_[d];
            c.origin[d] = whole_.origin[d] + first;
            c.extent[d] = std::min(step_[d], whole_.extent[d] - first);
        }
        return c;
    }

    // Where the chunk's bytes begin among the box's, row-major.
    std::size_t first_byte(const box& c) const {
        const dims3& e = whole_.extent;
        const dims3& o = whole_.origin;
        return (((c.origin[0] - o[0]) * e[1] + c.origin[1] - o[1]) * e[2] + c.origin[2] - o[2]) * element_size_;
    }

  private:
    box whole_;
    std::size_t element_size_;
    dims3 step_{};
    dims3 per_{};
};

// The first failure of a staged transfer's threads: which chunk, and what.
class first_failure {
  public:
    void record(std::size_t chunk) {
        std::lock_guard<std::mutex> lock(mutex_);
        if (!failed_.exchange(true)) {
            chunk_ = chunk;
            failure_ = std::current_exception();
        }
    }
    bool happened() const { return failed_.load(); }
    std::size_t chunk() const { return chunk_; }
    const std::exception_ptr& failure() const { return failure_; }

  private:
    std::mutex mutex_;
    std::atomic<bool> failed_{false};
    std::size_t chunk_ = 0;
    std::exception_ptr failure_;
};

// Throws the failure again, its message after `prefix`, of the same class where it is libtiles'.
[[noreturn]] void rethrow_after(const std::exception_ptr& failure, const std::string& prefix) {
    try {
        std::rethrow_exception(failure);
    } catch (const out_of_memory& e) {
        throw out_of_memory(prefix + e.what(), e.cl_status());
    } catch (const runtime_exception& e) {
        throw runtime_exception(prefix + e.what(), e.cl_status());
    }
}

// Waits for the buffer's last use, then forgets it.
void wait_for(staging_buffers::buffer& c) {
    if (c.last_use() == nullptr) return;
    const cl_int status = engine::wait_for(c.last_use, "a staging buffer's last transfer");
    c.last_use = cl::Event();
    check(status, "clWaitForEvents on a staging buffer's transfer");
}

// Makes `threads` threads' buffers of `bytes` ready, all of them before any data moves, so that a
// failure to allocate them leaves everything as it was.
void prepare(context& context, staging_buffers& staging, int threads, std::size_t bytes) {
    if (staging.buffer_bytes < bytes) { // buffers of a smaller size are replaced
        for (auto& pair : staging.buffers)
            for (auto& c : pair) wait_for(c);
        staging.buffers.clear();
        staging.buffer_bytes = bytes;
    }
    while (int(staging.buffers.size()) < threads) {
        std::array<staging_buffers::buffer, 2> pair;
        for (auto& c : pair)
            c.memory = std::make_unique<pinned_block>(context.opencl_context(), context.queue(), *context.device(),
                                                      staging.buffer_bytes, "libtiles' staging buffers");
        staging.buffers.push_back(std::move(pair));
    }
}

// A staged transfer's pipeline on `threads` threads: thread t moves chunks t, t + threads, ... of
// `plan`, each through its two buffers of pinned memory in turn; `move(k, c, turn, at)` moves chunk
// k through buffer c on the thread's turn-th turn, setting `at` to the chunk each of its steps is
// for. Throws the first failure, naming that chunk and its bytes.
template <class Move>
void run_pipeline(context& context, staging_buffers& staging, const chunking& plan, int threads, const char* what,
                  std::size_t total, std::size_t element_size, Move move) {
    first_failure failure;
    const std::size_t count = plan.count();
    staging.threads.run(threads, [&](int t) {
        std::size_t at = std::size_t(t);
        try {
            for (std::size_t k = at, i = 0; k < count && !failure.happened(); ++i, k += std::size_t(threads))
                move(k, staging.buffers[std::size_t(t)][i % 2], i, at);
        } catch (...) {
            failure.record(at);
        }
    });
    if (!failure.happened()) return;
    const box c = plan.chunk(failure.chunk());
    const std::size_t first = plan.first_byte(c);
    std::ostringstream os;
    os << "staged " << what << " of " << total << " bytes on '" << context.device()->name << "' failed at chunk "
       << failure.chunk() + 1 << " of " << count << " (bytes " << first << " to "
       << first + volume(c) * element_size - 1 << "; " << threads << (threads == 1 ? " copy thread" : " copy threads")
       << "): ";
    rethrow_after(failure.failure(), os.str());
}

struct staged_plan {
    chunking chunks;
    int threads;
};

// The chunks of `b` and the threads that move them: chunks of up to CHUNK_KIB, smaller where that
// gives every thread one, and no more threads than chunks.
staged_plan plan_of(const box& b, std::size_t element_size, const staging_parameters& values) {
    const std::size_t total = volume(b) * element_size, chunk = std::size_t(values.chunk_kib) << 10;
    const std::size_t threads = std::size_t(std::max(1, values.threads));
    chunking chunks(b, element_size, std::min(chunk, (total + threads - 1) / threads));
    return {chunks, int(std::min(threads, chunks.count()))};
}

// An upload or a download of `b` under way: its bytes and plan, and the context's staging buffers,
// held for it, ready for each of the plan's threads. Its start is logged.
struct staged_transfer {
    staged_transfer(context& context, const char* what, const box& b, std::size_t element_size,
                    const staging_parameters& values)
        : total(volume(b) * element_size), plan(plan_of(b, element_size, values)), staging(context.staging()),
          lock(staging.mutex) {
        if (logging(log_level::debug)) {
            std::ostringstream os;
            os << "staging " << what << " of " << total << " bytes on '" << context.device()->name
               << "': " << plan.chunks.count() << " chunks, " << plan.threads << " threads";
            log(log_level::debug, os.str());
        }
        prepare(context, staging, plan.threads, std::size_t(values.chunk_kib) << 10);
    }
    const std::size_t total;
    const staged_plan plan;
    staging_buffers& staging;
    const std::lock_guard<std::mutex> lock;
};

// An event of the context's queue after everything enqueued there so far.
void marker(context& context, cl::Event* done) {
    if (done != nullptr) check(context.queue().enqueueMarkerWithWaitList(nullptr, done), "clEnqueueMarkerWithWaitList");
}

} // namespace

std::optional<staging_parameters> staging_of(const context& context, const box& b, std::size_t element_size,
                                             const host_place& host) {
    if (context.device()->host || context.checked || volume(b) == 0) return std::nullopt;
    const staging_parameters values = staging_in_effect(context);
    const std::size_t bytes = volume(b) * element_size;
    if (values.from_kib <= 0 || bytes < (std::size_t(values.from_kib) << 10)) return std::nullopt;
    const std::size_t first = ((host.origin[0] * host.dims[1] + host.origin[1]) * host.dims[2] + host.origin[2]);
    if (is_pinned(static_cast<const unsigned char*>(host.base) + first * element_size,
                  host_span(host, b.extent, element_size)))
        return std::nullopt;
    return values;
}

staging_buffers::~staging_buffers() {
    for (auto& pair : buffers)
        for (auto& c : pair)
            if (c.last_use() != nullptr) engine::wait_for(c.last_use, "a staging buffer's last transfer");
}

void staged_write(context& context, const cl::Buffer& buffer, const dims3& dims, const box& b, std::size_t element_size,
                  const host_place& from, const staging_parameters& values, cl::Event* done) {
    const staged_transfer transfer(context, "an upload", b, element_size, values);
    run_pipeline(context, transfer.staging, transfer.plan.chunks, transfer.plan.threads, "upload", transfer.total,
                 element_size, [&](std::size_t k, staging_buffers::buffer& c, std::size_t, std::size_t& at) {
                     at = k;
                     const box part = transfer.plan.chunks.chunk(k);
                     const host_place pinned{c.memory->data(), part.extent, {0, 0, 0}};
                     wait_for(c); // the upload from it two turns ago has read it
                     copy_host_box(place_of(from, b, part), part.extent, pinned, element_size);
                     enqueue_write_box(context, buffer, dims, part, element_size, pinned, &c.last_use);
                     context.flush();
                 });
    marker(context, done);
    context.count_upload(transfer.total);
    context.count_staged(transfer.total);
}

void staged_read(context& context, const cl::Buffer& buffer, const dims3& dims, const box& b, std::size_t element_size,
                 const host_place& to, const staging_parameters& values, cl::Event* done) {
    const staged_transfer transfer(context, "a download", b, element_size, values);
    const std::size_t count = transfer.plan.chunks.count(), threads = std::size_t(transfer.plan.threads);
    // Chunk k of thread t's i-th turn lands in its buffer i % 2, downloaded two turns ahead: the
    // copy engine fills one while the thread copies the other out.
    const auto download = [&](std::size_t k, staging_buffers::buffer& c, std::size_t& at) {
        at = k;
        const box part = transfer.plan.chunks.chunk(k);
        wait_for(c);
        enqueue_read_box(context, buffer, dims, part, element_size, {c.memory->data(), part.extent, {0, 0, 0}},
                         &c.last_use);
        context.flush();
    };
    run_pipeline(
        context, transfer.staging, transfer.plan.chunks, transfer.plan.threads, "download", transfer.total,
        element_size, [&](std::size_t k, staging_buffers::buffer& c, std::size_t turn, std::size_t& at) {
            if (turn == 0) { // the thread's first two chunks start at once
                download(k, c, at);
                if (k + threads < count) download(k + threads, transfer.staging.buffers[k % threads][1], at);
            }
            at = k;
            const box part = transfer.plan.chunks.chunk(k);
            wait_for(c);
            copy_host_box({c.memory->data(), part.extent, {0, 0, 0}}, part.extent, place_of(to, b, part), element_size);
            if (k + 2 * threads < count) download(k + 2 * threads, c, at);
        });
    marker(context, done);
    context.count_download(transfer.total);
    context.count_staged(transfer.total);
}

} // namespace tiles::engine
