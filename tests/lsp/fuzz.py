#!/usr/bin/env python3
"""Replays thousands of random edits and requests against `modak lsp` and checks that it never dies,
that its diagnostics always equal `modak check` on the same text, and that its incrementally edited
tree-sitter tree and its outline (kept in fragments across edits) equal a fresh parse's.

Edits are random insertions (tokens of the language, unicode, braces, quotes, newlines) and
deletions at UTF-16 positions of the client's copy of the text; every so often the server's pulled
diagnostics are compared with `modak check --format json` run on the same text saved at the same
path. Requests with positions past the end and between the halves of surrogate pairs are sent for
every method the server advertises. Deterministic: the seed is fixed (MODAK_FUZZ_SEED overrides).

usage: fuzz.py MODAK SOURCE_DIR [EDITS]
"""
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lspclient import Client, utf16_position, offset_of  # noqa: E402

MODAK, SOURCE = sys.argv[1], sys.argv[2]
EDITS = int(sys.argv[3]) if len(sys.argv) > 3 else 3000
rng = random.Random(int(os.environ.get("MODAK_FUZZ_SEED", "20261122")))

TOKENS = ["{", "}", "[", "]", "=", ",", "..", "\"", "\"\"\"", "\n", " ", "  ", "//", "/*", "*/", "#",
          "application", "target", "deployment", "job", "scale", "kind", "hpc", "ai_training", "framework",
          "pytorch \"2.1\"", "nodes", "1..8", "auto", "16 GiB", "2h", "01:30:00", "true", "import", "modak 1",
          "é", "😀", "\u200b", "\t", "-", "1e400", "99999999999999999999", "walltime", "gpu", "x", "\\", "\r\n"]


def check_items(path, text):
    """modak check's diagnostics for `path` as (code, start, end, message), positions in UTF-16."""
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(text)
    proc = subprocess.run([MODAK, "check", "--format", "json", path], capture_output=True, timeout=60)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"modak check exited {proc.returncode}: {proc.stderr.decode()[-500:]}")
    out = []
    for d in json.loads(proc.stdout or b"[]"):
        if os.path.abspath(d.get("file", "")) != os.path.abspath(path) or d["severity"] == "note":
            continue
        start = utf16_position(text, d["offset"])
        end = utf16_position(text, d["offset"] + d["length"])
        out.append((d["code"], (start["line"], start["character"]), (end["line"], end["character"]), d["message"]))
    return sorted(out)


def server_items(diags):
    return sorted((d["code"], (d["range"]["start"]["line"], d["range"]["start"]["character"]),
                   (d["range"]["end"]["line"], d["range"]["end"]["character"]), d["message"]) for d in diags)


