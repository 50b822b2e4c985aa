// Public C++ AMP programs ported to libtiles with their kernel bodies unchanged (each lambda only
// wrapped in TILES_LAMBDA, a functor in TILES_FUNCTOR), checked against CPU references:
//   - the matrix multiplies of "C++ AMP: Accelerated Massive Parallelism with Microsoft Visual C++"
//     (Ade Miller, Kate Gregory; Microsoft Public License), github.com/AdeMiller/CppAmp,
//     Samples/Chapter4/main.cpp: untiled, tiled, tiled with tile_static memory declared in its loop,
//     and the functor Multiply;
//   - the same book's reduction case study, Samples/CaseStudies/Reduction/
//     TiledMinimizedDivergenceAndConflictsReduction.h, whose tile size is a template parameter;
//   - the tiled multiply of Microsoft's "Walkthrough: Matrix Multiplication" (MicrosoftDocs/cpp-docs,
//     docs/parallel/amp/walkthrough-matrix-multiplication.md), with its printed product.
// The host code around each kernel is libtiles' own, doing what the sample's does.
#include <cmath>
#include <numeric>
#include <random>
#include <sstream>
#include <vector>

#include "amp_book_multiply.hpp"
#include "fixture.hpp"

namespace {

namespace concurrency = tiles;
using namespace concurrency;

// ---- AdeMiller/CppAmp, Samples/Chapter4/main.cpp

using amp_book::TileSize;

// The host code of the chapter's multiplies: views of the operands, `multiply` launched on them,
// the product back in vC.
template <class Multiply>
void MultiplyOnViews(std::vector<float>& vC, const std::vector<float>& vA, const std::vector<float>& vB, int M, int N,
                     int W, Multiply multiply) {
    array_view<const float, 2> a(M, W, vA);
    array_view<const float, 2> b(W, N, vB);
    array_view<float, 2> c(M, N, vC);
    c.discard_data();
    multiply(a, b, c);
    c.synchronize();
}
using const_view = const array_view<const float, 2>&;
using product_view = const array_view<float, 2>&;

// clang-format off
void MatrixMultiply(std::vector<float>& vC,
    const std::vector<float>& vA,
    const std::vector<float>& vB, int M, int N, int W)
{
    MultiplyOnViews(vC, vA, vB, M, N, W, [&](const_view a, const_view b, product_view c) {
    parallel_for_each(c.extent, TILES_LAMBDA((a, b, c, W), [=](index<2> idx) restrict(amp)
    {
        int row = idx[0];
        int col = idx[1];
        float sum = 0.0f;
        for(int i = 0; i < W; i++)
            sum += a(row, i) * b(i, col);
        c[idx] = sum;
    }));
    });
}

void MatrixMultiplyTiled(std::vector<float>& vC,
    const std::vector<float>& vA,
    const std::vector<float>& vB,
    int M, int N, int W)
{
    MultiplyOnViews(vC, vA, vB, M, N, W, [&](const_view a, const_view b, product_view c) {
    parallel_for_each(c.extent.tile<TileSize,TileSize>(),
        TILES_LAMBDA((a, b, c, W, TILES_CONSTANT(TileSize)),
        [=](tiled_index<TileSize, TileSize> tidx) restrict(amp)
    {
        int row = tidx.global[0];
        int col = tidx.global[1];
        float sum = 0.0f;
        for(int i = 0; i < W; i++)
            sum += a(row, i) * b(i, col);
        c[tidx] = sum;
    }));
    });
}
// clang-format on

// Its kernel in amp_book_multiply.hpp, which tiles_bench times too.
void MatrixMultiplyTiledWithTileStatic(std::vector<float>& vC, const std::vector<float>& vA,
                                       const std::vector<float>& vB, int M, int N, int W) {
    MultiplyOnViews(vC, vA, vB, M, N, W, [&](const_view a, const_view b, product_view c) {
        amp_book::multiply_tiled_with_tile_static(accelerator().get_default_view(), a, b, c, W);
    });
}

// clang-format off
TILES_DEVICE_CODE(multiply_code,
class Multiply
{
private:
    array_view<const float, 2> m_mA;
    array_view<const float, 2> m_mB;
    array_view<float, 2> m_mC;
    int m_W;

public:
    Multiply(const array_view<const float, 2>& a,
             const array_view<const float, 2>& b,
             const array_view<float, 2>& c,
             int w) : m_mA(a), m_mB(b), m_mC(c), m_W(w)
    {}

    void operator()(index<2> idx) const restrict(amp)
    {
        int row = idx[0]; int col = idx[1];
        float sum = 0.0f;
        for(int i = 0; i < m_W; i++)
            sum += m_mA(row, i) * m_mB(i, col);
        m_mC[idx] = sum;
    }
};
);
// clang-format on

// ---- AdeMiller/CppAmp, Samples/CaseStudies/Reduction/TiledMinimizedDivergenceAndConflictsReduction.h

// clang-format off
template <int TileSize>
class TiledMinimizedDivergenceAndConflictsReduction
{
public:
    int Reduce(accelerator_view& view, const std::vector<int>& source) const
    {
        int elementCount = static_cast<int>(source.size());

        // Copy data
        array<int, 1> a(extent<1>(elementCount), source.cbegin(), source.cend(), view);
        array<int, 1> temp(elementCount / TileSize, view);
        array_view<int, 1> av(a);
        array_view<int, 1> tmpAv(temp);
        tmpAv.discard_data();

        int result;
        {
            while (elementCount >= TileSize)
            {
                extent<1> e(elementCount);

                parallel_for_each(view, e.tile<TileSize>(), TILES_LAMBDA((av, tmpAv, TILES_CONSTANT(TileSize)),
                [=] (tiled_index<TileSize> tidx) restrict(amp)
                {
                    //  Copy data onto tile static memory
                    int tid = tidx.local[0];
                    tile_static int tileData[TileSize];
                    tileData[tid] = av[tidx.global[0]];

                    //  Wait for all threads to finish copying
                    tidx.barrier.wait();

                    //  Reduce values for data on this tile
                    for (int stride = (TileSize / 2); stride > 0; stride >>= 1)
                    {
                        // No longer has bank conflicts as sequential addressing results in better memory access pattern
                        // But! Half the threads are now idle during the first loop interation.
                        if (tid < stride)
                            tileData[tid] += tileData[tid + stride];

                        tidx.barrier.wait_with_tile_static_memory_fence();
                    }

                    //  Write the result for this tile back to global memory
                    if (tid == 0)
                        tmpAv[tidx.tile[0]] = tileData[0];
                }));

                elementCount /= TileSize;
                std::swap(tmpAv, av);
            }
            tmpAv.discard_data();

            //  Copy the final results from each tile to the CPU and accumulate them there.
            std::vector<int> partialResult(elementCount);
            copy(av.section(0, elementCount), partialResult.begin());
            av.discard_data();
            result = std::accumulate(partialResult.cbegin(), partialResult.cend(), 0);
        }
        return result;
    }
};
// clang-format on

// ---- MicrosoftDocs/cpp-docs, docs/parallel/amp/walkthrough-matrix-multiplication.md

// clang-format off
std::string MultiplyWithTiling() {
    std::ostringstream cout;
    // The tile size is 2.
    static const int TS = 2;

    // The raw data.
    int aMatrix[] = { 1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 6, 7, 8 };
    int bMatrix[] = { 1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 6, 7, 8 };
    int productMatrix[] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };

