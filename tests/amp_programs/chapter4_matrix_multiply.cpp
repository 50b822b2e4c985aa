// The matrix multiplies of "C++ AMP: Accelerated Massive Parallelism with Microsoft Visual C++"
// (Ade Miller, Kate Gregory; Microsoft Public License), github.com/AdeMiller/CppAmp,
// Samples/Chapter4/main.cpp, as written there: untiled, tiled, tiled with tile_static memory
// declared in its loop, and the functor Multiply; built through tiles_amp_sources. main() runs each
// on the sample's sizes and checks it as the sample does, every element within 0.01 of the CPU's.
// clang-format off
#include <amp.h>
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

using namespace concurrency;

static const int TileSize = 16;

void MatrixMultiply(std::vector<float>& vC,
    const std::vector<float>& vA,
    const std::vector<float>& vB, int M, int N, int W)
{
    array_view<const float,2> a(M, W, vA);
    array_view<const float,2> b(W, N, vB);
    array_view<float,2> c(M, N, vC);
    c.discard_data();
    parallel_for_each(c.extent, [=](index<2> idx) restrict(amp)
    {
        int row = idx[0];
        int col = idx[1];
        float sum = 0.0f;
        for(int i = 0; i < W; i++)
            sum += a(row, i) * b(i, col);
        c[idx] = sum;
    });
    c.synchronize();
}

void MatrixMultiplyTiled(std::vector<float>& vC,
    const std::vector<float>& vA,
    const std::vector<float>& vB,
    int M, int N, int W)
{
    array_view<const float,2> a(M, W, vA);
    array_view<const float,2> b(W, N, vB);
    array_view<float,2> c(M, N, vC);
    c.discard_data();
    parallel_for_each(c.extent.tile<TileSize,TileSize>(),
        [=](tiled_index<TileSize, TileSize> tidx) restrict(amp)
    {
        int row = tidx.global[0];
        int col = tidx.global[1];
        float sum = 0.0f;
        for(int i = 0; i < W; i++)
            sum += a(row, i) * b(i, col);
        c[tidx] = sum;
    });
    c.synchronize();
}

void MatrixMultiplyTiledWithTileStatic(std::vector<float>& vC,
    const std::vector<float>& vA,
    const std::vector<float>& vB,
    int M, int N, int W)
{
    array_view<const float,2> a(M, W, vA);
    array_view<const float,2> b(W, N, vB);
    array_view<float,2> c(M, N, vC);
    c.discard_data();
    parallel_for_each(c.extent.tile<TileSize, TileSize>(),
        [=] (tiled_index<TileSize, TileSize> tidx) restrict(amp)
    {
        int row = tidx.local[0];
        int col = tidx.local[1];
        float sum = 0.0f;
        for (int i = 0; i < W; i += TileSize)
        {
            tile_static float sA[TileSize][TileSize];
            tile_static float sB[TileSize][TileSize];
            sA[row][col] = a(tidx.global[0], col + i);
            sB[row][col] = b(row + i, tidx.global[1]);

            tidx.barrier.wait();

            for (int k = 0; k < TileSize; k++)
                sum += sA[row][k] * sB[k][col];

            tidx.barrier.wait();
        }
        c[tidx.global] = sum;
    });
    c.synchronize();
}

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

void MatrixMultiplyFunctor(std::vector<float>& vC,
    const std::vector<float>& vA,
    const std::vector<float>& vB,
    int M, int N, int W)
{
    accelerator defaultDevice(accelerator::default_accelerator);
    accelerator_view defaultView = defaultDevice.get_default_view();
    extent<2> eA(M, W), eB(W, N), eC(M, N);
    array_view<const float, 2> mA(eA, vA);
    array_view<const float, 2> mB(eB, vB);
    array_view<float, 2> mC(eC, vC);
    mC.discard_data();
    parallel_for_each(defaultView, extent<2>(eC), Multiply(mA, mB, mC, W));
    mC.synchronize();
}

int main()
{
    const int M = 64, N = 512, W = 256;
    std::mt19937 engine(1);
    std::uniform_real_distribution<float> rand(0.0f, 1.0f);
    std::vector<float> vA(M * W), vB(W * N), vRef(M * N);
    for (float& x : vA) x = rand(engine);
    for (float& x : vB) x = rand(engine);
    for (int row = 0; row < M; ++row)
        for (int col = 0; col < N; ++col)
        {
            float result = 0.0f;
            for (int i = 0; i < W; ++i)
                result += vA[row * W + i] * vB[i * N + col];
            vRef[row * N + col] = result;
        }
    int failed = 0;
    const auto check = [&](const char* name, void (*multiply)(std::vector<float>&, const std::vector<float>&,
                                                               const std::vector<float>&, int, int, int)) {
        std::vector<float> vC(M * N);
        multiply(vC, vA, vB, M, N, W);
        for (int i = 0; i < M * N; ++i)
            if (std::fabs(vC[i] - vRef[i]) >= 0.01f)
            {
                std::printf("%s: vC[%d] = %g, vRef = %g\n", name, i, vC[i], vRef[i]);
                ++failed;
                return;
            }
        std::printf("%s matches the CPU\n", name);
    };
    check("MatrixMultiply", MatrixMultiply);
    check("MatrixMultiplyTiled", MatrixMultiplyTiled);
    check("MatrixMultiplyTiledWithTileStatic", MatrixMultiplyTiledWithTileStatic);
    check("MatrixMultiplyFunctor", MatrixMultiplyFunctor);
    return failed;
}
