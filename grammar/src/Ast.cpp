// SPDX-License-Identifier: Apache-2.0
#include "modak/syntax/Ast.h"

#include "modak/syntax/Lexical.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace modak::syntax {

namespace {
// Chunks grow from 4 KiB (small files, tests) to 1 MiB; large chunks come straight from mmap, so
// their pages count towards memory only once they are written.
constexpr size_t firstChunk = 4 << 10;
constexpr size_t largestChunk = 1 << 20;
} // namespace

void* Arena::allocate(size_t bytes, size_t align) {
    size_t pad = (align - reinterpret_cast<uintptr_t>(next_) % align) % align;
    if (pad + bytes > left_) {
        chunkSize_ = chunkSize_ == 0 ? firstChunk : std::min(largestChunk, 2 * chunkSize_);
        size_t size = std::max(chunkSize_, bytes + align);
        chunks_.emplace_back(new std::byte[size]);
        next_ = chunks_.back().get();
        left_ = size;
        pad = (align - reinterpret_cast<uintptr_t>(next_) % align) % align;
    }
    void* p = next_ + pad;
    next_ += pad + bytes;
    left_ -= pad + bytes;
    used_ += pad + bytes;
    return p;
}

std::string_view Arena::copyString(std::string_view s) {
    if (s.empty())
        return {};
    char* p = static_cast<char*>(allocate(s.size(), 1));
    std::memcpy(p, s.data(), s.size());
    return {p, s.size()};
}

const std::vector<std::string_view>& sizeUnitNames() {
    static const std::vector<std::string_view> names{"B",  "kB",  "KB",  "MB",  "GB",  "TB",
                                                     "PB", "KiB", "MiB", "GiB", "TiB", "PiB"};
    return names;
}

const std::vector<std::string_view>& amountUnitNames() {
    static const std::vector<std::string_view> names{
        "USD", "EUR", "GBP", "CHF", "JPY", "CNY", "node_hours", "gpu_hours", "core_hours"};
    return names;
}

bool isAllocationUnit(std::string_view unit) {
    return unit.ends_with("_hours");
}

const Value& Statement::noValue() {
    static const Value none;
    return none;
}

std::string_view Value::unit() const {
    if (unitIndex == 0)
        return {};
    return kind == Kind::Amount ? amountUnitNames()[unitIndex - 1] : sizeUnitNames()[unitIndex - 1];
}

int64_t Value::sizeBytes(double amount, uint8_t unitIndex) {
    std::string_view unit = unitIndex == 0 ? std::string_view() : sizeUnitNames()[unitIndex - 1];
    return static_cast<int64_t>(
        std::llround(amount * static_cast<double>(sizeUnitBytes(unit).value_or(1))));
}

} // namespace modak::syntax
