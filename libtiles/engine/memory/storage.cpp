// libtiles: the storage engine. Every transfer of data between host and devices happens here,
// and only for the part of a box that the copy being read lacks.
#include "memory/storage.hpp"

#include <algorithm>
#include <limits>
#include <sstream>

#include "base/at_once.hpp"
#include "base/stable_hash.hpp"
#include "context/host_waits.hpp"
#include "context/pending_work.hpp"
#include "memory/buffer_in_place.hpp"
#include "memory/transfers.hpp"
#include "tiles/diagnostics.hpp"
#include "tiles/engine/context.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::engine {
namespace {
// Dense buffers kept for sections launched recently, so a loop over one section allocates once.
constexpr std::size_t kept_section_buffers = 8;

// Every transfer's size is counted in bytes in a size_t: refuses data whose bytes it cannot count.
void check_countable(element_layout layout, const dims3& dims) {
    std::size_t bytes = layout.size;
    for (const std::size_t d : dims) {
        if (d != 0 && bytes > std::numeric_limits<std::size_t>::max() / d) {
            std::ostringstream os;
            os << "data of " << dims[0] << "x" << dims[1] << "x" << dims[2] << " elements of " << layout.size
               << " bytes holds more bytes than this machine can address";
            throw out_of_memory(os.str());
        }
        bytes *= d;
    }
}

// Waits for every event, one at a time (clWaitForEvents refuses a list whose events belong to
// different contexts), and forgets them. A failed one does not cut the wait short: the transfers
// after it may still use host memory. The first failure is then reported.
void wait_for_all(std::vector<cl::Event>& events) {
    cl_int first_failure = CL_SUCCESS;
    for (const cl::Event& e : events)
        if (const cl_int status = wait_for(e, "a transfer between the host and a device");
            status != CL_SUCCESS && first_failure == CL_SUCCESS)
            first_failure = status;
    events.clear();
    check(first_failure, "clWaitForEvents");
}

// The future of transfers just enqueued. Work that accelerator_view::wait() must finish (a host
// step, memory to keep alive) is left with each context whose queue runs one of them; with nothing
// enqueued, the host step runs now.
completion_future future_of(const std::vector<enqueued_transfer>& enqueued, std::shared_ptr<const void> keep_alive,
                            std::function<void()> finish) {
    std::vector<cl::Event> events;
    std::vector<context*> contexts;
    for (const enqueued_transfer& t : enqueued) {
        events.push_back(t.done);
        if (std::find(contexts.begin(), contexts.end(), t.context.get()) == contexts.end())
            contexts.push_back(t.context.get());
    }
    auto work = std::make_shared<pending_work>(std::move(events), std::move(keep_alive), std::move(finish));
    if (work->needs_context())
        for (context* context : contexts) context->add_pending(work);
    if (enqueued.empty()) work->wait();
    return completion_future(std::move(work));
}

} // namespace

storage::storage(element_layout layout, const dims3& dims, void* host, bool host_read_only)
    : layout_(layout), dims_(dims), host_read_only_(host_read_only), host_owned_by_caller_(host != nullptr),
      host_(host) {
    check_countable(layout, dims);
}

storage::~storage() {
    // The last view is gone: what launches wrote goes back to the caller's memory, and no
    // transfer may still use that memory once the caller frees it.
    std::lock_guard<std::mutex> lock(mutex_);
    try {
        if (host_owned_by_caller_ && !host_read_only_) make_host_current(whole());
    } catch (const std::exception& e) {
        report_writeback_failure(e.what());
    }
    // Even when the write-back failed: the transfers still under way must end before the memory goes.
    try {
        wait_for_host_writers();
        wait_for_host_readers();
    } catch (const std::exception& e) {
        report_writeback_failure(e.what());
    }
    // A staging array's memory is unmapped with pinned_, which no transfer uses any more.
    // The buffers libtiles made go back to their contexts' pools, but for those handed out, which
    // the caller may still use on a queue of its own; a caller's own buffer holds no reservation.
    for (device_copy& c : copies_)
        if (c.reserved.bytes() != 0 && !c.lent)
            c.context->give_back_buffer({std::move(c.buffer), std::move(c.reserved)});
}

