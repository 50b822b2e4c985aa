// What a program may use after including one of C++ AMP's headers alone (AMP_HEADER, given by
// tests/CMakeLists.txt): the standard headers C++ AMP's <amp.h> brings, as the headers' own
// comments list them, and what <amp_math.h> and <amp_graphics.h> bring besides.
#include AMP_HEADER

void uses_what_amp_h_brings() {
    assert(sizeof(int) >= 2);
    std::vector<int> numbers{3, 1, 2};
    std::sort(numbers.begin(), numbers.end());
    const std::string text = "amp";
    std::map<std::string, int> by_name{{text, 1}};
    std::set<int> distinct(numbers.begin(), numbers.end());
    std::unordered_map<int, int> squares{{2, 4}};
    std::unordered_set<int> seen{1};
    std::function<int(int)> twice = [](int x) { return 2 * x; };
    std::future<int> later = std::async(std::launch::deferred, twice, 21);
    std::exception_ptr none = nullptr;
    std::unique_ptr<int> owned = std::make_unique<int>(std::abs(-1));
    std::this_thread::sleep_for(std::chrono::seconds(0));
    std::initializer_list<int> listed = {1, 2};
    static_assert(std::is_same_v<std::iterator_traits<int*>::value_type, int>);
    std::pair<int, int> moved = std::make_pair(later.get(), std::move(*owned));
    (void)by_name, (void)squares, (void)seen, (void)none, (void)listed, (void)moved, (void)distinct;
}

#ifdef TILES_CPPAMP_AMP_MATH_H
float uses_cmath(float x) { return std::sqrt(x); }
#endif

#ifdef TILES_CPPAMP_AMP_GRAPHICS_H
std::string uses_array_and_sstream() {
    std::array<int, 2> pair{1, 2};
    std::ostringstream out;
    out << pair[0];
    return out.str();
}
#endif
