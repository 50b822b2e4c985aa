// tiles_bench: matrix multiply of n x n float (and double) matrices, against CLBlast's GEMM on
// the same device where tiles_bench was built with CLBlast, and against the textbook tiled
// kernel; and float matrices at gemm's other precisions (tensor cores), and half and bfloat16
// matrices at their own, against the exact gemm of the same matrices.
#include <type_traits>

#include "baselines.hpp"
#include "benchmarks.hpp"
#ifdef TILES_BENCH_WITH_CLBLAST
#include "clblast_baseline.hpp"
#endif

namespace {

template <class T> void run_gemm(const bench_config& config, int n, const std::string& name) {
    const tiles::accelerator_view& view = config.view;
    const tiles::extent<2> shape(n, n);
    const std::vector<T> ones(shape.size(), T(1));
    const tiles::array<T, 2> a(shape, ones, view), b(shape, ones, view);
    tiles::array<T, 2> c(shape, view);
    std::vector<std::function<void()>> contenders = {[&] { tiles::gemm(view, T(1), a, b, T(0), c); }};
    std::vector<std::string> baselines;
#ifdef TILES_BENCH_WITH_CLBLAST
    contenders.push_back(clblast_gemm(view, n, std::is_same_v<T, double>));
    baselines.push_back(std::is_same_v<T, double> ? "CLBlast DGEMM" : "CLBlast SGEMM");
#endif
    if constexpr (std::is_same_v<T, float>) {
        contenders.push_back(naive_gemm(view, a, b, c));
        baselines.push_back("naive tiled kernel");
    }
    if (baselines.empty()) return; // double without CLBlast: nothing to compare with
    const std::vector<double> seconds = median_seconds(contenders, config.timing);
    const double flop = 2.0 * n * n * double(n);
    const std::string device = device_label(view.get_accelerator());
    const std::string size = std::to_string(n) + "x" + std::to_string(n) + "x" + std::to_string(n);
    for (std::size_t i = 0; i < baselines.size(); ++i)
        config.report(
            {name, device, size, flop / seconds[0] / 1e9, "GFLOP/s", baselines[i], flop / seconds[i + 1] / 1e9});
}

// gemm of n x n matrices of `Input` (float, tiles::half or tiles::bfloat16) at `precision`, against
// the exact gemm of the same matrices in the same run.
template <class Input>
void run_precision(const bench_config& config, int n, tiles::gemm_precision precision, const std::string& name) {
    const tiles::accelerator_view& view = config.view;
    const tiles::extent<2> shape(n, n);
    const std::vector<Input> ones(shape.size(), Input(1.0f));
    const tiles::array<Input, 2> a(shape, ones, view), b(shape, ones, view);
    tiles::array<float, 2> c(shape, view);
    const auto run = [&](tiles::gemm_precision p) { return [&, p] { tiles::gemm(view, 1.0f, a, b, 0.0f, c, p); }; };
    const std::vector<double> seconds =
        median_seconds({run(precision), run(tiles::gemm_precision::exact)}, config.timing);
    const double flop = 2.0 * n * n * double(n);
    const std::string size = std::to_string(n) + "x" + std::to_string(n) + "x" + std::to_string(n);
    config.report({name, device_label(view.get_accelerator()), size, flop / seconds[0] / 1e9, "GFLOP/s",
                   std::is_same_v<Input, float> ? "libtiles gemm float" : "libtiles gemm exact",
                   flop / seconds[1] / 1e9});
}

} // namespace

void run_gemm_benchmarks(const bench_config& config) {
    const bool doubles = config.view.get_accelerator().supports_double_precision();
    const std::pair<tiles::gemm_precision, const char*> names[] = {{tiles::gemm_precision::tf32x3, "gemm tf32x3"},
                                                                   {tiles::gemm_precision::tf32, "gemm tf32"},
                                                                   {tiles::gemm_precision::float16, "gemm float16"},
                                                                   {tiles::gemm_precision::bfloat16, "gemm bfloat16"}};
    for (const int n : config.gemm_sizes) {
        if (config.wants("gemm float")) run_gemm<float>(config, n, "gemm float");
        if (doubles && config.wants("gemm double")) run_gemm<double>(config, n, "gemm double");
        for (const auto& [precision, name] : names)
            if (config.precisions.count(precision) != 0 && config.wants(name))
                run_precision<float>(config, n, precision, name);
        // 16-bit matrices, as cuBLAS's FP16 and BF16 take them.
        if (config.precisions.count(tiles::gemm_precision::float16) != 0 && config.wants("gemm half matrices"))
            run_precision<tiles::half>(config, n, tiles::gemm_precision::float16, "gemm half matrices");
        if (config.precisions.count(tiles::gemm_precision::bfloat16) != 0 && config.wants("gemm bfloat16 matrices"))
            run_precision<tiles::bfloat16>(config, n, tiles::gemm_precision::bfloat16, "gemm bfloat16 matrices");
    }
}
