/* libtiles: the C API, the one public C header. Valid C99 and C++.
 *
 * Conventions: every function that can fail returns a tiles_status (TILES_SUCCESS is 0,
 * failures are negative) and writes its results through pointer arguments named out*. After a
 * failure, tiles_last_error_message() says what went wrong on the calling thread. */
#ifndef TILES_H
#define TILES_H

#include <stddef.h>

#if defined(TILES_BUILDING_LIBRARY) && defined(__GNUC__)
#define TILES_API __attribute__((visibility("default")))
#else
#define TILES_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Version ---------------------------------------------------------------------------- */

#define TILES_VERSION_MAJOR 0
#define TILES_VERSION_MINOR 1
#define TILES_VERSION_PATCH 0
#define TILES_VERSION_NUMBER (TILES_VERSION_MAJOR * 10000 + TILES_VERSION_MINOR * 100 + TILES_VERSION_PATCH)

/* The version of the loaded library as TILES_VERSION_NUMBER computes it; compare it with the
 * macro to detect a header/library mismatch. Thread-safe. */
TILES_API unsigned tiles_version_number(void);

/* The version of the loaded library as "major.minor.patch"; a static string. Thread-safe. */
TILES_API const char* tiles_version_string(void);

/* ---- Statuses and errors ---------------------------------------------------------------- */

/* 0 is success. OpenCL's own codes (-1 .. -72, -1000 .. -1142) pass through unchanged when an
 * OpenCL call failed; libtiles' own codes lie from -2000 down. */
typedef enum tiles_status {
    TILES_SUCCESS = 0,
    TILES_ERROR_INVALID_ARGUMENT = -2000,       /* a NULL pointer, a bad value, a type mismatch */
    TILES_ERROR_INVALID_COMPUTE_DOMAIN = -2001, /* a bad extent or tile for a launch */
    TILES_ERROR_OUT_OF_MEMORY = -2002,          /* the device or host is out of memory */
    TILES_ERROR_BUILD = -2003,                  /* a kernel did not compile; the message is its log */
    TILES_ERROR_UNSUPPORTED = -2004,            /* the device lacks a feature the call needs */
    TILES_ERROR_INTERNAL = -2099                /* a failure libtiles has no better name for */
} tiles_status;

/* A constant English name of a status ("TILES_ERROR_BUILD", "CL_OUT_OF_RESOURCES"). Never NULL;
 * thread-safe. */
TILES_API const char* tiles_status_string(tiles_status status);

/* What went wrong in the last failed call on this thread, naming the values involved; "" if no
 * call failed. Owned by libtiles, valid until the next failing call on this thread. Never NULL. */
TILES_API const char* tiles_last_error_message(void);

#ifdef __cplusplus
}
#endif

#endif /* TILES_H */
