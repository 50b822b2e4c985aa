# Runs PROGRAM MODE FILE, which leaves a kernel's writes to FILE (mapped MAP_SHARED) to releases
# at exit, then CHECKER check FILE, which computes what the kernel writes and compares: the first
# run must exit 0 without a word of C++'s runtime ("pure virtual method called", "terminate"), and
# the file must hold every value.
# With FRESH_CACHES, a folder, the first run has empty program caches of its own there (libtiles'
# and PoCL's), so that the driver compiles as on a machine's first run, at exit too.
#   cmake -DPROGRAM=... -DMODE=atexit-first -DCHECKER=... -DFILE=... [-DFRESH_CACHES=...] -P release_at_exit.cmake
file(REMOVE "${FILE}")
if(FRESH_CACHES)
  file(REMOVE_RECURSE "${FRESH_CACHES}")
  set(ENV{TILES_PROGRAM_CACHE} "${FRESH_CACHES}/libtiles")
  set(ENV{POCL_CACHE_DIR} "${FRESH_CACHES}/pocl")
endif()
execute_process(COMMAND "${PROGRAM}" "${MODE}" "${FILE}" RESULT_VARIABLE status OUTPUT_VARIABLE output
                ERROR_VARIABLE output)
if(NOT status STREQUAL "0" OR output MATCHES "pure virtual|terminate|corrupted|free\\(\\)")
  message(FATAL_ERROR "${PROGRAM} ${MODE} ${FILE} ended with '${status}':\n${output}")
endif()
execute_process(COMMAND "${CHECKER}" check "${FILE}" RESULT_VARIABLE status OUTPUT_VARIABLE output
                ERROR_VARIABLE output)
if(NOT status STREQUAL "0")
  message(FATAL_ERROR "after ${PROGRAM} ${MODE}, ${FILE} does not hold what the kernel wrote:\n${output}")
endif()
message(STATUS "${output}")
