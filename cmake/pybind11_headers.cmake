# pybind11's headers, copied into the build folder (only those that differ from the copy there)
# and compiled from there. `pip install .` builds in an isolated environment that holds pybind11
# in a new temporary folder each time: compile commands naming that folder would recompile every
# binding object on each reinstall, though nothing they include changed.
get_target_property(tiles_pybind11_source pybind11::pybind11_headers INTERFACE_INCLUDE_DIRECTORIES)
set(tiles_pybind11_copy "${PROJECT_BINARY_DIR}/pybind11/include")

file(GLOB_RECURSE tiles_pybind11_headers RELATIVE "${tiles_pybind11_source}" "${tiles_pybind11_source}/pybind11/*")
set(tiles_pybind11_folders "")
foreach(header IN LISTS tiles_pybind11_headers)
  get_filename_component(folder "${header}" DIRECTORY)
  list(APPEND tiles_pybind11_folders "${folder}")
  list(APPEND "tiles_pybind11_in_${folder}" "${tiles_pybind11_source}/${header}")
endforeach()
list(REMOVE_DUPLICATES tiles_pybind11_folders)
foreach(folder IN LISTS tiles_pybind11_folders)
  file(MAKE_DIRECTORY "${tiles_pybind11_copy}/${folder}")
  execute_process(COMMAND "${CMAKE_COMMAND}" -E copy_if_different ${tiles_pybind11_in_${folder}}
                          "${tiles_pybind11_copy}/${folder}"
                  RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "could not copy pybind11's headers from ${tiles_pybind11_source} to ${tiles_pybind11_copy}")
  endif()
endforeach()
if(NOT tiles_pybind11_folders)
  message(FATAL_ERROR "found no pybind11 headers in ${tiles_pybind11_source}")
endif()
set_target_properties(pybind11::pybind11_headers PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${tiles_pybind11_copy}")
