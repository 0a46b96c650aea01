// The VS Code client of `modak lsp`: starts the server, and adds the Generate, Show plan, Import and
// Format commands and a status-bar item. Everything about the language comes from the server.
import * as vscode from "vscode";
import * as path from "node:path";
import { execFile } from "node:child_process";
import { LanguageClient, LanguageClientOptions, ServerOptions, State } from "vscode-languageclient/node";
import { checkVersion, resolveServer } from "./server";

let client: LanguageClient | undefined;
let status: vscode.StatusBarItem;
let output: vscode.OutputChannel;
let serverPath: string | undefined;

function settings() {
  return vscode.workspace.getConfiguration("modak");
}

function setStatus(text: string, tooltip: string, error = false) {
  status.text = text;
  status.tooltip = tooltip;
  status.backgroundColor = error ? new vscode.ThemeColor("statusBarItem.errorBackground") : undefined;
  status.show();
}

async function start(context: vscode.ExtensionContext): Promise<void> {
  const found = resolveServer(settings().get<string>("server.path"), context.extensionPath, process.env.PATH);
  if (!found.path) {
    setStatus("$(error) modak", found.error ?? "no server", true);
    vscode.window.showErrorMessage(found.error ?? "modak was not found");
    return;
  }
  const problem = checkVersion(found.path);
  if (problem) {
    setStatus("$(error) modak", problem, true);
    vscode.window.showErrorMessage(problem);
    return;
  }
  serverPath = found.path;
  output.appendLine(`modak: starting ${found.path} lsp (${found.source})`);
  const args = ["lsp", ...(settings().get<string[]>("server.args") ?? [])];
  const serverOptions: ServerOptions = { command: found.path, args };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: "file", language: "modak" },
      { scheme: "untitled", language: "modak" },
    ],
    outputChannel: output,
    initializationOptions: {
      diagnostics: { delayMs: settings().get<number>("diagnostics.delayMs") },
      inlayHints: { enabled: settings().get<boolean>("inlayHints.enabled") },
      codeLens: { enabled: settings().get<boolean>("codeLens.enabled") },
      importRoots: settings().get<string[]>("importRoots") ?? [],
    },
    synchronize: { configurationSection: "modak" },
  };
  client = new LanguageClient("modak", "modak language server", serverOptions, clientOptions);
  client.onDidChangeState((e) => {
    if (e.newState === State.Running) setStatus("$(check) modak", `modak lsp running (${serverPath})`);
    else if (e.newState === State.Starting) setStatus("$(sync~spin) modak", "modak lsp starting");
    else setStatus("$(circle-slash) modak", "modak lsp stopped", true);
  });
  setStatus("$(sync~spin) modak", "modak lsp starting");
  await client.start();
}

async function stop(): Promise<void> {
  if (client) {
    const c = client;
    client = undefined;
    await c.stop();
  }
}

function activeModakDocument(): vscode.TextDocument | undefined {
  const doc = vscode.window.activeTextEditor?.document;
  if (!doc || doc.languageId !== "modak") {
    vscode.window.showWarningMessage("Open a .modak file first.");
    return undefined;
  }
  return doc;
}

function run(file: string, args: string[], cwd: string): Promise<{ stdout: string; stderr: string; code: number }> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd, maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      const code = error && typeof (error as NodeJS.ErrnoException & { code?: unknown }).code === "number"
        ? ((error as unknown as { code: number }).code)
        : error ? 2 : 0;
      resolve({ stdout, stderr, code });
    });
  });
}

async function generate(): Promise<void> {
  const doc = activeModakDocument();
  if (!doc || !client) return;
  const outputDir = path.join(path.dirname(doc.uri.fsPath), settings().get<string>("generate.outputDirectory") ?? "generated");
  try {
    const result = (await client.sendRequest("workspace/executeCommand", {
      command: "modak.generate",
      arguments: [{ uri: doc.uri.toString(), outputDir }],
    })) as { outputDir: string; files: string[] };
    output.appendLine(`modak: generated ${result.files.length} file(s) in ${result.outputDir}`);
    for (const f of result.files) output.appendLine(`  ${f}`);
    const open = "Reveal";
    const choice = await vscode.window.showInformationMessage(
      `modak: generated ${result.files.length} file(s) in ${path.basename(result.outputDir)}/`, open);
    if (choice === open) await vscode.commands.executeCommand("revealInExplorer", vscode.Uri.file(result.outputDir));
  } catch (e) {
    vscode.window.showErrorMessage(`modak: Generate failed: ${(e as Error).message}`);
  }
}

async function showPlan(context: vscode.ExtensionContext): Promise<void> {
  const doc = activeModakDocument();
  if (!doc || !serverPath) return;
  if (doc.isDirty) await doc.save();
  const r = await run(serverPath, ["plan", "--format", "html", doc.uri.fsPath], path.dirname(doc.uri.fsPath));
  if (r.code !== 0 && !r.stdout) {
    vscode.window.showErrorMessage(`modak plan: ${r.stderr.split("\n")[0]}`);
    return;
  }
  const panel = vscode.window.createWebviewPanel("modakPlan", `Plan: ${path.basename(doc.uri.fsPath)}`, vscode.ViewColumn.Beside, {
    enableScripts: false,
    localResourceRoots: [],
  });
  // The report is self-contained (inline SVG and CSS); nothing else may load.
  const csp = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:;">`;
  panel.webview.html = r.stdout.replace(/<head>/i, `<head>${csp}`);
  context.subscriptions.push(panel);
}

async function importJson(): Promise<void> {
  if (!client) return;
  const picked = await vscode.window.showOpenDialog({ canSelectMany: false, filters: { "MODAK JSON": ["json"] } });
  if (!picked || picked.length === 0) return;
  // The language server converts and writes (inside the workspace only); the extension runs nothing.
  try {
    const result = (await client.sendRequest("workspace/executeCommand", {
      command: "modak.import",
      arguments: [{ source: picked[0].fsPath }],
    })) as { output: string; warnings: string[] };
    for (const w of result.warnings) output.appendLine(`modak import: warning: ${w}`);
    await vscode.window.showTextDocument(vscode.Uri.file(result.output));
  } catch (e) {
    vscode.window.showErrorMessage(`modak import: ${(e as Error).message}`);
  }
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel("modak");
  status = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Right, 100);
  status.command = "modak.restartServer";
  context.subscriptions.push(output, status);
  context.subscriptions.push(
    vscode.commands.registerCommand("modak.generateFiles", generate),
    vscode.commands.registerCommand("modak.showPlan", () => showPlan(context)),
    vscode.commands.registerCommand("modak.importJson", importJson),
    vscode.commands.registerCommand("modak.format", () => vscode.commands.executeCommand("editor.action.formatDocument")),
    vscode.commands.registerCommand("modak.restartServer", async () => {
      await stop();
      await start(context);
    }),
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (e.affectsConfiguration("modak.server")) {
        await stop();
        await start(context);
      }
    }),
  );
  await start(context);
}

export async function deactivate(): Promise<void> {
  await stop();
}
