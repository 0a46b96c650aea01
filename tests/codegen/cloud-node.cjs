// SPDX-License-Identifier: Apache-2.0
// Lays out one node of a virtual-machine module as its cloud-init would: the module's main.tf parsed
// with HashiCorp's HCL parser, the node's user_data decoded as Terraform would (its index, the node
// count, node 0's ADDRESS, the rendezvous PORT, keep_nodes KEEP), and each file cloud-init writes
// under /opt/modak/ written under OUT_DIR with its permissions. Prints the runcmd as JSON.
// usage: NODE_PATH=tests/tools/node_modules node cloud-node.cjs MODULE_DIR NODE NODES ADDRESS PORT KEEP OUT_DIR
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const yaml = require("js-yaml");
const { parse } = require("@cdktf/hcl2json");
const { nodeCloudInit } = require("./hcl-decode.cjs");

(async () => {
  const [dir, node, nodes, address, port, keep, out] = process.argv.slice(2);
  const main = await parse("main.tf", fs.readFileSync(path.join(dir, "main.tf"), "utf8"));
  const text = nodeCloudInit(main, Number(node), Number(nodes), { address, port, keep });
  if (text === null) throw new Error(`${dir}: no virtual machines`);
  if (!text.startsWith("#cloud-config\n")) throw new Error(`${dir}: user_data is not #cloud-config`);
  const doc = yaml.load(text);
  for (const f of doc.write_files) {
    if (!f.path.startsWith("/opt/modak/")) throw new Error(`${f.path} is outside /opt/modak`);
    const target = path.join(out, f.path.slice("/opt/modak/".length));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, f.content, { mode: parseInt(f.permissions, 8) });
  }
  console.log(JSON.stringify(doc.runcmd));
})().catch((e) => {
  console.error(`FAIL: ${e.message}`);
  process.exit(1);
});
