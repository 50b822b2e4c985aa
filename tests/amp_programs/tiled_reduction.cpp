// The tiled reduction of "C++ AMP: Accelerated Massive Parallelism with Microsoft Visual C++"
// (Ade Miller, Kate Gregory; Microsoft Public License), github.com/AdeMiller/CppAmp,
// Samples/CaseStudies/Reduction/TiledMinimizedDivergenceAndConflictsReduction.h, as written there,
// its tile size a template parameter; built through tiles_amp_sources. main() reduces the same
// numbers with tiles of 64 and 256 threads and checks each sum against std::accumulate.
// clang-format off
#include <amp.h>
#include <cstdio>
#include <numeric>
#include <random>
#include <vector>

using namespace concurrency;

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

                parallel_for_each(view, e.tile<TileSize>(), [=] (tiled_index<TileSize> tidx) restrict(amp)
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
                });

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

int main()
{
    std::vector<int> source(1 << 16);
    std::mt19937 engine(3);
    std::uniform_int_distribution<int> values(-100, 100);
    for (int& x : source) x = values(engine);
    accelerator_view view = accelerator().create_view();
    const int expected = std::accumulate(source.begin(), source.end(), 0);
    const int with64 = TiledMinimizedDivergenceAndConflictsReduction<64>().Reduce(view, source);
    const int with256 = TiledMinimizedDivergenceAndConflictsReduction<256>().Reduce(view, source);
    std::printf("sums: %d (tiles of 64), %d (tiles of 256), std::accumulate %d\n", with64, with256, expected);
    return with64 == expected && with256 == expected ? 0 : 1;
}
