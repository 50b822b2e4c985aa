// C++ AMP's array constructors with the extent as ints and the elements from iterators, as the
// C++ AMP book's samples write them: array<int, 1> a(5, v.begin(), v.end()), of ranks 1 to 3,
// with and without an end, on a named view, and as staging arrays; the elements checked against
// the host vector they came from.
#include <list>
#include <numeric>
#include <vector>

#include "fixture.hpp"

namespace {

std::vector<int> iota(std::size_t n) {
    std::vector<int> v(n);
    std::iota(v.begin(), v.end(), 1);
    return v;
}

} // namespace

TEST_CASE_METHOD(fresh_view, "arrays take int extents with a range of elements, as in C++ AMP", "[array][amp]") {
    const std::vector<int> v = iota(24);
    const std::list<int> l(v.begin(), v.end()); // an input iterator that is no pointer
    tiles::array<int, 1> a1(24, v.begin(), v.end());
    tiles::array<int, 2> a2(4, 6, l.begin(), l.end(), view);
    tiles::array<int, 3> a3(2, 3, 4, v.data(), v.data() + v.size());
    CHECK(a1.extent == tiles::extent<1>(24));
    CHECK(a2.extent == tiles::extent<2>(4, 6));
    CHECK(a3.extent == tiles::extent<3>(2, 3, 4));
    CHECK(a2.get_accelerator_view() == view);
    CHECK(std::vector<int>(a1) == v);
    CHECK(std::vector<int>(a2) == v);
    CHECK(std::vector<int>(a3) == v);
    CHECK(a2(3, 5) == 24);
    CHECK(a3(1, 2, 3) == 24);
}

TEST_CASE_METHOD(fresh_view, "arrays take int extents with the beginning of the elements alone", "[array][amp]") {
    const std::vector<int> v = iota(24);
    tiles::array<int, 1> a1(24, v.begin(), view);
    tiles::array<int, 2> a2(4, 6, v.begin());
    tiles::array<int, 3> a3(2, 3, 4, v.cbegin(), view);
    CHECK(std::vector<int>(a1) == v);
    CHECK(std::vector<int>(a2) == v);
    CHECK(std::vector<int>(a3) == v);
}

TEST_CASE_METHOD(fresh_view, "a range of the wrong length is refused with int extents too", "[array][amp]") {
    const std::vector<int> v = iota(23);
    REQUIRE_THROWS_AS((tiles::array<int, 2>(4, 6, v.begin(), v.end())), tiles::invalid_argument);
}

TEST_CASE_METHOD(fresh_view, "staging arrays take int extents and iterators", "[array][amp][staging]") {
    const tiles::accelerator_view cpu_view = tiles::accelerator(tiles::accelerator::cpu_accelerator).create_view();
    const std::vector<int> v = iota(24);
    tiles::array<int, 1> s1(24, cpu_view, view);
    tiles::array<int, 2> s2(4, 6, v.begin(), v.end(), cpu_view, view);
    tiles::array<int, 3> s3(2, 3, 4, v.begin(), cpu_view, view);
    tiles::array<int, 2> s4(tiles::extent<2>(4, 6), v.begin(), cpu_view, view);
    CHECK(s1.extent == tiles::extent<1>(24));
    CHECK(s2.get_accelerator_view() == cpu_view);
    CHECK(s2.get_associated_accelerator_view() == view);
    CHECK(std::vector<int>(s2) == v);
    CHECK(std::vector<int>(s3) == v);
    CHECK(std::vector<int>(s4) == v);
}
