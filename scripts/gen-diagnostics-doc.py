#!/usr/bin/env python3
"""Regenerates docs/diagnostics.md from grammar/include/modak/diag/DiagCodes.def."""
import pathlib
import re

root = pathlib.Path(__file__).resolve().parent.parent
out = [
    "# Diagnostics",
    "",
    "Every diagnostic modak reports has a stable code (the `[code]` suffix in `modak check` output, the",
    "LSP `code`, the SARIF `ruleId`). This page is generated from",
    "`grammar/include/modak/diag/DiagCodes.def` by `scripts/gen-diagnostics-doc.py`; a test fails when it",
    "is out of date.",
    "",
    "Severities are defaults; `--werror` turns warnings into errors.",
]
for line in (root / "grammar/include/modak/diag/DiagCodes.def").read_text().splitlines():
    line = line.strip()
    section = re.match(r"^// (.+ \(.+/\))$", line)
    if section:
        out += ["", f"## {section.group(1)}", "", "| code | severity | meaning |", "|---|---|---|"]
        continue
    m = re.match(r'DIAG\((\w+),\s*(\w+),\s*"([^"]+)",\s*"(.*)"\)', line)
    if m:
        out.append(f"| `{m.group(3)}` | {m.group(2).lower()} | {m.group(4)} |")
(root / "docs/diagnostics.md").write_text("\n".join(out) + "\n")
