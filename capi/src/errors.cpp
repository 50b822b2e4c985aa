// libtiles C API: statuses, the thread-local last-error message, dispatch_exception() (the one
// place where C++ exceptions become statuses), and the registry of live handles.
#include "capi_internal.hpp"

#include <mutex>
#include <shared_mutex>
#include <new>
#include <unordered_map>

#include "tiles/diagnostics.hpp"
#include "tiles/exceptions.hpp"
#include "tiles/version.hpp"

namespace tiles::capi {
namespace {
thread_local std::string last_error;
} // namespace

tiles_status fail(tiles_status status, const std::string& message) {
    last_error = message;
    return status;
}

tiles_status dispatch_exception() {
    try {
        throw;
    } catch (const invalid_handle& e) {
        return fail(TILES_ERROR_INVALID_HANDLE, e.what());
    } catch (const tiles::check_failed& e) {
        return fail(TILES_ERROR_CHECK_FAILED, e.what());
    } catch (const tiles::build_error& e) {
        return fail(TILES_ERROR_BUILD, e.what());
    } catch (const tiles::invalid_compute_domain& e) {
        return fail(TILES_ERROR_INVALID_COMPUTE_DOMAIN, e.what());
    } catch (const tiles::invalid_argument& e) {
        return fail(TILES_ERROR_INVALID_ARGUMENT, e.what());
    } catch (const tiles::out_of_memory& e) {
        return fail(TILES_ERROR_OUT_OF_MEMORY, e.what());
    } catch (const tiles::unsupported_feature& e) {
        return fail(TILES_ERROR_UNSUPPORTED, e.what());
    } catch (const tiles::runtime_exception& e) {
        return fail(e.cl_status() != 0 ? static_cast<tiles_status>(e.cl_status()) : TILES_ERROR_INTERNAL, e.what());
    } catch (const std::bad_alloc&) {
        return fail(TILES_ERROR_OUT_OF_MEMORY, "the host is out of memory");
    } catch (const std::exception& e) {
        return fail(TILES_ERROR_INTERNAL, e.what());
    } catch (...) {
        return fail(TILES_ERROR_INTERNAL, "an unknown failure");
    }
}

namespace {
std::shared_mutex registry_mutex;  // lookups, on every call, share it
std::unordered_map<const handle*, handle_kind>& registry() {
    static auto* live_handles = new std::unordered_map<const handle*, handle_kind>;  // outlives every handle
    return *live_handles;
}
} // namespace

void register_handle(const handle* h) {
    std::unique_lock<std::shared_mutex> lock(registry_mutex);
    registry()[h] = h->kind;
}

void unregister_handle(const handle* h) {
    std::unique_lock<std::shared_mutex> lock(registry_mutex);
    registry().erase(h);
}

bool is_live(const handle* h, handle_kind kind) {
    std::shared_lock<std::shared_mutex> lock(registry_mutex);
    const auto found = registry().find(h);
    return found != registry().end() && found->second == kind;
}

element_type to_element_type(tiles_dtype dtype) {
    static_assert(int(TILES_FLOAT64) == int(element_type::float64) && int(TILES_OPAQUE) == int(element_type::opaque),
                  "tiles_dtype mirrors tiles::element_type");
    if (int(dtype) < 0 || int(dtype) > int(TILES_OPAQUE))
        throw invalid_argument("tiles_dtype " + std::to_string(int(dtype)) + " is not an element type");
    return static_cast<element_type>(dtype);
}

tiles_dtype to_dtype(element_type type) { return static_cast<tiles_dtype>(type); }

} // namespace tiles::capi

extern "C" {

unsigned tiles_version_number(void) { return TILES_VERSION_NUMBER; }

const char* tiles_version_string(void) { return tiles::version(); }

const char* tiles_status_string(tiles_status status) {
    switch (status) {
    case TILES_SUCCESS: return "TILES_SUCCESS";
    case TILES_ERROR_INVALID_ARGUMENT: return "TILES_ERROR_INVALID_ARGUMENT";
    case TILES_ERROR_INVALID_COMPUTE_DOMAIN: return "TILES_ERROR_INVALID_COMPUTE_DOMAIN";
    case TILES_ERROR_OUT_OF_MEMORY: return "TILES_ERROR_OUT_OF_MEMORY";
    case TILES_ERROR_BUILD: return "TILES_ERROR_BUILD";
    case TILES_ERROR_UNSUPPORTED: return "TILES_ERROR_UNSUPPORTED";
    case TILES_ERROR_INVALID_HANDLE: return "TILES_ERROR_INVALID_HANDLE";
    case TILES_ERROR_CHECK_FAILED: return "TILES_ERROR_CHECK_FAILED";
    case TILES_ERROR_INTERNAL: return "TILES_ERROR_INTERNAL";
    }
    return tiles::cl_status_name(status);
}

const char* tiles_last_error_message(void) { return tiles::capi::last_error.c_str(); }

tiles_status tiles_take_writeback_error(void) {
    const std::string failure = tiles::take_writeback_error();
    return failure.empty() ? TILES_SUCCESS : tiles::capi::fail(TILES_ERROR_INTERNAL, failure);
}

size_t tiles_dtype_size(tiles_dtype dtype) {
    return int(dtype) >= 0 && int(dtype) <= int(TILES_OPAQUE) ? tiles::element_size(tiles::element_type(dtype)) : 0;
}

const char* tiles_dtype_name(tiles_dtype dtype) {
    return int(dtype) >= 0 && int(dtype) <= int(TILES_OPAQUE) ? tiles::opencl_name(tiles::element_type(dtype)) : "";
}

} // extern "C"
