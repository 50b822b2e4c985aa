/* Kernels written for checked mode's tests (tests/kernels/checked.cl), for the C++ and the C
 * tests, and the lines of their bugs, where the tests expect the diagnostics. */
#ifndef CHECKED_KERNELS_H
#define CHECKED_KERNELS_H

extern const char test_kernel_checked[];

/* mirror_unset_values: the read of what nothing stored. */
#define UNSET_VALUE_READ_LINE 21
/* mirror_without_barrier: the store, and the read that races with it. */
#define UNFENCED_STORE_LINE 30
#define UNFENCED_READ_LINE 31
/* unset_flag: the `if` on a flag nothing stored. */
#define UNSET_FLAG_LINE 51
/* half_at_barrier: the barrier half of each tile reaches. */
#define HALF_BARRIER_LINE 66
/* split_at_barriers: the barriers each half of a tile waits at. */
#define SPLIT_FIRST_BARRIER_LINE 74
#define SPLIT_SECOND_BARRIER_LINE 76
/* mirror_from_global: the read of what another tile's work-item stores, and that store. */
#define GLOBAL_MIRROR_READ_LINE 95
#define GLOBAL_STORE_LINE 96

#endif