void storage::place_on(const std::shared_ptr<context>& context, cl_mem buffer) {
    std::lock_guard<std::mutex> lock(mutex_);
    home_ = context;
    host_stale_ = box_set(whole());
    if (buffer == nullptr) {
        copy_on(context).stale = box_set(); // nothing was ever stored: an uninitialized copy is current
        return;
    }
    cl::Buffer adopted(buffer, true);
    cl::Context buffer_context;
    std::size_t size = 0;
    check(adopted.getInfo(CL_MEM_CONTEXT, &buffer_context), "clGetMemObjectInfo");
    check(adopted.getInfo(CL_MEM_SIZE, &size), "clGetMemObjectInfo");
    if (buffer_context() != context->opencl_context()())
        throw invalid_argument("the cl_mem belongs to another cl_context than the accelerator view's");
    if (size < bytes())
        throw invalid_argument("the cl_mem holds " + std::to_string(size) + " bytes, but the array needs " +
                               std::to_string(bytes()));
    copies_.push_back({context, std::move(adopted), box_set(), memory_reservation(), false});
}

void storage::stage(const std::shared_ptr<context>& cpu_context, const std::shared_ptr<context>& associated) {
    pinned_ = std::make_unique<pinned_block>(associated->opencl_context(), associated->queue(), *associated->device(),
                                             bytes(), "a staging array");
    host_ = pinned_->data();
    cpu_context_ = cpu_context;
    associated_ = associated;
}

cl_mem storage::device_buffer(const std::shared_ptr<context>& context, host_access access, bool lent) {
    std::lock_guard<std::mutex> lock(mutex_);
    device_copy& target = copy_on(context);
    make_device_current(target, whole());
    if (access == host_access::read_write) mark_written(whole(), &target);
    target.lent = target.lent || lent;
    return target.buffer();
}

storage::device_copy* storage::copy_if_any(const std::shared_ptr<context>& context) {
    for (auto& c : copies_)
        if (c.context == context) return &c;
    return nullptr;
}

storage::device_copy& storage::copy_on(const std::shared_ptr<context>& context) {
    if (device_copy* existing = copy_if_any(context)) return *existing;
    counted_buffer allocated = context->take_buffer(bytes());
    box_set stale(whole());
    for (const box& b : discarded_.boxes()) stale.remove(b);
    copies_.push_back({context, std::move(allocated.buffer), std::move(stale), std::move(allocated.reserved), false});
    return copies_.back();
}

void* storage::host_memory() {
    if (host_ == nullptr) {
        owned_host_.reset(new unsigned char[bytes()]);
        host_ = owned_host_.get();
    }
    return host_;
}

void storage::wait_for_host_writers() { wait_for_all(host_writers_); }

void storage::wait_for_host_readers() { wait_for_all(host_readers_); }

void storage::download_stale_parts(const box& b, void* at, const dims3& at_dims, const dims3& at_origin,
                                   std::vector<enqueued_transfer>* enqueued) {
    const auto place_of = [&](const box& part) {
        dims3 origin;
        for (int d = 0; d < 3; ++d) origin[d] = at_origin[d] + part.origin[d] - b.origin[d];
        return host_place{at, at_dims, origin};
    };
    std::vector<box> missing = host_stale_.overlap(b);
    for (device_copy& source : copies_) {
        std::vector<box> still_missing;
        for (const box& part : missing) {
            for (const box& current : source.stale.outside(part)) {
                cl::Event done;
                read_box(*source.context, source.buffer, dims_, current, layout_.size, place_of(current),
                         enqueued == nullptr ? nullptr : &done);
                if (enqueued != nullptr) enqueued->push_back({source.context, done});
            }
            for (const box& stale : source.stale.overlap(part)) still_missing.push_back(stale);
        }
        missing = std::move(still_missing);
    }
    // Whatever no copy holds was never written: there is nothing to fetch.
}

void storage::make_host_current(const box& b) {
    if (host_stale_.overlap(b).empty()) return;
    download_stale_parts(b, host_memory(), dims_, b.origin, nullptr);
    host_stale_.remove(b);
    if (host_checksum_) host_checksum_ = host_checksum(); // what libtiles wrote there is no write behind its back
}

void storage::make_device_current(device_copy& target, const box& b) {
    // A current copy, every warm launch's case, allocates nothing.
    if (target.stale.overlap(b).empty()) return;
    make_devices_current({&target}, b);
}

