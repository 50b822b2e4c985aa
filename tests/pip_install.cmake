# Installs the repository with pip into the folder TARGET (without build isolation, so no network
# is needed) and runs the Python tile average example against that installation, comparing its
# output with EXPECTED; then the installed tiles-info command (checked by CHECK_INFO), and the
# licence in the package's metadata.
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

execute_process(COMMAND "${TARGET}/bin/tiles-info" --json COMMAND "${PYTHON}" "${CHECK_INFO}"
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "the installed tiles-info --json failed:\n${out}")
endif()
file(GLOB metadata "${TARGET}/libtiles-*.dist-info/METADATA")
file(GLOB_RECURSE licence "${TARGET}/libtiles-*.dist-info/*LICENSE")
file(READ "${metadata}" metadata_text)
if(NOT licence OR NOT metadata_text MATCHES "Classifier: License :: OSI Approved :: MIT License")
  message(FATAL_ERROR "the wheel's metadata lacks its licence (LICENSE: '${licence}'):\n${metadata_text}")
endif()
