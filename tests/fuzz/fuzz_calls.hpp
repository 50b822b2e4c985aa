// libtiles' fuzz target: what its parts share. The check every call must pass, making handles,
// the numbers of the kinds the C API takes, and the operations each part of the target defines.
#pragma once

#include <climits>
#include <cstdio>
#include <cstring>

#include "fuzz_input.hpp"
#include "tiles.h"

namespace fuzz {

// Checks what tiles.h promises of every call: a status of its own or OpenCL's, with a message
// when it fails. A broken promise is a crash, for libFuzzer to keep.
inline tiles_status checked(tiles_status status) {
    if (status > 0 ||
        (status != TILES_SUCCESS && (tiles_last_error_message()[0] == '\0' ||
                                     std::strcmp(tiles_status_string(status), "CL_UNKNOWN_STATUS") == 0))) {
        std::fprintf(stderr, "fuzz_capi: status %d (%s), message '%s'\n", int(status), tiles_status_string(status),
                     tiles_last_error_message());
        __builtin_trap();
    }
    return status;
}

// A pointer no call hands out, which an out-parameter holds before the call: after a failure it
// must still hold it (tiles.h: out-parameters are written only on success).
template <class P> P sentinel() {
    static char byte;
    return reinterpret_cast<P>(&byte);
}

// Calls make(&out) and keeps the handle it makes; on failure, out must be left untouched.
template <class H, class Make> void make(std::vector<H*>& into, Make make) {
    H* const untouched = sentinel<H*>();
    H* out = untouched;
    const bool made = checked(make(&out)) == TILES_SUCCESS;
    if (made ? out == nullptr || out == untouched : out != untouched) __builtin_trap();
    if (made) into.push_back(out);
}

// Calls call(&out) with `out` as the caller set it; on failure, not one of its bytes may change.
template <class T, class Call> tiles_status query(T& out, Call call) {
    unsigned char before[sizeof(T)];
    std::memcpy(before, &out, sizeof(T));
    const tiles_status status = checked(call(&out));
    if (status != TILES_SUCCESS && std::memcmp(before, &out, sizeof(T)) != 0) __builtin_trap();
    return status;
}

// A tiles_dtype as an int: one of the 15, or now and then one that is none (42, -1).
inline int random_dtype(input& in) {
    const int dtype = int(in.below(17));
    return dtype <= TILES_COMPLEX128 ? dtype : dtype == 15 ? 42 : -1;
}

// Bytes of one element of an int dtype; 0 for TILES_OPAQUE and for what is not a dtype.
inline std::size_t dtype_size(int dtype) {
    const std::size_t sizes[] = {1, 1, 2, 2, 4, 4, 8, 8, 4, 8, 0, 2, 2, 8, 16};
    return dtype >= 0 && dtype <= TILES_COMPLEX128 ? sizes[dtype] : 0;
}

// An extent component: small, or now and then one that is not positive. (Large positive ones are
// left out: libtiles rightly accepts a domain of a billion work-items, which would run for hours.)
inline int component(input& in) {
    const unsigned c = in.byte();
    if (c < 250) return 1 + int(c % 8);
    const int refused[] = {0, -1, INT_MIN, -(1 << 30)};
    return refused[c % 4];
}

// The operations of the target's other parts, each one call or a few on the handles of a run.
// fuzz_algorithms.cpp: views shaped for the tiled algorithms, and the algorithms on them.
void matrix(handles& h, input& in);
void algorithm(handles& h, input& in);
// fuzz_devices.cpp: devices by index and by selector, and checked contexts and their reports.
void device_operation(handles& h, input& in);
void checked_operation(handles& h, input& in);

} // namespace fuzz