// Every target's stale parts go up together, the host's side of each on a thread of its own, so
// that several devices are fed at once, not in turn.
void storage::make_devices_current(const std::vector<device_copy*>& targets, const box& b) {
    std::vector<std::vector<box>> stale;
    for (device_copy* target : targets) stale.push_back(target->stale.overlap(b));
    if (std::all_of(stale.begin(), stale.end(), [](const std::vector<box>& parts) { return parts.empty(); })) return;
    // Another context's copy reaches these through the host, once the downloads still under way
    // have landed there: the host waits for them, since they may be another OpenCL context's,
    // whose events no command of these may wait for.
    for (const std::vector<box>& parts : stale)
        for (const box& part : parts) make_host_current(part);
    wait_for_host_writers();
    // Asked for here, not on the threads: host_memory() allocates what an array lacks.
    void* const host = host_memory();
    std::vector<std::vector<cl::Event>> reading(targets.size());
    // Uploads enqueued before another failed still read host memory: the host waits for them too.
    const auto keep_readers = [&] {
        for (const std::vector<cl::Event>& events : reading)
            host_readers_.insert(host_readers_.end(), events.begin(), events.end());
    };
    try {
        at_once(targets.size(), [&](std::size_t i) {
            for (const box& part : stale[i]) {
                cl::Event done;
                if (write_box(*targets[i]->context, targets[i]->buffer, dims_, part, layout_.size,
                              {host, dims_, part.origin}, &done))
                    reading[i].push_back(done);
            }
        });
    } catch (...) {
        keep_readers();
        throw;
    }
    keep_readers();
    for (device_copy* target : targets) target->stale.remove(b);
    // The caller may change its memory as soon as the call that uploads it returns (and then
    // refresh()), so those uploads finish first; the kernels after them still run on.
    if (host_owned_by_caller_) wait_for_host_readers();
}

bool storage::current_elsewhere(const box& b, const device_copy* except) const {
    if (host_ != nullptr && host_stale_.overlap(b).empty()) return true;
    return std::any_of(copies_.begin(), copies_.end(),
                       [&](const device_copy& c) { return &c != except && c.stale.overlap(b).empty(); });
}

void storage::mark_written(const box& b, const device_copy* writer) {
    for (auto& c : copies_)
        if (&c != writer) c.stale.add(b);
    if (writer != nullptr) host_stale_.add(b);
    discarded_.remove(b);
}

cl_mem storage::dense_buffer(const std::shared_ptr<context>& context, const folded_box& b) {
    for (auto& s : sections_)
        if (s.context == context && s.elements == b) {
            s.in_launch = true;
            return s.buffer();
        }
    // The oldest buffer goes, unless the launch under way has bound it (a launch of more sections
    // than are kept): then none does until a later launch.
    if (sections_.size() >= kept_section_buffers) {
        const auto unbound =
            std::find_if(sections_.begin(), sections_.end(), [](const section_buffer& s) { return !s.in_launch; });
        if (unbound != sections_.end()) sections_.erase(unbound);
    }
    counted_buffer allocated =
        allocate_counted(context->opencl_context(), context->device(), volume(b.b) * layout_.size);
    sections_.push_back({context, b, std::move(allocated.buffer), std::move(allocated.reserved), true});
    return sections_.back().buffer();
}

std::unique_lock<std::mutex> storage::lock_for_launch() {
    std::unique_lock<std::mutex> lock(mutex_);
    // Every earlier launch has enqueued its work (or failed): its sections are free to go.
    for (section_buffer& s : sections_) s.in_launch = false;
    return lock;
}

folded_box storage::elements_of(const box& region, const folded_box& elements) const {
    return elements.folded() ? elements : folded_box{dims_, region};
}

launch_binding storage::begin_launch(const std::shared_ptr<context>& context, const box& region,
                                     const folded_box& elements, bool writes) {
    device_copy& target = copy_on(context);
    make_device_current(target, region);
    const folded_box e = elements_of(region, elements);
    if (e == folded_box{dims_, whole()}) return {target.buffer(), writes, false};
    // OpenCL C sees a section as a dense array of its own extent: a rectangle of the device copy,
    // in rows of the storage's length or, for a section of a reshaped view, of the view's.
    const cl::Buffer dense(dense_buffer(context, e), true);
    copy_box(*context, target.buffer, e.dims, e.b, dense, e.b.extent, {0, 0, 0}, layout_.size);
    return {dense(), writes, writes};
}

