// A C++ AMP program's host code as C++ AMP writes it, built against the installed package:
// <amp.h> and its companions, namespace concurrency, the book's check for the reference device,
// AMP's properties, tiled_extent<4, 4>, an unqualified copy under `using namespace std;`, and AMP's
// exceptions. The kernel is libtiles' C++ kernel (TILES_LAMBDA). tests/install builds and runs it.
#include <amp.h>
#include <amp_math.h>
#include <amp_short_vectors.h>
#include <iostream>
#include <numeric>
#include <vector>

using namespace concurrency;
using namespace concurrency::fast_math;
using namespace concurrency::graphics;

// The sum of each 4x4 tile of the 8x8 matrix 0..63.
std::vector<int> TileSums(const accelerator_view& view) {
    std::vector<int> values(64);
    std::iota(values.begin(), values.end(), 0);
    array<int, 2> matrix(8, 8, view);
    {
        using namespace std;
        copy(begin(values), end(values), matrix);
    }
    array<int, 2> sums(2, 2, view);
    tiled_extent<4, 4> domain = matrix.extent.tile<4, 4>();
    static_assert(tiled_extent<4, 4>::tile_dim0 == 4 && tiled_extent<4, 4>::tile_dim1 == 4, "AMP's tile_dim");
    // clang-format off
    parallel_for_each(view, domain, TILES_LAMBDA((matrix, sums), [=, &matrix, &sums](tiled_index<4, 4> t) restrict(amp) {
        tile_static int cells[4][4];
        cells[t.local[0]][t.local[1]] = matrix[t.global];
        t.barrier.wait();
        if (t.local[0] == 0 && t.local[1] == 0) {
            int sum = 0;
            for (int r = 0; r < 4; r++)
                for (int c = 0; c < 4; c++) sum += cells[r][c];
            sums[t.tile] = sum;
        }
    }));
    // clang-format on
    std::vector<int> result(4);
    copy(sums, result.begin());
    return result;
}

int main() {
    try {
        accelerator defaultDevice(accelerator::default_accelerator);
        accelerator_view defaultView = defaultDevice.default_view;
        if (defaultDevice == accelerator(accelerator::direct3d_ref))
            std::wcout << "WARNING!! Running on very slow emulator! Only use this accelerator for debugging.\n";
        std::wcout << L"reference device emulated: " << accelerator(accelerator::direct3d_ref).is_emulated
                   << L"\nWARP emulated: " << accelerator(accelerator::direct3d_warp).is_emulated
                   << L"\nCPU accelerator: " << accelerator(accelerator::cpu_accelerator).description << L"\n";
        std::wcout << L"tile sums:";
        for (int sum : TileSums(defaultView)) std::wcout << L" " << sum;
        std::wcout << L"\n";
        try {
            parallel_for_each(extent<1>(6).tile<4>(),
                              TILES_LAMBDA((), [=](tiled_index<4> t) restrict(amp) { (void)t; }));
        } catch (const invalid_compute_domain& e) {
            std::wcout << L"invalid_compute_domain, error code " << e.get_error_code() << L"\n";
        }
        return 0;
    } catch (const accelerator_view_removed& e) {
        std::cerr << "consumer_amp: the device was removed: " << e.what() << " (" << e.get_view_removed_reason()
                  << ")\n";
        return 1;
    } catch (const runtime_exception& e) {
        std::cerr << "consumer_amp: " << e.what() << " (" << e.get_error_code() << ")\n";
        return 1;
    }
}
