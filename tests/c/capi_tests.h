/* The C tests of tiles.h, one function per test, each returning its number of failed checks;
 * tests/test_capi.cpp runs each as one Catch2 test case. */
#ifndef CAPI_TESTS_H
#define CAPI_TESTS_H

#ifdef __cplusplus
extern "C" {
#endif

/* test_accelerators.c */
int test_device_info_amp_properties(void);
int test_set_default_device_after_use(void);
int test_set_default_device_before_use(void);
int test_queuing_modes_flush_and_markers(void);
int test_staging_arrays(void);
int test_extent_of_in_kernels_launched_from_c(void);
int test_extent_of_refused_above_rank_3(void);

/* test_amp.c */
int test_cpp_kernel_runs_the_seed_tile_average(void);
int test_cpp_program_builds_ahead_and_names_its_kernels(void);
int test_cpp_program_built_for_a_tile_shape_compiles_once_for_all_its_kernels(void);
int test_cpp_kernel_refusals(void);

/* test_algorithms.c */
int test_reduce_matches_c_loops(void);
int test_reduce_as_sums_ints_in_long_without_wrapping(void);
int test_reduce_into_leaves_the_result_on_the_device_until_it_is_read(void);
int test_block_grid(void);
int test_block_sum_and_average_match_c_loops(void);
int test_transpose_matches_a_c_loop(void);
int test_gemm_matches_c_loops(void);
int test_gemm_precisions_match_c_loops(void);
int test_algorithm_parameters_by_name(void);
int test_stencil_matches_c_loops(void);
int test_algorithms_run_where_they_are_told(void);
int test_data_of_no_elements_counts_where_it_stands(void);
int test_algorithm_refusals(void);
int test_algorithms_described(void);

/* test_reductions.c */
int test_reductions_match_c_loops(void);
int test_reductions_refusals(void);
int test_reductions_where_and_initial_match_c_loops(void);
int test_scans_match_c_loops(void);

/* test_sort.c */
int test_sort_floats_match_qsort(void);
int test_sort_descending_along_axis_0_matches_qsort(void);
int test_sort_refusals(void);

/* test_user_kernels.c */
int test_elementwise_kernel_matches_a_c_loop(void);
int test_reduction_kernel_matches_c_loops(void);
int test_user_kernel_refusals(void);

/* test_gather.c */
int test_gather_take_matches_a_c_loop(void);
int test_gather_scatter_and_gather_through_an_index(void);
int test_gather_true_positions_match_a_c_loop(void);

/* test_elementwise.c */
int test_elementwise_matches_c_loops(void);
int test_elementwise_integers_and_comparisons_as_numpy(void);
int test_elementwise_weak_scalars_and_sections(void);
int test_elementwise_result_types_are_numpys(void);
int test_elementwise_math_functions_match_c(void);
int test_elementwise_refusals(void);
int test_elementwise_where_matches_a_c_loop(void);
int test_elementwise_masked_writes_where_the_mask_is_true(void);
int test_elementwise_placed_operands_write_through(void);

/* test_fused.c */
int test_fused_chain_matches_a_c_loop(void);
int test_fused_mixed_dtypes_broadcast(void);
int test_fused_refusals(void);

/* test_linalg.c */
int test_cholesky_matches_a_c_loop(void);
int test_cholesky_refusals(void);
int test_qr_matches_its_properties(void);
int test_qr_refusals(void);
int test_svd_matches_its_properties(void);
int test_svdvals_of_a_scaled_permutation(void);
int test_svd_refusals(void);
int test_eigh_matches_its_properties(void);
int test_eigvalsh_of_the_second_difference_matrix(void);
int test_eigh_refusals(void);
int test_solve_and_inv_leave_small_residuals(void);
int test_slogdet_of_a_known_matrix_and_a_singular_one(void);
int test_solve_refusals(void);

/* test_half.c */
int test_half_and_bfloat16_data(void);

/* test_complex.c */
int test_complex_data(void);

/* test_split.c */
int test_split_bands_and_their_halo_exchange(void);
int test_split_refusals(void);
int test_split_algorithms_equal_one_contexts(void);
int test_split_gemm_where_the_bands_are(void);

/* test_checked.c */
int test_checked_context_reports_the_seed_race(void);
int test_strict_checked_context_refuses_the_race(void);
int test_checked_reads_of_unset_tile_static_memory_at_their_lines(void);
int test_checked_missing_barrier_is_one_race(void);
int test_checked_race_between_tiles_is_one_report(void);
int test_checked_barrier_divergence_names_tiles_and_work_items(void);
int test_checked_context_as_a_gpu_runs_the_algorithms_clean(void);
int test_checked_sections_report_only_real_bugs(void);
int test_checked_lines_are_the_kernels_own_or_unknown(void);
int test_checked_host_writes_behind_a_view_without_refresh(void);

/* test_log.c */
int test_log_reaches_the_callback(void);
int test_log_carries_the_compilers_warnings(void);
int test_a_tiles_log_value_it_does_not_take_is_a_warning_of_the_log(void);

/* test_errors.c */
int test_version(void);
int test_status_strings(void);
int test_last_error_message_is_per_thread_and_kept_by_successes(void);
int test_no_writeback_error_without_a_failed_writeback(void);
int test_element_types(void);
int test_enumeration_names(void);
int test_last_error_parts_name_a_refused_element_type(void);
int test_last_error_marks_the_names_only_in_marked_message(void);
int test_the_callers_text_in_a_message_is_never_read_as_marks(void);

/* test_devices.c */
int test_device_enumeration(void);
int test_default_device_and_selectors(void);
int test_device_info_refusals(void);
int test_backend_verdicts(void);
int test_contexts(void);
int test_counters(void);

/* test_pool.c */
int test_pool_reuses_released_buffers_by_size(void);

/* test_data.c */
int test_array_round_trip(void);
int test_opaque_and_double_elements(void);
int test_shape_refusals(void);
int test_view_read_and_write_sizes(void);
int test_view_host_access(void);
int test_sections(void);
int test_discard_refresh_and_synchronize(void);
int test_copies_and_events(void);
int test_arrays_beyond_the_device_memory_are_refused(void);
int test_view_and_array_queries(void);

/* test_host_memory.c */
int test_host_alloc_and_free(void);
int test_staged_copies_of_c_buffers(void);

/* test_views.c */
int test_views_without_a_source(void);
int test_projections_and_strides(void);
int test_reshape_and_reinterpret(void);
int test_kernels_write_a_reshaped_view_and_nothing_after_it(void);
int test_data_and_launches_of_rank_above_3(void);
int test_shapes_and_domains_of_an_older_header(void);

/* test_launch.c */
int test_scalar_arguments(void);
int test_tile_static_memory_argument(void);
int test_untiled_rank_3_launch(void);
int test_launch_runs_where_its_array_lives(void);
int test_one_kernel_from_several_threads(void);
int test_build_failures(void);
int test_a_failed_build_leaves_the_cache_usable(void);
int test_argument_refusals(void);
int test_a_refused_launch_keeps_no_view(void);
int test_domain_refusals(void);
int test_exported_argument_makers(void);
int test_kernel_build_ahead_with_its_log(void);
int test_program_build_names_the_kernels_of_a_mixed_source(void);
int test_program_built_for_a_tile_shape_compiles_once_for_all_its_kernels(void);
int test_events_give_opencls_profiling_times(void);
int test_struct_parameters_take_elements_of_their_size(void);

/* test_seed_examples.c */
int test_seed_tile_average(void);
int test_seed_memory_fence(void);
int test_seed_race_condition(void);
int test_seed_tile_static_average(void);
int test_seed_tiling_description(void);

/* test_handles.c */
int test_releasing_null_succeeds(void);
int test_retain_and_release(void);
int test_double_release_is_refused(void);
int test_released_handles_are_refused(void);
int test_handles_of_the_wrong_kind_are_refused(void);
int test_null_handles_are_refused(void);
int test_null_out_pointers_are_refused(void);
int test_descriptor_structs_too_small_are_refused(void);
int test_stale_handles_are_refused_after_their_address_is_reused(void);
int test_stale_report_handles_are_refused_after_their_address_is_reused(void);
int test_a_launch_through_a_stale_view_is_refused(void);

/* test_threads.c */
int test_threads_launch_on_one_context(void);
int test_threads_launch_on_contexts_of_their_own(void);
int test_threads_release_the_references_of_one_handle_together(void);

/* test_devices.c: only in the environments CTest gives them */
int test_tiles_device_naming_no_device_is_refused_by_name(void);
int test_driver_without_a_cache_directory_is_named(void);

/* test_no_device.c: only where there is no OpenCL device */
int test_no_opencl_device(void);

#ifdef __cplusplus
}
#endif

#endif
