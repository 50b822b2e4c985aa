// C++ AMP kernels that call restrict(amp) functions taking references, on the reference device
// (direct3d_ref, Oclgrind, which has no generic address space) and on the default device: a swap of
// two locals, a const reference to a tile_static element, a reference to an array_view's element.
// Each against the same arithmetic on the host.
#include <string>
#include <vector>

#include "fixture.hpp"

namespace {

const char* const source = "void swap_values(int& a, int& b) restrict(amp) {\n"
                           "    const int kept = a;\n"
                           "    a = b;\n"
                           "    b = kept;\n"
                           "}\n"
                           "float doubled(const float& x) restrict(amp) { return 2.0f * x; }\n"
                           "void add_to(float& total, float amount) restrict(amp) { total += amount; }\n"
                           "void k(array_view<float, 1> v, array_view<int, 1> swapped, tiled_index<4> t) "
                           "restrict(amp) {\n"
                           "    tile_static float shared[4];\n"
                           "    shared[t.local[0]] = v[t.global];\n"
                           "    t.barrier.wait();\n"
                           "    int low = t.global[0], high = 100 + t.global[0];\n"
                           "    swap_values(low, high);\n"
                           "    swapped[t.global] = low - high;\n"
                           "    const float neighbour = doubled(shared[(t.local[0] + 1) % 4]);\n"
                           "    t.barrier.wait();\n"
                           "    add_to(v[t.global], neighbour);\n"
                           "}\n";

// The kernel's results on `view` for 8 elements, v then swapped.
std::pair<std::vector<float>, std::vector<int>> run_on(const tiles::accelerator_view& view) {
    std::vector<float> values(8);
    std::vector<int> swapped(8, -1);
    for (int i = 0; i < 8; ++i) values[std::size_t(i)] = 0.5f * float(i * i) - 3.0f;
    tiles::array_view<float, 1> v(8, values);
    tiles::array_view<int, 1> s(8, swapped);
    tiles::parallel_for_each(view, v.extent.tile(4), tiles::kernel(source, "k", "", tiles::kernel_language::cpp), v, s);
    v.synchronize();
    s.synchronize();
    return {values, swapped};
}

// The same on the host.
std::pair<std::vector<float>, std::vector<int>> expected() {
    std::vector<float> in(8), values(8);
    std::vector<int> swapped(8);
    for (int i = 0; i < 8; ++i) in[std::size_t(i)] = 0.5f * float(i * i) - 3.0f;
    for (int i = 0; i < 8; ++i) {
        const int neighbour = i / 4 * 4 + (i % 4 + 1) % 4;
        values[std::size_t(i)] = in[std::size_t(i)] + 2.0f * in[std::size_t(neighbour)];
        swapped[std::size_t(i)] = 100;
    }
    return {values, swapped};
}

} // namespace

TEST_CASE("restrict(amp) functions taking references run on the reference device and the default one", "[amp]") {
    const auto truth = expected();
    for (const tiles::accelerator& device : {tiles::accelerator("direct3d\\ref"), tiles::accelerator()}) {
        INFO("on " << device.name());
        const auto got = run_on(device.create_view());
        CHECK(got.first == truth.first);
        CHECK(got.second == truth.second);
    }
}

TEST_CASE("a reference whose address space is chosen at run time is refused on the reference device, by name",
          "[amp]") {
    const tiles::accelerator reference("direct3d\\ref");
    if (!reference.get_is_debug()) {
        WARN("left out: Oclgrind is not installed, so direct3d_ref is a CPU device with the generic address space");
        return;
    }
    // A reference to a private or a global int, chosen per work-item, stays generic.
    const char* chooser = "int& either(bool first, int& a, int& b) restrict(amp) { return first ? a : b; }\n"
                          "void k(array_view<int, 1> v, index<1> i) restrict(amp) {\n"
                          "    int mine = 3;\n"
                          "    either(i[0] % 2 == 0, mine, v[i]) += 1;\n"
                          "    v[i] += mine;\n"
                          "}\n";
    std::vector<int> data = {1, 2, 3, 4};
    tiles::array_view<int, 1> v(4, data);
    REQUIRE_THROWS_MENTIONING(tiles::parallel_for_each(reference.create_view(), v.extent,
                                                       tiles::kernel(chooser, "k", "", tiles::kernel_language::cpp), v),
                              tiles::unsupported_feature, "kernel 'k'", reference.name(), "no generic address space",
                              "kernel:");
}
