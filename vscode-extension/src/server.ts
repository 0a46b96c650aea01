// Finding and vetting the `modak` executable, with no dependency on VS Code (unit-tested in test/).
import * as fs from "node:fs";
import * as path from "node:path";
import { execFileSync } from "node:child_process";

/** The oldest modak whose `lsp` this extension speaks to. */
export const MINIMUM_VERSION = [0, 1, 0];

export interface Resolution {
  path?: string;
  /** Where it came from: the setting, the bundled binary, or PATH. */
  source?: "setting" | "bundled" | "PATH";
  /** Why nothing was found, when path is undefined. */
  error?: string;
}

function executable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The server binary: the `modak.server.path` setting, then a binary bundled in a platform-specific
 *  extension (`bin/modak`), then `modak` on PATH. */
export function resolveServer(setting: string | undefined, extensionDir: string, envPath: string | undefined): Resolution {
  if (setting && setting.trim() !== "") {
    const file = setting.startsWith("~") ? path.join(process.env.HOME ?? "", setting.slice(1)) : setting;
    if (executable(file)) return { path: file, source: "setting" };
    return { error: `modak.server.path is set to "${setting}", which is not an executable file.` };
  }
  const bundled = path.join(extensionDir, "bin", process.platform === "win32" ? "modak.exe" : "modak");
  if (executable(bundled)) return { path: bundled, source: "bundled" };
  for (const dir of (envPath ?? "").split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, "modak");
    if (executable(candidate)) return { path: candidate, source: "PATH" };
  }
  return {
    error:
      "The modak executable was not found: set modak.server.path, install a platform-specific build of this extension, " +
      "or put modak on PATH (scripts/package.sh builds a .deb).",
  };
}

/** "modak 0.1.0 (language 1)" → [0, 1, 0]; undefined when it is not modak's version line. */
export function parseVersion(output: string): number[] | undefined {
  const m = /^modak (\d+)\.(\d+)\.(\d+)/m.exec(output);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

export function versionAtLeast(version: number[], minimum: number[]): boolean {
  for (let i = 0; i < minimum.length; i++) {
    if ((version[i] ?? 0) !== minimum[i]) return (version[i] ?? 0) > minimum[i];
  }
  return true;
}

/** Runs `modak --version`; an error message when it is not a usable modak. */
export function checkVersion(file: string): string | undefined {
  let out: string;
  try {
    out = execFileSync(file, ["--version"], { encoding: "utf8", timeout: 10000 });
  } catch (e) {
    return `${file} --version failed: ${(e as Error).message}`;
  }
  const version = parseVersion(out);
  if (!version) return `${file} does not look like modak (its --version printed "${out.trim()}").`;
  if (!versionAtLeast(version, MINIMUM_VERSION))
    return `${file} is modak ${version.join(".")}; this extension needs ${MINIMUM_VERSION.join(".")} or newer.`;
  return undefined;
}
