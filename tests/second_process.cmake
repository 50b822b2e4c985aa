# Runs PROGRAM twice on a program cache of its own, CACHE (emptied first): the first run must
# compile (kernel_builds 1, binary_loads 0), the second load what the first compiled and compile
# nothing (kernel_builds 0, binary_loads 1), as PROGRAM prints.
#   cmake -DPROGRAM=... -DCACHE=... -P second_process.cmake
file(REMOVE_RECURSE "${CACHE}")
set(ENV{TILES_PROGRAM_CACHE} "${CACHE}")
foreach(run IN ITEMS first second)
  execute_process(COMMAND "${PROGRAM}" RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE output)
  if(run STREQUAL "first")
    set(expected "kernel_builds 1 binary_loads 0")
  else()
    set(expected "kernel_builds 0 binary_loads 1")
  endif()
  if(NOT status EQUAL 0 OR NOT output MATCHES "${expected}")
    message(FATAL_ERROR "the ${run} run of ${PROGRAM} did not print '${expected}' (exit status ${status}):\n${output}")
  endif()
  message(STATUS "${run} run: ${output}")
endforeach()
