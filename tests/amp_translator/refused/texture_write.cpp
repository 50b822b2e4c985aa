// A kernel that writes a texture it reads only (a texture_view<const float, 2>), refused at build
// time at the kernel's line (16), naming what the view allows, as C++ AMP's compiler refuses it.
#include <amp.h>
#include <amp_graphics.h>
#include <vector>
using namespace concurrency;
using namespace concurrency::graphics;

int main() {
    std::vector<float> texels(16);
    const texture<float, 2> tex(4, 4, texels.begin(), texels.end());
    const texture_view<const float, 2> view(tex);
    parallel_for_each(
        view.extent, [=](index<2> i) restrict(amp) {
            // A read-only view is not written:
            view.set(i, 1.0f);
        });
    return 0;
}
