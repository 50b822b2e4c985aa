#!/bin/sh
# Static destruction ends nothing of libtiles' (tiles/engine/immortal.hpp says why): a view released
# by an atexit handler or a static destructor must still find every object of libtiles it reaches.
# So the only destructors LIBRARY may register at exit are those that end no such object:
#   - OpenCL-CLHPP's default objects' (cl::Platform::default_ and its kind), which libtiles never sets;
#   - libstdc++'s own objects' (std::__ioinit, whose std::ios_base::Init destroys no stream; and,
#     where the compiler links part of libstdc++ into the library, as toolchains of the devtoolset
#     kind do, the objects of its own sources: static initializers of its .cc files, functions of
#     namespace std, and __cxa_thread_atexit itself);
#   - the main thread's thread_local object that finishes libtiles' queues at exit (context.cpp),
#     libtiles' own work at exit, beside the handler it registers through atexit.
# Each registration is judged by the destructor and the object it registers, not by the function
# that registers it, which inlining changes from one build type to another. Prints each other
# registration, and fails; one whose destructor it cannot name fails too.
#   no_exit_destructors.sh LIBRARY
command -v objdump >/dev/null || { echo "skipped: needs objdump (binutils), which is not installed"; exit 77; }
# The destructor and its object are the first two arguments, %rdi and %rsi in x86-64's calls.
objdump -f "$1" | grep -q "architecture: i386:x86-64" ||
  { echo "skipped: reads x86-64 code only; $1 is $(objdump -f "$1" | sed -n 's/^architecture: //p')"; exit 77; }
objdump -d --no-show-raw-insn -C "$1" | awk -F '\t' '
  # The 64-bit register that a register name is part of: %edi is %rdi, %r8d is %r8.
  function full(register) {
    if (register ~ /^%r[0-9]+[dwb]$/) return substr(register, 1, length(register) - 1)
    if (register ~ /^%e/) return "%r" substr(register, 3)
    return register
  }
  /^[0-9a-f]+ <.*>:$/ {
    function_name = $0; split("", holds)
    linkage_stub = (function_name ~ /@plt>:$/)
    # The code of libstdc++, where it is linked in: the sources of libtiles are .cpp files.
    libstdcxx = (function_name ~ /<_GLOBAL__sub_I_[^>]*\.cc>:$/ || function_name ~ /^[0-9a-f]+ <std::/ ||
                 function_name ~ / <__cxa_thread_atexit>:$/)
    next
  }
  linkage_stub || libstdcxx || NF < 2 { next }
  {
    split($2, words, / +/); mnemonic = words[1]; operands = words[2]
    symbol = ""
    if (match($2, /# [0-9a-f]+ <.*>$/)) {
      symbol = substr($2, RSTART); sub(/^# [0-9a-f]+ </, "", symbol); sub(/>$/, "", symbol); sub(/@[A-Z_.0-9]+$/, "", symbol)
    }
  }
  # What each register holds, as far as a symbol names it: the one the instruction loads or points
  # at, or another register'"'"'s; a call leaves the registers it may change unknown.
  mnemonic ~ /^(lea|mov)/ && operands ~ /,%[a-z0-9]+$/ {
    source = operands; sub(/,[^,]*$/, "", source)
    target = full(substr(operands, length(source) + 2))
    holds[target] = source ~ /^%[a-z0-9]+$/ ? holds[full(source)] : symbol
    next
  }
  mnemonic == "xor" && operands ~ /^%[a-z0-9]+,%[a-z0-9]+$/ { split(operands, pair, ","); holds[full(pair[2])] = ""; next }
  $2 ~ /<__cxa_thread_atexit/ && mnemonic ~ /^(call|jmp)/ {
    calls++
    if (holds["%rdi"] !~ /::finish_at_main_thread_exit::~finish_at_main_thread_exit\(\)$/) {
      print function_name " registers a thread_local destructor: " (holds["%rdi"] == "" ? "one not named here" : holds["%rdi"])
      found = 1
    }
    next
  }
  $2 ~ /<__cxa_atexit@plt>/ && mnemonic ~ /^(call|jmp)/ {
    calls++
    if (function_name ~ / <atexit>:$/) next # the atexit() that libtiles calls, itself a registration
    destructor = holds["%rdi"]; object = holds["%rsi"]
    if (destructor ~ /^cl::(Platform|Device|Context|CommandQueue)::~(Platform|Device|Context|CommandQueue)\(\)$/) next
    if (object == "std::__ioinit" || destructor == "std::ios_base::Init::~Init()") next
    print function_name " registers a destructor at exit: " (destructor == "" ? "one not named here" : destructor) \
          (object == "" ? "" : " of " object)
    found = 1
    next
  }
  mnemonic ~ /^call/ { split("%rax %rcx %rdx %rsi %rdi %r8 %r9 %r10 %r11", clobbered, " "); for (r in clobbered) holds[clobbered[r]] = "" }
  END {
    if (calls == 0) { print "no call of __cxa_atexit at all: objdump printed something this script cannot read"; exit 1 }
    exit found
  }'