    // Create the array_view objects.
    array_view<int, 2> a(4, 4, aMatrix);
    array_view<int, 2> b(4, 4, bMatrix);
    array_view<int, 2> product(4, 4, productMatrix);

    // Call parallel_for_each by using 2x2 tiles.
    parallel_for_each(product.extent.tile<TS, TS>(),
        TILES_LAMBDA((a, b, product, TILES_CONSTANT(TS)),
        [=] (tiled_index<TS, TS> t_idx) restrict(amp)
        {
            // Get the location of the thread relative to the tile (row, col)
            // and the entire array_view (rowGlobal, colGlobal).
            int row = t_idx.local[0];
            int col = t_idx.local[1];
            int rowGlobal = t_idx.global[0];
            int colGlobal = t_idx.global[1];
            int sum = 0;

            // Given a 4x4 matrix and a 2x2 tile size, this loop executes twice for each thread.
            // For the first tile and the first loop, it copies a into locA and e into locB.
            // For the first tile and the second loop, it copies b into locA and g into locB.
            for (int i = 0; i < 4; i += TS) {
                tile_static int locA[TS][TS];
                tile_static int locB[TS][TS];
                locA[row][col] = a(rowGlobal, col + i);
                locB[row][col] = b(row + i, colGlobal);
                // The threads in the tile all wait here until locA and locB are filled.
                t_idx.barrier.wait();

                // Return the product for the thread. The sum is retained across
                // both iterations of the loop, in effect adding the two products
                // together, for example, a*e.
                for (int k = 0; k < TS; k++) {
                    sum += locA[row][k] * locB[k][col];
                }

                // All threads must wait until the sums are calculated. If any threads
                // moved ahead, the values in locA and locB would change.
                t_idx.barrier.wait();
                // Now go on to the next iteration of the loop.
            }

            // After both iterations of the loop, copy the sum to the product variable by using the global location.
            product[t_idx.global] = sum;
        }));

