# The stand-in LLVM's version, 14.0.6, compatible with a request for 14.
set(PACKAGE_VERSION "14.0.6")
if(PACKAGE_FIND_VERSION_MAJOR EQUAL 14)
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
endif()
