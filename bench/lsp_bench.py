#!/usr/bin/env python3
"""Language-server latency and memory: `modak lsp` and, side by side in the same run, yaml-language-
server editing the equivalent YAML document against a JSON Schema.

One document of LINES lines (default 10 000) made of groups of every block kind — `workload`,
`image`, `application` (with `dataset` and `env`), `target` (with `cpu` and `gpu`) and `deployment`
(`build = auto`, `scale { nodes = 1..8 }`, `job`, and in every fourth group `parallel`); every
fourth application starts `torchrun`, so its deployment's diagnostics need the plan. EDITS edits
(default 2 000) cycle through a value turned into an error and (the next edit) back, a deployment's node range, an
application's epochs, a workload's layers and a target's GPU count (all but the first change what
a deployment's plan depends on) and a comment. After each edit the client waits for the
`publishDiagnostics` of that version, then asks once for each of completion, hover, definition,
references, semantic tokens (`…/full/delta` with the last resultId, as VS Code asks after an edit;
`…/full` at the first and every tenth) and document symbols (hierarchical), the positional ones at a
position drawn from a category cycled in turn (the name of each kind of block, and keys and values
inside each kind of block and nested block), so every category is sampled about equally. Reported:
p50, p99 and max per request kind — until the answer's last byte was read (parsing after), until it
was also parsed, and the server's own wall and CPU time from `modak lsp --verbose` — the slowest
categories, and resident memory after opening and after every 1 000 of MEMORY_EDITS edits (default
10 000; the edits after EDITS ask for a hover only).

yaml-language-server delays validation by a fixed 200 ms (validationDelayMs); its diagnostics
latency is reported as measured and minus that delay. Requests it does not serve are "n/a".

usage: bench/lsp_bench.py [MODAK] [EDITS] [--lines N] [--memory-edits N] [--yaml-edits N] [--no-yaml]
       (npm ci in bench/ installs yaml-language-server)
targets (issue 20): every kind p99 <= 5 ms, max <= 16 ms; memory <= 30 MiB after 10 000 edits, flat.
"""
import argparse
import gc
import json
import os
import random
import re
import statistics
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "tests", "lsp"))
from lspclient import Client  # noqa: E402

YAMLLS = os.path.join(here, "node_modules", "yaml-language-server", "bin", "yaml-language-server")

# One group of blocks; {i} numbers the names, {launch} and {parallel} vary by group (see group()).
MODAK = '''// group {i}: a transformer trained on its own cluster
workload wl_{i} {{
  kind = transformer
  layers = 12
  hidden = 1024
  heads = 16
  ffn = 4096
  vocabulary = 32000
  sequence = 1024
}}
image img_{i} {{
  reference = "docker://registry.example.org/train:{i}"
  framework = pytorch "2.1"
  arch = x86_64
  accelerator = nvidia
  cuda = "12.1"
  build = hub
  graph_compilers = [inductor]
}}
application app_{i} {{
  kind = ai_training
  framework = pytorch "2.1"
  workload = wl_{i}
  batch_size = 16
  epochs = 90
  precision = bf16
  distributed = ddp
  dataset {{ path = "/scratch/data_{i}", samples = 1_000_000, size = 40 GiB }}
  env {{ NCCL_DEBUG = "WARN", OMP_NUM_THREADS = 8 }}
  run = "{launch}train.py --epochs 90"
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
  {parallel}
  job {{ walltime = 12h, email = "ml-team@example.org" }}
}}
'''

YAML = '''  # group {i}: a transformer trained on its own cluster
  - name: app_{i}
    kind: ai_training
    framework: pytorch
    framework_version: "2.1"
    workload:
      name: wl_{i}
      kind: transformer
      layers: 12
      hidden: 1024
      heads: 16
      ffn: 4096
      vocabulary: 32000
      sequence: 1024
    image:
      name: img_{i}
      reference: "docker://registry.example.org/train:{i}"
      framework: pytorch
      arch: x86_64
      accelerator: nvidia
      cuda: "12.1"
      build: hub
      graph_compilers: [inductor]
    batch_size: 16
    epochs: 90
    precision: bf16
    distributed: ddp
    dataset: {{ path: "/scratch/data_{i}", samples: 1000000, size: 40 GiB }}
    env: {{ NCCL_DEBUG: "WARN", OMP_NUM_THREADS: 8 }}
    run: "{launch}train.py --epochs 90"
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
      {parallel}
      job: {{ walltime: 12h, email: ml-team@example.org }}
'''

