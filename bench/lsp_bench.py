#!/usr/bin/env python3
"""Language-server latency and memory: `modak lsp` and, side by side in the same run, yaml-language-
server editing the equivalent YAML document against a JSON Schema.

For documents of 1 000 and 10 000 lines: the latency from a `didChange` to the `publishDiagnostics`
of that version (p50/p99 over EDITS edits, alternating a value change and an error and its fix),
completion and hover latency at the edited spot (when the server offers them), and the server's
resident memory after 10 000 edits (sampled along the way, to show it stays flat).

yaml-language-server delays validation by a fixed 200 ms (validationDelayMs); its diagnostics
latency is reported as measured and minus that delay. modak lsp runs with its default delay, 0 ms
(edits arriving together are analysed once).

usage: bench/lsp_bench.py [MODAK] [EDITS]        (npm ci in bench/ installs yaml-language-server)
targets: modak p99 under 20 ms at 10 000 lines; memory flat.
"""
import json
import os
import random
import statistics
import subprocess
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "tests", "lsp"))
from lspclient import Client  # noqa: E402

MODAK = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "build", "cli", "modak")
EDITS = int(sys.argv[2]) if len(sys.argv) > 2 else 300
YAMLLS = os.path.join(here, "node_modules", "yaml-language-server", "bin", "yaml-language-server")

APP = '''application app_{i} {{
  kind = ai_training
  framework = pytorch "2.1"
  workload = resnet50
  batch_size = 256
  epochs = 90
  precision = mixed
  distributed = ddp
  run = "torchrun train.py --epochs 90"
}}
target cluster_{i} {{
  scheduler = slurm
  runtime = apptainer
  nodes = 16
  memory = 512 GiB
  interconnect = infiniband_hdr
  cpu {{ arch = x86_64, cores = 64 }}
  gpu {{ model = a100_sxm4_40gb, count = 4 }}
}}
deployment train_{i} {{
  application = app_{i}
  target = cluster_{i}
  build = auto
  scale {{ nodes = 1..8, min_efficiency = 0.8 }}
  job {{ walltime = 12h, email = "ml-team@example.org" }}
}}
'''

YAML = '''  - name: app_{i}
    kind: ai_training
    framework: pytorch
    framework_version: "2.1"
    workload: resnet50
    batch_size: 256
    epochs: 90
    precision: mixed
    distributed: ddp
    run: "torchrun train.py --epochs 90"
    target:
      name: cluster_{i}
      scheduler: slurm
      runtime: apptainer
      nodes: 16
      memory: 512 GiB
      interconnect: infiniband_hdr
      cpu: {{ arch: x86_64, cores: 64 }}
      gpu: {{ model: a100_sxm4_40gb, count: 4 }}
    deployment:
      name: train_{i}
      build: auto
      scale: {{ nodes: "1..8", min_efficiency: 0.8 }}
      job: {{ walltime: 12h, email: ml-team@example.org }}
'''

SCHEMA = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "type": "object", "additionalProperties": False, "required": ["applications"],
    "properties": {"applications": {"type": "array", "items": {
        "type": "object", "additionalProperties": False, "required": ["name", "kind"],
        "properties": {
            "name": {"type": "string"}, "kind": {"enum": ["ai_training", "hpc", "ai_inference", "big_data"]},
            "framework": {"enum": ["tensorflow", "pytorch", "keras", "mxnet", "cntk", "jax"]},
            "framework_version": {"type": "string"}, "workload": {"type": "string"},
            "batch_size": {"type": "integer", "minimum": 1}, "epochs": {"type": "integer", "minimum": 1},
            "precision": {"enum": ["fp32", "fp16", "bf16", "tf32", "mixed", "fp64"]},
            "distributed": {"enum": ["none", "ddp", "horovod", "mirrored", "mpi", "auto"]}, "run": {"type": "string"},
            "target": {"type": "object", "additionalProperties": False, "properties": {
                "name": {"type": "string"}, "scheduler": {"enum": ["slurm", "torque", "pbs", "kubernetes", "none"]},
                "runtime": {"enum": ["singularity", "apptainer", "docker", "podman", "charliecloud", "none"]},
                "nodes": {"type": "integer", "minimum": 1}, "memory": {"type": "string", "pattern": "^[0-9]+ [KMGTP]i?B$"},
                "interconnect": {"type": "string"},
                "cpu": {"type": "object", "properties": {"arch": {"enum": ["x86_64", "aarch64", "ppc64le"]}, "cores": {"type": "integer"}}},
                "gpu": {"type": "object", "properties": {"model": {"type": "string"}, "count": {"type": "integer", "minimum": 0, "maximum": 64}}}}},
            "deployment": {"type": "object", "additionalProperties": False, "properties": {
                "name": {"type": "string"}, "build": {"enum": ["hub", "pip", "source", "auto"]},
                "scale": {"type": "object"}, "job": {"type": "object"}}}}}}}}


