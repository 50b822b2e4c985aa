# Runs PROGRAM with ARGS (a list) TIMES times, with the variables of ENVIRONMENT (a list of
# NAME=VALUE) set, and fails on the first run that exits with anything but 0 or prints glibc's
# heap-corruption message: teardown at exit goes wrong only in some runs.
#   cmake -DPROGRAM=... "-DARGS=..." -DTIMES=20 "-DENVIRONMENT=TILES_CHECKED=1" -P exit_cleanly.cmake
foreach(assignment IN LISTS ENVIRONMENT)
  string(FIND "${assignment}" "=" equals)
  string(SUBSTRING "${assignment}" 0 ${equals} name)
  math(EXPR value_start "${equals} + 1")
  string(SUBSTRING "${assignment}" ${value_start} -1 value)
  set(ENV{${name}} "${value}")
endforeach()
foreach(run RANGE 1 ${TIMES})
  execute_process(COMMAND "${PROGRAM}" ${ARGS} RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE output)
  if(NOT status STREQUAL "0" OR output MATCHES "corrupted")
    message(FATAL_ERROR "run ${run} of ${TIMES} of ${PROGRAM} ${ARGS} with ${ENVIRONMENT} ended with '${status}':\n${output}")
  endif()
endforeach()
