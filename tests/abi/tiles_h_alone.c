#include "tiles.h" /* tiles.h needs nothing else: compiled alone as C99 and as C++17 (see CMakeLists.txt) */

/* Every _INIT macro, expanded as a caller would: their null pointers are NULL, not the 0 that
 * C++'s -Wzero-as-null-pointer-constant warns of. */
void use_every_init_macro(void);
void use_every_init_macro(void) {
    tiles_dtype_info dtype_info = TILES_DTYPE_INFO_INIT;
    tiles_device_info device_info = TILES_DEVICE_INFO_INIT;
    tiles_counters counters = TILES_COUNTERS_INIT;
    tiles_shape shape = TILES_SHAPE_INIT;
    tiles_kernel_options kernel_options = TILES_KERNEL_OPTIONS_INIT;
    tiles_domain domain = TILES_DOMAIN_INIT;
    tiles_diagnostic diagnostic = TILES_DIAGNOSTIC_INIT;
    tiles_event_profile event_profile = TILES_EVENT_PROFILE_INIT;
    tiles_band band = TILES_BAND_INIT;
    (void)dtype_info;
    (void)device_info;
    (void)counters;
    (void)shape;
    (void)kernel_options;
    (void)domain;
    (void)diagnostic;
    (void)event_profile;
    (void)band;
}
