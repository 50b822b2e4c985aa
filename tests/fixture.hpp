// libtiles tests: what every test of the core shares. Each test runs on a fresh accelerator view
// of the default device, so that transfer counters and kernel caches start from zero.
#pragma once

#include <catch2/catch.hpp>
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
