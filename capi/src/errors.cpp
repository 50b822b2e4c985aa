// libtiles C API: statuses, the thread-local last-error message, and dispatch_exception() (the
// one place where C++ exceptions become statuses).
#include "capi_internal.hpp"

#include <new>

#include "tiles/diagnostics.hpp"
#include "tiles/exceptions.hpp"
#include "tiles/version.hpp"

namespace tiles::capi {
namespace {
// Set instead of this_thread().last_error when there was no memory to copy a message into it. A
// static string, as libgit2's git_error_oom, so that reporting the lack of memory needs none.
thread_local const char* last_error_static = nullptr; // trivially destructible: valid to the thread's end
constexpr char out_of_memory_message[] = "the host is out of memory (even for this error's message)";
} // namespace

tiles_status fail(tiles_status status, std::string_view message) noexcept {
    try {
        this_thread().last_refusal.reset();
        this_thread().last_marked.reset();
        this_thread().last_error.assign(message);
        last_error_static = nullptr;
        return status;
    } catch (...) { // std::bad_alloc, or std::length_error for a message longer than any string
        last_error_static = out_of_memory_message;
        return TILES_ERROR_OUT_OF_MEMORY;
    }
}

namespace {
// fail() with `e`'s message, keeping its marked text where it was thrown with one (names_marked).
// Without memory for that the message stands alone, as after a failure that marks nothing.
tiles_status fail_with(tiles_status status, const std::exception& e) noexcept {
    const tiles_status failed = fail(status, e.what());
    const auto* marked = dynamic_cast<const with_marked_names*>(&e);
    if (failed != status || marked == nullptr) return failed;
    try {
        this_thread().last_marked = marked->marked();
    } catch (const std::bad_alloc&) {
    }
    return status;
}

// fail_with(), keeping the parts of the element type `e` refuses where it refuses one. Without
// memory for them the message stands alone, as it did before the parts were kept.
tiles_status fail_with_parts(tiles_status status, const std::exception& e) noexcept {
    const tiles_status failed = fail_with(status, e);
    const auto* refusal = dynamic_cast<const with_element_type_refusal*>(&e);
    if (failed != status || refusal == nullptr) return failed;
    try {
        this_thread().last_refusal = refusal->refusal();
    } catch (const std::bad_alloc&) {
    }
    return status;
}
} // namespace

tiles_status dispatch_exception() {
    try {
        throw;
    } catch (const invalid_handle& e) {
        return fail_with(TILES_ERROR_INVALID_HANDLE, e);
    } catch (const tiles::check_failed& e) {
        return fail_with(TILES_ERROR_CHECK_FAILED, e);
    } catch (const tiles::build_error& e) {
        return fail_with(TILES_ERROR_BUILD, e);
    } catch (const tiles::invalid_compute_domain& e) {
        return fail_with(TILES_ERROR_INVALID_COMPUTE_DOMAIN, e);
    } catch (const tiles::invalid_argument& e) {
        return fail_with_parts(TILES_ERROR_INVALID_ARGUMENT, e);
    } catch (const tiles::out_of_memory& e) {
        return fail_with(TILES_ERROR_OUT_OF_MEMORY, e);
    } catch (const tiles::unsupported_feature& e) {
        return fail_with_parts(TILES_ERROR_UNSUPPORTED, e);
    } catch (const tiles::runtime_exception& e) {
        return fail_with(e.cl_status() != 0 ? static_cast<tiles_status>(e.cl_status()) : TILES_ERROR_INTERNAL, e);
    } catch (const std::bad_alloc&) {
        return fail(TILES_ERROR_OUT_OF_MEMORY, "the host is out of memory");
    } catch (const std::exception& e) {
        return fail_with(TILES_ERROR_INTERNAL, e);
    } catch (...) {
        return fail(TILES_ERROR_INTERNAL, "an unknown failure");
    }
}

} // namespace tiles::capi

extern "C" {

unsigned tiles_version_number(void) { return TILES_VERSION_NUMBER; }

const char* tiles_version_string(void) { return tiles::version(); }

const char* tiles_status_string(tiles_status status) {
    const int value = tiles::capi::as_int(status);
    switch (value) {
    case TILES_SUCCESS:
        return "TILES_SUCCESS";
    case TILES_ERROR_INVALID_ARGUMENT:
        return "TILES_ERROR_INVALID_ARGUMENT";
    case TILES_ERROR_INVALID_COMPUTE_DOMAIN:
        return "TILES_ERROR_INVALID_COMPUTE_DOMAIN";
    case TILES_ERROR_OUT_OF_MEMORY:
        return "TILES_ERROR_OUT_OF_MEMORY";
    case TILES_ERROR_BUILD:
        return "TILES_ERROR_BUILD";
    case TILES_ERROR_UNSUPPORTED:
        return "TILES_ERROR_UNSUPPORTED";
    case TILES_ERROR_INVALID_HANDLE:
        return "TILES_ERROR_INVALID_HANDLE";
    case TILES_ERROR_CHECK_FAILED:
        return "TILES_ERROR_CHECK_FAILED";
    case TILES_ERROR_INTERNAL:
        return "TILES_ERROR_INTERNAL";
    }
    return tiles::cl_status_name(value);
}

const char* tiles_last_error_message(void) {
    if (tiles::capi::last_error_static != nullptr) return tiles::capi::last_error_static;
    try {
        return tiles::capi::this_thread().last_error.c_str();
    } catch (const std::bad_alloc&) { // no failure on this thread yet, and no memory to say so
        return "";
    }
}

static_assert(int(TILES_REFUSAL_PARAMETER) == int(tiles::refusal_kind::parameter) &&
                  int(TILES_REFUSAL_OPERANDS_DIFFER) == int(tiles::refusal_kind::operands_differ) &&
                  int(TILES_REFUSAL_NO_DOUBLE_PRECISION) == int(tiles::refusal_kind::no_double_precision),
              "tiles_refusal mirrors tiles::refusal_kind");

tiles_status tiles_last_error_parts(tiles_error_parts* out) {
    return tiles::capi::guard([&] {
        tiles_error_parts parts = TILES_ERROR_PARTS_INIT;
        parts.role = "";
        const std::optional<std::string>& marked = tiles::capi::this_thread().last_marked;
        parts.marked_message = tiles::capi::last_error_static == nullptr && marked ? marked->c_str() : nullptr;
        const std::optional<tiles::element_type_refusal>& refusal = tiles::capi::this_thread().last_refusal;
        if (refusal) {
            parts.refusal = tiles_refusal(refusal->kind);
            parts.given = tiles::capi::to_dtype(refusal->given);
            if (refusal->wanted) parts.wanted = tiles::capi::to_dtype(*refusal->wanted);
            parts.role = refusal->role.c_str();
        }
        tiles::capi::write_struct(out, parts, "tiles_error_parts");
    });
}

tiles_status tiles_take_writeback_error(void) {
    const std::string failure = tiles::take_writeback_error();
    return failure.empty() ? TILES_SUCCESS : tiles::capi::fail(TILES_ERROR_INTERNAL, failure);
}

} // extern "C"
