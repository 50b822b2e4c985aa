// C++ AMP as written, built through tiles_amp_sources (tests/CMakeLists.txt): texture views and
// samplers, in the manner of the C++ AMP book's Chapter 7. An image blurred through a
// texture_view<const float, 2> into a writeonly_texture_view; an image resampled at twice its size
// by a linear sampler, and read past its edges by a point sampler that wraps; the red and green
// components that gathers read; a texture_view<int, 2> read and written in place; a sampler whose
// border colour OpenCL cannot give, refused. Each result against the CPU's.
#include <amp.h>
#include <amp_graphics.h>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>
using namespace concurrency;
using namespace concurrency::graphics;

static int failures = 0;

void check(const std::vector<float>& got, const std::vector<float>& expected, float tolerance, const char* what) {
    for (size_t i = 0; i < got.size(); ++i)
        if (!(std::fabs(got[i] - expected[i]) <= tolerance) && failures++ < 10)
            std::printf("FAILED: %s at %d: %g, expected %g\n", what, int(i), double(got[i]), double(expected[i]));
}

int clamped(int i, int n) { return i < 0 ? 0 : (i >= n ? n - 1 : i); }

// A 3x3 box blur, the edges' texels repeated, through a read-only view into a write-only one.
void blur() {
    const int rows = 9, cols = 13;
    std::vector<float> pixels(rows * cols), got(rows * cols), expected(rows * cols);
    for (int i = 0; i < rows * cols; ++i) pixels[size_t(i)] = float((i * 37) % 101) / 10.0f;
    const texture<float, 2> input(rows, cols, pixels.begin(), pixels.end());
    texture<float, 2> output(rows, cols);
    const texture_view<const float, 2> in(input);
    writeonly_texture_view<float, 2> out(output);
    parallel_for_each(
        in.extent, [=](index<2> idx) restrict(amp) {
            float sum = 0.0f;
            for (int dr = -1; dr <= 1; ++dr)
                for (int dc = -1; dc <= 1; ++dc) {
                    const int r = idx[0] + dr, c = idx[1] + dc;
                    sum += in(r < 0 ? 0 : (r >= in.extent[0] ? in.extent[0] - 1 : r),
                              c < 0 ? 0 : (c >= in.extent[1] ? in.extent[1] - 1 : c));
                }
            out.set(idx, sum / 9.0f);
        });
    copy(output, got.begin());
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            float sum = 0.0f;
            for (int dr = -1; dr <= 1; ++dr)
                for (int dc = -1; dc <= 1; ++dc)
                    sum += pixels[size_t(clamped(r + dr, rows) * cols + clamped(c + dc, cols))];
            expected[size_t(r * cols + c)] = sum / 9.0f;
        }
    check(got, expected, 1e-5f, "a blur through texture_view<const float, 2> into writeonly_texture_view");
}

// OpenCL's (and Direct3D's) linear filter at normalized coordinates (u, v), clamped to the edges.
float bilinear(const std::vector<float>& t, int rows, int cols, float u, float v) {
    const float x = u * float(cols) - 0.5f, y = v * float(rows) - 0.5f;
    const int x0 = int(std::floor(x)), y0 = int(std::floor(y));
    const float a = x - std::floor(x), b = y - std::floor(y);
    const auto at = [&](int r, int c) { return t[size_t(clamped(r, rows) * cols + clamped(c, cols))]; };
    return (1 - a) * (1 - b) * at(y0, x0) + a * (1 - b) * at(y0, x0 + 1) + (1 - a) * b * at(y0 + 1, x0) +
           a * b * at(y0 + 1, x0 + 1);
}

// A 4x5 image resampled to 8x10 by a linear sampler, and read at coordinates past its edges by a
// point sampler that wraps (sample<filter_point, address_wrap>).
void resample() {
    const int rows = 4, cols = 5;
    std::vector<float> pixels(rows * cols);
    for (int i = 0; i < rows * cols; ++i) pixels[size_t(i)] = float(i * i % 17);
    const texture<float, 2> image(rows, cols, pixels.begin(), pixels.end());
    const texture_view<const float, 2> view(image);
    const sampler linear(filter_linear, address_clamp);
    array<float, 2> larger(2 * rows, 2 * cols), wrapped(rows, cols);
    parallel_for_each(
        larger.extent, [ =, &larger ](index<2> idx) restrict(amp) {
            const float_2 at((float(idx[1]) + 0.5f) / float(larger.extent[1]),
                             (float(idx[0]) + 0.5f) / float(larger.extent[0]));
            larger[idx] = view.sample(linear, at);
        });
    parallel_for_each(
        wrapped.extent, [ =, &wrapped ](index<2> idx) restrict(amp) {
            const float_2 at((float(idx[1]) + 0.5f) / 5.0f + 2.0f, (float(idx[0]) + 0.5f) / 4.0f - 1.0f);
            wrapped[idx] = view.sample<filter_point, address_wrap>(at);
        });
    std::vector<float> got = larger, expected;
    for (int r = 0; r < 2 * rows; ++r)
        for (int c = 0; c < 2 * cols; ++c)
            expected.push_back(
                bilinear(pixels, rows, cols, (float(c) + 0.5f) / float(2 * cols), (float(r) + 0.5f) / float(2 * rows)));
    check(got, expected, 1e-3f, "a linear sampler's resample at twice the size");
    check(wrapped, pixels, 0.0f, "a point sampler that wraps, past the edges");
}