_ENUM = lambda *v: {"enum": list(v)}  # noqa: E731
_INT = {"type": "integer", "minimum": 1}
_STR = {"type": "string"}
SCHEMA = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "type": "object", "additionalProperties": False, "required": ["applications"],
    "properties": {"applications": {"type": "array", "items": {
        "type": "object", "additionalProperties": False, "required": ["name", "kind"],
        "properties": {
            "name": _STR, "kind": _ENUM("ai_training", "hpc", "ai_inference", "big_data"),
            "framework": _ENUM("tensorflow", "pytorch", "keras", "mxnet", "cntk", "jax"),
            "framework_version": _STR,
            "workload": {"type": "object", "additionalProperties": False, "properties": {
                "name": _STR, "kind": _ENUM("cnn", "transformer", "rnn", "mlp"), "layers": _INT, "hidden": _INT,
                "heads": _INT, "ffn": _INT, "vocabulary": _INT, "sequence": _INT}},
            "image": {"type": "object", "additionalProperties": False, "properties": {
                "name": _STR, "reference": _STR, "framework": _ENUM("tensorflow", "pytorch", "mxnet", "jax"),
                "arch": _ENUM("x86_64", "aarch64", "ppc64le"), "accelerator": _ENUM("nvidia", "amd", "none"),
                "cuda": _STR, "build": _ENUM("hub", "pip", "source"),
                "graph_compilers": {"type": "array", "items": _ENUM("xla", "inductor", "tensorrt", "none")}}},
            "batch_size": _INT, "epochs": _INT,
            "precision": _ENUM("fp32", "fp16", "bf16", "tf32", "mixed", "fp64"),
            "distributed": _ENUM("none", "ddp", "horovod", "mirrored", "mpi", "auto"), "run": _STR,
            "dataset": {"type": "object", "additionalProperties": False, "properties": {
                "path": _STR, "samples": _INT, "size": _STR}},
            "env": {"type": "object", "additionalProperties": {"type": ["string", "integer"]}},
            "target": {"type": "object", "additionalProperties": False, "properties": {
                "name": _STR, "scheduler": _ENUM("slurm", "torque", "pbs", "kubernetes", "none"),
                "runtime": _ENUM("singularity", "apptainer", "docker", "podman", "charliecloud", "none"),
                "nodes": _INT, "memory": {"type": "string", "pattern": "^[0-9]+ [KMGTP]i?B$"},
                "interconnect": _STR,
                "cpu": {"type": "object", "properties": {"arch": _ENUM("x86_64", "aarch64", "ppc64le"), "cores": _INT}},
                "gpu": {"type": "object", "properties": {"model": _STR, "count": {"type": "integer", "minimum": 0, "maximum": 64}}}}},
            "deployment": {"type": "object", "additionalProperties": False, "properties": {
                "name": _STR, "build": _ENUM("hub", "pip", "source", "auto"),
                "scale": {"type": "object", "properties": {"nodes": _STR, "min_efficiency": {"type": "number"}}},
                "parallel": {"type": "object", "properties": {"tensor": _INT, "pipeline": _INT, "zero": {"type": "integer"}}},
                "job": {"type": "object"}}}}}}}}

