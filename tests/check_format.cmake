# Checks that every C, C++ and OpenCL C source of the repository SOURCE follows its .clang-format,
# as clang-format CLANG_FORMAT lays it out: lists each file that differs and fails.
file(GLOB_RECURSE sources LIST_DIRECTORIES false
     "${SOURCE}/libtiles/*" "${SOURCE}/capi/*" "${SOURCE}/bindings/*" "${SOURCE}/kernels/*"
     "${SOURCE}/examples/*" "${SOURCE}/tests/*" "${SOURCE}/bench/*")
list(FILTER sources INCLUDE REGEX "\\.(c|h|cpp|hpp|cl)$")
list(LENGTH sources count)
if(count LESS 100)
  message(FATAL_ERROR "found only ${count} sources under ${SOURCE}: the search is wrong")
endif()
execute_process(COMMAND "${CLANG_FORMAT}" --dry-run --Werror ${sources}
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT status EQUAL 0)
  string(REGEX MATCHALL "[^\n]*: error: code should be clang-formatted" files "${out}")
  list(REMOVE_DUPLICATES files)
  string(REPLACE ";" "\n" files "${files}")
  message(FATAL_ERROR "${files}\nrun: clang-format -i on these files (${CLANG_FORMAT})")
endif()
message(STATUS "${count} sources follow .clang-format")
