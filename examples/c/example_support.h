/* What every C example shares: the "Running on" line, keeping the first failure of a sequence of
 * calls, and reporting a failure with libtiles' message. */
#ifndef EXAMPLE_SUPPORT_H
#define EXAMPLE_SUPPORT_H

#include "tiles.h"

/* Prints "Running on <name of the default device>" and a blank line. */
tiles_status print_running_on(void);

/* `earlier` if it is a failure, else `later`: how a sequence of calls keeps its first failure
 * while still releasing everything it made. */
tiles_status first_failure(tiles_status earlier, tiles_status later);

/* Prints "<program>: <status name>: <libtiles' message>" on stderr; returns 1, the exit status. */
int report_failure(const char* program, tiles_status status);

#endif
