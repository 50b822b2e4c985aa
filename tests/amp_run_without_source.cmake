# Runs PROGRAM, translated from SOURCE, with SOURCE moved away (so nothing can be read from it at
# run time), an empty program cache (CACHE) and the log at info; prints what it says, for a test's
# PASS_REGULAR_EXPRESSION, and fails where the program fails.
file(REMOVE_RECURSE "${CACHE}")
set(ENV{TILES_PROGRAM_CACHE} "${CACHE}")
set(ENV{TILES_LOG} info)
file(RENAME "${SOURCE}" "${SOURCE}.away")
execute_process(COMMAND "${PROGRAM}" RESULT_VARIABLE status OUTPUT_VARIABLE said ERROR_VARIABLE said)
file(RENAME "${SOURCE}.away" "${SOURCE}")
message("${said}")
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} failed: ${status}")
endif()