# The edits, cycled: (line prefix, value before, value after); each toggles between the two.
EDITS = {
    "modak": [("  batch_size = ", "16", "1x"), ("  scale { nodes = ", "1..8", "1..4"),
              ("  epochs = ", "90", "120"), ("  layers = ", "12", "16"), ("  gpu { model = a100_sxm4_40gb, count = ", "4", "8"),
              ("// group ", "", "")],
    "yaml": [("    batch_size: ", "16", "1x"), ("      scale: { nodes: \"", "1..8", "1..4"),
             ("    epochs: ", "90", "120"), ("      layers: ", "12", "16"), ("      gpu: { model: a100_sxm4_40gb, count: ", "4", "8"),
             ("  # group ", "", "")],
}
KINDS = ["completion", "hover", "definition", "references", "semanticTokens", "documentSymbol"]
POSITIONAL = {"completion", "hover", "definition", "references"}
METHODS = {"completion": "textDocument/completion", "hover": "textDocument/hover", "definition": "textDocument/definition",
           "references": "textDocument/references", "semanticTokens": "textDocument/semanticTokens/full/delta",
           "semanticTokensFull": "textDocument/semanticTokens/full", "documentSymbol": "textDocument/documentSymbol"}
CAPABILITY = {"completion": "completionProvider", "hover": "hoverProvider", "definition": "definitionProvider",
              "references": "referencesProvider", "semanticTokens": "semanticTokensProvider",
              "documentSymbol": "documentSymbolProvider"}
# Every FULL_EVERY-th edit also asks for the full semantic tokens (as after a reload), so both are sampled.
FULL_EVERY = 10
# `modak lsp --verbose` logs "METHOD ID answered in X ms (cpu Y ms)" (from reading the request to its
# response written, and the thread's CPU time on it) and "diagnostics of version V published in X ms
# (cpu Y ms)" (from reading the change).
SERVER_LOG = re.compile(r"modak lsp: (?:(\S+) (\d+) answered|diagnostics of version (\d+) published) in "
                        r"([0-9.]+) ms \(cpu ([0-9.]+) ms\)")


# The client's own pauses: Python's full (generation 2) collections, (start, end) in perf_counter()
# time, so that a slow sample the server did not see can be told from one it did.
CLIENT_GC = []


def _note_full_collection(phase, info):
    if info["generation"] == 2:
        if phase == "start":
            CLIENT_GC.append([time.perf_counter(), None])
        elif CLIENT_GC:
            CLIENT_GC[-1][1] = time.perf_counter()


gc.callbacks.append(_note_full_collection)


def group(kind, i):
    launch = "torchrun " if i % 4 == 1 else "python3 "
    if kind == "modak":
        parallel = "parallel { tensor = 2, pipeline = 1, zero = 1 }" if i % 4 == 2 else "// no parallel block"
        return MODAK.format(i=i, launch=launch, parallel=parallel)
    parallel = "parallel: { tensor: 2, pipeline: 1, zero: 1 }" if i % 4 == 2 else "# no parallel block"
    return YAML.format(i=i, launch=launch, parallel=parallel)


def document(kind, lines):
    out = ["modak 1\n" if kind == "modak" else "# yaml-language-server: $schema=./bench.schema.json\napplications:\n"]
    count, i = out[0].count("\n"), 0
    while count + group(kind, i).count("\n") <= lines:
        block = group(kind, i)
        out.append(block)
        count += block.count("\n")
        i += 1
    return "".join(out)


WORD = re.compile(r"[A-Za-z0-9_.\"/:%-]+|[{}=\[\],]")


def categories(kind, lines):
    """Positions by category: `deployment name`, `application key`, `deployment.scale value`, …
    A position is (line, column) inside a word, chosen when sampled."""
    cats = {}
    stack = []  # open blocks (modak) / (indent, key) pairs (yaml)
    for n, line in enumerate(lines):
        stripped = line.strip()
        if not stripped or stripped.startswith("//") or stripped.startswith("#"):
            cats.setdefault("comment", []).append((n, None))
            continue
        if kind == "modak":
            words = [m for m in WORD.finditer(line)]
            top = re.match(r"(workload|image|application|target|deployment) (\w+) \{", line)
            if top:
                stack = [top.group(1)]
                cats.setdefault(f"{top.group(1)} name", []).append((n, top.start(2)))
                continue
            if stripped == "}":
                stack = stack[:-1]
                continue
            path = ".".join(stack) or "file"
            inline = re.match(r"\s*(\w+) \{", line)
            if inline:
                path += "." + inline.group(1)
            for w in words:
                text = w.group()
                if text in "{}=[],":
                    continue
                after_eq = "=" in line[:w.start()]
                key = not after_eq or re.match(r"\w+ =", line[w.start():]) is not None
                cats.setdefault(f"{path} {'key' if key else 'value'}", []).append((n, w.start()))
        else:
            indent = len(line) - len(line.lstrip())
            body = stripped[2:] if stripped.startswith("- ") else stripped
            if stripped.startswith("- "):
                indent += 2
            while stack and stack[-1][0] >= indent:
                stack.pop()
            key = body.split(":", 1)[0]
            path = ".".join(k for _, k in stack) or "application"
            if key == "name":
                cats.setdefault(f"{path} name", []).append((n, line.index("name:") + 6))
                continue
            col = line.index(body)
            if body.endswith(":"):
                stack.append((indent, key))
                cats.setdefault(f"{path} key", []).append((n, col))
                continue
            sub = path + ("." + key if "{" in body else "")
            cats.setdefault(f"{path} key", []).append((n, col))
            cats.setdefault(f"{sub} value", []).append((n, col + len(key) + 2))
    return cats