std::uint64_t storage::host_checksum() const { return stable_hash().add(host_, bytes()).value(); }

bool storage::host_written_unseen(const std::shared_ptr<context>& context, const box& b) {
    const device_copy* copy = copy_if_any(context);
    if (!host_checksum_ || copy == nullptr || !copy->stale.overlap(b).empty()) return false; // uploads what it reads
    return host_checksum() != *host_checksum_;
}

void storage::record_host() {
    if (!host_owned_by_caller_ || pinned_ != nullptr || host_ == nullptr) return;
    wait_for_host_writers();
    host_checksum_ = host_checksum();
}

void storage::end_launch(const std::shared_ptr<context>& context, const box& region, const folded_box& elements,
                         const launch_binding& binding) {
    if (!binding.writes) return;
    device_copy& target = copy_on(context);
    // All of `region` was current here before the kernel, which wrote only the view's elements in
    // it: this copy holds all of it newest.
    mark_written(region, &target);
    const folded_box e = elements_of(region, elements);
    if (binding.copy_back)
        copy_box(*context, cl::Buffer(binding.buffer, true), e.b.extent, {{0, 0, 0}, e.b.extent}, target.buffer, e.dims,
                 e.b.origin, layout_.size);
}

void* storage::host_data(const box& b, host_access access) {
    std::lock_guard<std::mutex> lock(mutex_);
    wait_for_host_writers();
    make_host_current(b);
    if (access == host_access::read_write) {
        wait_for_host_readers();
        mark_written(b, nullptr);
        host_checksum_.reset(); // the caller may write there now, which the next launch uploads
    }
    return host_memory();
}

completion_future storage::synchronize_async(const box& b) {
    std::lock_guard<std::mutex> lock(mutex_);
    std::vector<enqueued_transfer> enqueued;
    download_stale_parts(b, host_memory(), dims_, b.origin, &enqueued);
    host_stale_.remove(b);
    if (!enqueued.empty()) host_checksum_.reset(); // the host memory changes as the downloads land
    for (const enqueued_transfer& t : enqueued) host_writers_.push_back(t.done);
    // Every download into the host memory under way, this call's and those enqueued before it (a
    // copy_async's into a view of the caller's memory), which leave no part of it stale to download.
    return completion_future(std::make_shared<pending_work>(host_writers_));
}

void storage::synchronize_to(const std::shared_ptr<context>& context, const box& b) {
    std::lock_guard<std::mutex> lock(mutex_);
    make_device_current(copy_on(context), b);
}

void storage::synchronize_to_all(const std::vector<std::shared_ptr<context>>& contexts, const box& b) {
    std::lock_guard<std::mutex> lock(mutex_);
    for (const std::shared_ptr<context>& context : contexts) copy_on(context);
    // Found once all are made: copies_ moves its elements as it grows.
    std::vector<device_copy*> targets;
    for (const std::shared_ptr<context>& context : contexts)
        if (std::find(targets.begin(), targets.end(), copy_if_any(context)) == targets.end())
            targets.push_back(copy_if_any(context));
    make_devices_current(targets, b);
}

void storage::discard_data(const box& b) {
    std::lock_guard<std::mutex> lock(mutex_);
    discarded_.add(b);
    host_stale_.remove(b);
    for (auto& c : copies_) c.stale.remove(b);
    host_checksum_.reset(); // the contents are anyone's now
}

void storage::refresh(const box& b) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (host_ == nullptr) return; // an array never read on the host has no host memory to trust
    wait_for_host_readers();
    host_stale_.remove(b);
    mark_written(b, nullptr);
    host_checksum_.reset(); // announced: the next launch uploads it
}

void storage::copy_out(const box& b, void* destination, std::vector<enqueued_transfer>* enqueued) {
    std::lock_guard<std::mutex> lock(mutex_);
    copy_out_locked(b, {destination, b.extent, {0, 0, 0}}, enqueued);
}

void storage::copy_out_locked(const box& b, const host_place& at, std::vector<enqueued_transfer>* enqueued) {
    wait_for_host_writers();
    if (host_ != nullptr)
        for (const box& current : host_stale_.outside(b)) {
            dims3 origin;
            for (int d = 0; d < 3; ++d) origin[d] = at.origin[d] + current.origin[d] - b.origin[d];
            copy_host_box({host_, dims_, current.origin}, current.extent, {at.base, at.dims, origin}, layout_.size);
        }
    download_stale_parts(b, at.base, at.dims, at.origin, enqueued);
}

