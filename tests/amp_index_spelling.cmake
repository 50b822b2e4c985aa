# C++ AMP programs say `using namespace concurrency;` and then `index<2>`. glibc's <string.h>
# declares a function ::index(), which would stand beside tiles::index under `using namespace
# tiles;` and make `index<2>` ambiguous. So every public header HEADERS (each alone, with what it
# includes) must leave ::index() undeclared: the AMP spelling compiles with COMPILER and FLAGS
# (under `using namespace concurrency;` for <amp.h> and its companions, HEADERS' cppamp/*.h).
# The headers DECLARING bring it in through a header not libtiles' own (CL/opencl.hpp), as does a
# program that includes <cstring> itself: there, and with every header, the From C++ AMP guide's one-line fix (a
# using-declaration in the function) must compile. The programs are written into WORK.
#   cmake -DCOMPILER=c++ -DFLAGS=-I...;... -DHEADERS=tiles.hpp;... -DDECLARING=... -DWORK=dir -P THIS
cmake_policy(VERSION 3.20)
file(MAKE_DIRECTORY "${WORK}")
set(failures "")

# compiles(<name> <text>): whether COMPILER accepts the program <text>; its errors go to the log.
function(compiles name text result)
  file(WRITE "${WORK}/${name}.cpp" "${text}")
  execute_process(COMMAND "${COMPILER}" ${FLAGS} -fsyntax-only "${WORK}/${name}.cpp" RESULT_VARIABLE status
                  OUTPUT_VARIABLE output ERROR_VARIABLE output)
  if(status EQUAL 0)
    set(${result} TRUE PARENT_SCOPE)
  else()
    string(REGEX MATCH "[^\n]*error[^\n]*" first_error "${output}")
    message("${name}: ${first_error}")
    set(${result} FALSE PARENT_SCOPE)
  endif()
endfunction()

foreach(header IN LISTS HEADERS)
  string(MAKE_C_IDENTIFIER "${header}" name)
  # C++ AMP's own headers (cppamp/amp.h ...) with C++ AMP's namespace.
  set(namespace tiles)
  if(header MATCHES "^cppamp/")
    set(namespace concurrency)
  endif()
  if(NOT header IN_LIST DECLARING)
    compiles("amp_${name}" "#include <tiles/${header}>\n#include <tiles/extent.hpp>\nusing namespace ${namespace};\n\
int main() { index<2> i(1, 2); return i[0] - 1; }\n" ok)
    if(NOT ok)
      list(APPEND failures "index<2> under using namespace ${namespace}, after tiles/${header}")
    endif()
  endif()
  compiles("fix_${name}" "#include <cstring>\n#include <tiles/${header}>\n#include <tiles/extent.hpp>\n\
using namespace ${namespace};\nint main() { using ${namespace}::index; index<2> i(1, 2); return i[0] - 1; }\n" ok)
  if(NOT ok)
    list(APPEND failures "the using-declaration ${namespace}::index after <cstring> and tiles/${header}")
  endif()
endforeach()

if(failures)
  list(JOIN failures "\n  " listed)
  message(FATAL_ERROR "${COMPILER} refused:\n  ${listed}")
endif()
