// SPDX-License-Identifier: Apache-2.0
#include "modak/text/SourceManager.h"

#include "modak/text/Affixes.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cerrno>
#include <cstring>
#include <memory>
#include <mutex>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace modak {

namespace {
/// Calls `f(offset)` for every newline of `text`, in order: sixteen bytes at a time where the
/// machine compares that many at once (a large file's lines are found in a millisecond; a call
/// to memchr per line cost several).
template<class F>
void forEachNewline(std::string_view text, F f) {
    const char* base = text.data();
    const size_t n = text.size();
    size_t i = 0;
#if defined(__SSE2__)
    const __m128i newline = _mm_set1_epi8('\n');
    for (; i + 16 <= n; i += 16) {
        __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(base + i));
        auto mask = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, newline)));
        for (; mask != 0; mask &= mask - 1)
            f(i + static_cast<size_t>(std::countr_zero(mask)));
    }
#endif
    for (; i < n; ++i)
        if (base[i] == '\n')
            f(i);
}

std::vector<uint32_t> computeLineStarts(std::string_view text) {
    // Counted first so the table is allocated once, at its size: growing it would leave up to half
    // of it unused, and it lives as long as the source (a megabyte or two for a large file).
    size_t lines = 1;
    forEachNewline(text, [&](size_t) { ++lines; });
    std::vector<uint32_t> starts;
    starts.reserve(lines);
    starts.push_back(0);
    forEachNewline(text, [&](size_t at) { starts.push_back(static_cast<uint32_t>(at + 1)); });
    return starts;
}

// ---- files read through a map

/// The files mapped now, for the SIGBUS handler: a slot is claimed (`path`, `size`, then `begin`
/// published) before its file's pages can be read and emptied (`begin` first) before they are
/// unmapped, so the handler, which only reads, sees whole entries.
struct MappedSlot {
    std::atomic<bool> used{false};
    std::atomic<const char*> begin{nullptr};
    std::atomic<size_t> size{0};
    std::atomic<const char*> path{nullptr};
    std::atomic<int> exitCode{0};
};
constexpr size_t kMappedSlots = 64; // more files mapped at once are read instead
MappedSlot mappedSlots[kMappedSlots];
struct sigaction previousBusAction;
size_t mappedPageSize = 4096; // set with the handler: sysconf is not one a handler may call

/// `text` to the standard error, as a signal handler may.
void writeError(const char* text) {
    for (size_t n = std::strlen(text); n > 0;) {
        ssize_t w = ::write(STDERR_FILENO, text, n);
        if (w <= 0)
            return;
        text += w;
        n -= static_cast<size_t>(w);
    }
}

/// A read of a mapped file's page that is no longer there: the file was truncated while it was
/// read (or its storage failed). Ends the process with an error naming the file, worded as the
/// CLI's printError words one; any other SIGBUS goes to the handler that was there before (the
/// fault happens again when this returns).
void onBusError(int, siginfo_t* info, void*) {
    const auto* at = static_cast<const char*>(info->si_addr);
    const size_t page = mappedPageSize;
    for (MappedSlot& slot : mappedSlots) {
        const char* begin = slot.begin.load(std::memory_order_acquire);
        if (!begin || at < begin || at >= begin + (slot.size.load() + page - 1) / page * page)
            continue;
        writeError("modak: error: cannot read '");
        writeError(slot.path.load());
        writeError("': it was cut short, or its storage failed, while it was read\n");
        _exit(slot.exitCode.load());
    }
    sigaction(SIGBUS, &previousBusAction, nullptr);
}

/// A file's read-only map, registered with the SIGBUS handler while it lives.
class FileMap {
public:
    FileMap(const FileMap&) = delete;
    FileMap& operator=(const FileMap&) = delete;
    ~FileMap() {
        slot_->begin.store(nullptr, std::memory_order_release);
        slot_->used.store(false, std::memory_order_release);
        munmap(const_cast<char*>(data_), size_);
    }

