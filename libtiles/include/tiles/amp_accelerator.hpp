// libtiles: C++ AMP's accelerator and accelerator_view as AMP reads them, with its properties
// (acc.description, acc.is_emulated, view.accelerator ...) where libtiles' own classes have
// accessors (get_description(), get_is_emulated() ...). Microsoft's properties are
// __declspec(property), which standard C++ lacks: here they are public data members, read from
// the device when the object is made (a device's properties never change) and copied with it;
// writing one changes that member of that object only. default_view is the exception: a member
// that makes the accelerator's default view when it is first used, since making a view opens an
// OpenCL context. <amp.h> names these concurrency::accelerator and concurrency::accelerator_view.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "tiles/accelerator.hpp"
#include "tiles/completion_future.hpp"

namespace tiles::amp {

class accelerator_view;

// AMP's accelerator::default_view: the accelerator's default view (get_default_view()), made when
// first used. It converts to an accelerator_view and has its member functions; the view's own
// properties are read from the view: `accelerator_view v = acc.default_view; v.is_debug`.
class default_view_member {
  public:
    // The default view of `owner`, not made yet.
    explicit default_view_member(tiles::accelerator owner) : owner_(std::move(owner)) {}
    // The default view itself, made on first use: as AMP's accelerator_view, or libtiles' own.
    operator accelerator_view() const;
    operator tiles::accelerator_view() const { return owner_.get_default_view(); }

    // The default view's member functions, as accelerator_view has them: its accelerator, a wait
    // for and a submission of its work, a marker after it, its queuing mode, whether it is a
    // debugging view, and its version.
    tiles::accelerator get_accelerator() const { return owner_; }
    void wait() const { owner_.get_default_view().wait(); }
    void flush() const { owner_.get_default_view().flush(); }
    completion_future create_marker() const { return owner_.get_default_view().create_marker(); }
    queuing_mode get_queuing_mode() const { return owner_.get_default_view().get_queuing_mode(); }
    bool get_is_debug() const { return owner_.get_default_view().get_is_debug(); }
    unsigned int get_version() const { return owner_.get_default_view().get_version(); }

    // Whether the default view is the view `b` (or not).
    friend bool operator==(const default_view_member& a, const tiles::accelerator_view& b) {
        return a.owner_.get_default_view() == b;
    }
    friend bool operator!=(const default_view_member& a, const tiles::accelerator_view& b) { return !(a == b); }

  private:
    tiles::accelerator owner_;
};

// C++ AMP's accelerator: a tiles::accelerator with AMP's properties. AMP's device paths name
// OpenCL devices (see tiles::accelerator): direct3d_warp a CPU device, direct3d_ref the Oclgrind
// simulator of checked mode (else a CPU device), each with is_emulated true.
class accelerator : public tiles::accelerator {
  public:
    // The default accelerator, or the one a device path (AMP's wide string: direct3d_ref,
    // direct3d_warp, cpu_accelerator, default_accelerator) or libtiles' selector names.
    accelerator() : accelerator(tiles::accelerator()) {}
    explicit accelerator(const std::wstring& path) : accelerator(tiles::accelerator(path)) {}
    explicit accelerator(const std::string& selector) : accelerator(tiles::accelerator(selector)) {}
    // Any of libtiles' accelerators, with its properties read (implicit, for view.get_accelerator()).
    accelerator(const tiles::accelerator& device);

    // Every accelerator, as tiles::accelerator::get_all() lists them, with AMP's properties.
    static std::vector<accelerator> get_all();

    // The accelerator's default view, and a new view of it in `mode`, as AMP's accelerator_view.
    accelerator_view get_default_view() const;
    accelerator_view create_view(queuing_mode mode = queuing_mode_automatic) const;
    // The auto-selection view (tiles::accelerator::get_auto_selection_view), as AMP's accelerator_view.
    static accelerator_view get_auto_selection_view();

    std::wstring device_path;               // get_device_path()
    std::wstring description;               // get_description()
    unsigned int version;                   // get_version()
    std::size_t dedicated_memory;           // get_dedicated_memory(), in kilobytes
    bool is_debug;                          // get_is_debug()
    bool is_emulated;                       // get_is_emulated()
    bool has_display;                       // get_has_display()
    bool supports_double_precision;         // get_supports_double_precision()
    bool supports_limited_double_precision; // get_supports_limited_double_precision()
    bool supports_cpu_shared_memory;        // get_supports_cpu_shared_memory()
    access_type default_cpu_access_type;    // get_default_cpu_access_type()
    default_view_member default_view;       // get_default_view(), made when first used
};

// C++ AMP's accelerator_view: a tiles::accelerator_view with AMP's properties.
class accelerator_view : public tiles::accelerator_view {
  public:
    // Any of libtiles' views (implicit: array::get_accelerator_view(), create_checked_view() ...).
    accelerator_view(const tiles::accelerator_view& view);

    // The view's accelerator, as AMP's accelerator.
    tiles::amp::accelerator get_accelerator() const { return accelerator; }

    tiles::amp::accelerator accelerator; // get_accelerator()
    bool is_debug;                       // get_is_debug()
    unsigned int version;                // get_version()
    tiles::queuing_mode queuing_mode;    // get_queuing_mode()
    bool is_auto_selection;              // get_is_auto_selection()
};

} // namespace tiles::amp