void storage::copy_in(const box& b, const void* source, std::vector<enqueued_transfer>* enqueued) {
    std::lock_guard<std::mutex> lock(mutex_);
    copy_in_locked(b, {const_cast<void*>(source), b.extent, {0, 0, 0}}, enqueued);
}

void storage::copy_in_locked(const box& b, const host_place& from, std::vector<enqueued_transfer>* enqueued) {
    if (home_ == nullptr) {
        // A view of host memory: the data goes there, and device copies of `b` go stale.
        wait_for_host_writers();
        wait_for_host_readers();
        copy_host_box(from, b.extent, {host_memory(), dims_, b.origin}, layout_.size);
        host_stale_.remove(b);
        mark_written(b, nullptr);
        if (host_checksum_) host_checksum_ = host_checksum(); // libtiles' own write
        return;
    }
    // An array: the data goes to its home copy, after the work enqueued there before. When
    // blocking, the caller's memory is free again on return.
    device_copy& target = copy_on(home_);
    cl::Event done;
    try {
        write_box(*home_, target.buffer, dims_, b, layout_.size, from, &done);
    } catch (...) {
        // A staged copy that failed may have moved some of its chunks. Where another copy holds
        // all of `b`, this one no longer does, and the data reads as it was; else `b` holds some
        // new elements and some old.
        if (current_elsewhere(b, &target)) target.stale.add(b);
        throw;
    }
    if (enqueued == nullptr) check(wait_for(done, "a write into an array"), "clWaitForEvents");
    if (enqueued != nullptr) enqueued->push_back({home_, done});
    target.stale.remove(b);
    mark_written(b, &target);
}

std::optional<enqueued_transfer> storage::copy_on_device(const box& from, storage& destination, const box& to) {
    const std::shared_ptr<context>& context = destination.home();
    // Box to box where both have one shape in elements of one size (views through view_as or
    // reinterpret_as may not); else, where each is one run of bytes, run to run.
    const bool same_shape = from.extent == to.extent && layout_.size == destination.layout_.size;
    const auto from_offset = contiguous_offset(dims_, from.origin, from.extent, layout_.size);
    const auto to_offset = contiguous_offset(destination.dims_, to.origin, to.extent, destination.layout_.size);
    if (!same_shape && !(from_offset && to_offset)) return std::nullopt;
    std::scoped_lock lock(mutex_, destination.mutex_);
    device_copy* source_copy = copy_if_any(context);
    if (source_copy == nullptr || !source_copy->stale.overlap(from).empty()) return std::nullopt;
    device_copy& target = destination.copy_on(context);
    cl::Event done;
    if (same_shape) {
        copy_box(*context, source_copy->buffer, dims_, from, target.buffer, destination.dims_, to.origin, layout_.size,
                 &done);
    } else {
        const std::size_t run = volume(from) * layout_.size;
        copy_box(*context, source_copy->buffer, {1, 1, bytes()}, {{0, 0, *from_offset}, {1, 1, run}}, target.buffer,
                 {1, 1, destination.bytes()}, {0, 0, *to_offset}, 1, &done);
    }
    target.stale.remove(to);
    destination.mark_written(to, &target);
    return enqueued_transfer{context, done};
}

enqueued_transfer storage::upload_into(const box& from, storage& destination, const box& to) {
    std::scoped_lock lock(mutex_, destination.mutex_);
    wait_for_host_writers();
    make_host_current(from);
    std::vector<enqueued_transfer> enqueued;
    destination.copy_in_locked(to, {host_memory(), dims_, from.origin}, &enqueued);
    host_readers_.push_back(enqueued.front().done); // the host must not change it before it is read
    return enqueued.front();
}

void storage::download_into(const box& from, storage& destination, const box& to,
                            std::vector<enqueued_transfer>& enqueued) {
    std::scoped_lock lock(mutex_, destination.mutex_);
    destination.wait_for_host_writers();
    destination.wait_for_host_readers();
    const std::size_t first = enqueued.size();
    copy_out_locked(from, {destination.host_memory(), destination.dims_, to.origin}, &enqueued);
    for (std::size_t i = first; i < enqueued.size(); ++i) destination.host_writers_.push_back(enqueued[i].done);
    destination.host_stale_.remove(to);
    destination.host_checksum_.reset(); // its host memory changes as the downloads land
    destination.mark_written(to, nullptr);
}

