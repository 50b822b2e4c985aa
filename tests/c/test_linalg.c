/* C tests of tiles_cholesky against a plain C Cholesky in double: float and double matrices of
 * sizes that are and are not multiples of its block (128), a stack of them, the upper factor, and
 * the error for a matrix that is not positive definite, which names its first failing column. And
 * of tiles_qr, its factors' properties checked in double: tall, wide, square, stacked, both modes.
 * And of tiles_svd likewise, with tiles_svdvals against the known values of a scaled permutation;
 * of tiles_eigh likewise, with tiles_eigvalsh against the second-difference matrix's eigenvalues;
 * of tiles_solve and tiles_inv by their residuals, tiles_slogdet against a known determinant, and
 * the error for a singular matrix, which names its column. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "capi_tests.h"
#include "support.h"

/* A small linear congruential generator, so that every run tests the same matrices. */
static unsigned random_state = 2024u;
static double random_unit(void) {
    random_state = random_state * 1664525u + 1013904223u;
    return (double)(random_state >> 8) / (double)(1u << 24) - 0.5;
}

/* `count` n x n symmetric positive-definite matrices, one after another: B B^T + n I. */
static double* spd_matrices(int count, int n) {
    double* b = malloc((size_t)n * (size_t)n * sizeof *b);
    double* a = malloc((size_t)count * (size_t)n * (size_t)n * sizeof *a);
    for (int m = 0; m < count; m++) {
        double* matrix = a + (size_t)m * (size_t)n * (size_t)n;
        for (int i = 0; i < n * n; i++) b[i] = random_unit();
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                double sum = i == j ? n : 0;
                for (int k = 0; k < n; k++) sum += b[i * n + k] * b[j * n + k];
                matrix[i * n + j] = sum;
            }
    }
    free(b);
    return a;
}

/* The lower Cholesky factor of the n x n matrix `a`, zeros above its diagonal (a is SPD). */
static double* reference_cholesky(const double* a, int n) {
    double* l = calloc((size_t)n * (size_t)n, sizeof *l);
    for (int j = 0; j < n; j++) {
        double diagonal = a[j * n + j];
        for (int k = 0; k < j; k++) diagonal -= l[j * n + k] * l[j * n + k];
        l[j * n + j] = sqrt(diagonal);
        for (int i = j + 1; i < n; i++) {
            double sum = a[i * n + j];
            for (int k = 0; k < j; k++) sum -= l[i * n + k] * l[j * n + k];
            l[i * n + j] = sum / l[j * n + j];
        }
    }
    return l;
}

static int fp64_device(void) {
    tiles_device* device = NULL;
    tiles_device_info info = TILES_DEVICE_INFO_INIT;
    const int known = tiles_device_default(&device) == TILES_SUCCESS && tiles_device_get_info(&info, device) == 0;
    tiles_device_release(device);
    return known && info.supports_fp64;
}

/* tiles_cholesky of `count` n x n matrices of `dtype` (a stack of rank 3 where count > 1), lower
 * or upper, within `tolerance` of the reference factor, element by element. */
static int cholesky_case(tiles_dtype dtype, int count, int n, int upper, double tolerance) {
    int failed = 0;
    const size_t elements = (size_t)count * (size_t)n * (size_t)n, size = tiles_dtype_size(dtype);
    double* a = spd_matrices(count, n);
    unsigned char* input = malloc(elements * size);
    unsigned char* output = calloc(elements, size);
    for (size_t i = 0; i < elements; i++) {
        if (dtype == TILES_FLOAT32)
            ((float*)input)[i] = (float)a[i];
        else
            ((double*)input)[i] = a[i];
    }
    const tiles_shape shape = count > 1 ? shape_of(dtype, 3, count, n, n) : shape_of(dtype, 2, n, n, 0);
    tiles_view *input_view = NULL, *output_view = NULL;
    CHECK_OK(tiles_view_create_const(&input_view, &shape, input));
    CHECK_OK(tiles_view_create(&output_view, &shape, output));
    if (CHECK_OK(tiles_cholesky(NULL, input_view, upper, output_view)) &&
        CHECK_OK(tiles_view_synchronize(output_view))) {
        double worst = 0;
        for (int m = 0; m < count; m++) {
            double* l = reference_cholesky(a + (size_t)m * (size_t)n * (size_t)n, n);
            for (int i = 0; i < n; i++)
                for (int j = 0; j < n; j++) {
                    const size_t at = ((size_t)m * (size_t)n + (size_t)i) * (size_t)n + (size_t)j;
                    const double got = dtype == TILES_FLOAT32 ? ((float*)output)[at] : ((double*)output)[at];
                    const double expected = upper ? l[j * n + i] : l[i * n + j];
                    const double error = fabs(got - expected) / (1 + fabs(expected));
                    if (error > worst) worst = error;
                }
            free(l);
        }
        if (!CHECK(worst <= tolerance)) printf("  worst relative error %g\n", worst);
    }
    CHECK_OK(tiles_view_release(input_view));
    CHECK_OK(tiles_view_release(output_view));
    if (failed) printf("  (cholesky of %d %s %dx%d, upper %d)\n", count, tiles_dtype_name(dtype), n, n, upper);
    free(output);
    free(input);
    free(a);
    return failed;
}

