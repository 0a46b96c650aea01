// SPDX-License-Identifier: Apache-2.0
//! Turns typed handlers — `Reply<Hover> Server::onHover(const HoverParams&)` — into the method
//! table of raw JSON handlers (clangd's LSPBinder, without its callbacks: modak answers in order,
//! at once). The binder reads the parameters with their `from_json` (Protocol.h), which throws
//! InvalidParams naming what is missing or of the wrong type; the server answers that with -32602
//! and the handler never runs. A result is written with its `to_json`; a ResponseError is sent as
//! the reply's error.
#pragma once

#include "Protocol.h"

#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace modak::lsp {

/// A handler's result as JSON: `null` for an empty optional, the alternative held by a variant,
/// the text of a RawJson as it is.
inline Answer resultJson(RawJson&& value) {
    return Answer(std::move(value));
}
template<class T>
json resultJson(T&& value) {
    return json(std::forward<T>(value));
}
template<class T>
json resultJson(std::optional<T>&& value) {
    return value ? json(std::move(*value)) : json(nullptr);
}
template<class... T>
json resultJson(std::variant<T...>&& value) {
    return std::visit([](auto&& alternative) { return json(std::move(alternative)); },
                      std::move(value));
}

/// Binds the typed handlers of `Owner` into `table` (anything with `onRequest(method, handler,
/// staleOnEdit)` and `onNotification(method, handler)` taking raw JSON).
template<class Owner, class Table>
class Binder {
public:
    Binder(Owner& owner, Table& table) : owner_(owner), table_(table) {}

    /// `staleOnEdit`: the result describes a whole document, so it is answered ContentModified when
    /// an edit of that document is already queued behind the request.
    template<class Params, class Result>
    void request(std::string method, Reply<Result> (Owner::*handler)(const Params&),
                 bool staleOnEdit = false) {
        Owner* owner = &owner_;
        table_.onRequest(
            std::move(method),
            [owner, handler](const json& raw) -> Reply<Answer> {
                Params params;
                from_json(raw, params);
                Reply<Result> reply = (owner->*handler)(params);
                if (!reply.ok())
                    return reply.error();
                return resultJson(std::move(reply.value()));
            },
            staleOnEdit);
    }

    /// A notification whose parameters cannot be read is dropped (there is no reply to give).
    template<class Params>
    void notification(std::string method, void (Owner::*handler)(const Params&)) {
        Owner* owner = &owner_;
        table_.onNotification(std::move(method), [owner, handler](const json& raw) {
            Params params;
            from_json(raw, params);
            (owner->*handler)(params);
        });
    }

private:
    Owner& owner_;
    Table& table_;
};

} // namespace modak::lsp
