// libtiles: the first run of each kernel, timed for the log on the thread that launched it.
#include "launch/first_run.hpp"

#include <chrono>
#include <cstdio>

#include "base/log.hpp"
#include "context/host_waits.hpp"

namespace tiles::engine {

bool time_first_run(bool timed_already, bool may_wait_for_callers) {
    return !timed_already && !may_wait_for_callers && logging(log_level::info);
}

double steady_now_ms() {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

void log_first_run(const cl::Event& run, double enqueued_at_ms, const std::string& kernel, const std::string& device) {
    const cl_int status = wait_for(run, "a kernel's first run");
    char took[32];
    std::snprintf(took, sizeof took, "%.0f ms", steady_now_ms() - enqueued_at_ms);
    log(log_level::info,
        "first run of " + kernel + " on '" + device + "' took " + took + " from its enqueue to its end" +
            (status == CL_SUCCESS ? std::string() : std::string(", failing with ") + cl_status_name(status)) +
            ", what the driver compiles at a kernel's first launch included (PoCL its work-group "
            "function for the tile size)");
}

} // namespace tiles::engine
