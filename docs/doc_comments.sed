# libtiles' headers document each declaration with the plain comment above it (or after it, on
# the same line); Doxygen reads only its own comment markers. This filter, Doxygen's INPUT_FILTER,
# marks the plain comments as Doxygen's while it reads the headers; the headers stay as they are.
s|^([[:space:]]*)//([^/!]\|$)|\1///\2|
s|^([[:space:]]*)/\*([^*!])|\1/**\2|
s|([;,{)][[:space:]]*)//([^/!])|\1///<\2|
s|([;,{)][[:space:]]*)/\*([^*!])|\1/**<\2|
