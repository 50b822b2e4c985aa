// libtiles: the storage engine's inside. One storage is the bytes behind an array or the views
// of one host range; it keeps a host copy and one device copy per accelerator view coherent
// with a valid flag each (MSI, as Kalmar's rw_info): a reader whose copy is stale fetches the
// data from a valid one, and a writer marks every other copy stale.
#pragma once

#include <memory>
#include <mutex>
#include <vector>

#include "context_state.hpp"
#include "tiles/detail/storage.hpp"

namespace tiles::detail {

class storage {
  public:
    storage(element_layout layout, std::size_t count, void* host, bool host_read_only);
    ~storage();
    storage(const storage&) = delete;
    storage& operator=(const storage&) = delete;

    element_layout layout() const { return layout_; }
    std::size_t count() const { return count_; }
    std::size_t bytes() const { return bytes_; }
    const std::shared_ptr<context_state>& home() const { return home_; }

    // Makes `view` the storage's home and allocates its device copy there, holding no data.
    void place_on(const std::shared_ptr<context_state>& view);

    // The device buffer on `view` holding the current contents, uploading them if stale.
    // writes: the launch about to use it may change it, so every other copy becomes stale.
    cl::Buffer buffer_for_launch(const std::shared_ptr<context_state>& view, bool writes);

    void* host_data(host_access access);
    void copy_to_host(void* destination);
    void copy_from_host(const void* source);
    void discard_data();
    void refresh();

  private:
    struct device_copy {
        std::shared_ptr<context_state> view;
        cl::Buffer buffer;
        bool valid;
    };

    device_copy& copy_on(const std::shared_ptr<context_state>& view);
    const device_copy* valid_device_copy() const;
    void* host_memory();
    void download(const device_copy& from, void* destination);
    void upload(device_copy& to);
    void bring_host_up_to_date();
    void wait_for_uploads();
    void invalidate_device_copies();

    const element_layout layout_;
    const std::size_t count_;
    const std::size_t bytes_;
    const bool host_read_only_;

    std::mutex mutex_;
    void* host_;                               // caller's memory, or owned_host_ once needed
    std::unique_ptr<unsigned char[]> owned_host_;
    bool host_valid_;
    bool discarded_ = false;                   // contents are don't-care until the next write
    std::shared_ptr<context_state> home_;      // set for arrays
    std::vector<device_copy> copies_;
    std::vector<cl::Event> uploads_in_flight_;  // reads of host_ that may not have finished
};

} // namespace tiles::detail
