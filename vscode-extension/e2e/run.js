// End-to-end test of the modak extension in a real VS Code: code-server (VS Code 1.100 in the browser,
// installed offline by install-code-server.sh) with the built .vsix installed, driven through headless
// Chromium (Debian's) with puppeteer-core. It asserts, through the UI: highlighting is applied, an
// introduced error shows a squiggle and a Problems entry with modak's message, completion offers a
// catalogue value, hover shows documentation, "modak: Generate" writes the files, and hover on a
// deployment over several sites shows its time and cost with their intervals. Screenshots go
// to e2e/screenshots/. Prints the time from opening a file to its first diagnostic.
// usage: node e2e/run.js        (MODAK: the modak binary, default ../build/cli/modak)
"use strict";
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const net = require("node:net");
const { execFileSync, spawn } = require("node:child_process");
const puppeteer = require("puppeteer-core");

const ext = path.join(__dirname, "..");
const root = path.join(ext, "..");
const modak = path.resolve(process.env.MODAK || path.join(root, "build", "cli", "modak"));
const shots = path.join(__dirname, "screenshots");
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const failures = [];
const check = (ok, what) => { console.log(`${ok ? "PASS" : "FAIL"} ${what}`); if (!ok) failures.push(what); };

function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => { const p = s.address().port; s.close(() => resolve(p)); });
  });
}

