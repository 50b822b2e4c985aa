# tiles_embed_files(<target> <symbol-prefix> <absolute paths...>): compiles each file into <target> as a
# `const char <prefix>_<stem>[]` holding its text, regenerated when the file changes.
function(tiles_embed_files target prefix)
  foreach(file IN LISTS ARGN)
    get_filename_component(stem "${file}" NAME_WE)
    set(symbol "${prefix}_${stem}")
    set(output "${CMAKE_CURRENT_BINARY_DIR}/embedded/${symbol}.cpp")
    add_custom_command(
      OUTPUT "${output}"
      COMMAND "${CMAKE_COMMAND}" -DINPUT=${file} -DOUTPUT=${output}
              -DNAME=${symbol} -P "${PROJECT_SOURCE_DIR}/cmake/embed_file.cmake"
      DEPENDS "${file}" "${PROJECT_SOURCE_DIR}/cmake/embed_file.cmake"
      COMMENT "Embedding ${file}"
      VERBATIM)
    target_sources(${target} PRIVATE "${output}")
  endforeach()
endfunction()