    // Copy the contents of product back to the productMatrix variable.
    product.synchronize();

    for (int row = 0; row <4; row++) {
        for (int col = 0; col <4; col++) {
            // The results are available from both the product and productMatrix variables.
            //std::cout << productMatrix[row*3 + col] << "  ";
            cout << product(row, col) << "  ";
        }
        cout << "\n";
    }
    return cout.str();
}
// clang-format on

std::vector<float> random_floats(std::size_t n, unsigned seed) {
    std::mt19937 engine(seed);
    std::uniform_real_distribution<float> rand(0.0f, 1.0f);
    std::vector<float> v(n);
    for (float& x : v) x = rand(engine);
    return v;
}

} // namespace

TEST_CASE("ported: the matrix multiplies of the C++ AMP book's chapter 4, against the CPU's", "[amp][ports]") {
    const int M = 64, N = 512, W = 256; // the sample's sizes
    const std::vector<float> vA = random_floats(std::size_t(M) * W, 1), vB = random_floats(std::size_t(W) * N, 2);
    std::vector<float> vRef(std::size_t(M) * N);
    for (int row = 0; row < M; ++row)
        for (int col = 0; col < N; ++col) {
            float result = 0.0f;
            for (int i = 0; i < W; ++i) result += vA[row * W + i] * vB[i * N + col];
            vRef[row * N + col] = result;
        }
    // The sample's test: every element within 0.01 of the CPU's.
    const auto check = [&](const std::vector<float>& vC) {
        for (std::size_t i = 0; i < vC.size(); ++i)
            if (std::fabs(vC[i] - vRef[i]) >= 0.01f) FAIL("vC[" << i << "] = " << vC[i] << ", vRef = " << vRef[i]);
    };
    std::vector<float> vC(std::size_t(M) * N);
    MatrixMultiply(vC, vA, vB, M, N, W);
    check(vC);
    std::fill(vC.begin(), vC.end(), 0.0f);
    MatrixMultiplyTiled(vC, vA, vB, M, N, W);
    check(vC);
    std::fill(vC.begin(), vC.end(), 0.0f);
    MatrixMultiplyTiledWithTileStatic(vC, vA, vB, M, N, W);
    check(vC);

    std::fill(vC.begin(), vC.end(), 0.0f);
    accelerator defaultDevice(accelerator::default_accelerator);
    accelerator_view defaultView = defaultDevice.get_default_view();
    {
        extent<2> eA(M, W), eB(W, N), eC(M, N);
        std::vector<float> a = vA, b = vB;
        array_view<float, 2> mA(eA, a);
        array_view<float, 2> mB(eB, b);
        array_view<float, 2> mC(eC, vC);
        mC.discard_data();
        parallel_for_each(defaultView, extent<2>(eC), TILES_FUNCTOR((multiply_code), Multiply, mA, mB, mC, W));
        mC.synchronize();
    }
    check(vC);
}

TEST_CASE("ported: the C++ AMP book's tiled reduction, against std::accumulate", "[amp][ports]") {
    std::vector<int> source(1 << 16);
    std::mt19937 engine(3);
    std::uniform_int_distribution<int> values(-100, 100);
    for (int& x : source) x = values(engine);
    accelerator_view view = accelerator().create_view();
    const int expected = std::accumulate(source.begin(), source.end(), 0);
    CHECK(TiledMinimizedDivergenceAndConflictsReduction<256>().Reduce(view, source) == expected);
    CHECK(TiledMinimizedDivergenceAndConflictsReduction<64>().Reduce(view, source) == expected);
    // The tiles of 512 and 1024 threads C++ AMP allows, where the device does.
    if (view.get_accelerator().max_tile_size() >= 512)
        CHECK(TiledMinimizedDivergenceAndConflictsReduction<512>().Reduce(view, source) == expected);
    if (view.get_accelerator().max_tile_size() >= 1024)
        CHECK(TiledMinimizedDivergenceAndConflictsReduction<1024>().Reduce(view, source) == expected);
}

TEST_CASE("ported: the tiled multiply of Microsoft's walkthrough prints the walkthrough's product", "[amp][ports]") {
    // The product of the 4x4 matrices 1..8, 1..8, by rows.
    CHECK(MultiplyWithTiling() == "34  44  54  64  \n82  108  134  160  \n34  44  54  64  \n82  108  134  160  \n");
}
