#!/bin/sh
# Static destruction ends nothing of libtiles' (tiles/engine/immortal.hpp says why): the one kind
# of destructor LIBRARY registers at exit is that of OpenCL-CLHPP's default objects (cl::Platform::
# default_ and its kind), which libtiles never sets, and <iostream>'s std::ios_base::Init, which
# destroys no stream, beside libtiles' own work at exit: the handler
# it registers through atexit and the main thread's thread_local object that finishes the queues
# (context.cpp). Prints each function that registers another, and fails.
#   no_exit_destructors.sh LIBRARY
command -v objdump >/dev/null || { echo "objdump (binutils) is needed"; exit 77; }
objdump -d --no-show-raw-insn -C "$1" | awk '
  /^[0-9a-f]+ <.*>:$/ {
    function_name = $0; static_initializer = (function_name ~ /<_GLOBAL__sub_I_/); destructor = ""
    linkage_stub = (function_name ~ /@plt>:$/)
    next
  }
  linkage_stub { next }
  /lea .*<[^>]*::~/ || /<std::__ioinit>/ { destructor = $0 }
  /(call|jmp) .*<__cxa_thread_atexit/ {
    if (function_name !~ /arm_finish_at_exit\(\)>:$/) { print function_name " registers a thread_local destructor"; found = 1 }
  }
  /(call|jmp) .*<__cxa_atexit@plt>/ {
    if (function_name ~ / <atexit>:$/) next
    if (!static_initializer || destructor !~ /<cl::(Platform|Device|Context|CommandQueue)::~|<std::__ioinit>/) {
      print function_name " registers a destructor at exit" (destructor == "" ? "" : ": " destructor)
      found = 1
    }
    destructor = ""
    calls++
  }
  END {
    if (calls == 0) { print "no call of __cxa_atexit at all: objdump printed something this script cannot read"; exit 1 }
    exit found
  }'