def position(lines, n, col, rng):
    line = lines[n]
    if col is None:
        col = rng.randrange(len(line) + 1)
    else:  # somewhere in the word that starts at col
        end = col
        while end < len(line) and not line[end].isspace():
            end += 1
        col = rng.randint(col, max(col, end))
    return {"line": n, "character": min(col, len(line))}


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def run(kind, modak, lines_wanted, edits, memory_edits, work):
    text = document(kind, lines_wanted)
    path = os.path.join(work, f"bench-{lines_wanted}.{'modak' if kind == 'modak' else 'yaml'}")
    with open(path, "w") as f:
        f.write(text)
    uri = "file://" + path
    cmd = [modak, "lsp", "--verbose"] if kind == "modak" else ["node", YAMLLS, "--stdio"]
    log_path = os.path.join(work, f"{kind}-server.log")
    log = open(log_path, "w")
    client = Client(cmd, stderr=log)
    init = client.request("initialize", {"processId": os.getpid(), "rootUri": "file://" + work, "capabilities": {
        "textDocument": {"publishDiagnostics": {"versionSupport": True}, "hover": {"contentFormat": ["markdown"]},
                         "completion": {"completionItem": {"snippetSupport": True}},
                         "documentSymbol": {"hierarchicalDocumentSymbolSupport": True},  # as VS Code
                         "semanticTokens": {"requests": {"full": {"delta": True}}, "formats": ["relative"],
                                            "tokenTypes": [], "tokenModifiers": []}},
        "workspace": {"configuration": True}}})
    served = {k for k in KINDS if init.get("result", {}).get("capabilities", {}).get(CAPABILITY[k])}
    client.notify("initialized", {})
    if kind == "yaml":
        client.notify("workspace/didChangeConfiguration", {"settings": {"yaml": {
            "validate": True, "hover": True, "completion": True,
            "schemas": {"file://" + os.path.join(work, "bench.schema.json"): "*.yaml"}}}})
    client.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "modak" if kind == "modak" else "yaml", "version": 1, "text": text}})
    start = time.perf_counter()
    client.wait_notification("textDocument/publishDiagnostics", lambda m: m["params"]["uri"] == uri, timeout=300)
    opened_ms = (time.perf_counter() - start) * 1000
    memory = [("open", rss_kib(client.proc.pid))]
    lines = text.split("\n")
    cats = categories(kind, lines)
    cat_names = sorted(cats)
    edit_lines = [[n for n, l in enumerate(lines) if l.startswith(prefix)] for prefix, _, _ in EDITS[kind]]
    rng = random.Random(7)
    times = {k: [] for k in ["diagnostics"] + KINDS + ["semanticTokensFull"]}
    windows = {k: [] for k in times}  # (sent, arrived) of each sample, to find the client's own pauses in
    del CLIENT_GC[:]
    ids = {k: [] for k in KINDS + ["semanticTokensFull"]}  # of the requests timed, in order
    parsed = {k: [] for k in KINDS + ["semanticTokensFull"]}  # until the response was parsed too
    tokens_id = None  # the resultId of the last semantic tokens, for the next delta
    by_cat = {}
    version, total = 1, max(edits, memory_edits)
    kinds, error_at = 0, None
    for n in range(total):
        if error_at is not None:  # the error of the previous edit, fixed
            e, line, error_at = 0, error_at, None
        else:
            e = kinds % len(EDITS[kind])
            kinds += 1
            line = rng.choice(edit_lines[e])
            error_at = line if e == 0 else None
        prefix, a, b = EDITS[kind][e]
        col = len(prefix)
        if a:  # toggle a value
            old = lines[line][col:col + max(len(a), len(b))]
            old = a if old.startswith(a) else b
            new = b if old == a else a
        else:  # rewrite the comment's text after the prefix
            old = lines[line][col:]
            new = old + " edited" if not old.endswith(" edited") else old[:-len(" edited")]
        lines[line] = lines[line][:col] + new + lines[line][col + len(old):]
        version += 1
        change = {"textDocument": {"uri": uri, "version": version}, "contentChanges": [
            {"range": {"start": {"line": line, "character": col}, "end": {"line": line, "character": col + len(old)}},
             "text": new}]}
        t = time.perf_counter()
        client.notify("textDocument/didChange", change)
        d = client.wait_notification("textDocument/publishDiagnostics",
                                     lambda m: m["params"]["uri"] == uri and m["params"].get("version", version) == version,
                                     timeout=300)
        if n < edits:
            arrived = client.arrival(d) or time.perf_counter()
            times["diagnostics"].append((arrived - t) * 1000)
            windows["diagnostics"].append((t, arrived))
        asked = [k for k in KINDS if k in served] if n < edits else ["hover"]
        if "semanticTokens" in asked and (tokens_id is None or n % FULL_EVERY == 0):
            asked.insert(asked.index("semanticTokens"), "semanticTokensFull")
        for k in asked:
            cat = cat_names[(n * len(KINDS) + KINDS.index(k)) % len(cat_names)] if k in POSITIONAL else None
            params = {"textDocument": {"uri": uri}}
            if k in POSITIONAL:
                params["position"] = position(lines, *rng.choice(cats[cat]), rng)
            if k == "references":
                params["context"] = {"includeDeclaration": True}
            if k == "semanticTokens":  # as VS Code asks after an edit: what changed since the last
                params["previousResultId"] = tokens_id
            r = None  # the last answer is freed here, not in this one's time (freeing 2 MB of outline takes a while)
            t = time.perf_counter()
            r = client.request(METHODS[k], params, timeout=120)
            done = time.perf_counter()
            arrived = client.arrival(r) or done
            ms = (arrived - t) * 1000
            if k.startswith("semanticTokens"):
                tokens_id = (r.get("result") or {}).get("resultId")
            if n < edits and "error" not in r:
                times[k].append(ms)
                windows[k].append((t, arrived))
                parsed[k].append((done - t) * 1000)
                ids[k].append(client.next_id - 1)
                by_cat.setdefault((k, cat or "document"), []).append(ms)
        if n % 1000 == 999:
            memory.append((n + 1, rss_kib(client.proc.pid)))
        client.notifications.clear()
    client.close()
    log.close()
    # The server's own figures for the same requests (by id) and edits (by version: the first
    # publication of each, not the republication when a plan arrives).
    answered, published = {}, {}
    with open(log_path) as f:
        for line in f:
            m = SERVER_LOG.match(line)
            if m and m.group(2):
                answered[int(m.group(2))] = (float(m.group(4)), float(m.group(5)))
            elif m and m.group(3):
                published.setdefault(int(m.group(3)), (float(m.group(4)), float(m.group(5))))
    found = {k: [answered[i] for i in ids[k] if i in answered] for k in ids}
    found["diagnostics"] = [published[v] for v in range(2, 2 + len(times["diagnostics"])) if v in published]
    server = {k: [wall for wall, _ in v] for k, v in found.items()}
    cpu = {k: [c for _, c in v] for k, v in found.items()}
    return {"times": times, "windows": windows, "parsed": parsed, "server": server, "cpu": cpu, "by_cat": by_cat, "memory": memory,
            "opened_ms": opened_ms, "served": served, "lines": len(text.split("\n")) - 1,
            "categories": len(cat_names)}


