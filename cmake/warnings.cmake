# tiles_strict_warnings(<target>): warnings as errors for libtiles' own code.
function(tiles_strict_warnings target)
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Werror)
  endif()
endfunction()

# tiles_strict_c99(<target>): C sources compiled as strict C99 (-std=c99 -pedantic), warnings as
# errors, every external function declared first: what C users of tiles.h compile with.
function(tiles_strict_c99 target)
  set_target_properties(${target} PROPERTIES C_STANDARD 99 C_STANDARD_REQUIRED ON C_EXTENSIONS OFF)
  tiles_strict_warnings(${target})
  if(CMAKE_C_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:C>:-Wstrict-prototypes -Wmissing-prototypes>)
  endif()
endfunction()
