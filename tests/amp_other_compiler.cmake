# Compiles TRANSLATED, a translation tiles-amp made at the build (its kernels compiled ahead beside
# it), with another host compiler (COMPILER, FLAGS), links it with LIBRARIES into OUTPUT and runs
# it; prints what each says (the program's output and log in the order written), for a test's
# PASS_REGULAR_EXPRESSION.
get_filename_component(directory "${OUTPUT}" DIRECTORY)
file(MAKE_DIRECTORY "${directory}")
separate_arguments(flags UNIX_COMMAND "${FLAGS}")
separate_arguments(libraries UNIX_COMMAND "${LIBRARIES}")
execute_process(COMMAND "${COMPILER}" ${flags} "${TRANSLATED}" -o "${OUTPUT}" ${libraries} RESULT_VARIABLE status
                OUTPUT_VARIABLE out ERROR_VARIABLE messages)
message("${out}${messages}")
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${COMPILER} did not build ${TRANSLATED}")
endif()
execute_process(COMMAND "${OUTPUT}" RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
message("${out}")
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${OUTPUT} exited with ${status}")
endif()