def document(kind, lines):
    out, i = ["modak 1\n"] if kind == "modak" else ["# yaml-language-server: $schema=./bench.schema.json\napplications:\n"], 0
    count = 1
    template = APP if kind == "modak" else YAML
    per = template.count("\n")
    while count + per <= lines:
        out.append(template.format(i=i))
        count += per
        i += 1
    return "".join(out)


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def run(kind, lines, edits, work, memory_edits=0):
    text = document(kind, lines)
    path = os.path.join(work, f"bench-{lines}.{'modak' if kind == 'modak' else 'yaml'}")
    with open(path, "w") as f:
        f.write(text)
    uri = "file://" + path
    cmd = [MODAK, "lsp"] if kind == "modak" else ["node", YAMLLS, "--stdio"]
    client = Client(cmd)
    client.request("initialize", {"processId": os.getpid(), "rootUri": "file://" + work, "capabilities": {
        "textDocument": {"publishDiagnostics": {"versionSupport": True}, "hover": {"contentFormat": ["markdown"]},
                         "completion": {"completionItem": {"snippetSupport": True}}},
        "workspace": {"configuration": True}}})
    client.notify("initialized", {})
    if kind == "yaml":
        client.notify("workspace/didChangeConfiguration", {"settings": {"yaml": {"validate": True, "hover": True, "completion": True,
                                                                              "schemas": {"file://" + os.path.join(work, "bench.schema.json"): "*.yaml"}}}})
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "modak" if kind == "modak" else "yaml", "version": 1, "text": text}})
    client.wait_notification("textDocument/publishDiagnostics", lambda m: m["params"]["uri"] == uri, timeout=60)
    lines_of = text.split("\n")
    key = "  batch_size = " if kind == "modak" else "    batch_size: "
    targets = [n for n, l in enumerate(lines_of) if l.startswith(key)]
    rng = random.Random(7)
    diag_ms, completion_ms, hover_ms, memory = [], [], [], []
    version = 1
    total = max(edits, memory_edits)
    for n in range(total):
        line = rng.choice(targets)
        col = len(key)
        old = lines_of[line][col:]
        new = {"256": "25x", "25x": "256"}.get(old, "256")  # an error, then its fix
        lines_of[line] = lines_of[line][:col] + new
        version += 1
        start = time.perf_counter()
        client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [
            {"range": {"start": {"line": line, "character": col}, "end": {"line": line, "character": col + len(old)}}, "text": new}]})
        if n < edits:
            client.wait_notification("textDocument/publishDiagnostics",
                                     lambda m: m["params"]["uri"] == uri and m["params"].get("version", version) == version, timeout=60)
            diag_ms.append((time.perf_counter() - start) * 1000)
            pos = {"line": line, "character": col + 1}
            t = time.perf_counter()
            r = client.request("textDocument/completion", {"textDocument": {"uri": uri}, "position": {"line": line, "character": 2}})
            if "error" not in r:
                completion_ms.append((time.perf_counter() - t) * 1000)
            t = time.perf_counter()
            r = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": pos})
            if "error" not in r:
                hover_ms.append((time.perf_counter() - t) * 1000)
        elif n % 1000 == 999:
            client.request("textDocument/diagnostic" if kind == "modak" else "textDocument/hover",
                           {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}})
            memory.append(rss_kib(client.proc.pid))
        client.notifications.clear()
    result = {"diag": diag_ms, "completion": completion_ms, "hover": hover_ms, "memory": memory}
    client.close()
    return result


def summary(values):
    if not values:
        return "        n/a        "
    return f"p50 {statistics.median(values):7.2f}  p99 {percentile(values, 99):7.2f}"


def main():
    import tempfile
    work = tempfile.mkdtemp(prefix="modak-lsp-bench-")
    with open(os.path.join(work, "bench.schema.json"), "w") as f:
        json.dump(SCHEMA, f)
    have_yaml = os.path.exists(YAMLLS)
    print(f"didChange → publishDiagnostics, completion and hover latency in ms over {EDITS} edits; "
          f"{os.cpu_count()} cores")
    for lines in (1000, 10000):
        m = run("modak", lines, EDITS, work, memory_edits=10000 if lines == 10000 else 0)
        print(f"{lines:6} lines  modak lsp            diagnostics {summary(m['diag'])}  completion {summary(m['completion'])}  hover {summary(m['hover'])}")
        if have_yaml:
            y = run("yaml", lines, EDITS, work)
            minus = [v - 200 for v in y["diag"]]
            print(f"{lines:6} lines  yaml-language-server diagnostics {summary(y['diag'])}  completion {summary(y['completion'])}  hover {summary(y['hover'])}")
            print(f"{'':13}yaml-ls minus its 200 ms delay: {summary(minus)}; ratio of p99 (yaml-ls minus delay / modak): "
                  f"{percentile(minus, 99) / percentile(m['diag'], 99):.1f}x")
        if m["memory"]:
            print(f"{'':13}modak lsp resident memory after 1k..10k edits (MiB): " + ", ".join(f"{k / 1024:.1f}" for k in m["memory"]))
    if not have_yaml:
        print("(yaml-language-server not installed: `cd bench && npm ci` for the comparison)")


if __name__ == "__main__":
    main()
