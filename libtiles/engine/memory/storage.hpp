// libtiles: the storage engine's inside. One storage is the bytes behind an array, or behind the
// views of one host range. It keeps a host copy and one device copy per context, each
// with the set of boxes where it is stale (MSI per box, after Kalmar's rw_info): a reader
// fetches only the stale part of what it reads, from a copy where that part is current, and a
// writer marks what it wrote stale in every other copy.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "context/context.hpp"
#include "memory/box.hpp"
#include "memory/device_memory.hpp"
#include "memory/pinned_memory.hpp"
#include "memory/transfers.hpp"
#include "tiles/engine/storage.hpp"

namespace tiles::engine {

// What a launch passes for one storage argument: the buffer, whether the kernel may write it,
// and whether it is a dense copy of a section, to be copied back into the storage afterwards.
// The buffer is borrowed: the storage keeps it, and the launch holds the storage.
struct launch_binding {
    cl_mem buffer;
    bool writes;
    bool copy_back;
};

// A transfer enqueued without blocking, and the context whose queue runs it.
struct enqueued_transfer {
    std::shared_ptr<engine::context> context;
    cl::Event done;
};

class storage {
  public:
    storage(element_layout layout, const dims3& dims, void* host, bool host_read_only);
    ~storage();
    storage(const storage&) = delete;
    storage& operator=(const storage&) = delete;

    element_layout layout() const { return layout_; }
    const dims3& dims() const { return dims_; }
    const std::shared_ptr<context>& home() const { return home_; }

    // Makes `context` the storage's home and its device copy there current: a new buffer, or the
    // caller's `buffer` (retained, never freed by libtiles).
    void place_on(const std::shared_ptr<context>& context, cl_mem buffer = nullptr);

    // Makes this new storage of host data a staging array's (C++ AMP's array on the CPU
    // accelerator's view, whose context is `cpu_context`, associated with `associated`): its host
    // memory is a buffer the driver of `associated` allocates in host memory
    // (CL_MEM_ALLOC_HOST_PTR, which drivers pin for DMA), mapped for the storage's whole life, so
    // that transfers to and from there run at the bus's full speed.
    void stage(const std::shared_ptr<context>& cpu_context, const std::shared_ptr<context>& associated);
    bool staging() const { return pinned_ != nullptr; }
    // Whether it was made over the caller's host memory (an array_view's of a container).
    bool over_callers_memory() const { return host_owned_by_caller_; }
    // A staging array's host memory, mapped at host_ (null for other storage).
    const pinned_block* pinned() const { return pinned_.get(); }
    // A staging array's CPU context (empty for other storage).
    const std::shared_ptr<context>& cpu_context() const { return cpu_context_; }
    // The context the data is meant for: the one associate() named (a staging array's), else home.
    const std::shared_ptr<context>& associated() const { return associated_ ? associated_ : home_; }
    void associate(const std::shared_ptr<context>& context) { associated_ = context; }

    // The whole device buffer on `context`, current; read_write: the caller may write it there.
    // lent: handed out to the caller, who may keep using it, so it never goes back to a pool;
    // libtiles' own use in place (the wide gemm) is not, and the buffer goes with the storage.
    cl_mem device_buffer(const std::shared_ptr<context>& context, host_access access, bool lent);

    // The lock a launch holds from its first begin_launch to its last end_launch, so that no other
    // thread's access to the data comes between its uploads, its kernel and its copies back.
    std::unique_lock<std::mutex> lock_for_launch();

    // The buffer a launch on `context` passes for box `b`, current there. writes: the launch may
    // change `b`, so once its kernel is enqueued, end_launch() makes every other copy of it stale;
    // a launch whose enqueue the driver refuses calls no end_launch and leaves every copy as it
    // was. A section (b not the whole) is passed as a dense buffer of its own, which end_launch()
    // copies back. Both need lock_for_launch() held.
    // `elements`, where folded, are the view's own within `region` (a section of a reshaped view).
    launch_binding begin_launch(const std::shared_ptr<context>& context, const box& region, const folded_box& elements,
                                bool writes);
    void end_launch(const std::shared_ptr<context>& context, const box& region, const folded_box& elements,
                    const launch_binding& binding);

    // Checked mode's watch over a view's host memory (the caller's): what a checked launch leaves
    // there is recorded (a checksum), and what libtiles writes there afterwards recorded anew. With
    // lock_for_launch() held: whether that memory changed since, with no refresh(), while the copy of
    // `b` on `context` is current, so that a launch there would read the old copy; and the record.
    bool host_written_unseen(const std::shared_ptr<context>& context, const box& b);
    void record_host();

