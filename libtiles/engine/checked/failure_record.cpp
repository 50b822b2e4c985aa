// libtiles: reading a kernel's failure record (failure_record.hpp) and formatting its message as
// C's printf would have formatted direct3d_errorf's format and arguments on the device.
#include "checked/failure_record.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

namespace tiles::engine {
namespace {

// C++ AMP's message for direct3d_abort, as its runtime gives it.
constexpr const char* abort_message = "Reference Rasterizer: Shader abort instruction hit";

struct argument {
    cl_uint kind; // 1 int, 2 uint, 3 float, 4 double, 5 long, 6 ulong
    std::uint64_t bits;
    double as_double() const {
        if (kind == 3) {
            float f;
            const auto low = std::uint32_t(bits);
            std::memcpy(&f, &low, sizeof f);
            return f;
        }
        if (kind == 4) {
            double d;
            std::memcpy(&d, &bits, sizeof d);
            return d;
        }
        return kind == 1 || kind == 5 ? double(std::int64_t(bits)) : double(bits);
    }
    // The integer it holds (a number of floating point cut toward zero): an int or a long as it was,
    // a uint or a ulong as the same bits.
    long long as_signed() const { return kind == 3 || kind == 4 ? (long long)as_double() : (long long)bits; }
};

// One conversion's text, as snprintf makes it of `spec` (whose width and precision may be `*`,
// taking `stars` in order) and `value`.
template <class T> std::string formatted(const std::string& spec, const std::vector<int>& stars, T value) {
    const auto print = [&](char* out, std::size_t size) {
        if (stars.empty()) return std::snprintf(out, size, spec.c_str(), value);
        if (stars.size() == 1) return std::snprintf(out, size, spec.c_str(), stars[0], value);
        return std::snprintf(out, size, spec.c_str(), stars[0], stars[1], value);
    };
    const int n = print(nullptr, 0);
    if (n <= 0) return "";
    std::string out(std::size_t(n) + 1, '\0');
    print(out.data(), out.size());
    out.resize(std::size_t(n));
    return out;
}

// The recorded integer as printf reads it for a conversion of length `length` (hh, h, l, ll, z, j,
// t or none): cut to the C type the length names, signed or not, then widened without change.
template <class Signed> long long as_signed_of(long long v) { return (long long)(Signed)v; }
template <class Unsigned> unsigned long long as_unsigned_of(long long v) { return (unsigned long long)(Unsigned)v; }
long long signed_as(const std::string& length, long long v) {
    if (length == "hh") return as_signed_of<signed char>(v);
    if (length == "h") return as_signed_of<short>(v);
    if (length.empty()) return as_signed_of<int>(v);
    if (length == "l") return as_signed_of<long>(v);
    if (length == "z" || length == "t") return as_signed_of<std::ptrdiff_t>(v);
    if (length == "j") return as_signed_of<std::intmax_t>(v);
    return v; // ll
}
unsigned long long unsigned_as(const std::string& length, long long v) {
    if (length == "hh") return as_unsigned_of<unsigned char>(v);
    if (length == "h") return as_unsigned_of<unsigned short>(v);
    if (length.empty()) return as_unsigned_of<unsigned>(v);
    if (length == "l") return as_unsigned_of<unsigned long>(v);
    if (length == "z" || length == "t") return as_unsigned_of<std::size_t>(v);
    if (length == "j") return as_unsigned_of<std::uintmax_t>(v);
    return (unsigned long long)v; // ll
}

// `format` with each conversion formatted by C's snprintf from its whole spec (flags, width and
// precision, `*` taking the next argument as an int) and the next of `arguments`, converted to the
// C type its conversion and length name. A conversion with no argument left stays as written; a
// conversion of no number (%s, %p, %n, or an unknown one) leaves the format unformatted, followed by
// a note naming it, rather than print what was never recorded.
std::string format_arguments(const std::string& format, const argument* arguments, std::size_t count) {
    std::string out;
    std::size_t next = 0;
    for (std::size_t i = 0; i < format.size(); ++i) {
        if (format[i] != '%') {
            out += format[i];
            continue;
        }
        std::size_t end = i + 1;
        std::string spec = "%";
        std::vector<int> stars;
        bool missing = false;
        const auto take_star = [&] {
            spec += format[end++];
            if (next == count)
                missing = true;
            else
                stars.push_back(int(arguments[next++].as_signed()));
        };
        while (end < format.size() && std::strchr("-+ #0", format[end]) != nullptr) spec += format[end++];
        if (end < format.size() && format[end] == '*') take_star();
        while (end < format.size() && std::isdigit((unsigned char)format[end])) spec += format[end++];
        if (end < format.size() && format[end] == '.') {
            spec += format[end++];
            if (end < format.size() && format[end] == '*') take_star();
            while (end < format.size() && std::isdigit((unsigned char)format[end])) spec += format[end++];
        }
        std::string length;
        while (end < format.size() && std::strchr("hlLjzt", format[end]) != nullptr) length += format[end++];
        const char conversion = end < format.size() ? format[end] : '\0';
        if (conversion == '%' && spec == "%" && length.empty()) {
            out += '%';
            i = end;
            continue;
        }
        const bool integer = conversion != '\0' && std::strchr("diouxXc", conversion) != nullptr;
        const bool floating = conversion != '\0' && std::strchr("fFeEgGaA", conversion) != nullptr;
        const bool known_length = length.empty() || length == "hh" || length == "h" || length == "l" ||
                                  length == "ll" || length == "z" || length == "j" || length == "t" ||
                                  (length == "L" && floating);
        if (!(integer || floating) || !known_length || (conversion == 'c' && !length.empty()))
            return format + " (its conversion '" + format.substr(i, end - i + (conversion != '\0')) +
                   "' is not supported: direct3d_errorf records numbers only)";
        if (missing || next == count) {
            out += format.substr(i, end - i + 1);
            i = end;
            continue;
        }
        const argument& a = arguments[next++];
        if (conversion == 'd' || conversion == 'i')
            out += formatted(spec + "lld", stars, signed_as(length, a.as_signed()));
        else if (conversion == 'c')
            out += formatted(spec + "c", stars, int(a.as_signed()));
        else if (integer)
            out += formatted(spec + "ll" + conversion, stars, unsigned_as(length, a.as_signed()));
        else if (length == "L")
            out += formatted(spec + "L" + conversion, stars, (long double)a.as_double());
        else
            out += formatted(spec + conversion, stars, a.as_double());
        i = end;
    }
    return out;
}

} // namespace

std::string failure_message(const cl_uint* record, const std::string& kernel) {
    if (record[0] == 2) return std::string(abort_message) + " (direct3d_abort in kernel '" + kernel + "')";
    if (record[0] != 1 && record[0] != 3) return "";
    std::array<argument, failure_record_arguments> arguments{};
    const std::size_t count = std::min<std::size_t>(record[1], arguments.size());
    for (std::size_t i = 0; i < count; ++i) {
        const cl_uint* bits = record + failure_record_bits + 2 * i;
        arguments[i] = {record[2 + i], std::uint64_t(bits[0]) | std::uint64_t(bits[1]) << 32};
    }
    const char* text = reinterpret_cast<const char*>(record + failure_record_text);
    const char* text_end = text + (failure_record_words - failure_record_text) * sizeof(cl_uint);
    const std::string format(text, std::find(text, text_end, '\0'));
    const char* const by = record[0] == 1 ? "direct3d_errorf" : "view_as";
    return format_arguments(format, arguments.data(), count) + " (" + by + " in kernel '" + kernel + "')";
}

void bind_failure_record(const context& ctx, compiled_kernel& k, cl_uint index) {
    if (k.failure_record() == nullptr) {
        std::array<cl_uint, failure_record_words> zeros{};
        cl_int status = CL_SUCCESS;
        k.failure_record = cl::Buffer(ctx.opencl_context(), CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof zeros,
                                      zeros.data(), &status);
        check(status, "clCreateBuffer");
    }
    check(k.kernel.setArg(index, k.failure_record), "clSetKernelArg");
}

std::string take_recorded_failure(const context& ctx, compiled_kernel& k) {
    std::array<cl_uint, failure_record_words> record{};
    check(ctx.queue().enqueueReadBuffer(k.failure_record, CL_TRUE, 0, sizeof record, record.data()),
          "clEnqueueReadBuffer");
    if (record[0] == 0) return "";
    const cl_uint nothing = 0;
    check(ctx.queue().enqueueWriteBuffer(k.failure_record, CL_TRUE, 0, sizeof nothing, &nothing),
          "clEnqueueWriteBuffer");
    return failure_message(record.data(), k.name);
}

} // namespace tiles::engine
