# Fails where an algorithm or a backend includes the engine's concrete context
# (context/context.hpp): they see a context only through seam/algorithm_context.hpp.
#   cmake -DSOURCE_DIR=path/to/libtiles -P check_narrow_context.cmake
file(GLOB_RECURSE sources "${SOURCE_DIR}/algorithms/*.cpp" "${SOURCE_DIR}/algorithms/*.hpp"
     "${SOURCE_DIR}/backends/*.cpp" "${SOURCE_DIR}/backends/*.hpp")
set(offenders "")
foreach(source IN LISTS sources)
  file(STRINGS "${source}" includes REGEX "#include \"context/context.hpp\"")
  if(includes)
    list(APPEND offenders "${source}")
  endif()
endforeach()
if(offenders)
  list(LENGTH offenders count)
  string(REPLACE ";" "\n  " listed "${offenders}")
  message(FATAL_ERROR "${count} file(s) include context/context.hpp; include seam/algorithm_context.hpp "
                      "and use narrow(context) instead:\n  ${listed}")
endif()
