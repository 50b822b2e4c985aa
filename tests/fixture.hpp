// libtiles tests: what every test of the core shares. Each test runs on a fresh accelerator view
// of the default device, so that transfer counters and kernel caches start from zero.
#pragma once

#include <catch2/catch.hpp>
#include <cstdlib>
#include <initializer_list>
#include <string>

#include "tiles/tiles.hpp"

struct fresh_view {
    tiles::accelerator_view view = tiles::accelerator().create_view();
};

// Runs `expression`, which must throw `Exception` whose message contains every one of `parts`.
#define REQUIRE_THROWS_MENTIONING(expression, Exception, ...)                                                          \
    do {                                                                                                               \
        try {                                                                                                          \
            expression;                                                                                                \
            FAIL("no exception was thrown");                                                                           \
        } catch (const Exception& e) {                                                                                 \
            const std::string message = e.what();                                                                      \
            INFO("message: " << message);                                                                              \
            for (const std::string& part : std::initializer_list<std::string>{__VA_ARGS__})                            \
                CHECK(message.find(part) != std::string::npos);                                                        \
        }                                                                                                              \
    } while (false)

// Runs `launch`, a C++ AMP lambda's, which clang compiles at run time. Where clang or libclc is
// missing (a GPU machine with its driver alone), says so and returns false, unless
// TILES_REQUIRE_ALL_TOOLS asks every tool to be there.
template <class Launch> bool lambda_built(Launch launch) {
    try {
        launch();
        return true;
    } catch (const tiles::unsupported_feature& e) {
        if (std::getenv("TILES_REQUIRE_ALL_TOOLS") != nullptr) throw;
        WARN("the C++ AMP lambda's part is left out: " << e.what());
        return false;
    }
}