    void* host_data(const box& b, host_access access);
    completion_future synchronize_async(const box& b);
    void synchronize_to(const std::shared_ptr<context>& context, const box& b);
    void synchronize_to_all(const std::vector<std::shared_ptr<context>>& contexts, const box& b);
    void discard_data(const box& b);
    void refresh(const box& b);
    // Copy `b` to or from dense host memory. Blocking when `enqueued` is null; else the device
    // transfers are enqueued without blocking, in order on their contexts' queues, and listed there.
    void copy_out(const box& b, void* destination, std::vector<enqueued_transfer>* enqueued);
    void copy_in(const box& b, const void* source, std::vector<enqueued_transfer>* enqueued);
    // Enqueues the copy of box `from` into box `to` of `destination`, which lives on this
    // storage's device copy's context, if this storage has a copy there current in `from`.
    std::optional<enqueued_transfer> copy_on_device(const box& from, storage& destination, const box& to);
    // Enqueues the upload of box `from` of this storage's host memory (a view's or a staging
    // array's, made current first) straight into box `to` of `destination`, an array, on its home
    // context.
    enqueued_transfer upload_into(const box& from, storage& destination, const box& to);
    // Copies box `from` into box `to` of `destination`'s host memory (a view's or a staging
    // array's), downloading the parts the host lacks straight there, without blocking; listed in
    // `enqueued`.
    void download_into(const box& from, storage& destination, const box& to, std::vector<enqueued_transfer>& enqueued);

  private:
    struct device_copy {
        std::shared_ptr<engine::context> context;
        cl::Buffer buffer;
        box_set stale;
        memory_reservation reserved; // nothing for a caller's buffer
        bool lent = false;           // its cl_mem was handed out (device_buffer): never pooled
    };
    struct section_buffer {
        std::shared_ptr<engine::context> context;
        folded_box elements;
        cl::Buffer buffer;
        memory_reservation reserved;
        bool in_launch = false; // bound by the launch under way: not to be released before its enqueue
    };

    box whole() const { return {{0, 0, 0}, dims_}; }
    std::size_t bytes() const { return volume(whole()) * layout_.size; }
    device_copy& copy_on(const std::shared_ptr<context>& context);
    device_copy* copy_if_any(const std::shared_ptr<context>& context);
    void* host_memory();
    void make_device_current(device_copy& target, const box& b);
    void make_devices_current(const std::vector<device_copy*>& targets, const box& b);
    void make_host_current(const box& b);
    // Downloads the parts of `b` that the host copy lacks into host memory at `at`, laid out by
    // `at_dims` with b's origin moved to `at_origin`; blocking unless `enqueued` is given.
    void download_stale_parts(const box& b, void* at, const dims3& at_dims, const dims3& at_origin,
                              std::vector<enqueued_transfer>* enqueued);
    // copy_out and copy_in with the lock held, to or from host memory laid out as `at` says.
    void copy_out_locked(const box& b, const host_place& at, std::vector<enqueued_transfer>* enqueued);
    void copy_in_locked(const box& b, const host_place& from, std::vector<enqueued_transfer>* enqueued);
    void mark_written(const box& b, const device_copy* writer);
    // Whether the host copy or a device copy other than `except` holds all of `b` current.
    bool current_elsewhere(const box& b, const device_copy* except) const;
    void wait_for_host_writers();
    void wait_for_host_readers();
    cl_mem dense_buffer(const std::shared_ptr<context>& context, const folded_box& b);
    // The elements a launch passes: `elements` where folded, else `region` in the storage's dims.
    folded_box elements_of(const box& region, const folded_box& elements) const;

    const element_layout layout_;
    const dims3 dims_;
    const bool host_read_only_;
    const bool host_owned_by_caller_;

    std::mutex mutex_;
    void* host_; // the caller's memory, or owned_host_ once needed
    std::unique_ptr<unsigned char[]> owned_host_;
    box_set host_stale_;
    box_set discarded_;             // contents don't-care until written
    std::shared_ptr<context> home_; // set for arrays
    std::vector<device_copy> copies_;
    std::vector<section_buffer> sections_; // dense buffers of recently launched sections
    std::vector<cl::Event> host_readers_;  // uploads that may still read host memory
    std::vector<cl::Event> host_writers_;  // downloads that may still write host memory

    // The checksum of the caller's host memory that record_host() took, kept current with what
    // libtiles writes there; none before the first checked launch, and where the host memory is
    // rewritten by transfers still under way or announced as changed (refresh, discard_data).
    std::optional<std::uint64_t> host_checksum_;
    std::uint64_t host_checksum() const;

    std::unique_ptr<pinned_block> pinned_;
    std::shared_ptr<context> cpu_context_;
    std::shared_ptr<context> associated_;
};

} // namespace tiles::engine
