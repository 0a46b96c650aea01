#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Strict checker for Apptainer/Singularity definition files, following apptainer's own parser
(pkg/build/types/parser/deffile.go): stages split at `Bootstrap:` lines, a header of known keys, then
sections that start at a line whose first word begins with `%`. Anything apptainer would reject is an
error here too, and more: every stage needs Bootstrap and From, a multi-stage file names each stage,
`%files from X` must name an earlier stage, scriptlets pass `sh -n`, `bash -n` and shellcheck (as
/bin/sh, which apptainer runs them with), %labels lines are `KEY VALUE`, and `{{ name }}` templates
need an %arguments section.

usage: check-def.py FILE.def...   (exit 0 when every file is clean)
       check-def.py --dockerfile-runs Dockerfile...   (shellcheck every RUN: shell form as sh,
                                                        exec form ["/bin/bash", "-c", SCRIPT] as bash)
"""
import json
import re
import shutil
import subprocess
import sys
import tempfile

HEADERS = {"bootstrap", "from", "includecmd", "mirrorurl", "updateurl", "osversion", "include", "library",
           "registry", "namespace", "stage", "product", "user", "regcode", "productpgp", "registerurl",
           "modules", "otherurl", "fingerprints", "confurl", "setopt"}
SECTIONS = {"help", "setup", "files", "labels", "environment", "pre", "post", "runscript", "test",
            "startscript", "arguments"}
APP_SECTIONS = {"appinstall", "applabels", "appfiles", "appenv", "apptest", "apphelp", "apprun", "appstart"}
SCRIPTS = {"setup", "pre", "post", "runscript", "test", "startscript", "environment"}
NEEDS_FROM = {"docker", "library", "shub", "oras", "localimage", "docker-daemon", "docker-archive", "oci",
              "oci-archive"}
# SC2016: single-quoted `$x` is how values are kept literal, on purpose.
SHELLCHECK = ["shellcheck", "--severity=style", "--exclude=SC2016", "--shell=sh", "-"]


def shell_checks(name, where, body, shell="sh"):
    problems = []
    text = "#!/bin/%s\n%s" % (shell, body)
    for tool in (["sh", "-n"], ["bash", "-n"]):
        r = subprocess.run(tool, input=text, capture_output=True, text=True)
        if r.returncode:
            problems.append("%s: %s fails %s: %s" % (name, where, " ".join(tool), r.stderr.strip()[:400]))
    cmd = list(SHELLCHECK)
    cmd[3] = "--shell=" + shell
    r = subprocess.run(cmd, input=text, capture_output=True, text=True)
    if r.returncode:
        problems.append("%s: %s fails shellcheck:\n%s" % (name, where, r.stdout.strip()[:1500]))
    return problems


def check_def(name, text):
    problems = []
    starts = [m.start() for m in re.finditer(r"(?mi)^bootstrap:", text)]
    if not starts:
        return ["%s: no `Bootstrap:` header" % name]
    preamble = text[:starts[0]]
    for line in preamble.splitlines():
        if line.strip() and not line.strip().startswith("#"):
            problems.append("%s: text before the first Bootstrap: %r" % (name, line))
    chunks = [text[a:b] for a, b in zip(starts, starts[1:] + [len(text)])]
    stages = []
    has_arguments = re.search(r"(?m)^\s*%arguments\b", text) is not None
    if re.search(r"{{\s*\w+\s*}}", text) and not has_arguments:
        problems.append("%s: a `{{ name }}` template without an %arguments section (apptainer substitutes it)" % name)
    for index, chunk in enumerate(chunks):
        where = "%s stage %d" % (name, index + 1)
        lines = chunk.split("\n")
        header, sections, current = [], [], None
        for line in lines:
            words = line.split()
            if words and words[0].startswith("%"):
                current = [line, []]
                sections.append(current)
            elif current is None:
                header.append(line)
            else:
                current[1].append(line)
        keys = {}
        for line in header:
            s = line.strip()
            if not s or s.startswith("#"):
                continue
            if ":" not in s:
                problems.append("%s: header line without a key: %r" % (where, s))
                continue
            key, value = s.split(":", 1)
            key = key.strip().lower()
            value = value.split("#", 1)[0].strip()
            if key not in HEADERS and re.sub(r"\d+$", "", key) != "otherurl":
                problems.append("%s: invalid header keyword %r" % (where, key))
            if key in keys:
                problems.append("%s: header %r given twice" % (where, key))
            if not value:
                problems.append("%s: header %r has no value" % (where, key))
            keys[key] = value
        if keys.get("bootstrap", "") in NEEDS_FROM and not keys.get("from"):
            problems.append("%s: Bootstrap %s needs From" % (where, keys.get("bootstrap")))
        if keys.get("from") and re.search(r"\s", keys["from"]):
            problems.append("%s: From holds blanks" % where)
        if len(chunks) > 1:
            if not keys.get("stage"):
                problems.append("%s: a multi-stage file needs `Stage:` in every stage" % where)
            elif keys["stage"] in stages:
                problems.append("%s: stage %r defined twice" % (where, keys["stage"]))
        for head, body in sections:
            parts = head.strip()[1:].split()
            sec = parts[0].lower() if parts else ""
            args = parts[1:]
            if sec in APP_SECTIONS:
                if not args:
                    problems.append("%s: %%%s needs an app name" % (where, sec))
            elif sec not in SECTIONS:
                problems.append("%s: invalid section %%%s" % (where, sec))
                continue
            text_body = "\n".join(body)
            if sec == "files":
                if args and (len(args) != 2 or args[0] != "from" or args[1] not in stages):
                    problems.append("%s: %%files %s does not name an earlier stage" % (where, " ".join(args)))
                for line in body:
                    s = line.strip()
                    if s and not s.startswith("#") and len(s.split()) > 2:
                        problems.append("%s: %%files line is not `src [dst]`: %r" % (where, s))
            elif sec == "labels":
                for line in body:
                    s = line.strip()
                    if s and not s.startswith("#") and len(s.split(None, 1)) < 2:
                        problems.append("%s: %%labels line without a value: %r" % (where, s))
            elif sec in SCRIPTS or sec in {"appinstall", "apprun", "apptest", "appstart", "appenv"}:
                if args and sec not in APP_SECTIONS and not (len(args) == 2 and args[0] == "-c"):
                    problems.append("%s: %%%s takes no arguments but `-c SHELL`: %r" % (where, sec, args))
                problems += shell_checks(name, "%%%s of stage %d" % (sec, index + 1), text_body)
        if keys.get("stage"):
            stages.append(keys["stage"])
    return problems


def dockerfile_runs(name, text):
    """Every RUN of a Dockerfile through shellcheck: the shell form as sh (Docker runs /bin/sh -c),
    the exec form's script as the shell it names."""
    problems = []
    joined, buf = [], ""
    for line in text.split("\n"):
        if not buf and line.lstrip().startswith("#"):
            continue
        if line.endswith("\\"):
            buf += line[:-1]
            continue
        joined.append(buf + line)
        buf = ""
    for n, instr in enumerate(joined):
        m = re.match(r"\s*RUN\s+(.*)$", instr, re.S)
        if not m:
            continue
        arg = m.group(1).strip()
        if arg.startswith("["):
            try:
                argv = json.loads(arg)
            except ValueError as e:
                problems.append("%s: RUN exec form is not a JSON array: %s" % (name, e))
                continue
            if len(argv) != 3 or argv[1] != "-c" or argv[0] not in ("/bin/sh", "/bin/bash"):
                problems.append("%s: RUN exec form is not [SHELL, \"-c\", SCRIPT]: %r" % (name, argv))
                continue
            problems += shell_checks(name, "RUN %d" % n, argv[2] + "\n", argv[0].rsplit("/", 1)[1])
        else:
            problems += shell_checks(name, "RUN %d" % n, arg + "\n", "sh")
    return problems


def main(argv):
    for tool in ("shellcheck", "sh", "bash"):
        if not shutil.which(tool):
            print("check-def.py: %s is not installed" % tool, file=sys.stderr)
            return 2
    mode = check_def
    files = argv[1:]
    if files and files[0] == "--dockerfile-runs":
        mode, files = dockerfile_runs, files[1:]
    problems = []
    for f in files:
        with open(f, encoding="utf-8") as fh:
            problems += mode(f, fh.read())
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
