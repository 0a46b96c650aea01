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

// Where each virtual-machine module keeps its nodes: node 0 in `first`, the others in `others`
// (count.index + 1 is the node's index), and the attribute of `first` naming node 0's address.
const vmResources = { openstack_compute_instance_v2: "network[0].fixed_ip_v4", aws_instance: "private_ip" };

/// The cloud-init document of node `node` of `nodes` of a virtual-machine module's main.tf (parsed
/// by hcl2json), decoded as Terraform would: node 0's private address `address`, the rendezvous
/// port `port`, keep_nodes `keep`. null for a module without virtual machines.
function nodeCloudInit(main, node, nodes, { address = "10.0.0.10", port = "29500", keep = "false" } = {}) {
  const type = Object.keys(vmResources).find((t) => main.resource?.[t]?.first);
  if (!type) return null;
  const res = main.resource[type][node === 0 ? "first" : "others"][0];
  return decode(res.user_data, {
    "count.index + 1": String(node),
    "var.node_count": String(nodes),
    [`${type}.first.${vmResources[type]}`]: address,
    "var.rendezvous_port": port,
    "var.keep_nodes": keep,
  });
}

/// The cloud-init document of node 0 of `nodes`.
function cloudInit(main, nodes) {
  return nodeCloudInit(main, 0, nodes);
}

module.exports = { decode, cloudInit, nodeCloudInit };
