// libtiles C API: the log, a C callback over the core's sink.
#include "capi_internal.hpp"

#include "tiles/log.hpp"

extern "C" tiles_status tiles_set_log_callback(tiles_log_level level, tiles_log_callback callback, void* user_data) {
    return tiles::capi::guard([&] {
        const int value = tiles::capi::as_int(level);
        if (value < TILES_LOG_OFF || value > TILES_LOG_WARNING)
            throw tiles::invalid_argument(
                "tiles_log_level " + std::to_string(value) +
                " is not a level: use TILES_LOG_OFF, TILES_LOG_WARNING, TILES_LOG_INFO or TILES_LOG_DEBUG");
        tiles::log_sink sink;
        if (callback != nullptr)
            sink = [callback, user_data](tiles::log_level l, const std::string& message) {
                callback(static_cast<tiles_log_level>(l), message.c_str(), user_data);
            };
        tiles::set_log(static_cast<tiles::log_level>(value), std::move(sink));
    });
}
