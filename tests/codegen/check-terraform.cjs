// SPDX-License-Identifier: Apache-2.0
// Checks generated Terraform modules with HashiCorp's HCL parser (@cdktf/hcl2json, from
// tests/tools/node_modules: run with NODE_PATH pointing there).
// usage: node check-terraform.cjs MODULE_DIR...
// For each module: every .tf parses; versions.tf requires the provider the resources use; every
// variable has a description, a type and validations with a condition and an error message; every
// `var.*` used is declared and every declared variable is used; every resource or data source
// referenced exists; every output has a description; README.md lists every variable (required
// ones as "required") and every output.
"use strict";
const { parse, getReferencesInExpression } = require("@cdktf/hcl2json");
const fs = require("node:fs");
const path = require("node:path");

let failures = 0;
const fail = (dir, msg) => {
  failures++;
  console.log(`FAIL ${dir}: ${msg}`);
};

/// Every string in a converted document, with the path to it.
function* strings(value, where = "") {
  if (typeof value === "string") yield [where, value];
  else if (Array.isArray(value)) for (let i = 0; i < value.length; i++) yield* strings(value[i], `${where}[${i}]`);
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) yield* strings(v, `${where}.${k}`);
}

async function checkModule(dir) {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith(".tf")).sort();
  for (const required of ["versions.tf", "variables.tf", "main.tf", "outputs.tf"])
    if (!files.includes(required)) fail(dir, `no ${required}`);
  const docs = {};
  for (const f of files) {
    try {
      docs[f] = await parse(f, fs.readFileSync(path.join(dir, f), "utf8"));
    } catch (e) {
      fail(dir, `${f} does not parse: ${String(e.message ?? e).trim().slice(0, 400)}`);
    }
  }
  const all = { variable: {}, resource: {}, data: {}, output: {}, provider: {}, terraform: [] };
  for (const d of Object.values(docs))
    for (const [k, v] of Object.entries(d)) {
      if (Array.isArray(all[k])) all[k].push(...v);
      else if (all[k]) Object.assign(all[k], v);
      else all[k] = v;
    }

  // Variables: described, typed, validated sensibly.
  for (const [name, [v]] of Object.entries(all.variable)) {
    if (typeof v.description !== "string" || v.description.length < 10) fail(dir, `variable ${name} has no description`);
    if (typeof v.type !== "string" || !/^\$\{(string|number|bool)\}$/.test(v.type)) fail(dir, `variable ${name} has no simple type`);
    for (const val of v.validation ?? []) {
      if (typeof val.condition !== "string" || !val.condition.includes(`var.${name}`))
        fail(dir, `variable ${name}: a validation does not test var.${name}`);
      if (typeof val.error_message !== "string" || !/^[A-Z].*[.?]$/.test(val.error_message))
        fail(dir, `variable ${name}: error_message must be a sentence (Terraform requires it)`);
    }
    if ("default" in v && v.type === "${number}" && typeof v.default !== "number") fail(dir, `variable ${name}: default is not a number`);
  }

  // References, through the parser's own expression analysis (template escapes are not references).
  const used = new Set();
  for (const [f, d] of Object.entries(docs)) {
    for (const [where, s] of strings(d)) {
      if (!s.includes("${") || where.startsWith(".variable")) continue;
      let refs;
      try {
        refs = await getReferencesInExpression(f, s);
      } catch (e) {
        fail(dir, `${f}${where}: expression does not parse: ${e.message ?? e}`);
        continue;
      }
      for (const r of refs) {
        const parts = r.value.split(".");
        if (parts[0] === "var") {
          used.add(parts[1]);
          if (!all.variable[parts[1]]) fail(dir, `${f}${where}: var.${parts[1]} is not declared`);
        } else if (parts[0] === "data") {
          if (!all.data[parts[1]]?.[parts[2]]) fail(dir, `${f}${where}: ${r.value} names no data source`);
        } else if (["count", "path", "each", "self", "local", "terraform"].includes(parts[0])) {
          // built-in
        } else if (!all.resource[parts[0]]?.[parts[1]]) {
          fail(dir, `${f}${where}: ${r.value} names no resource`);
        }
      }
    }
  }
  for (const name of Object.keys(all.variable)) if (!used.has(name)) fail(dir, `variable ${name} is declared but never used`);

  // Providers: every resource's provider is required, with a source and a version constraint.
  const required = {};
  for (const t of all.terraform) for (const rp of t.required_providers ?? []) Object.assign(required, rp);
  for (const type of [...Object.keys(all.resource), ...Object.keys(all.data)]) {
    const provider = type.split("_")[0];
    const p = required[provider];
    if (!p || !/\//.test(p.source ?? "") || !p.version) fail(dir, `${type}: provider ${provider} is not required with a source and version`);
  }
  if (Object.keys(all.resource).length === 0) fail(dir, "no resources");

  for (const [name, [o]] of Object.entries(all.output))
    if (typeof o.description !== "string" || !o.value) fail(dir, `output ${name} lacks a description or value`);

  // README: every variable and output listed.
  const readmePath = path.join(dir, "README.md");
  if (!fs.existsSync(readmePath)) fail(dir, "no README.md");
  else {
    const readme = fs.readFileSync(readmePath, "utf8");
    for (const [name, [v]] of Object.entries(all.variable)) {
      const row = readme.split("\n").find((l) => l.startsWith(`| \`${name}\` |`));
      if (!row) fail(dir, `README.md does not list variable ${name}`);
      else if (!("default" in v) && !row.includes("| required |")) fail(dir, `README.md does not mark ${name} required`);
    }
    for (const name of Object.keys(all.output))
      if (!readme.includes(`| \`${name}\` |`)) fail(dir, `README.md does not list output ${name}`);
  }
  console.log(`${failures ? "...." : "OK  "} ${dir}: ${files.length} files, ${Object.keys(all.variable).length} variables, ` +
    `${Object.values(all.resource).reduce((n, r) => n + Object.keys(r).length, 0)} resources`);
}

(async () => {
  const dirs = process.argv.slice(2);
  if (dirs.length === 0) {
    console.log("usage: check-terraform.cjs MODULE_DIR...");
    process.exit(2);
  }
  for (const d of dirs) await checkModule(d);
  process.exit(failures ? 1 : 0);
})();
