// End-to-end test with VS Code's own protocol stack (vscode-languageserver-protocol 3.17.5 over
// stdio, as the VS Code extension uses it): initialize with VS Code's capabilities, open an example,
// wait for its diagnostics, introduce an error, see it reported at the right UTF-16 range, fix it,
// see the list emptied, ask every advertised feature once, shut down cleanly.
// usage: node vscode-client.js MODAK SOURCE_DIR      (node_modules from tests/tools)
"use strict";
const path = require("node:path");
const fs = require("node:fs");
const cp = require("node:child_process");
const tools = path.join(process.argv[3], "tests", "tools", "node_modules");
const rpc = require(path.join(tools, "vscode-languageserver-protocol", "node"));

const modak = process.argv[2];
const source = process.argv[3];
const example = path.join(source, "examples", "mnist_tensorflow_2_1.modak");
const uri = "file://" + example;
const text = fs.readFileSync(example, "utf8");

function fail(message) {
  console.error("FAIL " + message);
  process.exit(1);
}

async function main() {
  const server = cp.spawn(modak, ["lsp", "--stdio"], { stdio: ["pipe", "pipe", "inherit"] });
  const connection = rpc.createProtocolConnection(new rpc.StreamMessageReader(server.stdout), new rpc.StreamMessageWriter(server.stdin));
  const published = [];
  let waiter = null;
  connection.onNotification(rpc.PublishDiagnosticsNotification.type, (params) => {
    published.push(params);
    if (waiter && waiter.predicate(params)) { waiter.resolve(params); waiter = null; }
  });
  connection.onRequest(rpc.ConfigurationRequest.type, (params) => params.items.map(() => ({ diagnostics: { delayMs: 0 } })));
  connection.listen();
  const nextDiagnostics = (predicate) => new Promise((resolve, reject) => {
    const found = published.find(predicate);
    if (found) return resolve(found);
    waiter = { predicate, resolve };
    setTimeout(() => reject(new Error("no matching publishDiagnostics within 10 s")), 10000);
  });

  const started = process.hrtime.bigint();
  const init = await connection.sendRequest(rpc.InitializeRequest.type, {
    processId: process.pid, rootUri: "file://" + source, workspaceFolders: [{ uri: "file://" + source, name: "modak" }],
    capabilities: {
      general: { positionEncodings: ["utf-16"] },
      workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: true } },
      textDocument: {
        synchronization: { didSave: true }, publishDiagnostics: { versionSupport: true, relatedInformation: true },
        completion: { completionItem: { snippetSupport: true, documentationFormat: ["markdown", "plaintext"] } },
        hover: { contentFormat: ["markdown", "plaintext"] }, documentSymbol: { hierarchicalDocumentSymbolSupport: true },
      },
    },
  });
  const caps = init.capabilities;
  if (caps.textDocumentSync.change !== rpc.TextDocumentSyncKind.Incremental) fail("incremental sync not advertised");
  await connection.sendNotification(rpc.InitializedNotification.type, {});
  await connection.sendNotification(rpc.DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: "modak", version: 1, text } });
  const first = await nextDiagnostics((p) => p.uri === uri && p.version === 1);
  if (first.diagnostics.length !== 0) fail("the example should be clean: " + JSON.stringify(first.diagnostics));

  // Introduce an error: a misspelt `kind` value, reported where it is with a suggestion.
  const lines = text.split("\n");
  const kindLine = lines.findIndex((l) => /^\s*kind\s*=/.test(l));
  if (kindLine < 0) fail("no `kind =` line in the example");
  const column = lines[kindLine].indexOf("=") + 2;
  const value = lines[kindLine].slice(column).match(/^\w+/)[0];
  await connection.sendNotification(rpc.DidChangeTextDocumentNotification.type, {
    textDocument: { uri, version: 2 },
    contentChanges: [{ range: { start: { line: kindLine, character: column }, end: { line: kindLine, character: column + value.length } }, text: "ai_traning" }],
  });
  const broken = await nextDiagnostics((p) => p.uri === uri && p.version === 2);
  const d = broken.diagnostics.find((x) => x.code === "invalid-value");
  if (!d) fail("no invalid-value diagnostic after the edit: " + JSON.stringify(broken.diagnostics));
  if (d.range.start.line !== kindLine || d.range.start.character !== column || d.range.end.character !== column + 10)
    fail("diagnostic at the wrong range: " + JSON.stringify(d.range));
  if (!/did you mean/.test(d.message)) fail("no suggestion in: " + d.message);

  await connection.sendNotification(rpc.DidChangeTextDocumentNotification.type, {
    textDocument: { uri, version: 3 },
    contentChanges: [{ range: { start: { line: kindLine, character: column }, end: { line: kindLine, character: column + 10 } }, text: value }],
  });
  const fixed = await nextDiagnostics((p) => p.uri === uri && p.version === 3);
  if (fixed.diagnostics.length !== 0) fail("diagnostics not cleared after the fix: " + JSON.stringify(fixed.diagnostics));

  const pulled = await connection.sendRequest(rpc.DocumentDiagnosticRequest.type, { textDocument: { uri } });
  if (pulled.kind !== "full" || pulled.items.length !== 0) fail("pull diagnostics disagree: " + JSON.stringify(pulled));

  const results = {};
  const position = { line: kindLine, character: column + 1 };
  if (caps.hoverProvider) results.hover = await connection.sendRequest(rpc.HoverRequest.type, { textDocument: { uri }, position });
  if (caps.completionProvider) results.completion = await connection.sendRequest(rpc.CompletionRequest.type, { textDocument: { uri }, position });
  if (caps.documentSymbolProvider) results.symbols = await connection.sendRequest(rpc.DocumentSymbolRequest.type, { textDocument: { uri } });
  if (caps.hoverProvider && !(results.hover && /ai_training|training/i.test(JSON.stringify(results.hover.contents))))
    fail("hover on the kind value says nothing about it: " + JSON.stringify(results.hover));
  if (caps.completionProvider) {
    const items = Array.isArray(results.completion) ? results.completion : results.completion.items;
    if (!items.some((i) => i.label === "hpc")) fail("completion on `kind` does not offer hpc: " + JSON.stringify(items.map((i) => i.label)));
  }
  if (caps.documentSymbolProvider && !results.symbols.some((s) => s.children !== undefined)) fail("document symbols are not hierarchical");

  await connection.sendNotification(rpc.DidCloseTextDocumentNotification.type, { textDocument: { uri } });
  const cleared = await nextDiagnostics((p) => p.uri === uri && p.diagnostics.length === 0 && p.version === undefined);
  if (!cleared) fail("diagnostics not cleared on close");
  await connection.sendRequest(rpc.ShutdownRequest.type);
  await connection.sendNotification(rpc.ExitNotification.type);
  const status = await new Promise((resolve) => server.on("exit", (code) => resolve(code)));
  if (status !== 0) fail("the server exited with status " + status);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  console.log(`vscode-languageserver-protocol client: session passed in ${ms.toFixed(0)} ms (features asked: ${Object.keys(results).join(", ") || "none advertised"})`);
  process.exit(0);
}

main().catch((e) => fail(e.stack || String(e)));
