# Runs tiles-amp (TOOL) on SOURCE and, where it translates, the host compiler (COMPILER) on the
# translation, with FLAGS for both; prints what either says, for a test's PASS_REGULAR_EXPRESSION.
# ROUTES, where given, are those the kernels are compiled for at build time.
separate_arguments(flags UNIX_COMMAND "${FLAGS}")
set(ahead "")
if(ROUTES)
  set(ahead --routes "${ROUTES}" --ahead "${OUTPUT}.kernels.inc")
endif()
execute_process(COMMAND "${TOOL}" "${SOURCE}" -o "${OUTPUT}" ${ahead} -- ${flags} RESULT_VARIABLE status
                ERROR_VARIABLE messages)
message("${messages}")
if(NOT status EQUAL 0)
  return()
endif()
execute_process(COMMAND "${COMPILER}" -fsyntax-only ${flags} "${OUTPUT}" ERROR_VARIABLE messages)
message("${messages}")