int test_cholesky_matches_a_c_loop(void) {
    int failed = 0;
    const int sizes[5] = {1, 7, 128, 200, 256};
    for (int s = 0; s < 5; s++) failed += cholesky_case(TILES_FLOAT32, 1, sizes[s], 0, 1e-5);
    failed += cholesky_case(TILES_FLOAT32, 3, 150, 0, 1e-5);
    failed += cholesky_case(TILES_FLOAT32, 1, 140, 1, 1e-5);
    if (fp64_device()) {
        failed += cholesky_case(TILES_FLOAT64, 1, 300, 0, 1e-12);
        failed += cholesky_case(TILES_FLOAT64, 2, 130, 1, 1e-12);
    }
    return failed;
}

int test_cholesky_refusals(void) {
    int failed = 0;
    const tiles_status invalid = TILES_ERROR_INVALID_ARGUMENT;
    /* Column 129 of a 160 x 160 matrix (in the second block) has a negative pivot. */
    double* a = spd_matrices(1, 160);
    float values[160 * 160], output[160 * 160];
    for (int i = 0; i < 160 * 160; i++) values[i] = (float)a[i];
    values[129 * 160 + 129] = -1000;
    const tiles_shape shape = shape_of(TILES_FLOAT32, 2, 160, 160, 0);
    const tiles_shape not_square = shape_of(TILES_FLOAT32, 2, 160, 10, 0);
    const tiles_shape ints = shape_of(TILES_INT32, 2, 10, 10, 0);
    tiles_view *input = NULL, *out = NULL, *wide = NULL, *int_view = NULL;
    CHECK_OK(tiles_view_create_const(&input, &shape, values));
    CHECK_OK(tiles_view_create(&out, &shape, output));
    CHECK_OK(tiles_view_create(&wide, &not_square, output));
    CHECK_OK(tiles_view_create(&int_view, &ints, output));
    CHECK_FAILS(tiles_cholesky(NULL, input, 0, out), invalid,
                "cholesky: the input is not positive definite: the pivot of column 129 (counted from 0)");
    CHECK_FAILS(tiles_cholesky(NULL, input, 0, out), invalid, "(LAPACK's info 130)");
    CHECK_FAILS(tiles_cholesky(NULL, wide, 0, out), invalid, "cholesky takes square matrices");
    CHECK_FAILS(tiles_cholesky(NULL, int_view, 0, int_view), invalid, "not int");
    CHECK_FAILS(tiles_cholesky(NULL, out, 0, out), invalid, "the same data");
    CHECK_FAILS(tiles_cholesky(NULL, input, 0, input), invalid, "the view is of const memory");
    tiles_view_release(int_view);
    tiles_view_release(wide);
    tiles_view_release(out);
    tiles_view_release(input);
    free(a);
    return failed;
}

/* The largest |(Q^T Q - I)_ij| and |(Q R - A)_ij| / (1 + max |A|) of one m x n matrix, in double,
 * Q m x qc and R rc x n (row-major); a nonzero below R's diagonal counts as an error of 1. */
static double qr_error(const double* a, const double* q, const double* r, int m, int n, int qc, int rc) {
    double worst = 0, scale = 1;
    for (int i = 0; i < m * n; i++) scale = fmax(scale, fabs(a[i]));
    for (int i = 0; i < qc; i++)
        for (int j = 0; j < qc; j++) {
            double sum = i == j ? -1 : 0;
            for (int k = 0; k < m; k++) sum += q[k * qc + i] * q[k * qc + j];
            worst = fmax(worst, fabs(sum));
        }
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            double sum = -a[i * n + j];
            for (int k = 0; k < rc && k < qc; k++) sum += q[i * qc + k] * r[k * n + j];
            worst = fmax(worst, fabs(sum) / scale);
        }
    for (int i = 0; i < rc; i++)
        for (int j = 0; j < i && j < n; j++)
            if (r[i * n + j] != 0) worst = 1;
    return worst;
}

static void to_doubles(double* out, const void* values, tiles_dtype dtype, size_t count) {
    for (size_t i = 0; i < count; i++)
        out[i] = dtype == TILES_FLOAT32 ? ((const float*)values)[i] : ((const double*)values)[i];
}

