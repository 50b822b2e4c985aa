/* What every C example shares: the "Running on" line, its kernels read from their files, keeping
 * the first failure of a sequence of calls, and reporting a failure with libtiles' message. */
#ifndef EXAMPLE_SUPPORT_H
#define EXAMPLE_SUPPORT_H

#include "tiles.h"

/* Prints "Running on <name of the default device>" and a blank line. */
tiles_status print_running_on(void);

/* The kernel `name` of the file examples/kernels/`file` (EXAMPLE_KERNELS, the folder's path,
 * comes from the examples' CMakeLists.txt): kernels are OpenCL C, compiled by the driver at their
 * first launch. A file that cannot be read is TILES_ERROR_INVALID_ARGUMENT, said on stderr. */
tiles_status kernel_from_file(tiles_kernel** out, const char* file, const char* name);

/* `earlier` if it is a failure, else `later`: how a sequence of calls keeps its first failure
 * while still releasing everything it made. */
tiles_status first_failure(tiles_status earlier, tiles_status later);

/* Prints "<program>: <status name>: <libtiles' message>" on stderr; returns 1, the exit status. */
int report_failure(const char* program, tiles_status status);

#endif
