// SPDX-License-Identifier: Apache-2.0
// Terraform string values as hcl2json gives them (template source text) decoded as Terraform would.
"use strict";

/// Template escapes undone (`$${` → `${`, `%%{` → `%{`), the given interpolations substituted
/// (`{"count.index": "0"}`); any other interpolation or directive throws.
function decode(s, interpolations = {}) {
  let out = "";
  for (let i = 0; i < s.length;) {
    if (s.startsWith("$${", i) || s.startsWith("%%{", i)) {
      out += s[i] + "{";
      i += 3;
    } else if (s.startsWith("${", i) || s.startsWith("%{", i)) {
      const end = s.indexOf("}", i);
      const expr = s.slice(i + 2, end).trim();
      if (s[i] === "%" || !(expr in interpolations)) throw new Error(`unexpected interpolation ${s.slice(i, end + 1)}`);
      out += interpolations[expr];
      i = end + 1;
    } else {
      out += s[i++];
    }
  }
  return out;
}

/// The cloud-init document of a virtual-machine module's main.tf (parsed by hcl2json), decoded
/// for node 0 of `nodes`.
function cloudInit(main, nodes) {
  const res = main.resource?.openstack_compute_instance_v2?.node ?? main.resource?.aws_instance?.node;
  if (!res) return null;
  return decode(res[0].user_data, { "count.index": "0", "var.node_count": String(nodes) });
}

module.exports = { decode, cloudInit };
