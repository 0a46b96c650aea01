#!/usr/bin/env python3
"""Directive checker for LSF (#BSUB) and Flux (#flux:) job scripts, written from their documentation
since neither scheduler is installed here: every directive line must parse as its scheduler parses it
and name an option we mean to write, with a value of the right form.
usage: check-directives.py SCRIPT... (the scheduler is the script's extension: .lsf.sh, .flux.sh)"""
import re
import shlex
import sys

FAILURES = []


def fail(script, message):
    FAILURES.append(f"{script}: {message}")


WORD = r"[^\s\"'#\\]+"
LSF_OPTIONS = {  # option -> regular expression of its one value (None: a flag)
    "-J": r"[A-Za-z0-9_.-]+(\[[0-9]+(-[0-9]+)?(,[0-9]+(-[0-9]+)?)*\](%[0-9]+)?)?",
    "-n": r"[1-9][0-9]*",
    "-R": r"span\[(ptile=[1-9][0-9]*|hosts=1)\]",
    "-gpu": r"num=[1-9][0-9]*",
    "-M": r"[1-9][0-9]*MB",
    "-W": r"[0-9]+:[0-5][0-9]",
    "-q": WORD, "-P": WORD, "-w": WORD, "-o": WORD, "-e": WORD, "-u": WORD,
    "-env": r"all|[A-Za-z_][A-Za-z0-9_]*(,[A-Za-z_][A-Za-z0-9_]*)*",
    "-x": None, "-B": None, "-N": None,
    "-wa": r"[A-Z][A-Z0-9]*", "-wt": r"[0-9]+(:[0-5][0-9])?",  # warning action and its time
}

FLUX_OPTIONS = {  # --option -> regular expression of its value (None: a flag)
    "job-name": WORD, "nodes": r"[1-9][0-9]*", "nslots": r"[1-9][0-9]*",
    "cores-per-slot": r"[1-9][0-9]*", "gpus-per-slot": r"[1-9][0-9]*",
    "time-limit": r"[0-9]+(\.[0-9]+)?[smhd]?", "queue": WORD,
    "setattr": r"(system\.|user\.)?[A-Za-z0-9_.]+=" + WORD, "requires": WORD,
    "dependency": r"[a-z-]+:" + WORD, "begin-time": WORD, "output": WORD, "error": WORD,
    "env-remove": r"\*|[A-Za-z_][A-Za-z0-9_*]*", "env": r"[A-Za-z_][A-Za-z0-9_]*(=.*)?",
    "exclusive": None, "signal": r"[A-Z][A-Z0-9]*@[0-9]+(\.[0-9]+)?[smhd]?",
}


def check_lsf(script, lines):
    seen_command = False
    options = set()
    for number, line in enumerate(lines, 1):
        if line.startswith("#BSUB"):
            if seen_command:
                fail(script, f"{number}: #BSUB after the first command is ignored by bsub")
            try:
                words = shlex.split(line[len("#BSUB"):])
            except ValueError as e:
                fail(script, f"{number}: does not parse ({e}): {line}")
                continue
            if not words or words[0] not in LSF_OPTIONS:
                fail(script, f"{number}: unknown option: {line}")
                continue
            pattern = LSF_OPTIONS[words[0]]
            expected = 1 if pattern is None else 2
            if len(words) != expected or (pattern and not re.fullmatch(pattern, words[1])):
                fail(script, f"{number}: bad value: {line}")
            if words[0] == "-J" and "[" in words[1]:
                if re.search(r"\[0", words[1]) or re.search(r"[,-]0\b", words[1]):
                    fail(script, f"{number}: LSF array indices start at 1: {line}")
            options.add(words[0])
        elif line.strip() and not line.startswith("#"):
            seen_command = True
    for required in ("-J", "-n", "-o"):  # without -o, LSF mails the output instead of writing it
        if required not in options:
            fail(script, f"no {required} directive")


def check_flux(script, lines):
    # RFC 36: a sentinel is a prefix of non-alphanumeric characters and `flux:` or `FLUX:`; all must be
    # the same, and no directive may follow a non-blank line without the common prefix.
    sentinel = re.compile(r"^([^A-Za-z0-9]*)(flux|FLUX):")
    prefixes = set()
    ended = False
    options = set()
    for number, line in enumerate(lines, 1):
        match = sentinel.match(line)
        if match:
            prefixes.add(match.group(0))
            if ended:
                fail(script, f"{number}: a directive after the directives' block is an error in flux batch")
            try:
                words = shlex.split(line[match.end():], comments=True)
            except ValueError as e:
                fail(script, f"{number}: does not parse ({e}): {line}")
                continue
            if len(words) != 1 or not words[0].startswith("--"):
                fail(script, f"{number}: one --option per directive: {line}")
                continue
            name, _, value = words[0][2:].partition("=")
            if name not in FLUX_OPTIONS:
                fail(script, f"{number}: unknown option: {line}")
                continue
            pattern = FLUX_OPTIONS[name]
            if (pattern is None) != ("=" not in words[0]) or (pattern and not re.fullmatch(pattern, value)):
                fail(script, f"{number}: bad value: {line}")
            options.add(name)
        elif line.strip() and not line.startswith("#"):
            ended = True
    if len(prefixes) > 1:
        fail(script, f"directives with different sentinels: {sorted(prefixes)}")
    for required in ("job-name", "nodes", "output"):
        if required not in options:
            fail(script, f"no --{required} directive")


def main():
    for script in sys.argv[1:]:
        with open(script, encoding="utf-8") as f:
            lines = f.read().split("\n")
        if script.endswith(".lsf.sh"):
            check_lsf(script, lines)
        elif script.endswith(".flux.sh"):
            check_flux(script, lines)
    for failure in FAILURES:
        print(f"FAIL: {failure}", file=sys.stderr)
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
