// C++ AMP as written, built through tiles_amp_sources (tests/CMakeLists.txt): kernels writing views
// that view_as reshapes, as C++ AMP's BLAS libraries build their matrices, and a projection and a
// section of one; each writes its own elements and leaves the host's elements after them alone. In
// kernels too, where a view_as of more elements than its view holds fails the launch.
#include <amp.h>
#include <cstdio>
#include <string>
#include <vector>
using namespace concurrency;

static int failures = 0;

// Checks that host[i] is i for i in [first, first + count) and 7 elsewhere.
void check(const std::vector<float>& host, int first, int count, const char* what) {
    for (int i = 0; i < int(host.size()); ++i) {
        const float expected = i >= first && i < first + count ? float(i - first) : 7.f;
        if (host[size_t(i)] != expected && failures++ < 10)
            std::printf("FAILED: %s at %d: %g, expected %g\n", what, i, host[size_t(i)], expected);
    }
}

int main() {
    {
        std::vector<float> host(256 + 64, 7.f);
        array_view<float, 1> flat(256, host.data());
        array_view<float, 2> b = flat.view_as(extent<2>(16, 16));
        parallel_for_each(
            b.extent, [=](index<2> idx) restrict(amp) { b[idx] = float(idx[0] * 16 + idx[1]); });
        b.synchronize();
        check(host, 0, 256, "view_as(extent<2>(16, 16))");
    }
    {
        std::vector<float> host(256 + 64, 7.f);
        array_view<float, 1> flat(256, host.data());
        array_view<float, 3> c = flat.view_as(extent<3>(4, 8, 8));
        array_view<float, 2> plane = c[1];
        parallel_for_each(
            plane.extent, [=](index<2> idx) restrict(amp) { plane[idx] = float(idx[0] * 8 + idx[1]); });
        c.synchronize();
        check(host, 64, 64, "a projection of view_as(extent<3>(4, 8, 8))");
    }
    {
        std::vector<float> host(256 + 64, 7.f);
        array_view<float, 1> flat(256, host.data());
        array_view<float, 2> rows = flat.view_as(extent<2>(16, 16)).section(index<2>(2, 0), extent<2>(3, 16));
        parallel_for_each(
            rows.extent, [=](index<2> idx) restrict(amp) { rows[idx] = float(idx[0] * rows.extent[1] + idx[1]); });
        rows.synchronize();
        check(host, 32, 48, "a section of view_as(extent<2>(16, 16))");
    }
    {
        // In a kernel: a view_as of as many elements as the view holds writes them all.
        std::vector<float> host(256 + 64, 7.f);
        array_view<float, 1> flat(256, host.data());
        parallel_for_each(
            extent<2>(16, 16), [=](index<2> idx) restrict(amp) {
                array_view<float, 2> m = flat.view_as(extent<2>(16, 16));
                m[idx] = float(idx[0] * 16 + idx[1]);
            });
        flat.synchronize();
        check(host, 0, 256, "view_as(extent<2>(16, 16)) in a kernel");
    }
    {
        // ... and one of more elements fails the launch, as C++ AMP's view_as throws, naming both
        // numbers; it writes nothing, neither in the section it views nor after it.
        std::vector<float> host(256 + 64, 7.f);
        array_view<float, 1> whole(int(host.size()), host.data());
        array_view<float, 1> flat = whole.section(index<1>(0), extent<1>(256));
        std::string message;
        try {
            parallel_for_each(
                extent<2>(20, 16), [=](index<2> idx) restrict(amp) {
                    array_view<float, 2> m = flat.view_as(extent<2>(20, 16));
                    m[idx] = 1.f;
                });
        } catch (const runtime_exception& e) {
            message = e.what();
        }
        if (message.find("view_as asks for 320 elements of a view of 256") == std::string::npos && failures++ < 10)
            std::printf("FAILED: view_as(extent<2>(20, 16)) of 256 elements in a kernel: '%s'\n", message.c_str());
        whole.synchronize();
        check(host, 0, 0, "a refused view_as in a kernel");
    }
    std::printf("%s\n", failures == 0 ? "reshaped views match the CPU" : "mismatches");
    return failures == 0 ? 0 : 1;
}
