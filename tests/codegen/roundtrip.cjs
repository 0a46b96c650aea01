// SPDX-License-Identifier: Apache-2.0
// Hostile values through the real parsers and back (run with NODE_PATH=tests/tools/node_modules).
// usage: node roundtrip.cjs GENERATED_DIR EXPECTED.json WORK_DIR
// GENERATED_DIR holds `modak generate --emit terraform,k8s` of tests/data/cloud/hostile.modak.
// - Terraform: variable defaults parsed by HashiCorp's HCL parser and decoded as Terraform would
//   (`$${` → `${`, `%%{` → `%{`; any other interpolation is a failure) equal the .modak values.
// - cloud-init: node 0's user_data, decoded with the module's own interpolations (its variables,
//   node 0's address) only, is YAML whose job script is run by bash with a stand-in container
//   runtime on PATH: the environment, image and command it receives equal the .modak values, and
//   nothing in them executed.
// - Kubernetes YAML (js-yaml) and the Terraform kubernetes resources carry the same values.
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const { spawnSync } = require("node:child_process");
const yaml = require("js-yaml");
const { parse } = require("@cdktf/hcl2json");
const { decode, cloudInit } = require("./hcl-decode.cjs");

const [genDir, expectedFile, work] = process.argv.slice(2);
const expected = JSON.parse(fs.readFileSync(expectedFile, "utf8"));
let failures = 0, checks = 0;
function same(what, got, want) {
  checks++;
  if (got !== want) {
    failures++;
    console.log(`FAIL ${what}:\n  got  ${JSON.stringify(got)}\n  want ${JSON.stringify(want)}`);
  }
}

async function hcl(file) {
  return parse(path.basename(file), fs.readFileSync(file, "utf8"));
}

function checkEnv(what, env, app) {
  const got = Object.fromEntries((env ?? []).map((e) => [e.name, e.value]));
  for (const [k, v] of Object.entries(app.env)) same(`${what} env ${k}`, got[k], v);
}

/// Runs the job script from the cloud-init with a stand-in container runtime that records what it
/// is given.
function runJobScript(name, script, runtime, app) {
  const dir = path.join(work, name);
  fs.mkdirSync(path.join(dir, "bin"), { recursive: true });
  fs.writeFileSync(path.join(dir, "job.sh"), script, { mode: 0o755 });
  const record = path.join(dir, "received");
  fs.writeFileSync(path.join(dir, "bin", runtime),
    `#!/bin/bash
# Stand-in ${runtime}: records the environment it passes, the image and the command.
shift  # run
while [[ $# -gt 0 ]]; do
  case $1 in
    -e) printf '%s=%s\\0' "$2" "\${!2}" >>"$RECORD"; shift 2 ;;
    --rm) shift ;;
    -v | -w | --gpus | --device) shift 2 ;;
    *) break ;;
  esac
done
printf 'IMAGE=%s\\0COMMAND=%s\\0' "$1" "$4" >>"$RECORD"
`, { mode: 0o755 });
  const r = spawnSync("bash", ["job.sh"], { cwd: dir, env: { PATH: `${dir}/bin:${process.env.PATH}`, RECORD: record, HOME: dir }, encoding: "utf8" });
  same(`${name}: job script exit status (${r.stderr.trim()})`, r.status, 0);
  const received = {};
  for (const entry of fs.readFileSync(record, "utf8").split("\0").filter(Boolean)) {
    const eq = entry.indexOf("=");
    received[entry.slice(0, eq)] = entry.slice(eq + 1);
  }
  for (const [k, v] of Object.entries(app.env)) same(`${name}: job script passes ${k}`, received[k], v);
  same(`${name}: job script image`, received.IMAGE, app.image);
  same(`${name}: job script command`, received.COMMAND, app.run);
  same(`${name}: nothing executed`, fs.existsSync(path.join(dir, "pwned")) || fs.existsSync("/tmp/pwned"), false);
}

(async () => {
  fs.mkdirSync(work, { recursive: true });
  for (const [name, e] of Object.entries(expected)) {
    if (name === "apps") continue;
    const app = expected.apps[e.app];
    const tf = path.join(genDir, name, "terraform");
    const vars = (await hcl(path.join(tf, "variables.tf"))).variable;
    for (const [v, want] of Object.entries(e.variables ?? {})) same(`${name}: variable ${v} default`, decode(vars[v][0].default), want);
    const main = await hcl(path.join(tf, "main.tf"));

    if (e.runtime) {
      // A virtual machine: cloud-init.
      const userData = cloudInit(main, e.nodes);
      same(`${name}: user_data starts #cloud-config`, userData.split("\n")[0], "#cloud-config");
      const ci = yaml.load(userData);
      const job = ci.write_files.find((f) => f.path === "/opt/modak/job.sh");
      const setup = ci.write_files.find((f) => f.path === "/opt/modak/setup-runtime.sh");
      fs.writeFileSync(path.join(work, `${name}-setup-runtime.sh`), setup.content);
      const env = ci.write_files.find((f) => f.path === "/opt/modak/node.env");
      same(`${name}: node.env places node 0`, env.content.startsWith(`MODAK_NODE_INDEX=0\nMODAK_NODE_COUNT=${e.nodes}\n`), true);
      same(`${name}: runcmd runs node.sh`, JSON.stringify(ci.runcmd), '[["/opt/modak/node.sh"]]');
      runJobScript(name, job.content, e.runtime, app);
      fs.copyFileSync(path.join(work, name, "job.sh"), path.join(work, `${name}-job.sh`));
    } else if (main.resource.kubernetes_job_v1) {
      const container = main.resource.kubernetes_job_v1.job[0].spec[0].template[0].spec[0].container[0];
      checkEnv(`${name}: kubernetes_job_v1`, container.env.map((x) => ({ name: decode(x.name), value: decode(x.value) })), app);
      same(`${name}: kubernetes_job_v1 command`, decode(container.command[2]), app.run);
    } else {
      const m = main.resource.kubernetes_manifest.job[0].manifest;
      for (const role of ["Master", "Worker"]) {
        const c = m.spec.pytorchReplicaSpecs[role].template.spec.containers[0];
        checkEnv(`${name}: kubernetes_manifest ${role}`, c.env.map((x) => ({ name: decode(x.name), value: decode(x.value) })), app);
        same(`${name}: kubernetes_manifest ${role} command`, decode(c.command[2]), app.run);
        same(`${name}: kubernetes_manifest ${role} image`, c.image, "${var.container_image}");
      }
    }

    // The Kubernetes manifest of the same deployment.
    const dir = path.join(genDir, name, "k8s");
    for (const f of fs.readdirSync(dir)) {
      const doc = yaml.load(fs.readFileSync(path.join(dir, f), "utf8"));
      const specs = doc.kind === "Job" ? { Job: doc.spec } : doc.spec.pytorchReplicaSpecs ?? doc.spec.mpiReplicaSpecs;
      for (const [role, s] of Object.entries(specs)) {
        const c = s.template.spec.containers[0];
        checkEnv(`${name}: ${f} ${role}`, c.env, app);
        same(`${name}: ${f} ${role} command`, c.command[2], app.run);
        if (app.image) same(`${name}: ${f} ${role} image`, c.image, app.image);
      }
    }
  }
  console.log(`${failures ? "FAIL" : "OK  "} ${checks - failures}/${checks} round-trip checks`);
  process.exit(failures ? 1 : 0);
})();
