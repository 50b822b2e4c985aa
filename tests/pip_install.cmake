# Installs the repository with pip into the folder TARGET (without build isolation, so no network
# is needed) and runs the Python tile average example against that installation, comparing its
# output with EXPECTED.
file(REMOVE_RECURSE "${TARGET}")
execute_process(COMMAND "${PYTHON}" -m pip install --quiet --no-build-isolation --no-deps --target "${TARGET}" "${SOURCE}"
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "pip install . failed:\n${out}")
endif()
set(ENV{PYTHONPATH} "${TARGET}")
execute_process(COMMAND "${CMAKE_COMMAND}" -DPROGRAM=${PYTHON} -DARGS=${SOURCE}/examples/python/tile_average.py
                        -DEXPECTED=${EXPECTED} -DMODE=EXACT -P "${COMPARE}"
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "the installed package failed the example:\n${out}")
endif()
