// libtiles: reading a kernel's failure record (failure_record.hpp) and formatting its message as
// C's printf would have formatted direct3d_errorf's format and arguments on the device.
#include "failure_record.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstring>

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
    long long as_signed() const { return kind == 3 || kind == 4 ? (long long)as_double() : (long long)bits; }
    // As C's %u and %x print it: an int's 32 bits, a long's 64.
    unsigned long long as_unsigned() const {
        return kind == 1 ? (unsigned long long)std::uint32_t(bits) : (unsigned long long)as_signed();
    }
};

template <class T> std::string formatted(const std::string& spec, T value) {
    const int n = std::snprintf(nullptr, 0, spec.c_str(), value);
    if (n <= 0) return "";
    std::string out(std::size_t(n) + 1, '\0');
    std::snprintf(out.data(), out.size(), spec.c_str(), value);
    out.resize(std::size_t(n));
    return out;
}

// `format` with each conversion taking the next of `arguments` (converted to what the conversion
// prints); a conversion with no argument left, or of a kind no number prints (%s, %p, %n), stays
// as it was written.
std::string format_arguments(const std::string& format, const argument* arguments, std::size_t count) {
    std::string out;
    std::size_t next = 0;
    for (std::size_t i = 0; i < format.size(); ++i) {
        if (format[i] != '%') {
            out += format[i];
            continue;
        }
        if (i + 1 < format.size() && format[i + 1] == '%') {
            out += '%';
            ++i;
            continue;
        }
        std::size_t end = i + 1;
        std::string spec = "%";
        while (end < format.size() && std::strchr("-+ #0", format[end]) != nullptr) spec += format[end++];
        while (end < format.size() && (std::isdigit((unsigned char)format[end]) || format[end] == '.'))
            spec += format[end++];
        while (end < format.size() && std::strchr("hlLjztv", format[end]) != nullptr) ++end; // the argument's size
        const char conversion = end < format.size() ? format[end] : '\0';
        const bool number = conversion != '\0' && std::strchr("diouxXcfFeEgGaA", conversion) != nullptr;
        if (!number || next == count) {
            out += format.substr(i, end - i + (conversion != '\0'));
            i = end;
            continue;
        }
        const argument& a = arguments[next++];
        if (conversion == 'd' || conversion == 'i')
            out += formatted(spec + "lld", a.as_signed());
        else if (conversion == 'c')
            out += formatted(spec + "c", int(a.as_signed()));
        else if (std::strchr("ouxX", conversion) != nullptr)
            out += formatted(spec + "ll" + conversion, a.as_unsigned());
        else
            out += formatted(spec + conversion, a.as_double());
        i = end;
    }
    return out;
}

} // namespace

std::string failure_message(const cl_uint* record, const std::string& kernel) {
    if (record[0] == 2) return std::string(abort_message) + " (direct3d_abort in kernel '" + kernel + "')";
    if (record[0] != 1) return "";
    std::array<argument, 4> arguments{};
    const std::size_t count = std::min<std::size_t>(record[1], arguments.size());
    for (std::size_t i = 0; i < count; ++i)
        arguments[i] = {record[2 + i], std::uint64_t(record[6 + 2 * i]) | std::uint64_t(record[7 + 2 * i]) << 32};
    const char* text = reinterpret_cast<const char*>(record + 14);
    const char* text_end = text + (failure_record_words - 14) * sizeof(cl_uint);
    const std::string format(text, std::find(text, text_end, '\0'));
    return format_arguments(format, arguments.data(), count) + " (direct3d_errorf in kernel '" + kernel + "')";
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
