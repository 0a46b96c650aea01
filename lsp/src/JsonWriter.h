// SPDX-License-Identifier: Apache-2.0
//! A streaming JSON writer for the results that grow with the document (document symbols, semantic
//! tokens): written straight into the message's text, with no nlohmann tree in between (a
//! 10 000-line document's outline is ~9 000 objects, ~2 MB, and building and dumping the tree took
//! most of the request's time). Strings are escaped as JSON wants and invalid UTF-8 is replaced by
//! U+FFFD, as the server's nlohmann dumps do (`error_handler_t::replace`).
#pragma once

#include <array>
#include <charconv>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

namespace modak::lsp {

class JsonWriter {
public:
    explicit JsonWriter(std::string& out) : out_(out) {}

    JsonWriter& beginObject() { return open('{'); }
    JsonWriter& endObject() { return close('}'); }
    JsonWriter& beginArray() { return open('['); }
    JsonWriter& endArray() { return close(']'); }
    /// An object's key; the value written next is its value.
    JsonWriter& key(std::string_view name) {
        separate();
        quoted(name);
        out_ += ':';
        first_ = true;
        return *this;
    }
    JsonWriter& value(std::string_view text) {
        separate();
        quoted(text);
        return *this;
    }
    JsonWriter& value(const char* text) { return value(std::string_view(text)); }
    template<class Int,
             class = std::enable_if_t<std::is_integral_v<Int> && !std::is_same_v<Int, bool>>>
    JsonWriter& value(Int number) {
        separate();
        char buffer[24];
        auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, number);
        out_.append(buffer, end);
        return *this;
    }
    JsonWriter& value(bool b) {
        separate();
        out_ += b ? "true" : "false";
        return *this;
    }
    JsonWriter& null() {
        separate();
        out_ += "null";
        return *this;
    }
    /// A string alone, escaped and quoted, with no separator: for a caller that writes the
    /// punctuation around it itself.
    JsonWriter& string(std::string_view text) {
        quoted(text);
        return *this;
    }
    /// An array of numbers: a document's semantic tokens are ~300 000, so their digits are written
    /// a chunk at a time rather than appended one by one.
    JsonWriter& numbers(std::span<const uint32_t> values) {
        separate();
        char chunk[4096];
        char* at = chunk;
        *at++ = '[';
        for (size_t i = 0; i < values.size(); ++i) {
            if (chunk + sizeof chunk - at < 12) { // a comma and ten digits, and room for ']'
                out_.append(chunk, at);
                at = chunk;
            }
            if (i > 0)
                *at++ = ',';
            at = std::to_chars(at, chunk + sizeof chunk, values[i]).ptr;
        }
        *at++ = ']';
        out_.append(chunk, at);
        return *this;
    }

private:
    JsonWriter& open(char bracket) {
        separate();
        out_ += bracket;
        first_ = true;
        return *this;
    }
    JsonWriter& close(char bracket) {
        out_ += bracket;
        first_ = false;
        return *this;
    }
    void separate() {
        if (!first_)
            out_ += ',';
        first_ = false;
    }
    static constexpr size_t kShort = 62; ///< quoted in a buffer on the stack
    /// The UTF-8 sequence at `s[i]` (a byte >= 0x80): its length when valid (`valid` true), else
    /// the length of the part a decoder reads before it fails (at least 1), which is replaced by
    /// one U+FFFD as nlohmann's dump does (`error_handler_t::replace`, Unicode's "maximal
    /// subpart").
    static size_t utf8Length(std::string_view s, size_t i, bool& valid) {
        auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
        unsigned char b = byte(i);
        size_t n = b >= 0xF0 && b <= 0xF4   ? 4
                   : b >= 0xE0 && b <= 0xEF ? 3
                   : b >= 0xC2 && b <= 0xDF ? 2
                                            : 0;
        valid = false;
        if (n == 0)
            return 1;
        // The second byte's range excludes overlong forms, surrogates and code points past
        // U+10FFFF; the others are continuation bytes.
        unsigned char lo = b == 0xE0 ? 0xA0 : b == 0xF0 ? 0x90 : 0x80;
        unsigned char hi = b == 0xED ? 0x9F : b == 0xF4 ? 0x8F : 0xBF;
        size_t k = 1;
        for (; k < n && i + k < s.size(); ++k) {
            if (byte(i + k) < lo || byte(i + k) > hi)
                return k;
            lo = 0x80;
            hi = 0xBF;
        }
        valid = k == n;
        return k;
    }
    /// The bytes a JSON string holds as they are: printable ASCII but the quote and backslash.
    static constexpr auto kPlain = [] {
        std::array<bool, 256> t{};
        for (int c = 0x20; c < 0x80; ++c)
            t[static_cast<size_t>(c)] = c != '"' && c != '\\';
        return t;
    }();
    static bool plain(char c) { return kPlain[static_cast<unsigned char>(c)]; }
    void quoted(std::string_view s) {
        // Most strings (every key, most names) need no escaping: one append, quotes included.
        size_t i = 0;
        while (i < s.size() && plain(s[i]))
            ++i;
        if (i == s.size() && s.size() <= kShort) {
            char buffer[kShort + 2];
            buffer[0] = '"';
            s.copy(buffer + 1, s.size());
            buffer[s.size() + 1] = '"';
            out_.append(buffer, s.size() + 2);
            return;
        }
        out_ += '"';
        size_t run = 0; // start of the bytes copied as they are
        for (; i < s.size();) {
            if (plain(s[i])) {
                ++i;
                continue;
            }
            auto ch = static_cast<unsigned char>(s[i]);
            size_t length = 1; // of what is replaced
            if (ch >= 0x80) {
                bool valid = false;
                length = utf8Length(s, i, valid);
                if (valid) {
                    i += length;
                    continue;
                }
            }
            out_.append(s.data() + run, i - run);
            switch (ch) {
            case '"':
                out_ += "\\\"";
                break;
            case '\\':
                out_ += "\\\\";
                break;
            case '\n':
                out_ += "\\n";
                break;
            case '\r':
                out_ += "\\r";
                break;
            case '\t':
                out_ += "\\t";
                break;
            case '\b':
                out_ += "\\b";
                break;
            case '\f':
                out_ += "\\f";
                break;
            default:
                if (ch < 0x20) {
                    static constexpr char kHex[] = "0123456789abcdef";
                    out_ += "\\u00";
                    out_ += kHex[ch >> 4];
                    out_ += kHex[ch & 0xF];
                } else {
                    out_ += "\xEF\xBF\xBD"; // U+FFFD for what starts no UTF-8 sequence
                }
            }
            i += length;
            run = i;
        }
        out_.append(s.data() + run, s.size() - run);
        out_ += '"';
    }

    std::string& out_;
    bool first_ = true;
};

} // namespace modak::lsp
