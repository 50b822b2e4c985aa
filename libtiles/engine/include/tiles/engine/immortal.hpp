// libtiles engine: objects with static storage that static destruction never ends.
//
// A release, a write-back or a wait may run from a program's atexit handler or from a static or
// thread_local object's destructor: a view released there writes its data back, through the
// staging lookup, the parameter tables, the overrides, the tuning file, the log. C++ destroys
// objects with static storage in the reverse order of their construction, interleaved with the
// atexit handlers registered meanwhile; so an object libtiles makes on its first use, after the
// program registered its handler, would be destroyed before the handler runs, and the release
// would meet a destroyed object (a pure virtual call, a freed map) and lose the data.
//
// The rule: every object with static storage that a release, a write-back or a wait can reach is
// trivially destructible (constant-initialized atomics, pointers, plain arrays, the mutexes
// asserted below), or an immortal<T>: made where it is defined, never destroyed, as the default
// contexts are. Its memory is the process's until the process ends. As Chromium's NoDestructor,
// it holds the object in place, so that it costs no allocation, no leak report and no destructor
// registered at exit.
#pragma once

#include <mutex>
#include <new>
#include <shared_mutex>
#include <type_traits>
#include <utility>

namespace tiles::engine {

template <class T> class immortal {
  public:
    template <class... Args> explicit immortal(Args&&... args) {
        new (static_cast<void*>(storage_)) T(std::forward<Args>(args)...);
    }
    immortal(const immortal&) = delete;
    immortal& operator=(const immortal&) = delete;
    // No destructor: the object outlives every static destructor and atexit handler.

    T& operator*() { return *get(); }
    const T& operator*() const { return *get(); }
    T* operator->() { return get(); }
    const T* operator->() const { return get(); }
    T* get() { return std::launder(reinterpret_cast<T*>(storage_)); }
    const T* get() const { return std::launder(reinterpret_cast<const T*>(storage_)); }

  private:
    alignas(T) unsigned char storage_[sizeof(T)];
};

static_assert(std::is_trivially_destructible_v<immortal<std::shared_mutex>>, "an immortal registers no destructor");
// libtiles' mutexes with static storage are plain: the standard libraries libtiles builds with
// (libstdc++'s over POSIX threads) destroy none. Where one would, hold it in an immortal.
static_assert(std::is_trivially_destructible_v<std::mutex> && std::is_trivially_destructible_v<std::shared_mutex>,
              "this standard library destroys a mutex: hold libtiles' static mutexes in immortal<std::mutex>");

} // namespace tiles::engine
