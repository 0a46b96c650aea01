#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""Outside lowering, no stage reads a key of the syntax tree by string (docs/architecture.md, "The
typed deployment model"). A file reads the tree by key when it includes the tree-access helpers
(modak/model/TreeAccess.h, whose lookups take the key's name) or compares a statement's key itself. The files allowed to,
and why, are the list under "Reading the tree by key" in docs/architecture.md: one list, read here,
so the document and the check cannot disagree. A listed file that no longer reads the tree fails too
(the list must not go stale).

Usage: tree-reads.py SOURCE_DIR"""
import pathlib
import re
import sys

STAGES = ["model", "codegen", "calibrate", "cli", "lsp", "importer"]
PATTERNS = [
    (re.compile(r'#include\s+"modak/model/TreeAccess\.h"'), "includes the tree-access helpers"),
    (re.compile(r'\btree::|using namespace (?:model::)?tree\b'), "uses the tree-access helpers"),
    (re.compile(r'key\(\)\.name\s*[!=]=|[!=]=\s*[\w.>()-]*key\(\)\.name\b'), "compares a statement's key"),
]


def allowed_files(doc: str) -> dict[str, str]:
    """The `path`: reason items of the list under the heading "Reading the tree by key"."""
    m = re.search(r"^#+ Reading the tree by key\n(.*?)(?=^#)", doc, re.M | re.S)
    if not m:
        sys.exit("docs/architecture.md has no section 'Reading the tree by key'")
    out = {}
    for line in m.group(1).splitlines():
        item = re.match(r"- `([^`]+)`: (.+)", line)
        if item:
            out[item.group(1)] = item.group(2)
    if not out:
        sys.exit("the section 'Reading the tree by key' lists no file")
    return out


def main() -> int:
    root = pathlib.Path(sys.argv[1])
    allowed = allowed_files((root / "docs/architecture.md").read_text())
    failures, readers = [], set()
    for stage in STAGES:
        for path in sorted((root / stage).rglob("*")):
            if path.suffix not in (".cpp", ".h", ".hpp") or not path.is_file():
                continue
            rel = path.relative_to(root).as_posix()
            if rel == "model/include/modak/model/TreeAccess.h":
                continue
            for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
                for pattern, what in PATTERNS:
                    if pattern.search(line):
                        readers.add(rel)
                        if rel not in allowed:
                            failures.append(f"{rel}:{number}: {what}: {line.strip()}")
    for rel in sorted(set(allowed) - readers):
        failures.append(f"{rel}: listed in docs/architecture.md as reading the tree by key, but it does not")
    for f in failures:
        print(f)
    if failures:
        print(f"\n{len(failures)} problem(s): read the lowered model (model/include/modak/model/Deployment.h) "
              "instead, or list the file with its reason under 'Reading the tree by key' in docs/architecture.md")
        return 1
    print(f"tree read by key only in: {', '.join(sorted(readers))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