// Gathers of a float_2 image's red and green components, clamped at the edges, against the four
// texels a linear sample reads, in Direct3D's order: (u0, v1), (u1, v1), (u1, v0), (u0, v0).
void gathers() {
    const int rows = 3, cols = 4;
    std::vector<float_2> pixels;
    for (int i = 0; i < rows * cols; ++i) pixels.push_back(float_2(float(i), float(100 + i)));
    const texture<float_2, 2> image(rows, cols, pixels.begin(), pixels.end());
    const texture_view<const float_2, 2> view(image);
    const sampler clamp(filter_linear, address_clamp);
    array<float_4, 2> reds(rows + 1, cols + 1), greens(rows + 1, cols + 1);
    parallel_for_each(
        reds.extent, [ =, &reds, &greens ](index<2> idx) restrict(amp) {
            const float_2 at(float(idx[1]) / float(cols), float(idx[0]) / float(rows));
            reds[idx] = view.gather_red(clamp, at);
            greens[idx] = view.gather_green(clamp, at);
        });
    std::vector<float_4> got_red = reds, got_green = greens;
    std::vector<float> got, expected;
    for (int r = 0; r <= rows; ++r)
        for (int c = 0; c <= cols; ++c) {
            const int u0 = c - 1, v0 = r - 1; // floor(c / cols * cols - 0.5)
            const auto at = [&](int v, int u) { return pixels[size_t(clamped(v, rows) * cols + clamped(u, cols))]; };
            const float_4 red = got_red[size_t(r * (cols + 1) + c)], green = got_green[size_t(r * (cols + 1) + c)];
            got.insert(got.end(), {red.x, red.y, red.z, red.w, green.x, green.y, green.z, green.w});
            expected.insert(expected.end(), {at(v0 + 1, u0).x, at(v0 + 1, u0 + 1).x, at(v0, u0 + 1).x, at(v0, u0).x,
                                             at(v0 + 1, u0).y, at(v0 + 1, u0 + 1).y, at(v0, u0 + 1).y, at(v0, u0).y});
        }
    check(got, expected, 0.0f, "gather_red and gather_green of a float_2 image, clamped");
}

// A texture_view<int, 2> (read and written) of a texture, in place.
void view_in_place() {
    const int rows = 3, cols = 4;
    std::vector<int> values(rows * cols), got(rows * cols);
    for (int i = 0; i < rows * cols; ++i) values[size_t(i)] = i - 5;
    texture<int, 2> tex(rows, cols, values.begin(), values.end());
    texture_view<int, 2> view(tex);
    parallel_for_each(
        view.extent, [=](index<2> idx) restrict(amp) { view.set(idx, view[idx] * 3 + idx[1]); });
    copy(tex, got.begin());
    for (int i = 0; i < rows * cols; ++i)
        if (got[size_t(i)] != values[size_t(i)] * 3 + i % cols && failures++ < 10)
            std::printf("FAILED: texture_view<int, 2> in place at %d\n", i);
}

// A sampler with a border colour other than transparent black is refused at the launch.
void refused_border() {
    const texture<float, 1> line(4);
    const texture_view<const float, 1> view(line);
    const sampler bordered(filter_point, address_border, float_4(1.0f, 0.0f, 0.0f, 1.0f));
    array<float, 1> out(4);
    try {
        parallel_for_each(
            out.extent, [ =, &out ](index<1> i) restrict(amp) { out[i] = view.sample(bordered, 2.0f); });
        ++failures, std::printf("FAILED: a sampler of border colour (1, 0, 0, 1) was taken\n");
    } catch (const runtime_exception& e) {
        if (std::string(e.what()).find("border colour is (1.0") == std::string::npos)
            ++failures, std::printf("FAILED: the border colour's refusal says: %s\n", e.what());
    }
}

int main() {
    blur();
    resample();
    gathers();
    view_in_place();
    refused_border();
    if (failures != 0) return 1;
    std::printf("texture views: right\n");
    return 0;
}
