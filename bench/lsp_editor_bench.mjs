#!/usr/bin/env node
// SPDX-License-Identifier: Apache-2.0
// The language server as an editor sees it: a second, independent client beside bench/lsp_bench.py.
//
// It speaks to `modak lsp` through vscode-jsonrpc, the library VS Code's own language client uses,
// so every figure includes reading and parsing the response as the editor does. It writes its own
// document (three kinds of group in turn: an LLM fine-tune with a shaped workload and a `parallel`
// block, a ResNet-50 run on GPUs started by `torchrun`, an MPI solver), sends each edit as VS Code
// does (an incremental change when the server takes them), and after each edit waits for that
// version's diagnostics, then asks for completion, hover, definition and references at positions
// drawn from every category in turn (the name of each kind of block, every key and every value of
// every block and nested block), semantic tokens (delta after the first when the server offers it,
// as VS Code does) and document symbols.
//
// usage: node bench/lsp_editor_bench.mjs [MODAK] [--edits N] [--lines N] [--memory-edits N] [--seed N]
//        node bench/lsp_editor_bench.mjs --write FILE   (writes the document only)
// targets (issue 20): p99 <= 5 ms for every kind, max <= 16 ms; memory <= 30 MiB after 10 000 edits.
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const rpc = require("vscode-jsonrpc/node");

const here = dirname(fileURLToPath(import.meta.url));
const options = { modak: join(here, "..", "build", "cli", "modak"), edits: 2000, lines: 10000, memoryEdits: 10000, seed: 7 };
for (let i = 2; i < process.argv.length; ++i) {
  const a = process.argv[i];
  const number = () => Number(process.argv[++i]);
  if (a === "--edits") options.edits = number();
  else if (a === "--lines") options.lines = number();
  else if (a === "--memory-edits") options.memoryEdits = number();
  else if (a === "--seed") options.seed = number();
  else if (a === "--write") options.write = process.argv[++i];
  else if (a.startsWith("--")) throw new Error(`unknown option ${a}`);
  else options.modak = a;
}

// Three kinds of group, so positions fall in every block kind a real workspace has.
const groups = [
  (i) => `// group ${i}: Llama fine-tuning, sharded
workload llm_${i} {
  kind = transformer
  layers = 32
  hidden = 4096
  heads = 32
  kv_heads = 8
  ffn = 14336
  vocabulary = 128256
  sequence = 4096
  gated_ffn = true
}
application tune_${i} {
  kind = ai_training
  framework = pytorch "2.3"
  workload = llm_${i}
  fine_tuning = lora
  distributed = fsdp
  precision = bf16
  batch_size = 8
  dataset { samples = 100_000 }
  run = "python3 finetune.py --group ${i}"
}
target dgx_${i} {
  scheduler = slurm
  runtime = apptainer
  nodes = 4
  cpu { model = "Intel Xeon Platinum 8480+", sockets = 2, cores = 112 }
  gpu { model = h100_sxm5, count = 8 }
  interconnect = infiniband_ndr
}
deployment tune_on_dgx_${i} {
  application = tune_${i}
  target = dgx_${i}
  scale { nodes = 1, gpus_per_node = 8 }
  parallel = auto
}
`,
  (i) => `// group ${i}: ResNet-50 on GPUs, started by torchrun
image rn_img_${i} {
  reference = "docker://registry.example.org/resnet:${i}"
  framework = pytorch "2.1"
  arch = x86_64
  accelerator = nvidia
  cuda = "12.1"
  build = hub
}
application resnet_${i} {
  kind = ai_training
  framework = pytorch "2.1"
  workload = resnet50
  dataset { path = "/scratch/imagenet_${i}", samples = 1_281_167, size = 140 GiB }
  batch_size = 256
  epochs = 90
  precision = mixed
  distributed = ddp
  env { NCCL_DEBUG = "WARN" }
  run = "torchrun train.py --epochs 90"
}
target a100_${i} {
  scheduler = slurm
  runtime = apptainer
  nodes = 16
  memory = 512 GiB
  interconnect = infiniband_hdr
  cpu { arch = x86_64, cores = 64 }
  gpu { model = a100_sxm4_40gb, count = 4 }
  storage scratch { path = "/scratch", class = parallel_fs }
}
deployment resnet_on_a100_${i} {
  application = resnet_${i}
  target = a100_${i}
  build = auto
  graph_compiler = auto
  scale { nodes = 1..8, min_efficiency = 0.8 }
  job { walltime = 12h, notify = [end, fail], email = "ml-team@example.org" }
  emit = [slurm, tosca]
}
`,
  (i) => `// group ${i}: an MPI solver
application solver_${i} {
  kind = hpc
  type = mpi
  parallelisation = [mpi, openmp]
  mpi = openmpi "4.1"
  openmp { threads = 8, affinity = close, scaling_efficiency = 0.85 }
  ranks = 64
  threads = 8
  executable = "./build/bin/solver"
  arguments = "--mesh /scratch/cfd/mesh_${i}.h5 --steps 5000"
  env { OMP_PROC_BIND = "close" }
}
target cpu_${i} {
  scheduler = slurm
  runtime = apptainer
  nodes = 32
  memory = 256 GiB
  interconnect = infiniband_hdr
  cpu { arch = x86_64, cores = 128 }
}
deployment solver_on_cpu_${i} {
  application = solver_${i}
  target = cpu_${i}
  scale { nodes = 4, tasks_per_node = 16, threads = 8 }
  job { walltime = 06:00:00, output = "cfd-%j.out" }
}
`,
];

