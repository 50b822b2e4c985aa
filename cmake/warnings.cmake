# tiles_strict_warnings(<target>): libtiles' own code compiled with every warning, as errors where
# TILES_WARNINGS_AS_ERRORS is on (developers' builds: a newer compiler's new warning must not fail
# a user's install).
function(tiles_strict_warnings target)
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow)
    if(TILES_WARNINGS_AS_ERRORS)
      target_compile_options(${target} PRIVATE -Werror)
    endif()
  endif()
endfunction()

# tiles_strict_c99(<target>): C sources compiled as strict C99 (-std=c99 -pedantic), every external
# function declared first, with libtiles' warnings: what C users of tiles.h compile with.
function(tiles_strict_c99 target)
  set_target_properties(${target} PROPERTIES C_STANDARD 99 C_STANDARD_REQUIRED ON C_EXTENSIONS OFF)
  tiles_strict_warnings(${target})
  if(CMAKE_C_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:C>:-Wstrict-prototypes -Wmissing-prototypes>)
  endif()
endfunction()
