// libtiles C API: the names of its enumerations' values, each read from the table the core keeps
// of them, so that the bindings list and take the names the core gives.
#include "capi_internal.hpp"

#include "tiles/algorithms/reduce.hpp"
#include "tiles/check_report.hpp"
#include "tiles/log.hpp"

using tiles::capi::as_int;

static_assert(int(TILES_LOG_OFF) == int(tiles::log_level::off) && int(TILES_LOG_INFO) == int(tiles::log_level::info) &&
                  int(TILES_LOG_DEBUG) == int(tiles::log_level::debug) &&
                  int(TILES_LOG_WARNING) == int(tiles::log_level::warning),
              "tiles_log_level mirrors tiles::log_level");
static_assert(int(TILES_REDUCE_SUM) == int(tiles::reduction_op::sum) &&
                  int(TILES_REDUCE_MIN) == int(tiles::reduction_op::min) &&
                  int(TILES_REDUCE_MAX) == int(tiles::reduction_op::max),
              "tiles_reduction mirrors tiles::reduction_op");

extern "C" {

const char* tiles_log_level_name(tiles_log_level level) { return tiles::to_string(tiles::log_level(as_int(level))); }

const char* tiles_reduction_name(tiles_reduction op) { return tiles::to_string(tiles::reduction_op(as_int(op))); }

const char* tiles_diagnostic_kind_name(tiles_diagnostic_kind kind) {
    return tiles::identifier(tiles::diagnostic_kind(as_int(kind)));
}

const char* tiles_memory_space_name(tiles_memory_space space) {
    const int value = as_int(space);
    return value >= 0 && value <= TILES_UNKNOWN_MEMORY ? tiles::to_string(tiles::memory_space(value)) : "";
}
}
