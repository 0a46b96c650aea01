// Server resolution and version checks (src/server.ts, bundled to dist/server.js by `npm test`).
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { resolveServer, parseVersion, versionAtLeast, checkVersion } = require("../dist/server.js");

function fakeModak(dir, versionLine) {
  const file = path.join(dir, "modak");
  fs.writeFileSync(file, `#!/bin/sh\necho '${versionLine}'\n`, { mode: 0o755 });
  return file;
}

test("the setting wins, then the bundled binary, then PATH", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "modak-ext-"));
  const onPath = path.join(dir, "path");
  const ext = path.join(dir, "ext");
  fs.mkdirSync(onPath);
  fs.mkdirSync(path.join(ext, "bin"), { recursive: true });
  const fromPath = fakeModak(onPath, "modak 0.1.0 (language 1)");
  assert.deepStrictEqual(resolveServer("", ext, onPath), { path: fromPath, source: "PATH" });
  const bundled = fakeModak(path.join(ext, "bin"), "modak 0.1.0 (language 1)");
  assert.deepStrictEqual(resolveServer(undefined, ext, onPath), { path: bundled, source: "bundled" });
  assert.deepStrictEqual(resolveServer(fromPath, ext, onPath), { path: fromPath, source: "setting" });
});

test("a missing binary is a clear message, never a silent fallback", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "modak-ext-"));
  const r = resolveServer(path.join(dir, "nope"), dir, dir);
  assert.strictEqual(r.path, undefined);
  assert.match(r.error, /modak\.server\.path is set to ".*nope", which is not an executable file/);
  assert.match(resolveServer("", dir, dir).error, /The modak executable was not found/);
});

test("versions are read from modak --version and compared", () => {
  assert.deepStrictEqual(parseVersion("modak 0.1.0 (language 1)\n"), [0, 1, 0]);
  assert.strictEqual(parseVersion("something else 1.2.3"), undefined);
  assert.ok(versionAtLeast([0, 1, 0], [0, 1, 0]));
  assert.ok(versionAtLeast([1, 0, 0], [0, 9, 9]));
  assert.ok(!versionAtLeast([0, 0, 9], [0, 1, 0]));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "modak-ext-"));
  assert.strictEqual(checkVersion(fakeModak(dir, "modak 0.2.0 (language 1)")), undefined);
  fs.mkdirSync(path.join(dir, "old"));
  assert.match(checkVersion(fakeModak(path.join(dir, "old"), "modak 0.0.1 (language 1)")), /needs 0\.1\.0 or newer/);
  fs.mkdirSync(path.join(dir, "other"));
  assert.match(checkVersion(fakeModak(path.join(dir, "other"), "hello")), /does not look like modak/);
});

test("the real binary passes, when MODAK is given", { skip: !process.env.MODAK }, () => {
  assert.strictEqual(checkVersion(process.env.MODAK), undefined);
});