/* `count` elements of `a` as `dtype`, in a new array. */
static unsigned char* typed_copy(const double* a, tiles_dtype dtype, size_t count) {
    unsigned char* copy = malloc(count * tiles_dtype_size(dtype));
    for (size_t i = 0; i < count; i++)
        if (dtype == TILES_FLOAT32)
            ((float*)copy)[i] = (float)a[i];
        else
            ((double*)copy)[i] = a[i];
    return copy;
}

/* `count` random elements into `a`, and the same of `dtype` into a new array, returned. */
static unsigned char* random_input(double* a, tiles_dtype dtype, size_t count) {
    for (size_t i = 0; i < count; i++) a[i] = random_unit();
    return typed_copy(a, dtype, count);
}

/* tiles_qr of `count` m x n random matrices of `dtype`, checked in double: Q's columns
 * orthonormal, R upper triangular and Q R = A, each within `tolerance`. */
static int qr_case(tiles_dtype dtype, int count, int m, int n, int complete, double tolerance) {
    int failed = 0;
    const int k = m < n ? m : n, qc = complete ? m : k, rc = complete ? m : k;
    const size_t size = tiles_dtype_size(dtype), elements = (size_t)count * (size_t)m * (size_t)n;
    const size_t q_elements = (size_t)count * (size_t)m * (size_t)qc, r_elements = (size_t)count * (size_t)rc * n;
    double* a = malloc(elements * sizeof *a);
    unsigned char* input = random_input(a, dtype, elements);
    unsigned char* q = calloc(q_elements, size);
    unsigned char* r = calloc(r_elements, size);
    const tiles_shape shape = count > 1 ? shape_of(dtype, 3, count, m, n) : shape_of(dtype, 2, m, n, 0);
    const tiles_shape q_shape = count > 1 ? shape_of(dtype, 3, count, m, qc) : shape_of(dtype, 2, m, qc, 0);
    const tiles_shape r_shape = count > 1 ? shape_of(dtype, 3, count, rc, n) : shape_of(dtype, 2, rc, n, 0);
    tiles_view *input_view = NULL, *q_view = NULL, *r_view = NULL;
    CHECK_OK(tiles_view_create_const(&input_view, &shape, input));
    CHECK_OK(tiles_view_create(&q_view, &q_shape, q));
    CHECK_OK(tiles_view_create(&r_view, &r_shape, r));
    if (CHECK_OK(tiles_qr(NULL, input_view, complete, q_view, r_view)) && CHECK_OK(tiles_view_synchronize(q_view)) &&
        CHECK_OK(tiles_view_synchronize(r_view))) {
        double* qd = malloc(q_elements * sizeof *qd);
        double* rd = malloc(r_elements * sizeof *rd);
        to_doubles(qd, q, dtype, q_elements);
        to_doubles(rd, r, dtype, r_elements);
        double worst = 0;
        for (int c = 0; c < count; c++)
            worst = fmax(
                worst, qr_error(a + (size_t)c * m * n, qd + (size_t)c * m * qc, rd + (size_t)c * rc * n, m, n, qc, rc));
        if (!CHECK(worst <= tolerance)) printf("  worst error %g\n", worst);
        free(rd);
        free(qd);
    }
    CHECK_OK(tiles_view_release(input_view));
    CHECK_OK(tiles_view_release(q_view));
    CHECK_OK(tiles_view_release(r_view));
    if (failed) printf("  (qr of %d %s %dx%d, complete %d)\n", count, tiles_dtype_name(dtype), m, n, complete);
    free(r);
    free(q);
    free(input);
    free(a);
    return failed;
}

int test_qr_matches_its_properties(void) {
    int failed = 0;
    failed += qr_case(TILES_FLOAT32, 1, 1, 1, 0, 1e-5);
    failed += qr_case(TILES_FLOAT32, 1, 200, 150, 0, 1e-4);
    failed += qr_case(TILES_FLOAT32, 1, 130, 260, 0, 1e-4);
    failed += qr_case(TILES_FLOAT32, 1, 128, 128, 1, 1e-4);
    failed += qr_case(TILES_FLOAT32, 2, 150, 40, 1, 1e-4);
    /* Past 4096 rows, each leaf is factored over many work-groups. */
    failed += qr_case(TILES_FLOAT32, 2, 4200, 20, 0, 1e-4);
    if (fp64_device()) {
        failed += qr_case(TILES_FLOAT64, 1, 300, 140, 0, 1e-12);
        failed += qr_case(TILES_FLOAT64, 3, 70, 90, 1, 1e-12);
    }
    return failed;
}

