// libtiles C API: the state it keeps for each thread (capi_internal.hpp), held by a POSIX
// thread-specific key, whose destructor runs after every thread_local object of the thread is
// destroyed: a release from such a destructor still finds its thread's state.
#include <pthread.h>

#include <memory>
#include <new>

#include "capi_internal.hpp"

namespace tiles::capi {
namespace {

thread_local thread_state* mine = nullptr; // trivially destructible: readable to the thread's end

void free_thread_state(void* state) {
    delete static_cast<thread_state*>(state);
    mine = nullptr; // a call from a later destructor of this thread makes another, freed in turn
}

pthread_key_t state_key() {
    static const pthread_key_t key = [] {
        pthread_key_t made;
        if (pthread_key_create(&made, free_thread_state) != 0) throw std::bad_alloc();
        return made;
    }();
    return key;
}

} // namespace

thread_state& this_thread() {
    if (mine == nullptr) {
        auto state = std::make_unique<thread_state>();
        if (pthread_setspecific(state_key(), state.get()) != 0) throw std::bad_alloc();
        mine = state.release();
    }
    return *mine;
}

} // namespace tiles::capi
