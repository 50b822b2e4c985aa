# xxHash for libtiles' stable hashes (XXH3, from xxHash 0.8 on): the header alone, which the engine
# compiles in (XXH_INLINE_ALL), so that neither libtiles nor the installed package links libxxhash.
# Where it is missing, configuration stops naming the package that holds it.
find_path(TILES_XXHASH_INCLUDE_DIR xxhash.h)
set(tiles_xxhash_version "")
if(TILES_XXHASH_INCLUDE_DIR)
  file(STRINGS "${TILES_XXHASH_INCLUDE_DIR}/xxhash.h" tiles_xxhash_version_lines
       REGEX "^#define XXH_VERSION_(MAJOR|MINOR) +[0-9]+")
  string(REGEX REPLACE ".*MAJOR +([0-9]+).*MINOR +([0-9]+).*" "\\1.\\2" tiles_xxhash_version
                       "${tiles_xxhash_version_lines}")
endif()
if(NOT TILES_XXHASH_INCLUDE_DIR OR tiles_xxhash_version VERSION_LESS 0.8)
  message(FATAL_ERROR "libtiles needs xxHash's header xxhash.h, of version 0.8 or later (XXH3), and found "
                      "${TILES_XXHASH_INCLUDE_DIR} ${tiles_xxhash_version}\n"
                      "On Debian or Ubuntu it is the package libxxhash-dev:\n  sudo apt-get install libxxhash-dev\n"
                      "Elsewhere, give its place with -DTILES_XXHASH_INCLUDE_DIR=DIR.")
endif()
