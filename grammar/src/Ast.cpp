// SPDX-License-Identifier: Apache-2.0
#include "modak/syntax/Ast.h"

#include "modak/syntax/Lexical.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace modak::syntax {

namespace {
// Chunks grow from 4 KiB (small files, tests) to 2 MiB. A chunk of 2 MiB or more is mapped on a
// 2 MiB boundary and offered to the kernel for huge pages (madvise): a large file's tree (24 MB
// for the 10 MB bench file) then costs a dozen page faults, not six thousand, each of which took
// a microsecond or two of the parse. Its pages still count towards memory only once written, a
// huge page at a time: the last chunk's may hold up to 2 MiB not yet used.
constexpr size_t firstChunk = 4 << 10;
constexpr size_t hugePage = 2 << 20;
constexpr size_t largestChunk = hugePage;

/// `size` bytes (a multiple of hugePage) mapped at a multiple of hugePage; nullptr when no
/// map is to be had (the heap is asked instead).
std::byte* mapChunk(size_t size) {
    const size_t span = size + hugePage;
    void* at = mmap(nullptr, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (at == MAP_FAILED)
        return nullptr;
    const auto begin = reinterpret_cast<uintptr_t>(at);
    const uintptr_t aligned = (begin + hugePage - 1) & ~(hugePage - 1);
    if (aligned > begin)
        munmap(at, aligned - begin);
    if (begin + span > aligned + size)
        munmap(reinterpret_cast<void*>(aligned + size), begin + span - aligned - size);
#ifdef MADV_HUGEPAGE
    madvise(reinterpret_cast<void*>(aligned), size, MADV_HUGEPAGE); // advice: may be ignored
#endif
    return reinterpret_cast<std::byte*>(aligned);
}
} // namespace

Arena::~Arena() {
    for (const Chunk& c : chunks_) {
        if (c.mapped)
            munmap(c.data, c.size);
        else
            delete[] c.data;
    }
}

void Arena::releaseUnused() {
    if (chunks_.empty() || !chunks_.back().mapped)
        return;
    static const auto page = static_cast<uintptr_t>(sysconf(_SC_PAGESIZE));
    const uintptr_t from = (reinterpret_cast<uintptr_t>(next_) + page - 1) & ~(page - 1);
    const auto end = reinterpret_cast<uintptr_t>(chunks_.back().data + chunks_.back().size);
    if (from < end)
        madvise(reinterpret_cast<void*>(from), end - from, MADV_DONTNEED);
}

void* Arena::allocate(size_t bytes, size_t align) {
    size_t pad = (align - reinterpret_cast<uintptr_t>(next_) % align) % align;
    if (pad + bytes > left_) {
        chunkSize_ = chunkSize_ == 0 ? firstChunk : std::min(largestChunk, 2 * chunkSize_);
        size_t size = std::max(chunkSize_, bytes + align);
        chunks_.reserve(chunks_.size() + 1); // so that the chunk made below is owned at once
        std::byte* data = nullptr;
        bool mapped = false;
        if (size >= hugePage) {
            size = (size + hugePage - 1) & ~(hugePage - 1); // whole pages of any size
            data = mapChunk(size);
            mapped = data != nullptr;
        }
        if (!data)
            data = new std::byte[size];
        chunks_.push_back({data, size, mapped});
        next_ = data;
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

std::string_view Relocation::view(std::string_view s, Arena& arena) const {
    if (s.empty())
        return {};
    if (s.data() >= oldText && s.data() + s.size() <= oldText + oldSize)
        return {pointer(s.data()), s.size()};
    return arena.copyString(s);
}

Value Value::relocated(const Relocation& r, Arena& arena) const {
    Value v = *this;
    v.range = r.range(range);
    switch (kind) {
    case Kind::Identifier:
    case Kind::String:
    case Kind::TextBlock:
        if (quote_ == storedText)
            v.storedText_ = arena.make(arena.copyString(*storedText_));
        else
            v.lexeme_ = r.pointer(lexeme_);
        break;
    case Kind::Versioned:
        v.versioned_ = arena.make(VersionedName{r.view(versioned_->name, arena),
                                                r.view(versioned_->version, arena),
                                                r.range(versioned_->versionRange)});
        break;
    case Kind::List:
    case Kind::Range:
        if (items_) {
            auto* items =
                static_cast<Value*>(arena.allocate(sizeof(Value) * items_->size(), alignof(Value)));
            for (size_t i = 0; i < items_->size(); ++i)
                new (items + i) Value((*items_)[i].relocated(r, arena));
            v.items_ = arena.make(NodeList<Value>(items, items_->size()));
        }
        break;
    default:
        break;
    }
    return v;
}

Statement Statement::relocated(const Relocation& r, Arena& arena) const {
    Statement s = *this;
    if (key_)
        s.key_ = r.pointer(key_);
    s.keyBegin_ = r.offset(keyBegin_);
    if (!isBlock_) {
        s.value_ = value_.relocated(r, arena);
        return s;
    }
    const BlockParts& old = *block_.parts;
    BlockParts parts = old;
    parts.end = r.offset(old.end);
    if (old.closeOffset != BlockParts::noBrace)
        parts.closeOffset = r.offset(old.closeOffset);
    parts.body = nullptr; // as the parser leaves an empty body
    if (old.bodySize > 0) {
        auto* body = static_cast<Statement*>(
            arena.allocate(sizeof(Statement) * old.bodySize, alignof(Statement)));
        for (uint32_t i = 0; i < old.bodySize; ++i)
            new (body + i) Statement(old.body[i].relocated(r, arena));
        parts.body = body;
    }
    s.block_.parts = arena.make(parts);
    s.block_.file = r.newFile;
    s.block_.openOffset = r.offset(block_.openOffset);
    if (block_.nameLength > 0)
        s.block_.nameOffset = r.offset(block_.nameOffset);
    return s;
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
