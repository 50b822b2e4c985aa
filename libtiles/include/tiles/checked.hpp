// libtiles: checked mode. An accelerator view made by create_checked_view() runs its launches
// on the Oclgrind OpenCL simulator (Debian package oclgrind), which watches every memory access;
// what it finds (data races, uninitialized tile_static memory, out-of-bounds accesses, barriers
// not every work-item of a tile reaches) becomes diagnostics at the kernel's own lines. Setting
// TILES_CHECKED=1 (or =strict) makes the default view a checked one. Off, it costs nothing:
// Oclgrind is not even loaded.
#pragma once

#include "tiles/check_report.hpp"

namespace tiles {

class accelerator_view;

// A new view on the Oclgrind simulator: every launch on it waits for the kernel and records
// what the simulator found; a strict one throws check_failed for it. Refused with
// unsupported_feature, saying how to install it, where Oclgrind is missing (TILES_OCLGRIND
// may name its liboclgrind-rt-icd.so). Oclgrind is not thread-safe: use checked views from one
// thread, the one that made them.
accelerator_view create_checked_view(bool strict = false);

// Whether `view` is checked, what its launches found so far, and forgetting it.
bool is_checked(const accelerator_view& view);
check_report get_check_report(const accelerator_view& view);
void clear_check_report(const accelerator_view& view);

} // namespace tiles