def fmt_row(values, minus=0):
    if not values:
        return "n/a"
    v = [x - minus for x in values]
    return f"{statistics.median(v):.2f} / {percentile(v, 99):.2f} / {max(v):.2f}"


def report(name, r, minus_delay=0):
    print(f"\n{name}: {r['lines']} lines, opened (first diagnostics) in {r['opened_ms']:.0f} ms, "
          f"{len(r['times']['diagnostics'])} edits, {r['categories']} position categories")
    print("  p50 / p99 / max (ms): client = from sending the request (diagnostics: the change) to the last byte of "
          "its answer read; +parse = until the client has also parsed it; server = inside the server "
          "(--verbose), from reading the request to its answer written; cpu = the server thread's CPU time "
          "on it (what it costs apart from waiting for a core)")
    print(f"  {'request':<18} {'samples':>7}  {'client':<24} {'+parse':<24} {'server':<24} cpu")
    for k in ["diagnostics", "semanticTokensFull"] + KINDS:
        vals = r["times"][k]
        if k == "semanticTokensFull" and not vals:
            continue
        row = (f"{fmt_row(vals):<24} {fmt_row(r['parsed'].get(k, [])):<24} {fmt_row(r['server'].get(k, [])):<24} "
               f"{fmt_row(r['cpu'].get(k, []))}")
        if k == "diagnostics" and minus_delay:
            row += f"   (minus its {minus_delay} ms delay: {fmt_row(vals, minus_delay)})"
        name = {"semanticTokens": "semanticTokens Δ", "semanticTokensFull": "semanticTokens"}.get(k, k)
        print(f"  {name:<18} {len(vals):>7}  {row}")
    worst = sorted(((max(v), k, c, len(v)) for (k, c), v in r["by_cat"].items()), reverse=True)[:8]
    print("  slowest categories (max ms, request, category, samples): " +
          "; ".join(f"{m:.1f} {k} @ {c} ({n})" for m, k, c, n in worst))
    print("  resident memory (MiB): " + ", ".join(f"{w}: {kib / 1024:.1f}" for w, kib in r["memory"]))
    paused = []
    for k, spans in r["windows"].items():
        hit = [i for i, (a, b) in enumerate(spans) if any(s < b and (e or b) > a for s, e in CLIENT_GC)]
        if hit:
            slowest = max(range(len(spans)), key=lambda i: r["times"][k][i])
            paused.append(f"{k} {len(hit)}" + (" (its slowest among them)" if slowest in hit else ""))
    print(f"  the client's own full collections ({len(CLIENT_GC)}) inside timed samples: " + ("; ".join(paused) or "none"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("modak", nargs="?", default=os.path.join(here, "..", "build", "cli", "modak"))
    ap.add_argument("edits", nargs="?", type=int, default=2000)
    ap.add_argument("--lines", type=int, default=10000)
    ap.add_argument("--memory-edits", type=int, default=10000)
    ap.add_argument("--yaml-edits", type=int, help="edits of the YAML document (default: EDITS)")
    ap.add_argument("--no-yaml", action="store_true")
    args = ap.parse_args()
    import tempfile
    work = tempfile.mkdtemp(prefix="modak-lsp-bench-")
    with open(os.path.join(work, "bench.schema.json"), "w") as f:
        json.dump(SCHEMA, f)
    print(f"modak lsp and yaml-language-server, {os.cpu_count()} cores; latency from the request (diagnostics: "
          f"from didChange) to its answer")
    m = run("modak", args.modak, args.lines, args.edits, args.memory_edits, work)
    report("modak lsp", m)
    if args.no_yaml:
        return
    if not os.path.exists(YAMLLS):
        print("(yaml-language-server not installed: `cd bench && npm ci` for the comparison)")
        return
    y = run("yaml", args.modak, args.lines, args.yaml_edits or args.edits, 0, work)
    report("yaml-language-server", y, minus_delay=200)


if __name__ == "__main__":
    main()