    /// `size` bytes of the open file `fd`, or null where it cannot be mapped (the caller reads it).
    static std::shared_ptr<const FileMap> map(int fd, size_t size, std::string path, int exitCode) {
        static std::once_flag installed;
        std::call_once(installed, [] {
            mappedPageSize = static_cast<size_t>(sysconf(_SC_PAGESIZE));
            struct sigaction action {};
            action.sa_sigaction = onBusError;
            action.sa_flags = SA_SIGINFO;
            sigemptyset(&action.sa_mask);
            sigaction(SIGBUS, &action, &previousBusAction);
        });
        MappedSlot* slot = nullptr;
        for (MappedSlot& s : mappedSlots) {
            bool expected = false;
            if (s.used.compare_exchange_strong(expected, true)) {
                slot = &s;
                break;
            }
        }
        if (!slot)
            return nullptr;
        // Populated now: the page cache's pages are mapped in one call, not faulted in one by one.
        void* data = mmap(nullptr, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
        if (data == MAP_FAILED) {
            slot->used.store(false, std::memory_order_release);
            return nullptr;
        }
        std::shared_ptr<FileMap> m(new FileMap(static_cast<const char*>(data), size, slot));
        m->path_ = std::move(path);
        slot->path.store(m->path_.c_str());
        slot->size.store(size);
        slot->exitCode.store(exitCode);
        slot->begin.store(m->data_, std::memory_order_release);
        return m;
    }
    const char* data() const { return data_; }

private:
    FileMap(const char* data, size_t size, MappedSlot* slot)
        : data_(data), size_(size), slot_(slot) {}

    const char* data_;
    size_t size_;
    MappedSlot* slot_;
    std::string path_;
};

/// The open regular file `fd` of `size` bytes through a map, where the file allows one:
/// kMapFromBytes to `maxBytes` bytes, its last page with room for the zero byte that ends a
/// std::string's text (the parser never reads past the end; the byte keeps a map's text like a
/// copy's).
std::optional<SourceText> mapFile(int fd, size_t size, std::string path, size_t maxBytes,
                                  int exitCode) {
    const auto page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    if (size < SourceManager::kMapFromBytes || size > maxBytes || size % page == 0)
        return std::nullopt;
    auto m = FileMap::map(fd, size, std::move(path), exitCode);
    if (!m)
        return std::nullopt;
    return SourceText(m, m->data(), size, /*mapped=*/true);
}

/// An open file, closed with its owner.
struct Descriptor {
    explicit Descriptor(int f) : fd(f) {}
    Descriptor(const Descriptor&) = delete;
    Descriptor& operator=(const Descriptor&) = delete;
    ~Descriptor() {
        if (fd >= 0)
            ::close(fd);
    }
    const int fd;
};

/// Up to `n` bytes of `fd` into `to`, fewer only at its end (read(2) again where it returned less
/// or a signal interrupted it); nullopt on a read error.
std::optional<size_t> readUpTo(int fd, char* to, size_t n) {
    size_t total = 0;
    while (total < n) {
        const ssize_t got = ::read(fd, to + total, n - total);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            return std::nullopt;
        if (got == 0)
            break;
        total += static_cast<size_t>(got);
    }
    return total;
}

} // namespace

SourceText::SourceText(std::string text) {
    auto owned = std::make_shared<const std::string>(std::move(text));
    view_ = *owned;
    owner_ = std::move(owned);
}

LineColumn SourceBuffer::lineColumn(uint32_t offset) const {
    offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text.size()));
    auto it = std::upper_bound(lineStarts.begin(), lineStarts.end(), offset);
    auto line = static_cast<uint32_t>(it - lineStarts.begin()); // 1-based
    return {line, offset - lineStarts[line - 1] + 1};
}

std::string_view SourceBuffer::line(uint32_t line1) const {
    uint32_t begin = lineStarts[line1 - 1];
    uint32_t end =
        line1 < lineStarts.size() ? lineStarts[line1] : static_cast<uint32_t>(text.size());
    std::string_view shown(text.data() + begin, end - begin);
    while (!shown.empty() && (shown.back() == '\n' || shown.back() == '\r'))
        shown.remove_suffix(1);
    return shown;
}