int test_qr_refusals(void) {
    int failed = 0;
    const tiles_status invalid = TILES_ERROR_INVALID_ARGUMENT;
    float values[20 * 10] = {0}, q[20 * 20], r[20 * 10];
    const tiles_shape shape = shape_of(TILES_FLOAT32, 2, 20, 10, 0);
    const tiles_shape square = shape_of(TILES_FLOAT32, 2, 20, 20, 0);
    const tiles_shape reduced_r = shape_of(TILES_FLOAT32, 2, 10, 10, 0);
    tiles_view *input = NULL, *q_view = NULL, *r_view = NULL;
    CHECK_OK(tiles_view_create_const(&input, &shape, values));
    CHECK_OK(tiles_view_create(&q_view, &square, q));
    CHECK_OK(tiles_view_create(&r_view, &reduced_r, r));
    CHECK_FAILS(tiles_qr(NULL, input, 0, q_view, r_view), invalid, "qr: the orthogonal factor");
    CHECK_FAILS(tiles_qr(NULL, input, 1, q_view, r_view), invalid, "qr: the triangular factor");
    CHECK_FAILS(tiles_qr(NULL, input, 1, q_view, input), invalid, "the view is of const memory");
    /* The 20 x 10 data as 10 x 20: a stack's matrices are found by the data's layout, so refused. */
    tiles_view* reshaped = NULL;
    const int other[2] = {10, 20};
    CHECK_OK(tiles_view_reshape(&reshaped, input, 2, other));
    CHECK_FAILS(tiles_qr(NULL, reshaped, 1, q_view, r_view), invalid,
                "tiles_qr: the input view has another shape than its data (a view from tiles_view_reshape)");
    tiles_view_release(reshaped);
    tiles_view_release(r_view);
    tiles_view_release(q_view);
    tiles_view_release(input);
    return failed;
}

/* The largest |U^T U - I|, |Vh Vh^T - I| and |U diag(S) Vh - A| / (1 + max |A|) of one m x n
 * matrix, in double, U m x uc, S min(m, n) and Vh vr x n; values not descending, or negative,
 * count as an error of 1. */
static double svd_error(const double* a, const double* u, const double* s, const double* vh, int m, int n, int uc,
                        int vr) {
    const int k = m < n ? m : n;
    double worst = 0, scale = 1;
    for (int i = 0; i < m * n; i++) scale = fmax(scale, fabs(a[i]));
    for (int i = 0; i < uc; i++)
        for (int j = 0; j < uc; j++) {
            double sum = i == j ? -1 : 0;
            for (int p = 0; p < m; p++) sum += u[p * uc + i] * u[p * uc + j];
            worst = fmax(worst, fabs(sum));
        }
    for (int i = 0; i < vr; i++)
        for (int j = 0; j < vr; j++) {
            double sum = i == j ? -1 : 0;
            for (int p = 0; p < n; p++) sum += vh[i * n + p] * vh[j * n + p];
            worst = fmax(worst, fabs(sum));
        }
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            double sum = -a[i * n + j];
            for (int p = 0; p < k; p++) sum += u[i * uc + p] * s[p] * vh[p * n + j];
            worst = fmax(worst, fabs(sum) / scale);
        }
    for (int p = 0; p < k; p++)
        if (s[p] < 0 || (p > 0 && s[p] > s[p - 1])) worst = 1;
    return worst;
}

/* A view of `count` rows x columns matrices of `dtype` over `data`: rank 2 for one, else 3. */
static tiles_view* stack_view(tiles_dtype dtype, int count, int rows, int columns, void* data) {
    const tiles_shape shape =
        count > 1 ? shape_of(dtype, 3, count, rows, columns) : shape_of(dtype, 2, rows, columns, 0);
    tiles_view* view = NULL;
    return tiles_view_create(&view, &shape, data) == TILES_SUCCESS ? view : NULL;
}

