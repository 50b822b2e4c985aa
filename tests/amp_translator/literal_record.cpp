// The kernels' text as the source writes it, carried in the translation: the test runs this program
// with the source file moved away. One call site in a template, launched for float before int, has
// a kernel of each type, named by its function, line and type whatever the order; a kernel the
// device's compiler refuses is refused at this file's line and column (34:22).
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

template <class T> bool doubles(std::vector<T> values) {
    const std::vector<T> before = values;
    array_view<T, 1> v(int(values.size()), values);
    parallel_for_each(
        v.extent, [=](index<1> i) restrict(amp) {
            // A comment, which the kernel's text keeps.
            v[i] = v[i] * T(2);
        });
    v.synchronize();
    for (std::size_t i = 0; i < values.size(); ++i)
        if (values[i] != before[i] * T(2)) {
            std::printf("doubles: element %zu is %g, not %g\n", i, double(values[i]), double(before[i] * T(2)));
            return false;
        }
    return true;
}

int main() try {
    if (!doubles(std::vector<float>{1.5f, 2.5f, -4.0f}) || !doubles(std::vector<int>{1, 2, 3, 4})) return 1;
    std::vector<int> data(4);
    array_view<int, 1> v(4, data);
    try {
        parallel_for_each(
            v.extent, [=](index<1> i) restrict(amp) {
                int* p = v[i]; // an int is no pointer: refused by the device's compiler
                v[i] = *p;
            });
        v.synchronize();
    } catch (const runtime_exception& e) {
        std::printf("%s\n", e.what());
        return 0;
    }
    std::printf("the kernel that makes a pointer of an int was not refused\n");
    return 1;
} catch (const runtime_exception& e) { // a launch that cannot run at all (no clang to compile it)
    std::printf("literal_record failed: %s\n", e.what());
    return 2;
}
