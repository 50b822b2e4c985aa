# tiles_amp_sources(<target> <source>...): C++ AMP sources, as written (#include <amp.h>,
# restrict(amp) lambdas and functors), built into <target>. At build time tiles-amp translates each
# source with the target's include directories and definitions into the build tree, and <target>
# compiles the translation in its place, with every message at the source's own lines; the headers
# of the user's that it includes (beside it, in another folder, or through an include path; not
# system headers or libtiles' own) are translated into a folder of its own, which the translation's
# #include directives name (their kernels and restrict(amp) code are device code too), and a change
# to any file the source includes translates it again;
# <target> links tiles::core. A source add_executable or add_library lists too is compiled only
# through its translation. Installed with the package (find_package(tiles)); in libtiles' own build
# where tiles-amp is built.
#
# tiles_amp_sources(<target> <source>... [ROUTES [<route>...]]): the kernels are compiled at build
# time for each route named ("clang-spir", "clang-spirv", "clang-ptx", with ":32" or ":64" address
# bits for the first two, ":<compute capability>" for PTX; TILES_AMP_ROUTES where ROUTES is not
# given), so that a kernel's compile error fails the build at its line, and what they made is built
# into <target>, which launches them without clang. ROUTES with no route leaves every kernel to the
# run time, as do kernels the build cannot spell (one over arrays of short vectors) and a kernel
# named as another of its source (one function's, on one line): the build warns of each.
set(TILES_AMP_ROUTES "clang-spir" CACHE STRING
    "the routes tiles_amp_sources() compiles C++ AMP kernels for at build time (clang-spir, clang-spirv, clang-ptx)")
function(tiles_amp_sources target)
  cmake_parse_arguments(PARSE_ARGV 1 amp "" "" "ROUTES")
  if("ROUTES" IN_LIST amp_KEYWORDS_MISSING_VALUES)
    set(routes "")
  elseif(DEFINED amp_ROUTES)
    set(routes "${amp_ROUTES}")
  else()
    set(routes "${TILES_AMP_ROUTES}")
  endif()
  list(JOIN routes "," routes)
  if(NOT TARGET tiles::tiles-amp)
    message(FATAL_ERROR "tiles_amp_sources(${target} ...): tiles-amp, the C++ AMP translator, is not built here "
                        "(it needs clang 14's LibTooling: llvm-14-dev libclang-14-dev libclang-cpp14-dev on Debian)")
  endif()
  get_target_property(tool tiles::tiles-amp ALIASED_TARGET)
  if(NOT tool)
    set(tool tiles::tiles-amp)
  endif()
  target_link_libraries(${target} PRIVATE tiles::core)
  set(includes "$<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>")
  set(definitions "$<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>")
  foreach(source IN LISTS amp_UNPARSED_ARGUMENTS)
    get_filename_component(absolute "${source}" ABSOLUTE)
    get_filename_component(name "${source}" NAME)
    set(translated "${CMAKE_CURRENT_BINARY_DIR}/tiles_amp/${target}/${name}")
    set(ahead "")
    set(kernels "")
    if(routes)
      set(kernels "${translated}.kernels.inc")
      set(ahead --routes "${routes}" --ahead "${kernels}")
    endif()
    add_custom_command(
      OUTPUT "${translated}" ${kernels}
      COMMAND "$<TARGET_FILE:${tool}>" "${absolute}" -o "${translated}" --depfile "${translated}.d" ${ahead} -- -std=c++17
              "$<$<BOOL:${includes}>:-I$<JOIN:${includes},;-I>>" "$<$<BOOL:${definitions}>:-D$<JOIN:${definitions},;-D>>"
      DEPENDS "${absolute}" ${tool}
      DEPFILE "${translated}.d"
      COMMENT "Translating the C++ AMP source ${source}"
      COMMAND_EXPAND_LISTS VERBATIM)
    target_sources(${target} PRIVATE "${translated}")
    # The source as written is not compiled, even where add_executable() lists it too: only
    # its translation is.
    set_source_files_properties("${absolute}" TARGET_DIRECTORY ${target} PROPERTIES HEADER_FILE_ONLY ON)
    # The translation lies in the build tree: an #include "..." it did not rewrite looks in the
    # source's folder first, as the source's did.
    get_filename_component(directory "${absolute}" DIRECTORY)
    set_source_files_properties("${translated}" PROPERTIES COMPILE_OPTIONS "-iquote;${directory}")
  endforeach()
endfunction()