/* tiles_svd of `count` m x n random matrices of `dtype`, checked in double by svd_error. */
static int svd_case(tiles_dtype dtype, int count, int m, int n, int full, double tolerance) {
    int failed = 0;
    const int k = m < n ? m : n, uc = full ? m : k, vr = full ? n : k;
    const size_t size = tiles_dtype_size(dtype), elements = (size_t)count * (size_t)m * (size_t)n;
    const size_t u_elements = (size_t)count * m * uc, s_elements = (size_t)count * k,
                 vh_elements = (size_t)count * vr * n;
    double* a = malloc((elements + u_elements + s_elements + vh_elements) * sizeof *a);
    double *ud = a + elements, *sd = ud + u_elements, *vhd = sd + s_elements;
    unsigned char* input = random_input(a, dtype, elements);
    unsigned char* u = calloc(u_elements + s_elements + vh_elements, size);
    unsigned char *s = u + u_elements * size, *vh = s + s_elements * size;
    tiles_view* input_view = stack_view(dtype, count, m, n, input);
    tiles_view* u_view = stack_view(dtype, count, m, uc, u);
    tiles_view* vh_view = stack_view(dtype, count, vr, n, vh);
    const tiles_shape s_shape = count > 1 ? shape_of(dtype, 2, count, k, 0) : shape_of(dtype, 1, k, 0, 0);
    tiles_view* s_view = NULL;
    CHECK_OK(tiles_view_create(&s_view, &s_shape, s));
    if (CHECK_OK(tiles_svd(NULL, input_view, full, u_view, s_view, vh_view)) &&
        CHECK_OK(tiles_view_synchronize(u_view)) && CHECK_OK(tiles_view_synchronize(s_view)) &&
        CHECK_OK(tiles_view_synchronize(vh_view))) {
        to_doubles(ud, u, dtype, u_elements + s_elements + vh_elements);
        double worst = 0;
        for (int c = 0; c < count; c++)
            worst = fmax(worst, svd_error(a + (size_t)c * m * n, ud + (size_t)c * m * uc, sd + (size_t)c * k,
                                          vhd + (size_t)c * vr * n, m, n, uc, vr));
        if (!CHECK(worst <= tolerance)) printf("  worst error %g\n", worst);
    }
    CHECK_OK(tiles_view_release(input_view));
    CHECK_OK(tiles_view_release(u_view));
    CHECK_OK(tiles_view_release(s_view));
    CHECK_OK(tiles_view_release(vh_view));
    if (failed) printf("  (svd of %d %s %dx%d, full %d)\n", count, tiles_dtype_name(dtype), m, n, full);
    free(u);
    free(input);
    free(a);
    return failed;
}

int test_svd_matches_its_properties(void) {
    int failed = 0;
    failed += svd_case(TILES_FLOAT32, 1, 1, 1, 0, 1e-5);
    failed += svd_case(TILES_FLOAT32, 1, 200, 30, 0, 1e-4);
    failed += svd_case(TILES_FLOAT32, 1, 30, 140, 1, 1e-4);
    failed += svd_case(TILES_FLOAT32, 2, 150, 40, 1, 1e-4);
    failed += svd_case(TILES_FLOAT32, 3, 20, 35, 0, 1e-4);
    if (fp64_device()) {
        failed += svd_case(TILES_FLOAT64, 1, 140, 60, 0, 1e-12);
        failed += svd_case(TILES_FLOAT64, 2, 40, 70, 1, 1e-12);
    }
    return failed;
}

int test_svdvals_of_a_scaled_permutation(void) {
    int failed = 0;
    /* One nonzero in each column, in distinct rows: the singular values are their magnitudes. */
    float values[5 * 4] = {0}, s[4] = {0};
    values[1 * 4 + 0] = 3, values[4 * 4 + 1] = -7, values[0 * 4 + 2] = 0.5f, values[2 * 4 + 3] = 2;
    const float expected[4] = {7, 3, 2, 0.5f};
    const tiles_shape shape = shape_of(TILES_FLOAT32, 2, 5, 4, 0), s_shape = shape_of(TILES_FLOAT32, 1, 4, 0, 0);
    tiles_view *input = NULL, *s_view = NULL;
    CHECK_OK(tiles_view_create_const(&input, &shape, values));
    CHECK_OK(tiles_view_create(&s_view, &s_shape, s));
    if (CHECK_OK(tiles_svdvals(NULL, input, s_view)) && CHECK_OK(tiles_view_synchronize(s_view)))
        CHECK_FLOATS(s, expected, 4);
    tiles_view_release(s_view);
    tiles_view_release(input);
    return failed;
}

int test_svd_refusals(void) {
    int failed = 0;
    const tiles_status invalid = TILES_ERROR_INVALID_ARGUMENT;
    float values[20 * 10] = {0}, u[20 * 20], s[10], vh[10 * 10];
    int integers[20 * 10] = {0};
    const tiles_shape shape = shape_of(TILES_FLOAT32, 2, 20, 10, 0), int_shape = shape_of(TILES_INT32, 2, 20, 10, 0);
    const tiles_shape u_shape = shape_of(TILES_FLOAT32, 2, 20, 20, 0), s_shape = shape_of(TILES_FLOAT32, 1, 10, 0, 0);
    const tiles_shape short_s = shape_of(TILES_FLOAT32, 1, 9, 0, 0), vh_shape = shape_of(TILES_FLOAT32, 2, 10, 10, 0);
    tiles_view *input = NULL, *int_input = NULL, *u_view = NULL, *s_view = NULL, *short_view = NULL, *vh_view = NULL;
    CHECK_OK(tiles_view_create_const(&input, &shape, values));
    CHECK_OK(tiles_view_create_const(&int_input, &int_shape, integers));
    CHECK_OK(tiles_view_create(&u_view, &u_shape, u));
    CHECK_OK(tiles_view_create(&s_view, &s_shape, s));
    CHECK_OK(tiles_view_create(&short_view, &short_s, s));
    CHECK_OK(tiles_view_create(&vh_view, &vh_shape, vh));
    CHECK_FAILS(tiles_svd(NULL, input, 0, u_view, s_view, vh_view), invalid, "svd: U is 20x20 but must be 20x10");
    CHECK_FAILS(tiles_svd(NULL, input, 1, u_view, short_view, vh_view), invalid, "svd: S is 1x9 but must be 1x10");
    CHECK_FAILS(tiles_svdvals(NULL, int_input, s_view), invalid, "svdvals");
    CHECK_FAILS(tiles_svd(NULL, input, 1, u_view, s_view, input), invalid, "the view is of const memory");
    tiles_view_release(vh_view);
    tiles_view_release(short_view);
    tiles_view_release(s_view);
    tiles_view_release(u_view);
    tiles_view_release(int_input);
    tiles_view_release(input);
    return failed;
}