// The free functions the typed shells call.

std::shared_ptr<storage> storage_over_host(element_layout layout, const dims3& dims, void* host, bool host_read_only) {
    return std::make_shared<storage>(layout, dims, host, host_read_only);
}

std::shared_ptr<storage> storage_without_source(element_layout layout, const dims3& dims) {
    auto s = std::make_shared<storage>(layout, dims, nullptr, false);
    s->discard_data(whole_of(*s)); // nothing in it is worth moving until something writes it
    return s;
}

std::shared_ptr<storage> storage_over_buffer(element_layout layout, const dims3& dims,
                                             const std::shared_ptr<context>& context, _cl_mem* buffer) {
    if (buffer == nullptr) throw invalid_argument("the cl_mem of an array is NULL");
    auto s = std::make_shared<storage>(layout, dims, nullptr, false);
    s->place_on(context, buffer);
    return s;
}

_cl_mem* device_buffer(storage& s, const box& b, const std::shared_ptr<context>& context, host_access access) {
    if (!(b == whole_of(s)))
        throw invalid_argument("a section has no cl_mem of its own: take the cl_mem of the whole view");
    return s.device_buffer(context, access, true);
}

_cl_mem* device_buffer(storage& s, const box& region, const folded_box& elements,
                       const std::shared_ptr<context>& context, host_access access) {
    if (elements.folded())
        throw invalid_argument("a section of a reshaped view, whose rows are shorter than the data's beneath it, has "
                               "no cl_mem of its own: take the cl_mem of the whole view");
    return device_buffer(s, region, context, access);
}

_cl_mem* device_buffer_in_place(storage& s, const std::shared_ptr<context>& context, host_access access) {
    return s.device_buffer(context, access, false);
}

std::shared_ptr<storage> storage_on_device(element_layout layout, const dims3& dims,
                                           const std::shared_ptr<context>& context) {
    // C++ AMP's host array: its memory pinned by the default view's driver, as a staging array's.
    if (context->device()->host) return staging_storage(layout, dims, context, default_context());
    if (layout.type == element_type::float64 && !context->device()->fp64)
        throw unsupported_feature("'" + context->device()->name +
                                  "' has no double precision: an array of double "
                                  "cannot live there");
    auto s = std::make_shared<storage>(layout, dims, nullptr, false);
    s->place_on(context);
    return s;
}

std::shared_ptr<storage> staging_storage(element_layout layout, const dims3& dims,
                                         const std::shared_ptr<context>& cpu_context,
                                         const std::shared_ptr<context>& associated) {
    if (associated->device()->host)
        throw invalid_argument("a staging array is associated with the accelerator view of an OpenCL device, the one "
                               "its data moves to and from, not with the CPU accelerator's");
    if (!cpu_context->device()->host) { // AMP: an array on that device like any other
        auto s = storage_on_device(layout, dims, cpu_context);
        s->associate(associated);
        return s;
    }
    auto s = std::make_shared<storage>(layout, dims, nullptr, false);
    s->stage(cpu_context, associated);
    return s;
}

bool is_staging(const storage& s) { return s.staging(); }

dims3 dims_of(int rank, const int* extent) {
    dims3 dims{1, 1, 1};
    for (int d = 0; d < rank; ++d) {
        const std::size_t e = std::size_t(extent[d] > 0 ? extent[d] : 0);
        const int folded = d < rank - 2 ? 0 : 3 - (rank - d);
        if (e != 0 && dims[std::size_t(folded)] > std::numeric_limits<std::size_t>::max() / e)
            throw out_of_memory("data of rank " + std::to_string(rank) +
                                " holds more elements than this machine can address");
        dims[std::size_t(folded)] *= e;
    }
    return dims;
}

