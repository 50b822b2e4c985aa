// What the stand-in libcuda.so.1 (libcuda_stand_in.c) says of the calls it was given, read from
// the loaded library by name, and a count of what a log said, for the tests that load it.
#pragma once

#include <dlfcn.h>

#include <catch2/catch.hpp>
#include <cstddef>
#include <exception>
#include <stdexcept>
#include <string>
#include <thread>

// The stand-in's function `name`, of type F.
template <class F> F stand_in_function(const char* name) {
    void* const library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
    REQUIRE(library != nullptr);
    const auto function = reinterpret_cast<F>(dlsym(library, name));
    REQUIRE(function != nullptr);
    return function;
}

// What the stand-in's function `name` (stand_in_last_call, stand_in_releases) says.
inline std::string stand_in_text(const char* name) { return stand_in_function<const char* (*)()>(name)(); }

// How many times `part` occurs in `text`.
inline std::size_t occurrences(const std::string& text, const std::string& part) {
    std::size_t count = 0;
    for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size())) ++count;
    return count;
}

// Runs `body` on a thread of its own where `own`, a CUDA context of the caller's, is current, as a
// program using CUDA beside libtiles has, and rethrows what it threw. The context is current per
// thread, so the calling thread keeps its own whatever happens there.
template <class F> void with_own_context_current(void* own, F&& body) {
    std::exception_ptr failed;
    std::thread([&] {
        try {
            if (stand_in_function<int (*)(void*)>("cuCtxSetCurrent")(own) != 0)
                throw std::runtime_error("the stand-in libcuda took no context");
            body();
        } catch (...) {
            failed = std::current_exception();
        }
    }).join();
    if (failed) std::rethrow_exception(failed);
}