/* The largest |V^T V - I| and |V diag(W) V^T - A| / (1 + max |A|) of one symmetric n x n matrix, in
 * double; W not ascending counts as an error of 1. */
static double eigh_error(const double* a, const double* w, const double* v, int n) {
    double worst = 0, scale = 1;
    for (int i = 0; i < n * n; i++) scale = fmax(scale, fabs(a[i]));
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double orthogonal = i == j ? -1 : 0, product = -a[i * n + j];
            for (int p = 0; p < n; p++) {
                orthogonal += v[p * n + i] * v[p * n + j];
                product += v[i * n + p] * w[p] * v[j * n + p];
            }
            worst = fmax(worst, fmax(fabs(orthogonal), fabs(product) / scale));
        }
    for (int p = 1; p < n; p++)
        if (w[p] < w[p - 1]) worst = 1;
    return worst;
}

/* tiles_eigh of `count` random symmetric n x n matrices of `dtype`, checked in double by eigh_error. */
static int eigh_case(tiles_dtype dtype, int count, int n, double tolerance) {
    int failed = 0;
    const size_t size = tiles_dtype_size(dtype), elements = (size_t)count * (size_t)n * (size_t)n;
    double* a = malloc((2 * elements + (size_t)count * n) * sizeof *a);
    double *vd = a + elements, *wd = vd + elements;
    for (size_t i = 0; i < elements; i++) a[i] = random_unit();
    for (int c = 0; c < count; c++)
        for (int i = 0; i < n; i++)
            for (int j = 0; j < i; j++) a[((size_t)c * n + j) * n + i] = a[((size_t)c * n + i) * n + j];
    unsigned char* input = typed_copy(a, dtype, elements);
    unsigned char* v = calloc(elements + (size_t)count * n, size);
    unsigned char* w = v + elements * size;
    tiles_view* input_view = stack_view(dtype, count, n, n, input);
    tiles_view* v_view = stack_view(dtype, count, n, n, v);
    const tiles_shape w_shape = count > 1 ? shape_of(dtype, 2, count, n, 0) : shape_of(dtype, 1, n, 0, 0);
    tiles_view* w_view = NULL;
    CHECK_OK(tiles_view_create(&w_view, &w_shape, w));
    if (CHECK_OK(tiles_eigh(NULL, input_view, w_view, v_view)) && CHECK_OK(tiles_view_synchronize(v_view)) &&
        CHECK_OK(tiles_view_synchronize(w_view))) {
        to_doubles(vd, v, dtype, elements + (size_t)count * n);
        double worst = 0;
        for (int c = 0; c < count; c++)
            worst = fmax(worst, eigh_error(a + (size_t)c * n * n, wd + (size_t)c * n, vd + (size_t)c * n * n, n));
        if (!CHECK(worst <= tolerance)) printf("  worst error %g\n", worst);
    }
    CHECK_OK(tiles_view_release(input_view));
    CHECK_OK(tiles_view_release(v_view));
    CHECK_OK(tiles_view_release(w_view));
    if (failed) printf("  (eigh of %d %s %dx%d)\n", count, tiles_dtype_name(dtype), n, n);
    free(v);
    free(input);
    free(a);
    return failed;
}

int test_eigh_matches_its_properties(void) {
    int failed = 0;
    failed += eigh_case(TILES_FLOAT32, 1, 1, 1e-5);
    failed += eigh_case(TILES_FLOAT32, 1, 140, 1e-4);
    failed += eigh_case(TILES_FLOAT32, 3, 30, 1e-4);
    if (fp64_device()) failed += eigh_case(TILES_FLOAT64, 2, 70, 1e-12);
    return failed;
}