async function main() {
  const codeServer = execFileSync(path.join(__dirname, "install-code-server.sh"), { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }).trim().split("\n").pop();
  execFileSync("npm", ["run", "package"], { cwd: ext, stdio: "ignore" });
  const vsix = path.join(ext, `modak-${require(path.join(ext, "package.json")).version}.vsix`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "modak-e2e-"));
  const ws = path.join(work, "workspace");
  fs.mkdirSync(path.join(ws, "targets"), { recursive: true });
  fs.mkdirSync(path.join(ws, ".vscode"));
  for (const f of fs.readdirSync(path.join(root, "examples", "targets"))) fs.copyFileSync(path.join(root, "examples", "targets", f), path.join(ws, "targets", f));
  fs.copyFileSync(path.join(root, "examples", "pytorch_ddp_a100.modak"), path.join(ws, "ddp.modak"));
  fs.copyFileSync(path.join(root, "tests", "data", "cost", "three_sites.modak"), path.join(ws, "cost.modak"));
  fs.writeFileSync(path.join(ws, "broken.modak"), "modak 1\ntarget box { scheduler = slurmm, runtime = none }\n");
  fs.writeFileSync(path.join(ws, ".vscode", "settings.json"), JSON.stringify({ "modak.server.path": modak, "workbench.startupEditor": "none",
    "security.workspace.trust.enabled": false, "editor.hover.delay": 200 }, null, 2));
  const userData = path.join(work, "user"), extensions = path.join(work, "extensions");
  execFileSync(codeServer, ["--user-data-dir", userData, "--extensions-dir", extensions, "--install-extension", vsix], { stdio: "ignore" });
  const port = await freePort();
  const server = spawn(codeServer, ["--auth", "none", "--bind-addr", `127.0.0.1:${port}`, "--disable-workspace-trust", "--disable-telemetry",
    "--disable-update-check", "--user-data-dir", userData, "--extensions-dir", extensions, ws], { stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  server.stdout.on("data", (d) => (log += d));
  server.stderr.on("data", (d) => (log += d));
  const browser = await puppeteer.launch({ executablePath: "/usr/bin/chromium", headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
      "--disable-sync", "--window-size=1400,900", `--user-data-dir=${path.join(work, "chromium")}`] });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1400, height: 900 });
    for (let i = 0; i < 60; i++) { try { await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(ws)}`, { waitUntil: "networkidle2", timeout: 30000 }); break; } catch { await sleep(1000); } }
    await page.waitForSelector(".monaco-workbench", { timeout: 90000 });
    await sleep(3000);
    const quickOpen = async (name) => {
      await page.keyboard.down("Control"); await page.keyboard.press("KeyP"); await page.keyboard.up("Control");
      await sleep(800);
      await page.keyboard.type(name, { delay: 20 });
      await sleep(1200);
      await page.keyboard.press("Enter");
    };
    const command = async (title) => {
      await page.keyboard.press("F1");
      await sleep(800);
      await page.keyboard.type(title, { delay: 20 });
      await sleep(1200);
      await page.keyboard.press("Enter");
    };
    const waitFor = async (fn, ms) => { for (let t = 0; t < ms; t += 250) { if (await page.evaluate(fn)) return true; await sleep(250); } return false; };  // fn: a function or an expression string

    // 1. Activation to first diagnostic: open a file with an error.
    const t0 = Date.now();
    await quickOpen("broken.modak");
    const squiggle = await waitFor(() => !!document.querySelector(".squiggly-error"), 60000);
    const firstDiagnosticMs = Date.now() - t0;
    check(squiggle, `an error in broken.modak shows a squiggle (${firstDiagnosticMs} ms from opening the file, activation included)`);
    await page.screenshot({ path: path.join(shots, "diagnostic.png") });

    // 2. Highlighting: the TextMate grammar colours the example (several token classes on screen).
    await quickOpen("ddp.modak");
    await sleep(3000);
    const classes = await page.evaluate(() => new Set(Array.from(document.querySelectorAll(".view-lines span[class^='mtk']")).map((e) => e.className)).size);
    check(classes >= 5, `highlighting applied (${classes} token colours on screen)`);
    await page.screenshot({ path: path.join(shots, "highlighting.png") });

    // 3. Problems panel entry with modak's message.
    await command("View: Focus Problems");
    const problem = await waitFor(() => /did you mean 'slurm'/.test(document.querySelector(".markers-panel")?.textContent ?? ""), 20000);
    check(problem, "the Problems panel lists modak's message (did you mean 'slurm')");
    await page.screenshot({ path: path.join(shots, "problems.png") });

    // 4. Hover on a key shows its documentation.
    const box = await page.evaluate(() => {
      const span = Array.from(document.querySelectorAll(".view-lines span span")).find((s) => s.textContent.trim() === "distributed");
      if (!span) return null;
      const r = span.getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    });
    if (box) { await page.mouse.move(box.x, box.y); await sleep(300); await page.mouse.move(box.x + 2, box.y); }
    const hoverText = () => Array.from(document.querySelectorAll(".monaco-hover")).map((e) => e.textContent).join(" ");
    const hover = await waitFor(`(${hoverText.toString()})().includes("data-parallel training strategy") && (${hoverText.toString()})().includes("horovod")`, 15000);
    check(!!box && hover, "hover on the key `distributed` shows its documentation and type");
    await page.screenshot({ path: path.join(shots, "hover.png") });
    await page.mouse.move(5, 5);

    // 5. Completion offers a catalogue value: a new `workload = ` line in the application.
    await command("Go to Line/Column");
    await page.keyboard.type("19", { delay: 20 });
    await page.keyboard.press("Enter");
    await sleep(500);
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("workload = res", { delay: 40 });
    await page.keyboard.down("Control"); await page.keyboard.press("Space"); await page.keyboard.up("Control");
    const completion = await waitFor(() => /resnet50/.test(document.querySelector(".suggest-widget")?.textContent ?? ""), 15000);
    check(completion, "completion offers the catalogue workload resnet50");
    await page.screenshot({ path: path.join(shots, "completion.png") });
    await page.keyboard.press("Escape");
    for (let i = 0; i < 3; i++) { await page.keyboard.down("Control"); await page.keyboard.press("KeyZ"); await page.keyboard.up("Control"); }

    // 6. modak: Generate writes the deployment's files.
    await command("modak: Generate");
    let generated = false;
    for (let i = 0; i < 60 && !generated; i++) { await sleep(500); generated = fs.existsSync(path.join(ws, "generated", "vit_ddp_a100", "job.slurm.sh")); }
    check(generated, "modak: Generate wrote generated/vit_ddp_a100/job.slurm.sh");
    await page.screenshot({ path: path.join(shots, "generate.png") });

    // 7. Hover on a deployment over three sites: its run time and cost, each with its interval, the
    // site it runs on and the order the sites are tried in. Its plan is made off the request path,
    // so a first hover may say it is being planned: hover again until it is there.
    await quickOpen("cost.modak");
    await sleep(2000);
    const line = fs.readFileSync(path.join(ws, "cost.modak"), "utf8").split("\n").findIndex((l) => l.startsWith("deployment cheapest")) + 1;
    await command("Go to Line/Column");
    await page.keyboard.type(String(line), { delay: 20 });
    await page.keyboard.press("Enter");
    await sleep(1000);
    const name = await page.evaluate(() => {
      const span = Array.from(document.querySelectorAll(".view-lines span span")).find((s) => s.textContent.trim() === "cheapest");
      if (!span) return null;
      const r = span.getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    });
    const costPattern = String.raw`\d[\d.]* (s|min|h|d) \([\d.]+( (s|min|h|d))?–[\d.]+ (s|min|h|d)\), [\d.]+ USD \([\d.]+–[\d.]+\).*? on (juwels|aws_p5|gcp_a2)`;
    let costHover = false;
    for (let i = 0; i < 10 && name && !costHover; i++) {
      await page.mouse.move(5, 5); await sleep(300);
      await page.mouse.move(name.x, name.y); await sleep(300); await page.mouse.move(name.x + 2, name.y);
      costHover = await waitFor(`new RegExp(${JSON.stringify(costPattern)}).test((${hoverText.toString()})()) && (${hoverText.toString()})().includes("tried in the order")`, 3000);
    }
    const shown = await page.evaluate(hoverText);
    check(!!name && costHover, `hover on a deployment over three sites shows its time and cost with intervals and the fallback order (${(shown.match(new RegExp(costPattern)) || ["nothing"])[0]})`);
    await page.screenshot({ path: path.join(shots, "cost-hover.png") });
    console.log(`activation to first diagnostic: ${firstDiagnosticMs} ms`);
  } finally {
    await browser.close();
    server.kill();
    if (failures.length) console.error(log.slice(-3000));
  }
  if (failures.length) { console.error(`${failures.length} check(s) failed`); process.exit(1); }
  console.log("the modak extension works in a real VS Code");
}

main().catch((e) => { console.error(e); process.exit(2); });