element_layout layout_of(const storage& s) { return s.layout(); }
const dims3& dims_of(const storage& s) { return s.dims(); }
box whole_of(const storage& s) { return {{0, 0, 0}, s.dims()}; }
std::size_t element_count(const storage& s) { return volume(whole_of(s)); }
std::shared_ptr<context> home_of(const storage& s) { return s.home() ? s.home() : s.cpu_context(); }
std::shared_ptr<context> associated_of(const storage& s) { return s.associated(); }
data_source source_of(const storage& s) {
    if (home_of(s) != nullptr) return data_source::context;
    return s.over_callers_memory() ? data_source::host_memory : data_source::none;
}
void* host_data(storage& s, const box& b, host_access access) { return s.host_data(b, access); }
completion_future synchronize_async(storage& s, const box& b) { return s.synchronize_async(b); }
void synchronize_to(storage& s, const box& b, const std::shared_ptr<context>& context) { s.synchronize_to(context, b); }
void synchronize_to(storage& s, const box& b, const std::vector<std::shared_ptr<context>>& contexts) {
    s.synchronize_to_all(contexts, b);
}
void discard_data(storage& s, const box& b) { s.discard_data(b); }
void discard_data(storage& s, const box& region, const folded_box& elements) {
    if (!elements.folded()) s.discard_data(region);
}
void refresh(storage& s, const box& b) { s.refresh(b); }
bool host_written_unseen(storage& s, const box& b, const std::shared_ptr<context>& context) {
    const std::unique_lock<std::mutex> lock = s.lock_for_launch();
    return s.host_written_unseen(context, b);
}
void copy_out(storage& s, const box& b, void* destination) { s.copy_out(b, destination, nullptr); }
void copy_in(storage& s, const box& b, const void* source) { s.copy_in(b, source, nullptr); }

completion_future copy_out_async(storage& s, const box& b, void* destination, std::shared_ptr<const void> keep_alive,
                                 std::function<void()> finish) {
    std::vector<enqueued_transfer> enqueued;
    s.copy_out(b, destination, &enqueued);
    return future_of(enqueued, std::move(keep_alive), std::move(finish));
}

completion_future copy_out_async(storage& s, const box& region, const folded_box& elements, void* destination,
                                 std::shared_ptr<const void> keep_alive, std::function<void()> finish) {
    void* host = host_data(s, region, host_access::read);
    copy_host_box({host, elements.dims, elements.b.origin}, elements.b.extent,
                  {destination, elements.b.extent, {0, 0, 0}}, layout_of(s).size);
    return future_of({}, std::move(keep_alive), std::move(finish));
}

completion_future copy_in_async(storage& s, const box& region, const folded_box& elements, const void* source,
                                std::shared_ptr<const void> keep_alive) {
    void* host = host_data(s, region, host_access::read_write);
    copy_host_box({const_cast<void*>(source), elements.b.extent, {0, 0, 0}}, elements.b.extent,
                  {host, elements.dims, elements.b.origin}, layout_of(s).size);
    return future_of({}, std::move(keep_alive), nullptr);
}

completion_future copy_in_async(storage& s, const box& b, const void* source, std::shared_ptr<const void> keep_alive) {
    std::vector<enqueued_transfer> enqueued;
    s.copy_in(b, source, &enqueued);
    return future_of(enqueued, std::move(keep_alive), nullptr);
}

completion_future copy_async(storage& source, const box& from, storage& destination, const box& to) {
    // Between host memory (a view's, a staging array's) and a device, the transfer reads or writes
    // that memory itself, where both boxes have one shape in elements of one size.
    const bool same_shape = from.extent == to.extent && source.layout().size == destination.layout().size;
    if (&source != &destination && destination.home() != nullptr) {
        if (const auto on_device = source.copy_on_device(from, destination, to))
            return future_of({*on_device}, nullptr, nullptr);
        if (source.home() == nullptr && same_shape) {
            const enqueued_transfer upload = source.upload_into(from, destination, to);
            // A staging array's pinned memory is read by the upload; a caller's is read at the call.
            if (!source.staging())
                check(wait_for(upload.done, "an upload from the caller's memory"), "clWaitForEvents");
            return future_of({upload}, nullptr, nullptr);
        }
    }
    if (&source != &destination && destination.home() == nullptr && same_shape) {
        std::vector<enqueued_transfer> enqueued;
        source.download_into(from, destination, to, enqueued);
        return future_of(enqueued, nullptr, nullptr);
    }
    // Through the host: the source is read now (after the work enqueued on its contexts), and
    // the destination written in order on its own context.
    auto staged = std::make_shared<std::vector<unsigned char>>(volume(from) * source.layout().size);
    source.copy_out(from, staged->data(), nullptr);
    return copy_in_async(destination, to, staged->data(), staged);
}

void copy(storage& source, const box& from, storage& destination, const box& to) {
    copy_async(source, from, destination, to).get();
}

} // namespace tiles::engine
