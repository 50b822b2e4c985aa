# Turns one text file into a C++ source defining `const char NAME[]` with its contents.
# Run as a build step (cmake -DINPUT=... -DOUTPUT=... -DNAME=... -P embed_file.cmake) so that
# kernels stay plain OpenCL C files in the source tree and nothing generated lives there.
file(READ "${INPUT}" hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" bytes "${bytes}")
file(WRITE "${OUTPUT}.tmp"
  "// Generated from ${INPUT}; do not edit.\n"
  "extern const char ${NAME}[];\n"
  "const char ${NAME}[] = {\n${bytes}0x00};\n")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