int test_eigvalsh_of_the_second_difference_matrix(void) {
    int failed = 0;
    enum { n = 12 };
    /* 2 on the diagonal and -1 beside it, only the lower triangle set: 2 - 2 cos(k pi / (n + 1)). */
    float values[n * n] = {0}, w[n] = {0}, expected[n];
    for (int i = 0; i < n; i++) {
        values[i * n + i] = 2;
        if (i > 0) values[i * n + i - 1] = -1;
        expected[i] = (float)(2 - 2 * cos((i + 1) * acos(-1.0) / (n + 1)));
    }
    const tiles_shape shape = shape_of(TILES_FLOAT32, 2, n, n, 0), w_shape = shape_of(TILES_FLOAT32, 1, n, 0, 0);
    tiles_view *input = NULL, *w_view = NULL;
    CHECK_OK(tiles_view_create_const(&input, &shape, values));
    CHECK_OK(tiles_view_create(&w_view, &w_shape, w));
    if (CHECK_OK(tiles_eigvalsh(NULL, input, w_view)) && CHECK_OK(tiles_view_synchronize(w_view)))
        for (int i = 0; i < n; i++)
            if (!CHECK(fabs(w[i] - expected[i]) <= 1e-5)) printf("  eigenvalue %d: %g, not %g\n", i, w[i], expected[i]);
    tiles_view_release(w_view);
    tiles_view_release(input);
    return failed;
}

int test_eigh_refusals(void) {
    int failed = 0;
    const tiles_status invalid = TILES_ERROR_INVALID_ARGUMENT;
    float values[4 * 4] = {0}, wide_values[2 * 8] = {0}, w[4], v[4 * 4];
    values[3 * 4 + 1] = INFINITY;
    const tiles_shape shape = shape_of(TILES_FLOAT32, 2, 4, 4, 0), wide_shape = shape_of(TILES_FLOAT32, 2, 2, 8, 0);
    const tiles_shape w_shape = shape_of(TILES_FLOAT32, 1, 4, 0, 0);
    tiles_view *input = NULL, *wide = NULL, *w_view = NULL, *v_view = NULL;
    CHECK_OK(tiles_view_create_const(&input, &shape, values));
    CHECK_OK(tiles_view_create_const(&wide, &wide_shape, wide_values));
    CHECK_OK(tiles_view_create(&w_view, &w_shape, w));
    CHECK_OK(tiles_view_create(&v_view, &shape, v));
    CHECK_FAILS(tiles_eigh(NULL, input, w_view, v_view), invalid, "eigh: the input holds inf at (3, 1)");
    CHECK_FAILS(tiles_eigvalsh(NULL, wide, w_view), invalid, "eigvalsh: the input's matrices are 2x8");
    CHECK_FAILS(tiles_eigh(NULL, input, w_view, input), invalid, "the view is of const memory");
    tiles_view_release(v_view);
    tiles_view_release(w_view);
    tiles_view_release(wide);
    tiles_view_release(input);
    return failed;
}

/* tiles_solve of n x n random matrices (n added to the diagonal) of `dtype` and n x 2 right-hand
 * sides, and tiles_inv, checked by the residuals |A X - B| and |A A^-1 - I| in double. */
static int solve_case(tiles_dtype dtype, int n, double tolerance) {
    int failed = 0;
    const size_t size = tiles_dtype_size(dtype), elements = (size_t)n * n;
    double* a = malloc((2 * elements + 4 * (size_t)n) * sizeof *a);
    double *b = a + elements, *results = b + 2 * (size_t)n;
    for (size_t i = 0; i < elements; i++) a[i] = random_unit() + (i % (size_t)(n + 1) == 0 ? n / 4.0 : 0);
    for (int i = 0; i < 2 * n; i++) b[i] = random_unit();
    unsigned char *input = typed_copy(a, dtype, elements), *rhs = typed_copy(b, dtype, 2 * (size_t)n);
    unsigned char* outputs = calloc(elements + 2 * (size_t)n, size);
    tiles_view *a_view = stack_view(dtype, 1, n, n, input), *b_view = stack_view(dtype, 1, n, 2, rhs);
    tiles_view *x_view = stack_view(dtype, 1, n, 2, outputs),
               *inverse = stack_view(dtype, 1, n, n, outputs + 2 * n * size);
    /* X comes home as C++ AMP's synchronize_async brings it, A^-1 as synchronize does: each must wait
     * for the copy solve and inv leave under way into the caller's memory. */
    tiles_event* x_home = NULL;
    if (CHECK_OK(tiles_solve(NULL, a_view, b_view, x_view)) && CHECK_OK(tiles_inv(NULL, a_view, inverse)) &&
        CHECK_OK(tiles_view_synchronize_async(&x_home, x_view)) && CHECK_OK(tiles_event_wait(x_home)) &&
        CHECK_OK(tiles_view_synchronize(inverse))) {
        to_doubles(results, outputs, dtype, elements + 2 * (size_t)n);
        double worst = 0;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n + 2; j++) {
                /* Columns 0 and 1 are A X - B, the others A A^-1 - I. */
                double sum = j < 2 ? -b[i * 2 + j] : (i == j - 2 ? -1 : 0);
                for (int p = 0; p < n; p++)
                    sum += a[i * n + p] * (j < 2 ? results[p * 2 + j] : results[2 * n + p * n + j - 2]);
                worst = fmax(worst, fabs(sum));
            }
        if (!CHECK(worst <= tolerance))
            printf("  (solve of %s %dx%d) worst residual %g\n", tiles_dtype_name(dtype), n, n, worst);
    }
    if (x_home != NULL) tiles_event_release(x_home);
    tiles_view_release(inverse);
    tiles_view_release(x_view);
    tiles_view_release(b_view);
    tiles_view_release(a_view);
    free(outputs);
    free(rhs);
    free(input);
    free(a);
    return failed;
}

