// SPDX-License-Identifier: Apache-2.0
//! Writing HCL (Terraform) the way `terraform fmt` lays it out: two-space indentation, the `=` of
//! consecutive single-line attributes aligned, a blank line around nested blocks. Every user value
//! goes through `hclString` or `hclHeredoc`, which escape it for HCL's quoted and template syntax.
#pragma once

#include "modak/codegen/Doc.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace modak::codegen {

/// A quoted HCL string meaning exactly `value`: `\`, `"` and control characters escaped, and the
/// template sequences `${` and `%{` doubled (`$${`, `%%{`) so nothing is interpolated.
std::string hclString(std::string_view value);

/// A heredoc (`<<EOT` … `EOT`) meaning exactly `value` (which must end with a line break): template
/// sequences doubled, a delimiter no line of `value` equals. Returns "" when a heredoc cannot hold
/// `value` (a carriage return or another control character): use `hclString` then.
std::string hclHeredoc(std::string_view value);

/// An HCL identifier: a letter or '_', then letters, digits, '_' and '-'.
bool hclIdentifier(std::string_view name);

/// `doc` as an HCL expression (object, tuple, string, number, bool, null, or an `Expr` as it is)
/// whose continuation lines are indented for a line at `indent`.
std::string hclValue(const Doc& doc, int indent);

/// The body of a file or block: attributes and nested blocks, in the order they were added.
class HclBody {
public:
    /// `name = value`; `value` is an expression (already escaped).
    HclBody& attr(std::string name, std::string value);
    HclBody& attr(std::string name, const Doc& value);
    /// A nested block `type "label" … {`; returns its body.
    HclBody& block(std::string type, std::vector<std::string> labels = {});
    /// A `# comment` line (made comment-safe).
    HclBody& comment(std::string_view text);
    /// An empty line.
    HclBody& blank();

    std::string render(int indent = 0) const;

private:
    struct Item {
        enum class Kind { Attribute, Block, Comment, Blank } kind;
        std::string name;  ///< attribute name, block type, comment text
        std::string value; ///< attribute expression (may span lines)
        std::vector<std::string> labels;
        std::unique_ptr<HclBody> body; ///< Block
        std::unique_ptr<Doc> doc; ///< Attribute given as a tree, rendered at the body's indentation
    };
    std::vector<Item> items_;
};

} // namespace modak::codegen