FileId SourceManager::addBuffer(std::string path, std::string text) {
    return addText(std::move(path), SourceText(std::move(text)), {});
}

FileId SourceManager::addText(std::string path, SourceText text, std::vector<uint32_t> lineStarts) {
    FileId id{static_cast<uint32_t>(buffers_.size() + 1)};
    SourceBuffer& b = buffers_.emplace_back();
    b.id = id;
    b.path = std::move(path);
    b.text = std::move(text);
    b.lineStarts = lineStarts.empty() ? computeLineStarts(b.text) : std::move(lineStarts);
    b.fileSize = b.text.size();
    return id;
}

FileId SourceManager::addBuffer(std::string path, std::string text, const SourceBuffer& previous) {
    const EditSpan edit = editBetween(previous.text, text);
    // Lines start after a '\n': those at or before the edit's start are kept, those whose '\n'
    // lies after it moved, those between found in the new text.
    const std::vector<uint32_t>& old = previous.lineStarts;
    const auto kept = std::upper_bound(old.begin(), old.end(), edit.begin);
    const auto moved = std::upper_bound(old.begin(), old.end(), edit.oldEnd);
    const std::string_view between =
        std::string_view(text).substr(edit.begin, edit.newEnd - edit.begin);
    size_t found = 0;
    forEachNewline(between, [&](size_t) { ++found; });
    std::vector<uint32_t> starts;
    starts.reserve(static_cast<size_t>(kept - old.begin()) + found +
                   static_cast<size_t>(old.end() - moved));
    starts.assign(old.begin(), kept);
    forEachNewline(
        between, [&](size_t at) { starts.push_back(static_cast<uint32_t>(edit.begin + at + 1)); });
    for (auto it = moved; it != old.end(); ++it)
        starts.push_back(static_cast<uint32_t>(*it + edit.delta()));
    return addText(std::move(path), SourceText(std::move(text)), std::move(starts));
}

std::optional<FileId> SourceManager::readFile(const std::filesystem::path& path, std::string& error,
                                              size_t maxBytes) {
    // One open and one fstat say what the file is; it is mapped or read through that descriptor.
    const Descriptor file{::open(path.c_str(), O_RDONLY | O_CLOEXEC)};
    const int fd = file.fd;
    if (fd < 0) {
        error = std::strerror(errno);
        return std::nullopt;
    }
    struct stat st {};
    if (fstat(fd, &st) != 0) {
        error = std::strerror(errno);
        return std::nullopt;
    }
    if (S_ISDIR(st.st_mode)) {
        error = "is a directory";
        return std::nullopt;
    }
    const bool regular = S_ISREG(st.st_mode);
    const auto expected = static_cast<uint64_t>(st.st_size);
    if (mapLargeFiles && regular)
        if (auto text = mapFile(fd, expected, path.string(), maxBytes, *mapLargeFiles))
            return addText(path.string(), std::move(*text), {});
    // Read in one piece when the size is known (regular files), in chunks otherwise (pipes).
    std::string text;
    uint64_t total = 0;
    if (regular) { // straight into the text, then whatever the file grew by since
        text.resize(std::min<uint64_t>(expected, maxBytes));
        const std::optional<size_t> got = readUpTo(fd, text.data(), text.size());
        if (!got) {
            error = "read error";
            return std::nullopt;
        }
        total = *got;
        text.resize(total);
    }
    char chunk[1 << 16];
    for (;;) {
        const std::optional<size_t> got = readUpTo(fd, chunk, sizeof chunk);
        if (!got) {
            error = "read error";
            return std::nullopt;
        }
        if (*got == 0)
            break;
        const size_t n = *got;
        total += n;
        if (text.size() < maxBytes)
            text.append(chunk, std::min<size_t>(n, maxBytes - text.size()));
        else if (regular)
            break; // the size is known: no need to read the rest
    }
    FileId id = addText(path.string(), SourceText(std::move(text)), {});
    buffers_.back().fileSize = regular ? std::max<uint64_t>(expected, total) : total;
    return id;
}

} // namespace modak
