// tiles_host_factorizations: the host's steps of svd and eigh (svd_golub_kahan.hpp,
// eigh_tridiagonal.hpp), in double, on one random n x n matrix each, without a device. Prints one
// line a step, "step n milliseconds" (the median of the runs, in processor time, which other
// processes on a shared machine inflate less than the clock's); bench/host_factorizations.py puts
// numpy's times beside them.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <random>
#include <vector>

#include "eigh_tridiagonal.hpp"
#include "svd_golub_kahan.hpp"

namespace {

using tiles::algorithms::golub_kahan_svd;
using tiles::algorithms::tridiagonal_eigenproblem;
using tiles::algorithms::tridiagonalized;

double median_milliseconds(int runs, const std::function<void()>& step) {
    std::vector<double> times;
    for (int run = 0; run < runs; ++run) {
        const std::clock_t start = std::clock();
        step();
        times.push_back(double(std::clock() - start) * 1e3 / CLOCKS_PER_SEC);
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

void report(const char* step, int n, double milliseconds) { std::printf("%s %d %.3f\n", step, n, milliseconds); }

} // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: %s RUNS N...\n", argv[0]);
        return 2;
    }
    const int runs = std::max(1, std::atoi(argv[1]));
    for (int argument = 2; argument < argc; ++argument) {
        const int n = std::atoi(argv[argument]);
        std::mt19937_64 random(61);
        std::normal_distribution<double> normal;
        std::vector<double> general(std::size_t(n) * std::size_t(n));
        for (double& x : general) x = normal(random);
        report("svdvals", n, median_milliseconds(runs, [&] { golub_kahan_svd(general, n, false); }));
        report("svd", n, median_milliseconds(runs, [&] { golub_kahan_svd(general, n, true); }));
        // eigh reads the lower triangle only, so the general matrix stands for a symmetric one.
        report("tridiagonal", n, median_milliseconds(runs, [&] { tridiagonalized(general, n, false); }));
        report("tridiagonal_q", n, median_milliseconds(runs, [&] { tridiagonalized(general, n, true); }));
        const auto form = tridiagonalized(general, n, false);
        report("ql_values", n, median_milliseconds(runs, [&] { tridiagonal_eigenproblem(form, false); }));
        report("dc_vectors", n, median_milliseconds(runs, [&] { tridiagonal_eigenproblem(form, true); }));
    }
    return 0;
}
