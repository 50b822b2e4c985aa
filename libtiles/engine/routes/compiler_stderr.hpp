// libtiles: keeps what OpenCL compilers write to the process's stderr during a build out of the
// user's output. PoCL's clang writes "1 error generated." there, beside the build log libtiles
// reports in full; the rest of what arrives meanwhile is passed on.
#pragma once

namespace tiles::engine {

// While any of these lives, in any thread, file descriptor 2 goes to an anonymous file; when the
// last one goes, stderr comes back and gets what was written meanwhile, less the compilers' "N
// errors generated." lines. Other threads' messages to stderr are held back until then, not lost.
class compiler_stderr_held {
  public:
    compiler_stderr_held();
    ~compiler_stderr_held();
    compiler_stderr_held(const compiler_stderr_held&) = delete;
    compiler_stderr_held& operator=(const compiler_stderr_held&) = delete;
};

} // namespace tiles::engine
