// libtiles: running clang and llvm-spirv. posix_spawn, not fork: the process may hold many threads
// (the OpenCL drivers'), and nothing runs in the child before the program. Its output goes to a
// file of the temporary directory, read once it has ended, so that no pipe can fill up.
#include "routes/run_process.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tiles/exceptions.hpp"

extern char** environ;

namespace tiles::engine {

temporary_directory::temporary_directory() {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/libtiles-XXXXXX";
    if (mkdtemp(pattern.data()) == nullptr)
        throw runtime_exception("libtiles could not make a temporary directory from '" + pattern +
                                "': " + std::strerror(errno));
    path_ = pattern;
}

temporary_directory::~temporary_directory() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
}

process_result run_process(const std::string& program, const std::vector<std::string>& arguments,
                           const std::string& directory) {
    process_result result;
    const std::string output_path = directory + "/output.txt";
    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(program.c_str()));
    for (const std::string& a : arguments) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, output_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
    // The program's relative paths are the temporary directory's (glibc 2.29 on).
    posix_spawn_file_actions_addchdir_np(&actions, directory.c_str());
    pid_t pid = 0;
    const int spawned = posix_spawn(&pid, program.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (spawned != 0) {
        result.output = std::strerror(spawned);
        return result;
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            result.output = std::strerror(errno);
            return result;
        }
    result.started = true;
    result.exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::ifstream in(output_path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    result.output = text.str();
    return result;
}

} // namespace tiles::engine