function makeDocument(lines) {
  let text = "modak 1\n\n";
  for (let i = 0; text.split("\n").length < lines; ++i) text += groups[i % groups.length](i) + "\n";
  return text;
}

// Positions by category: "deployment name", "target.gpu key count", "application value run", …
function categories(text) {
  const found = new Map();
  const add = (category, line, character) => {
    if (!found.has(category)) found.set(category, []);
    found.get(category).push({ line, character });
  };
  const stack = [];
  text.split("\n").forEach((line, n) => {
    const header = /^(\w+) (\w+) \{$/.exec(line);
    if (header) {
      stack.length = 0;
      stack.push(header[1]);
      add(`${header[1]} name`, n, line.indexOf(header[2]) + 1);
      return;
    }
    if (line === "}") return void (stack.length = 0);
    const nested = /^\s+(\w+)(?: (\w+))? \{(.*)\}$/.exec(line); // cpu { … }, storage scratch { … }
    const where = nested ? `${stack[0]}.${nested[1]}` : stack[0];
    if (!where) return;
    for (const m of line.matchAll(/(\w+) = ("[^"]*"|\[[^\]]*\]|[^,}\n]+)/g)) {
      const key = m[1];
      add(`${where} key ${key}`, n, m.index + 1);
      const valueAt = m.index + m[0].length - m[2].length;
      add(`${where} value ${key}`, n, valueAt + Math.min(2, m[2].length - 1));
    }
  });
  return found;
}

// A small deterministic generator, so two runs sample the same positions.
function random(seed) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

// Edits, cycled: each finds the next line that starts with `prefix` after a random place and turns
// its value into the other of `values` (the first edit makes an error and mends it; the others
// change what a plan depends on).
const edits = [
  { prefix: "  batch_size = ", values: ["8x", "8"] },
  { prefix: "  scale { nodes = ", values: ["1..8", "1..4"] },
  { prefix: "  epochs = ", values: ["120", "90"] },
  { prefix: "  layers = ", values: ["32", "40"] },
  { prefix: "  gpu { model = a100_sxm4_40gb, count = ", values: ["4", "8"] },
  { prefix: "  ranks = ", values: ["128", "64"] },
];

// The change `edit` makes at a random place: { offset, from, to }.
function pickEdit(text, edit, next) {
  const valueAt = (offset) => edit.values.find((v) => text.startsWith(v, offset) && !/\w/.test(text[offset + v.length]));
  for (let from = Math.floor(next() * text.length), wrapped = false;;) {
    const at = text.indexOf("\n" + edit.prefix, from);
    if (at === -1) {
      if (wrapped) throw new Error(`no line starts with "${edit.prefix}"`);
      [from, wrapped] = [0, true];
      continue;
    }
    const offset = at + 1 + edit.prefix.length;
    const value = valueAt(offset); // e.g. not the batch size of another kind of group
    if (value) return { offset, from: value, to: edit.values.find((v) => v !== value) };
    from = offset;
  }
}

function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function residentMiB(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : NaN;
}

function positionAt(text, offset) {
  let line = 0, start = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    ++line;
    start = i + 1;
  }
  return { line, character: offset - start }; // the document is ASCII: UTF-16 units are bytes
}

async function main() {
  let text = makeDocument(options.lines);
  if (options.write) return void writeFileSync(options.write, text); // to check it with `modak check`
  const uri = "file:///bench/editor.modak";
  const server = spawn(options.modak, ["lsp"], { stdio: ["pipe", "pipe", "ignore"] });
  const connection = rpc.createMessageConnection(new rpc.StreamMessageReader(server.stdout),
                                                 new rpc.StreamMessageWriter(server.stdin));
  const waiting = new Map(); // version -> resolve
  connection.onNotification("textDocument/publishDiagnostics", (p) => {
    const resolve = waiting.get(p.version);
    if (resolve) {
      waiting.delete(p.version);
      resolve(p);
    }
  });
  connection.onRequest("workspace/configuration", (p) => p.items.map(() => null));
  connection.onRequest(() => null);
  connection.onNotification(() => {});
  connection.listen();
  const diagnosticsOf = (version) => new Promise((resolve) => waiting.set(version, resolve));

  const init = await connection.sendRequest("initialize", {
    processId: process.pid, rootUri: "file:///bench", capabilities: {
      textDocument: {
        synchronization: { dynamicRegistration: false },
        completion: { completionItem: { snippetSupport: true } },
        hover: { contentFormat: ["markdown", "plaintext"] },
        documentSymbol: { hierarchicalDocumentSymbolSupport: true },
        semanticTokens: { requests: { full: { delta: true } }, tokenTypes: [], tokenModifiers: [], formats: ["relative"] },
        publishDiagnostics: { versionSupport: true },
      },
    },
  });
  connection.sendNotification("initialized", {});
  const caps = init.capabilities;
  const sync = typeof caps.textDocumentSync === "number" ? caps.textDocumentSync : caps.textDocumentSync?.change;
  const delta = Boolean(caps.semanticTokensProvider?.full?.delta);

  let version = 1;
  const opened = performance.now();
  const firstDiagnostics = diagnosticsOf(version);
  connection.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "modak", version, text } });
  await firstDiagnostics;
  const openMs = performance.now() - opened;
  const memory = [["after opening", residentMiB(server.pid)]];

  const byCategory = categories(text);
  const names = [...byCategory.keys()].sort();
  const next = random(options.seed);
  const times = { diagnostics: [], completion: [], hover: [], definition: [], references: [], semanticTokens: [], documentSymbol: [] };
  const slowest = [];
  let resultId;
  const timed = async (kind, category, request) => {
    const start = performance.now();
    const result = await request();
    const ms = performance.now() - start;
    times[kind].push(ms);
    slowest.push({ ms, kind, category });
    return result;
  };

  const total = Math.max(options.edits, options.memoryEdits);
  for (let n = 0; n < total; ++n) {
    const { offset, from, to } = pickEdit(text, edits[n % edits.length], next);
    const range = { start: positionAt(text, offset), end: positionAt(text, offset + from.length) };
    text = text.slice(0, offset) + to + text.slice(offset + from.length);
    ++version;
    const published = diagnosticsOf(version);
    const start = performance.now();
    connection.sendNotification("textDocument/didChange", {
      textDocument: { uri, version },
      contentChanges: sync === 2 ? [{ range, text: to }] : [{ text }],
    });
    await published;
    if (n < options.edits) {
      times.diagnostics.push(performance.now() - start);
      const category = names[n % names.length];
      const positions = byCategory.get(category);
      for (const kind of ["completion", "hover", "definition", "references"]) {
        const position = positions[Math.floor(next() * positions.length)];
        const params = { textDocument: { uri }, position };
        if (kind === "references") params.context = { includeDeclaration: true };
        await timed(kind, category, () => connection.sendRequest(`textDocument/${kind}`, params));
      }
      const tokens = await timed("semanticTokens", "document", () =>
        delta && resultId
          ? connection.sendRequest("textDocument/semanticTokens/full/delta", { textDocument: { uri }, previousResultId: resultId })
          : connection.sendRequest("textDocument/semanticTokens/full", { textDocument: { uri } }));
      resultId = tokens?.resultId;
      await timed("documentSymbol", "document", () => connection.sendRequest("textDocument/documentSymbol", { textDocument: { uri } }));
    } else {
      await connection.sendRequest("textDocument/hover", { textDocument: { uri }, position: { line: 3, character: 2 } });
    }
    if ((n + 1) % 1000 === 0) memory.push([`after ${n + 1} edits`, residentMiB(server.pid)]);
  }

  console.log(`modak lsp through vscode-jsonrpc: ${text.split("\n").length} lines, ${options.edits} edits ` +
              `(${sync === 2 ? "incremental" : "full"} changes, semantic tokens ${delta ? "delta" : "full"}), ` +
              `${names.length} position categories; first diagnostics ${openMs.toFixed(1)} ms`);
  console.log("request kind        samples    p50 ms    p99 ms    max ms");
  for (const [kind, values] of Object.entries(times)) {
    const s = [...values].sort((x, y) => x - y);
    console.log(`${kind.padEnd(18)} ${String(s.length).padStart(8)} ${percentile(s, 50).toFixed(2).padStart(9)} ` +
                `${percentile(s, 99).toFixed(2).padStart(9)} ${s[s.length - 1].toFixed(2).padStart(9)}`);
  }
  console.log("slowest requests:");
  for (const r of slowest.sort((x, y) => y.ms - x.ms).slice(0, 8))
    console.log(`  ${r.ms.toFixed(2).padStart(8)} ms  ${r.kind} at ${r.category}`);
  console.log("resident memory: " + memory.map(([when, mib]) => `${when} ${mib.toFixed(1)} MiB`).join(", "));
  await connection.sendRequest("shutdown");
  connection.sendNotification("exit");
  connection.dispose();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
