// The C tests of tiles.h (tests/c, compiled as strict C99) run by Catch2: one test case per C test
// function, which prints each failed check with its file and line and returns how many failed.
#include <catch2/catch.hpp>

#include "c/capi_tests.h"

#define C_TEST(function, tags)                                                                                         \
    TEST_CASE(#function, tags) { REQUIRE(function() == 0); }

C_TEST(test_device_info_amp_properties, "[accelerators]")
C_TEST(test_set_default_device_after_use, "[accelerators]")
// Hidden from runs of the whole program: CTest runs it alone, before anything uses the default.
C_TEST(test_set_default_device_before_use, "[.][set-default]")
C_TEST(test_queuing_modes_flush_and_markers, "[accelerators]")
C_TEST(test_staging_arrays, "[accelerators][data]")
C_TEST(test_extent_of_in_kernels_launched_from_c, "[accelerators][launch]")
C_TEST(test_extent_of_refused_above_rank_3, "[accelerators][launch]")

C_TEST(test_reduce_matches_c_loops, "[algorithms]")
C_TEST(test_reduce_as_sums_ints_in_long_without_wrapping, "[algorithms]")
C_TEST(test_reduce_into_leaves_the_result_on_the_device_until_it_is_read, "[algorithms]")
C_TEST(test_block_grid, "[algorithms]")
C_TEST(test_block_sum_and_average_match_c_loops, "[algorithms]")
C_TEST(test_transpose_matches_a_c_loop, "[algorithms]")
C_TEST(test_gemm_matches_c_loops, "[algorithms]")
C_TEST(test_gemm_precisions_match_c_loops, "[algorithms][precision]")
C_TEST(test_algorithm_parameters_by_name, "[algorithms][parameters]")
C_TEST(test_stencil_matches_c_loops, "[algorithms]")
C_TEST(test_algorithms_run_where_they_are_told, "[algorithms]")
C_TEST(test_algorithm_refusals, "[algorithms]")

C_TEST(test_checked_context_reports_the_seed_race, "[checked]")
C_TEST(test_strict_checked_context_refuses_the_race, "[checked]")
C_TEST(test_checked_reads_of_unset_tile_static_memory_at_their_lines, "[checked]")
C_TEST(test_checked_missing_barrier_is_one_race, "[checked]")
C_TEST(test_checked_race_between_tiles_is_one_report, "[checked]")
C_TEST(test_checked_barrier_divergence_names_tiles_and_work_items, "[checked]")
C_TEST(test_checked_context_as_a_gpu_runs_the_algorithms_clean, "[checked][algorithms]")
C_TEST(test_checked_sections_report_only_real_bugs, "[checked][sections]")
C_TEST(test_checked_lines_are_the_kernels_own_or_unknown, "[checked]")

C_TEST(test_version, "[errors]")
C_TEST(test_status_strings, "[errors]")
C_TEST(test_last_error_message_is_per_thread_and_kept_by_successes, "[errors]")
C_TEST(test_no_writeback_error_without_a_failed_writeback, "[errors]")
C_TEST(test_element_types, "[errors]")

C_TEST(test_device_enumeration, "[devices]")
C_TEST(test_default_device_and_selectors, "[devices]")
C_TEST(test_device_info_refusals, "[devices]")
C_TEST(test_contexts, "[devices]")
C_TEST(test_counters, "[devices]")

C_TEST(test_array_round_trip, "[data]")
C_TEST(test_opaque_and_double_elements, "[data]")
C_TEST(test_shape_refusals, "[data]")
C_TEST(test_view_read_and_write_sizes, "[data]")
C_TEST(test_view_host_access, "[data]")
C_TEST(test_sections, "[data]")
C_TEST(test_discard_refresh_and_synchronize, "[data]")
C_TEST(test_copies_and_events, "[data]")
C_TEST(test_arrays_beyond_the_device_memory_are_refused, "[data][memory]")
C_TEST(test_view_and_array_queries, "[data]")

C_TEST(test_host_alloc_and_free, "[data][staged]")
C_TEST(test_staged_copies_of_c_buffers, "[data][staged]")
C_TEST(test_views_without_a_source, "[data][views]")
C_TEST(test_projections_and_strides, "[data][views]")
C_TEST(test_reshape_and_reinterpret, "[data][views]")
C_TEST(test_data_and_launches_of_rank_above_3, "[data][views][rank]")
C_TEST(test_shapes_and_domains_of_an_older_header, "[data][views][abi]")

C_TEST(test_cpp_kernel_runs_the_seed_tile_average, "[amp]")
C_TEST(test_cpp_program_builds_ahead_and_names_its_kernels, "[amp]")
C_TEST(test_cpp_kernel_refusals, "[amp]")
C_TEST(test_scalar_arguments, "[launch]")
C_TEST(test_tile_static_memory_argument, "[launch]")
C_TEST(test_untiled_rank_3_launch, "[launch]")
C_TEST(test_launch_runs_where_its_array_lives, "[launch]")
C_TEST(test_one_kernel_from_several_threads, "[launch][threads]")
C_TEST(test_build_failures, "[launch]")
C_TEST(test_a_failed_build_leaves_the_cache_usable, "[launch][cache]")
C_TEST(test_argument_refusals, "[launch]")
C_TEST(test_a_refused_launch_keeps_no_view, "[launch]")
C_TEST(test_domain_refusals, "[launch]")
C_TEST(test_exported_argument_makers, "[launch]")
C_TEST(test_kernel_build_ahead_with_its_log, "[launch]")
C_TEST(test_program_build_names_the_kernels_of_a_mixed_source, "[launch]")
C_TEST(test_program_built_for_a_tile_shape_compiles_once_for_all_its_kernels, "[launch]")
C_TEST(test_events_give_opencls_profiling_times, "[launch]")
C_TEST(test_struct_parameters_take_elements_of_their_size, "[launch]")

C_TEST(test_log_reaches_the_callback, "[log]")
C_TEST(test_log_carries_the_compilers_warnings, "[log]")

C_TEST(test_seed_tile_average, "[seed]")
C_TEST(test_seed_memory_fence, "[seed]")
C_TEST(test_seed_race_condition, "[seed]")
C_TEST(test_seed_tile_static_average, "[seed]")
C_TEST(test_seed_tiling_description, "[seed]")

C_TEST(test_releasing_null_succeeds, "[handles]")
C_TEST(test_retain_and_release, "[handles]")
C_TEST(test_double_release_is_refused, "[handles]")
C_TEST(test_released_handles_are_refused, "[handles]")
C_TEST(test_handles_of_the_wrong_kind_are_refused, "[handles]")
C_TEST(test_null_handles_are_refused, "[handles]")
C_TEST(test_null_out_pointers_are_refused, "[handles]")
C_TEST(test_descriptor_structs_too_small_are_refused, "[handles]")

C_TEST(test_threads_launch_on_one_context, "[threads]")
C_TEST(test_threads_launch_on_contexts_of_their_own, "[threads]")
C_TEST(test_threads_release_the_references_of_one_handle_together, "[threads]")

// Hidden ([.]): they need a process without OpenCL devices, with TILES_DEVICE=nonsense or
// TILES_LOG=loud, or without a cache directory for the driver, which CTest gives them.
C_TEST(test_no_opencl_device, "[.][no-device]")
C_TEST(test_tiles_device_naming_no_device_is_refused_by_name, "[.][bad-tiles-device]")
C_TEST(test_driver_without_a_cache_directory_is_named, "[.][no-cache-directory]")
C_TEST(test_a_tiles_log_value_it_does_not_take_is_a_warning_of_the_log, "[.][bad-tiles-log]")
C_TEST(test_split_bands_and_their_halo_exchange, "[split]")
C_TEST(test_split_refusals, "[split]")
C_TEST(test_split_algorithms_equal_one_contexts, "[split]")
C_TEST(test_half_and_bfloat16_data, "[half]")