def main():
    work = tempfile.mkdtemp(prefix="modak-fuzz-")
    try:
        shutil.copytree(os.path.join(SOURCE, "examples"), os.path.join(work, "examples"))
        path = os.path.join(work, "examples", "fuzzed.modak")
        with open(os.path.join(SOURCE, "examples", "pytorch_ddp_a100.modak"), encoding="utf-8") as f:
            text = f.read()
        uri = "file://" + path
        client = Client([MODAK, "lsp"])
        init = client.request("initialize", {"capabilities": {}, "rootUri": "file://" + work})
        caps = init["result"]["capabilities"]
        client.notify("initialized", {})
        client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "modak", "version": 1, "text": text}})
        version, compared, requests, outlines = 1, 0, 0, 0
        methods = [m for m, cap in [("textDocument/hover", "hoverProvider"), ("textDocument/completion", "completionProvider"),
                                    ("textDocument/definition", "definitionProvider"), ("textDocument/references", "referencesProvider"),
                                    ("textDocument/prepareRename", "renameProvider"), ("textDocument/documentSymbol", "documentSymbolProvider"),
                                    ("textDocument/foldingRange", "foldingRangeProvider"), ("textDocument/selectionRange", "selectionRangeProvider"),
                                    ("textDocument/semanticTokens/full", "semanticTokensProvider"), ("textDocument/formatting", "documentFormattingProvider"),
                                    ("textDocument/codeAction", "codeActionProvider"), ("textDocument/inlayHint", "inlayHintProvider"),
                                    ("textDocument/codeLens", "codeLensProvider")] if cap in caps]
        for n in range(1, EDITS + 1):
            # one random edit at a valid position of our copy
            start = rng.randrange(len(text) + 1)
            end = min(len(text), start + (rng.randrange(12) if rng.random() < 0.4 else 0))
            # A position cannot fall inside a "\r\n" terminator: move such ends before it.
            start -= 1 if 0 < start < len(text) and text[start - 1:start + 1] == "\r\n" else 0
            end -= 1 if 0 < end < len(text) and text[end - 1:end + 1] == "\r\n" else 0
            end = max(start, end)
            insert = "".join(rng.choice(TOKENS) for _ in range(rng.randrange(3))) if rng.random() < 0.7 else ""
            if start == end and not insert:
                insert = rng.choice(TOKENS)
            s_pos = utf16_position(text, len(text[:start].encode()))
            e_pos = utf16_position(text, len(text[:end].encode()))
            text = text[:start] + insert + text[end:]
            version += 1
            client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                                     "contentChanges": [{"range": {"start": s_pos, "end": e_pos}, "text": insert}]})
            # random requests, positions often out of range
            if methods and rng.random() < 0.3:
                method = rng.choice(methods)
                line = rng.choice([0, rng.randrange(text.count("\n") + 1), 10 ** 6])
                char = rng.choice([0, rng.randrange(200), 2 ** 31 - 1])
                params = {"textDocument": {"uri": uri}, "position": {"line": line, "character": char}}
                if method == "textDocument/references":
                    params["context"] = {"includeDeclaration": True}
                if method in ("textDocument/codeAction", "textDocument/inlayHint"):
                    params = {"textDocument": {"uri": uri}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": line, "character": char}},
                              "context": {"diagnostics": []}}
                if method == "textDocument/selectionRange":
                    params = {"textDocument": {"uri": uri}, "positions": [{"line": line, "character": char}]}
                if method == "textDocument/formatting":
                    params = {"textDocument": {"uri": uri}, "options": {"tabSize": 2, "insertSpaces": True}}
                if method in ("textDocument/documentSymbol", "textDocument/foldingRange", "textDocument/semanticTokens/full", "textDocument/codeLens"):
                    params = {"textDocument": {"uri": uri}}
                reply = client.request(method, params)
                requests += 1
                if "error" in reply and reply["error"]["code"] in (-32603,):
                    raise SystemExit(f"internal error on {method} after edit {n}: {reply['error']}\ntext:\n{text}")
            if n % 25 == 0 or n == EDITS:
                reply = client.request("textDocument/diagnostic", {"textDocument": {"uri": uri}})
                if "error" in reply:
                    raise SystemExit(f"diagnostic request failed after edit {n}: {reply['error']}")
                got, want = server_items(reply["result"]["items"]), check_items(path, text)
                if got != want:
                    keep = os.path.join(tempfile.gettempdir(), "modak-fuzz-failure.modak")
                    shutil.copy(path, keep)
                    print(f"the failing text is kept in {keep}", file=sys.stderr)
                    diff = [x for x in got if x not in want], [x for x in want if x not in got]
                    raise SystemExit(f"after edit {n} the server's diagnostics differ from modak check:\n"
                                     f"  only the server: {diff[0][:5]}\n  only modak check: {diff[1][:5]}\ntext:\n{text}")
                compared += 1
                # The incrementally edited tree-sitter tree equals a fresh parse of the same text.
                fresh = "file://" + os.path.join(work, "examples", f"fresh-{n}.modak")
                client.notify("textDocument/didOpen", {"textDocument": {"uri": fresh, "languageId": "modak", "version": 1, "text": text}})
                a = client.request("modak/syntaxTree", {"textDocument": {"uri": uri}})["result"]["tree"]
                b = client.request("modak/syntaxTree", {"textDocument": {"uri": fresh}})["result"]["tree"]
                if a != b:
                    raise SystemExit(f"after edit {n} the incremental tree-sitter tree differs from a fresh parse\ntext:\n{text}")
                # The outline, assembled from fragments kept across edits, equals one written afresh
                # (the fresh document has no fragments; the flat form names the document's uri).
                if "documentSymbolProvider" in caps:
                    a = client.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})["result"]
                    b = client.request("textDocument/documentSymbol", {"textDocument": {"uri": fresh}})["result"]
                    b = json.loads(json.dumps(b).replace(json.dumps(fresh)[1:-1], json.dumps(uri)[1:-1]))
                    if a != b:
                        first = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
                        raise SystemExit(f"after edit {n} the outline differs from one written afresh: {len(a)} and "
                                         f"{len(b)} symbols, the first difference at {first}:\n  kept:  "
                                         f"{a[first] if first < len(a) else None}\n  fresh: {b[first] if first < len(b) else None}"
                                         f"\ntext:\n{text}")
                    outlines += 1
                client.notify("textDocument/didClose", {"textDocument": {"uri": fresh}})
        status = client.close()
        if status != 0:
            raise SystemExit(f"the server exited with status {status}")
        print(f"{EDITS} edits, {requests} random requests, diagnostics compared with modak check {compared} times, "
              f"the outline with a fresh one {outlines} times: all equal")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
