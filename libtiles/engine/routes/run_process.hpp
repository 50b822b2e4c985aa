// libtiles: running a program libtiles relies on (clang, llvm-spirv) and waiting for it, with what
// it printed, without a shell: the arguments go to the program as they are.
#pragma once

#include <string>
#include <vector>

namespace tiles::engine {

struct process_result {
    bool started = false; // false: the program could not be run at all (`output` says why)
    int exit_status = -1; // its exit status, or -1 if a signal ended it
    std::string output;   // what it wrote to stdout and stderr, together
};

// Runs `program` (a path, not looked up in PATH) with `arguments` in `directory` and waits for it.
// Thread-safe.
process_result run_process(const std::string& program, const std::vector<std::string>& arguments,
                           const std::string& directory);

// A directory of its own under TMPDIR (else /tmp), removed with everything in it when this goes.
class temporary_directory {
  public:
    temporary_directory();
    ~temporary_directory();
    temporary_directory(const temporary_directory&) = delete;
    temporary_directory& operator=(const temporary_directory&) = delete;

    const std::string& path() const { return path_; }

  private:
    std::string path_;
};

} // namespace tiles::engine
