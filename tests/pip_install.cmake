# Installs the repository with pip into the folder TARGET (without build isolation, so no network
# is needed) and runs the Python tile average example against that installation, comparing its
# output with EXPECTED; then the installed tiles-info command and python -m tiles (each checked
# by CHECK_INFO), the licence in the package's metadata, and that another libtiles.so on
# LD_LIBRARY_PATH (built here with the C compiler CC) cannot take the place of the package's own.
file(REMOVE_RECURSE "${TARGET}")
string(TIMESTAMP started "%s")
execute_process(COMMAND "${PYTHON}" -m pip install --quiet --no-build-isolation --no-deps --target "${TARGET}" "${SOURCE}"
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "pip install . failed:\n${out}")
endif()
string(TIMESTAMP finished "%s")
math(EXPR took "${finished} - ${started}")
message(STATUS "pip install . took ${took} s")
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
execute_process(COMMAND "${PYTHON}" -m tiles --json COMMAND "${PYTHON}" "${CHECK_INFO}"
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "the installed python -m tiles --json failed:\n${out}")
endif()
file(GLOB metadata "${TARGET}/libtiles-*.dist-info/METADATA")
file(GLOB_RECURSE licence "${TARGET}/libtiles-*.dist-info/*LICENSE")
file(READ "${metadata}" metadata_text)
if(NOT licence OR NOT metadata_text MATCHES "Classifier: License :: OSI Approved :: MIT License")
  message(FATAL_ERROR "the wheel's metadata lacks its licence (LICENSE: '${licence}'):\n${metadata_text}")
endif()

# A libtiles.so of another install, earlier on LD_LIBRARY_PATH, lacking every symbol the package
# needs: the package must still load its own (its extension's RPATH comes before LD_LIBRARY_PATH).
set(other "${TARGET}-other-libtiles")
file(MAKE_DIRECTORY "${other}")
file(WRITE "${other}/other.c" "int another_libtiles(void) { return 0; }\n")
execute_process(COMMAND "${CC}" -shared -fPIC -Wl,-soname,libtiles.so -o "${other}/libtiles.so" "${other}/other.c"
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "could not build the other libtiles.so:\n${out}")
endif()
set(ENV{LD_LIBRARY_PATH} "${other}")
execute_process(COMMAND "${PYTHON}" -c "import numpy, tiles; print(tiles.__version__, tiles.reduce(numpy.array([1.0, 2.0], numpy.float32)))"
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
unset(ENV{LD_LIBRARY_PATH})
if(NOT status EQUAL 0 OR NOT out MATCHES "3\\.0")
  message(FATAL_ERROR "with another libtiles.so on LD_LIBRARY_PATH the package failed:\n${out}")
endif()
