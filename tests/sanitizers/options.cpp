// libtiles' sanitized builds: the run-time options of the sanitizers, compiled into every test
// program and the fuzz target so that ctest, a direct run and the fuzzer agree (ASAN_OPTIONS and
// the like still override them). Each option says why it is there.
#ifndef TILES_SANITIZER_FILES
#error "TILES_SANITIZER_FILES names the folder of lsan.supp and tsan.supp"
#endif

extern "C" {

// use_sigaltstack=0: LLVM, inside PoCL's kernel compiler, gives each thread that builds a kernel
// an alternate signal stack of its own (from malloc). ASan would unmap it at that thread's exit as
// if it were the one ASan made, fail, and abort the process.
// intercept_tls_get_addr=0: with it on, LeakSanitizer's leak check at exit walks the dynamic TLS
// blocks of the libraries loaded at run time (the OpenCL drivers, Oclgrind's among them) and, with
// clang 14's run-time library on Debian 12's glibc, crashes doing so ("Tracer caught signal 11"),
// as often as not depending only on the process's memory layout: the same checked-mode test passed
// or failed by the length of its working directory's name. Leaks are still found without it.
const char* __asan_default_options() { return "use_sigaltstack=0:intercept_tls_get_addr=0"; }

// Leaks inside the OpenCL drivers are not libtiles' to fix: lsan.supp names the drivers' libraries.
const char* __lsan_default_options() { return "suppressions=" TILES_SANITIZER_FILES "/lsan.supp:print_suppressions=0"; }

const char* __ubsan_default_options() { return "print_stacktrace=1"; }

// The drivers are not instrumented: tsan.supp names what ThreadSanitizer misreads inside them.
const char* __tsan_default_options() { return "suppressions=" TILES_SANITIZER_FILES "/tsan.supp"; }

} // extern "C"