int test_solve_and_inv_leave_small_residuals(void) {
    int failed = 0;
    failed += solve_case(TILES_FLOAT32, 1, 1e-5);
    failed += solve_case(TILES_FLOAT32, 150, 1e-4);
    if (fp64_device()) failed += solve_case(TILES_FLOAT64, 260, 1e-12);
    return failed;
}

int test_slogdet_of_a_known_matrix_and_a_singular_one(void) {
    int failed = 0;
    /* Rows swapped of the upper triangle with diagonal 2, -3, 0.5: det = -(2 * -3 * 0.5) = 3. The
     * second matrix has a zero column 1: sign 0, logarithm -inf. */
    const float values[2 * 3 * 3] = {0, -3, 7, 2, 5, 1, 0, 0, 0.5f, 1, 0, 2, 3, 0, 4, 5, 0, 6};
    float sign[2] = {0}, logarithm[2] = {0};
    const tiles_shape shape = shape_of(TILES_FLOAT32, 3, 2, 3, 3), values_shape = shape_of(TILES_FLOAT32, 1, 2, 0, 0);
    tiles_view *input = NULL, *sign_view = NULL, *logarithm_view = NULL;
    CHECK_OK(tiles_view_create_const(&input, &shape, values));
    CHECK_OK(tiles_view_create(&sign_view, &values_shape, sign));
    CHECK_OK(tiles_view_create(&logarithm_view, &values_shape, logarithm));
    if (CHECK_OK(tiles_slogdet(NULL, input, sign_view, logarithm_view)) &&
        CHECK_OK(tiles_view_synchronize(sign_view)) && CHECK_OK(tiles_view_synchronize(logarithm_view))) {
        CHECK(sign[0] == 1 && fabs(logarithm[0] - log(3.0)) <= 1e-6);
        CHECK(sign[1] == 0 && isinf(logarithm[1]) && logarithm[1] < 0);
    }
    tiles_view_release(logarithm_view);
    tiles_view_release(sign_view);
    tiles_view_release(input);
    return failed;
}

int test_solve_refusals(void) {
    int failed = 0;
    const tiles_status invalid = TILES_ERROR_INVALID_ARGUMENT;
    /* Column 1 is zero: no pivot there. */
    float values[3 * 3] = {1, 0, 2, 3, 0, 4, 5, 0, 7}, b[3 * 2] = {1, 1, 1, 1, 1, 1}, x[3 * 2], wide[2 * 3] = {0};
    const tiles_shape shape = shape_of(TILES_FLOAT32, 2, 3, 3, 0), b_shape = shape_of(TILES_FLOAT32, 2, 3, 2, 0);
    const tiles_shape wide_shape = shape_of(TILES_FLOAT32, 2, 2, 3, 0);
    tiles_view *input = NULL, *b_view = NULL, *x_view = NULL, *wide_view = NULL;
    CHECK_OK(tiles_view_create_const(&input, &shape, values));
    CHECK_OK(tiles_view_create_const(&b_view, &b_shape, b));
    CHECK_OK(tiles_view_create(&x_view, &b_shape, x));
    CHECK_OK(tiles_view_create_const(&wide_view, &wide_shape, wide));
    CHECK_FAILS(tiles_solve(NULL, input, b_view, x_view), invalid,
                "solve: the input is singular: column 1 has no nonzero pivot (LAPACK's info 2)");
    CHECK_FAILS(tiles_inv(NULL, wide_view, x_view), invalid, "inv: the input's matrices are 2x3");
    CHECK_FAILS(tiles_solve(NULL, input, b_view, b_view), invalid, "the view is of const memory");
    tiles_view_release(wide_view);
    tiles_view_release(x_view);
    tiles_view_release(b_view);
    tiles_view_release(input);
    return failed;
}
