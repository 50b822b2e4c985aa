// What no_exit_destructors.sh must tell apart, in a library of its own built like libtiles: the
// queues' finisher of context.cpp, registered from wherever inlining puts it, which it lets be;
// <iostream>'s std::ios_base::Init, libstdc++'s own; and a static and a thread_local object that
// a release at exit could reach destroyed, which it names.
#include <cstdlib>
#include <iostream>
#include <string>

namespace tiles::engine {
namespace {

struct finish_at_main_thread_exit {
    ~finish_at_main_thread_exit() { std::cout << "the queues are finished\n"; }
};

} // namespace

void enqueued() {
    thread_local finish_at_main_thread_exit armed;
    (void)armed;
}

std::string& static_name() {
    static std::string held = std::to_string(std::rand());
    return held;
}

std::string& thread_name() {
    thread_local std::string held = std::to_string(std::rand());
    return held;
}

} // namespace tiles::engine
