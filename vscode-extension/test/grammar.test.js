// The TextMate grammar (instant highlighting in VS Code) and the tree-sitter highlight queries
// (Neovim, Helix, and the reference) colour the shared corpus the same way: every token tree-sitter
// captures in a colour class gets a TextMate scope of the same class at its first character.
// Needs the tree-sitter CLI (TREE_SITTER, else ../shared/tools/tree-sitter); skipped without it.
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const fs = require("node:fs");
const path = require("node:path");
const { execFileSync } = require("node:child_process");
const vsctm = require("vscode-textmate");
const oniguruma = require("vscode-oniguruma");

const root = path.join(__dirname, "..", "..");
const grammarDir = path.join(root, "grammar", "tree-sitter-modak");
const cli = [process.env.TREE_SITTER, path.join(root, "..", "shared", "tools", "tree-sitter"), "/shared/tools/tree-sitter"]
  .find((p) => p && fs.existsSync(p));

// Colour classes shared by both: tree-sitter capture → class; TextMate scope prefix → class.
function captureClass(name) {
  if (name.startsWith("comment")) return "comment";
  if (name.startsWith("string")) return "string";
  if (name === "number") return "number";
  if (name === "keyword") return "keyword";
  if (name === "type") return "type";
  if (name === "property") return "property";
  if (name.startsWith("constant")) return "constant";
  return undefined;  // punctuation, operators, module names: not compared
}
function scopeClass(scopes) {
  const s = scopes[scopes.length - 1];
  if (scopes.some((x) => x.startsWith("comment"))) return "comment";
  if (s.startsWith("string") || s.startsWith("constant.character.escape")) return "string";
  if (s.startsWith("constant.numeric")) return "number";
  if (s.startsWith("keyword.operator")) return "operator";
  if (s.startsWith("keyword")) return "keyword";
  if (s.startsWith("entity.name.type")) return "type";
  if (s.startsWith("variable.other.property")) return "property";
  if (s.startsWith("constant")) return "constant";
  return "other";
}

async function loadGrammar() {
  const wasm = fs.readFileSync(require.resolve("vscode-oniguruma/release/onig.wasm")).buffer;
  await oniguruma.loadWASM(wasm);
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({ createOnigScanner: (p) => new oniguruma.OnigScanner(p), createOnigString: (s) => new oniguruma.OnigString(s) }),
    loadGrammar: async () =>
      vsctm.parseRawGrammar(fs.readFileSync(path.join(__dirname, "..", "syntaxes", "modak.tmLanguage.json"), "utf8"), "modak.tmLanguage.json"),
  });
  return registry.loadGrammar("source.modak");
}

function tokenize(grammar, text) {
  const lines = text.split("\n");
  let state = vsctm.INITIAL;
  return lines.map((line) => {
    const r = grammar.tokenizeLine(line.replace(/\r$/, ""), state);
    state = r.ruleStack;
    return r.tokens;
  });
}

function captures(file) {
  const out = execFileSync(cli, ["query", "queries/highlights.scm", file], { cwd: grammarDir, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  const result = [];
  const re = /capture: \d+ - ([\w.]+), start: \((\d+), (\d+)\), end: \((\d+), (\d+)\)/g;
  let m;
  while ((m = re.exec(out))) result.push({ name: m[1], row: +m[2], col: +m[3], endRow: +m[4], endCol: +m[5] });
  return result;
}

test("TextMate and tree-sitter colour the shared corpus alike", { skip: !cli && "no tree-sitter CLI" }, async () => {
  const grammar = await loadGrammar();
  const corpus = path.join(root, "tests", "corpus", "valid");
  const files = fs.readdirSync(corpus).filter((f) => f.endsWith(".modak")).map((f) => path.join(corpus, f));
  files.push(...fs.readdirSync(path.join(root, "examples")).filter((f) => f.endsWith(".modak")).map((f) => path.join(root, "examples", f)));
  let compared = 0;
  const mismatches = [];
  for (const file of files) {
    const text = fs.readFileSync(file, "utf8");
    const lines = text.split("\n");
    const tokens = tokenize(grammar, text);
    // Later captures of the same node win in tree-sitter: keep the last capture per start.
    const byStart = new Map();
    for (const c of captures(file)) byStart.set(`${c.row}:${c.col}:${c.endRow}:${c.endCol}`, c);
    for (const c of byStart.values()) {
      const cls = captureClass(c.name);
      if (!cls) continue;
      // tree-sitter columns are bytes; TextMate's are UTF-16 units of the line.
      const line = lines[c.row] ?? "";
      const col = Buffer.from(line, "utf8").subarray(0, c.col).toString("utf8").length;
      const token = tokens[c.row]?.find((t) => t.startIndex <= col && col < t.endIndex);
      if (!token) continue;
      compared++;
      const got = scopeClass(token.scopes);
      if (got !== cls)
        mismatches.push(`${path.basename(file)}:${c.row + 1}:${col + 1} ${JSON.stringify(line.slice(col, col + 20))}: tree-sitter ${c.name} (${cls}), TextMate ${token.scopes.at(-1)} (${got})`);
    }
  }
  assert.ok(compared > 1000, `only ${compared} tokens compared`);
  assert.deepStrictEqual(mismatches, [], `${mismatches.length} of ${compared} tokens coloured differently`);
});
