// SPDX-License-Identifier: Apache-2.0
// Writes the scripts of the cloud-init of each virtual-machine module (parsed with HashiCorp's HCL
// parser, decoded as Terraform would; the files it writes with permissions 0755) as
// OUT_DIR/<n>-<name>, for shellcheck.
// usage: NODE_PATH=tests/tools/node_modules node extract-cloud-init.cjs OUT_DIR MODULE_DIR...
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const yaml = require("js-yaml");
const { parse } = require("@cdktf/hcl2json");
const { cloudInit } = require("./hcl-decode.cjs");

(async () => {
  const [out, ...modules] = process.argv.slice(2);
  fs.mkdirSync(out, { recursive: true });
  let n = 0;
  for (const dir of modules) {
    const main = await parse("main.tf", fs.readFileSync(path.join(dir, "main.tf"), "utf8"));
    const text = cloudInit(main, 1);
    if (text === null) continue;
    if (!text.startsWith("#cloud-config\n")) throw new Error(`${dir}: user_data is not #cloud-config`);
    for (const f of yaml.load(text).write_files.filter((f) => f.permissions === "0755")) fs.writeFileSync(path.join(out, `${n}-${path.basename(f.path)}`), f.content);
    n++;
  }
  console.log(`${n} cloud-init documents extracted`);
})().catch((e) => {
  console.log(`FAIL: ${e.message}`);
  process.exit(1);
});
