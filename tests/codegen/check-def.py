#!/usr/bin/env python3
"""A checker for Apptainer/Singularity definition files (there is no strict one for Debian): every
stage starts with a `Bootstrap:` header, header keys and section names are ones apptainer accepts,
`%files from STAGE` names an earlier stage, and every shell section passes `sh -n`, `bash -n` and
shellcheck (as sh: apptainer runs sections with /bin/sh).

usage: check-def.py FILE.def...        exit 1 on the first problem of each file
"""
import os
import re
import subprocess
import sys
import tempfile

HEADER_KEYS = {"bootstrap", "from", "stage", "include", "mirrorurl", "osversion", "updateurl", "registry",
               "namespace", "fingerprints", "confurl", "setopt", "product", "user", "regcode", "productpgp",
               "registerurl", "otherurl0", "fingerprint"}
SECTIONS = {"help", "setup", "files", "labels", "environment", "pre", "post", "runscript", "test", "startscript",
            "arguments"}
SHELL = {"setup", "environment", "pre", "post", "runscript", "test", "startscript"}


def check(path):
    problems = []
    stages, stage, section, body, bodies = [], None, None, [], []
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")

    def close():
        if section:
            bodies.append((stage, section, "\n".join(body), start))

    start = 0
    for n, line in enumerate(lines, 1):
        m = re.match(r"^%(\w+)(.*)$", line)
        if m:
            close()
            section, body, start = m.group(1).lower(), [], n
            if section not in SECTIONS and not section.startswith("app"):
                problems.append(f"{path}:{n}: unknown section %{section}")
            rest = m.group(2).strip()
            if section == "files" and rest:
                fm = re.match(r"^from\s+(\S+)$", rest)
                if not fm or fm.group(1) not in stages[:-1]:
                    problems.append(f"{path}:{n}: %files {rest}: not an earlier stage ({stages})")
            continue
        h = re.match(r"^([A-Za-z][A-Za-z0-9]*):\s*(.*)$", line)
        if h and (section is None or h.group(1).lower() == "bootstrap"):
            key = h.group(1).lower()
            if key == "bootstrap":
                close()
                section, body = None, []
                stage = None
                stages.append(f"#{len(stages)}")
            if key not in HEADER_KEYS:
                problems.append(f"{path}:{n}: unknown header key {h.group(1)}")
            if key == "stage":
                stages[-1] = h.group(2).strip()
                stage = stages[-1]
            if key == "from" and not re.match(r"^[A-Za-z0-9._/:@-]+$", h.group(2).strip()):
                problems.append(f"{path}:{n}: From: {h.group(2)!r} is not an image reference")
            continue
        if section is None:
            if line.strip() and not line.startswith("#"):
                problems.append(f"{path}:{n}: text outside a section: {line!r}")
            continue
        body.append(line)
    close()
    if not stages:
        problems.append(f"{path}: no Bootstrap header")
    for stage_name, name, text, n in bodies:
        if name not in SHELL:
            continue
        with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as t:
            t.write("#!/bin/sh\n" + text + "\n")
        try:
            for cmd in (["sh", "-n", t.name], ["bash", "-n", t.name], ["shellcheck", "-s", "sh", "-e", "SC2016", t.name]):
                p = subprocess.run(cmd, capture_output=True, text=True)
                if p.returncode:
                    problems.append(f"{path}:{n}: %{name} fails {cmd[0]}: {(p.stdout + p.stderr).strip()[:600]}")
        finally:
            os.unlink(t.name)
    return problems


def main():
    failed = False
    for path in sys.argv[1:]:
        problems = check(path)
        if problems:
            failed = True
            print("\n".join(problems))
        else:
            print(f"OK   {path}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
