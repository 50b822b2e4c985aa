# Turns one file into a C++ source defining `const TYPE NAME[]` (TYPE: char unless given, as for
# a text; `unsigned char` for a binary) with its contents and a 0 after them, and
# `const std::size_t NAME_size`, their size.
# Run as a build step (cmake -DINPUT=... -DOUTPUT=... -DNAME=... -P embed_file.cmake) so that
# kernels stay plain OpenCL C files in the source tree and nothing generated lives there.
if(NOT DEFINED TYPE)
  set(TYPE char)
endif()
file(READ "${INPUT}" hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" bytes "${bytes}")
file(WRITE "${OUTPUT}.tmp"
  "// Generated from ${INPUT}; do not edit.\n"
  "#include <cstddef>\n"
  "extern const ${TYPE} ${NAME}[];\n"
  "extern const std::size_t ${NAME}_size;\n"
  "const ${TYPE} ${NAME}[] = {\n${bytes}0x00};\n"
  "const std::size_t ${NAME}_size = sizeof ${NAME} - 1;\n")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
