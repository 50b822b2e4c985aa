# Fails where a test case of PROGRAM (a Catch2 test program) holds a semicolon in its name: CTest's
# list of the tests catch_discover_tests found splits such a name in two, whose halves match no
# test case, and only a whole CTest run shows it.
#   cmake -DPROGRAM=path/to/core_tests -P check_test_names.cmake
execute_process(COMMAND "${PROGRAM}" --list-test-names-only OUTPUT_VARIABLE names)
if(names STREQUAL "")
  message(FATAL_ERROR "${PROGRAM} --list-test-names-only listed no test case")
endif()
# Each semicolon marked before the lines are made a list, so that it cannot split a line.
string(REPLACE ";" "<semicolon>" names "${names}")
string(REPLACE "\n" ";" lines "${names}")
set(split "")
foreach(line IN LISTS lines)
  if(line MATCHES "<semicolon>")
    string(APPEND split "\n  ${line}")
  endif()
endforeach()
if(NOT split STREQUAL "")
  string(REPLACE "<semicolon>" ";" split "${split}")
  message(FATAL_ERROR "test cases of ${PROGRAM} whose names hold a semicolon, which CTest splits:${split}")
endif()
