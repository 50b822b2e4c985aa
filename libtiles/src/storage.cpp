// libtiles: the storage engine. Transfers happen here and nowhere else, each one counted on the
// accelerator view that performed it.
#include "storage.hpp"

#include <cstring>
#include <sstream>

#include "tiles/diagnostics.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::detail {

storage::storage(element_layout layout, std::size_t count, void* host, bool host_read_only)
    : layout_(layout), count_(count), bytes_(count * layout.size), host_read_only_(host_read_only), host_(host),
      host_valid_(host != nullptr) {}

storage::~storage() {
    // The last view is gone: what a launch wrote goes back to the caller's memory, and uploads
    // still reading that memory must finish before the caller may free it.
    try {
        std::lock_guard<std::mutex> lock(mutex_);
        if (owned_host_ == nullptr && host_ != nullptr && !host_read_only_) bring_host_up_to_date();
        wait_for_uploads();
    } catch (const std::exception& e) {
        report_writeback_failure(e.what());
    }
}

void storage::place_on(const std::shared_ptr<context_state>& view) {
    std::lock_guard<std::mutex> lock(mutex_);
    home_ = view;
    copy_on(view).valid = true;  // nothing was ever stored: an uninitialized copy is current
}

storage::device_copy& storage::copy_on(const std::shared_ptr<context_state>& view) {
    for (auto& c : copies_)
        if (c.view == view) return c;
    const device_info& device = *view->device();
    if (bytes_ > device.max_mem_alloc_size) {
        std::ostringstream os;
        os << "cannot allocate " << bytes_ << " bytes on '" << device.name << "': its largest allocation is "
           << device.max_mem_alloc_size << " bytes (" << device.global_mem_size << " bytes in all)";
        throw out_of_memory(os.str(), CL_INVALID_BUFFER_SIZE);
    }
    cl_int status = CL_SUCCESS;
    cl::Buffer buffer(view->context(), CL_MEM_READ_WRITE, bytes_, nullptr, &status);
    check(status, "clCreateBuffer");
    copies_.push_back({view, std::move(buffer), discarded_});
    return copies_.back();
}

const storage::device_copy* storage::valid_device_copy() const {
    for (const auto& c : copies_)
        if (c.valid) return &c;
    return nullptr;
}

void* storage::host_memory() {
    if (host_ == nullptr) {
        owned_host_.reset(new unsigned char[bytes_]);
        host_ = owned_host_.get();
    }
    return host_;
}

void storage::download(const device_copy& from, void* destination) {
    check(from.view->queue().enqueueReadBuffer(from.buffer, CL_TRUE, 0, bytes_, destination), "clEnqueueReadBuffer");
    from.view->count.downloads++;
    from.view->count.bytes_downloaded += bytes_;
}

void storage::upload(device_copy& to) {
    cl::Event done;
    check(to.view->queue().enqueueWriteBuffer(to.buffer, CL_FALSE, 0, bytes_, host_, nullptr, &done),
          "clEnqueueWriteBuffer");
    to.view->count.uploads++;
    to.view->count.bytes_uploaded += bytes_;
    uploads_in_flight_.push_back(std::move(done));
}

void storage::bring_host_up_to_date() {
    if (host_valid_) return;
    if (const device_copy* current = valid_device_copy()) download(*current, host_memory());
    host_valid_ = true;
}

void storage::wait_for_uploads() {
    // One at a time: clWaitForEvents refuses a list whose events belong to different contexts.
    for (const cl::Event& upload : uploads_in_flight_) check(upload.wait(), "clWaitForEvents");
    uploads_in_flight_.clear();
}

void storage::invalidate_device_copies() {
    for (auto& c : copies_) c.valid = false;
}

cl::Buffer storage::buffer_for_launch(const std::shared_ptr<context_state>& view, bool writes) {
    std::lock_guard<std::mutex> lock(mutex_);
    device_copy& target = copy_on(view);
    if (!target.valid && !discarded_) {
        bring_host_up_to_date();  // a copy on another view reaches this one through the host
        upload(target);
    }
    target.valid = true;
    if (writes) {
        for (auto& c : copies_) c.valid = &c == &target;
        host_valid_ = false;
        discarded_ = false;
    }
    return target.buffer;
}

void* storage::host_data(host_access access) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (discarded_) {
        host_memory();
        host_valid_ = true;  // don't-care contents need no download
    }
    bring_host_up_to_date();
    if (access == host_access::read_write) {
        wait_for_uploads();
        invalidate_device_copies();
        discarded_ = false;
    }
    return host_memory();
}

void storage::copy_to_host(void* destination) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (host_valid_ || discarded_)
        std::memcpy(destination, host_memory(), bytes_);
    else if (const device_copy* current = valid_device_copy())
        download(*current, destination);
}

void storage::copy_from_host(const void* source) {
    std::lock_guard<std::mutex> lock(mutex_);
    discarded_ = false;
    if (home_ != nullptr) {
        // An array: the data goes straight to its home copy.
        device_copy& target = copy_on(home_);
        check(home_->queue().enqueueWriteBuffer(target.buffer, CL_TRUE, 0, bytes_, source), "clEnqueueWriteBuffer");
        home_->count.uploads++;
        home_->count.bytes_uploaded += bytes_;
        for (auto& c : copies_) c.valid = &c == &target;
        host_valid_ = false;
        return;
    }
    wait_for_uploads();
    std::memcpy(host_memory(), source, bytes_);
    host_valid_ = true;
    invalidate_device_copies();
}

void storage::discard_data() {
    std::lock_guard<std::mutex> lock(mutex_);
    discarded_ = true;
    host_valid_ = host_ != nullptr;
    for (auto& c : copies_) c.valid = true;
}

void storage::refresh() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (host_ == nullptr) return;  // an array never read on the host: nothing to refresh from
    wait_for_uploads();
    discarded_ = false;
    host_valid_ = true;
    invalidate_device_copies();
}

// The free functions the typed shells call.

std::shared_ptr<storage> storage_over_host(element_layout layout, std::size_t count, void* host, bool host_read_only) {
    return std::make_shared<storage>(layout, count, host, host_read_only);
}

std::shared_ptr<storage> storage_on_device(element_layout layout, std::size_t count, const accelerator_view& view) {
    auto s = std::make_shared<storage>(layout, count, nullptr, false);
    s->place_on(view.state());
    return s;
}

element_layout layout_of(const storage& s) { return s.layout(); }
std::size_t element_count(const storage& s) { return s.count(); }
std::shared_ptr<context_state> home_of(const storage& s) { return s.home(); }
void* host_data(storage& s, host_access access) { return s.host_data(access); }
void copy_to_host(storage& s, void* destination) { s.copy_to_host(destination); }
void copy_from_host(storage& s, const void* source) { s.copy_from_host(source); }
void discard_data(storage& s) { s.discard_data(); }
void refresh(storage& s) { s.refresh(); }

} // namespace tiles::detail
