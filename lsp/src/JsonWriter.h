// SPDX-License-Identifier: Apache-2.0
//! A streaming JSON writer for the results that grow with the document (document symbols, semantic
//! tokens): written straight into the message's text, with no nlohmann tree in between (a
//! 10 000-line document's outline is ~9 000 objects, ~2 MB, and building and dumping the tree took
//! most of the request's time). Strings are escaped as JSON wants and invalid UTF-8 is replaced by
//! U+FFFD, as the server's nlohmann dumps do (`error_handler_t::replace`).
#pragma once

#include <charconv>
#include <cstdint>
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
    /// Where a value goes that the caller writes later into the text (a line number filled in
    /// when a kept fragment is reused): nothing is written.
    JsonWriter& placeholder() {
        separate();
        return *this;
    }
    /// A value already written as JSON text (a fragment kept from an earlier answer).
    JsonWriter& raw(std::string_view json) {
        separate();
        out_ += json;
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
    /// The length of the valid UTF-8 sequence at `s[i]` (a byte >= 0x80), 0 when invalid.
    static size_t utf8Length(std::string_view s, size_t i) {
        auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
        unsigned char b = byte(i);
        size_t n = b >= 0xF0 && b <= 0xF4 ? 4 : b >= 0xE0 ? 3 : b >= 0xC2 && b <= 0xDF ? 2 : 0;
        if (n == 0 || i + n > s.size())
            return 0;
        for (size_t k = 1; k < n; ++k)
            if ((byte(i + k) & 0xC0) != 0x80)
                return 0;
        // Overlong forms, surrogates and code points past U+10FFFF are not UTF-8.
        unsigned char c = byte(i + 1);
        if ((b == 0xE0 && c < 0xA0) || (b == 0xED && c >= 0xA0) || (b == 0xF0 && c < 0x90) ||
            (b == 0xF4 && c >= 0x90))
            return 0;
        return n;
    }
    void quoted(std::string_view s) {
        out_ += '"';
        size_t run = 0; // start of the bytes copied as they are
        for (size_t i = 0; i < s.size();) {
            auto ch = static_cast<unsigned char>(s[i]);
            if (ch >= 0x20 && ch != '"' && ch != '\\' && ch < 0x80) {
                ++i;
                continue;
            }
            if (ch >= 0x80) {
                if (size_t n = utf8Length(s, i)) {
                    i += n;
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
                    out_ += "\xEF\xBF\xBD"; // U+FFFD for a byte that starts no UTF-8 sequence
                }
            }
            run = ++i;
        }
        out_.append(s.data() + run, s.size() - run);
        out_ += '"';
    }

    std::string& out_;
    bool first_ = true;
};

} // namespace modak::lsp
