#!/usr/bin/env python3
"""Transcript tests for `modak lsp --lit-test`, in the manner of clangd's lit tests.

A test file holds JSON-RPC messages separated by `---` lines; `#` lines are comments the server skips.
`%t` stands for a fresh folder of the test's own; `# FILE: PATH "json string"` writes a file there and
`# SYMLINK: LINK TARGET` makes a link before the server starts; `# ENV: NAME=VALUE` sets a variable of its
environment. `# EXPECT-ABSENT: PATH` checks that the
server wrote no such file; `# EXPECT-NOT-IN-OUTPUT: TEXT` that TEXT appears nowhere in what it printed.
`# EXPECT:` starts a JSON value (continued on the following `# ` lines) that must match, as a subset,
one of the server's replies or notifications, in order: each expectation is searched for after the
message that matched the previous one. Subset: objects may have more keys than expected, arrays must
have exactly the expected elements (each a subset), scalars are equal; `{"$contains": "TEXT"}` matches a
string that contains TEXT (a hover's markdown, whose other figures the model's calibration moves). `# EXPECT-EXIT: N` checks the
exit status (default 0).

usage: lit.py MODAK [TEST...]      (no TEST: every *.test of $MODAK_LIT_DIR, else of transcripts/ here;
                                  MODAK_LIT_VERBOSE=1 prints the server's whole output)
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile


def parse_expectations(text):
    expectations, exit_status, current = [], 0, None
    for line in text.splitlines():
        if line.startswith("# EXPECT-EXIT:"):
            exit_status = int(line.split(":", 1)[1])
            current = None
        elif line.startswith("# EXPECT:"):
            current = [line[len("# EXPECT:"):]]
            expectations.append(current)
        elif current is not None and line.startswith("# ") and not re.match(r"# [A-Z-]+:", line):
            current.append(line[2:])
        else:
            current = None
    parsed = []
    for lines in expectations:
        source = "\n".join(lines)
        try:
            parsed.append(json.loads(source))
        except json.JSONDecodeError as e:
            raise SystemExit(f"bad EXPECT JSON ({e}):\n{source}")
    return parsed, exit_status


def split_output(out):
    """The server prints pretty JSON values one after another."""
    decoder, values, i = json.JSONDecoder(), [], 0
    while True:
        while i < len(out) and out[i].isspace():
            i += 1
        if i >= len(out):
            return values
        value, i = decoder.raw_decode(out, i)
        values.append(value)


def subset(expected, actual, path="$"):
    """None when `expected` matches `actual`, else a reason."""
    if isinstance(expected, dict) and list(expected) == ["$contains"]:
        if not isinstance(actual, str) or expected["$contains"] not in actual:
            return f"{path}: expected a string containing {expected['$contains']!r}, got {json.dumps(actual)[:300]}"
        return None
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return f"{path}: expected an object, got {json.dumps(actual)[:200]}"
        for k, v in expected.items():
            if k not in actual:
                return f"{path}: missing key {k!r}"
            why = subset(v, actual[k], f"{path}.{k}")
            if why:
                return why
        return None
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return f"{path}: expected {len(expected)} elements, got {json.dumps(actual)[:300]}"
        for i, (e, a) in enumerate(zip(expected, actual)):
            why = subset(e, a, f"{path}[{i}]")
            if why:
                return why
        return None
    if expected != actual:
        return f"{path}: expected {json.dumps(expected)}, got {json.dumps(actual)[:200]}"
    return None


def run(modak, test):
    with open(test, encoding="utf-8") as f:
        text = f.read()
    # %t is a fresh folder of this test's own (as in LLVM's lit), for what the server reads or writes.
    scratch = tempfile.mkdtemp(prefix="modak-lit-")
    try:
        return run_in(modak, text.replace("%t", scratch))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def run_in(modak, text):
    for line in text.splitlines():  # files a test sets up before the server starts
        if line.startswith("# FILE:"):
            path, _, content = line[len("# FILE:"):].strip().partition(" ")
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(json.loads(content))
        elif line.startswith("# SYMLINK:"):
            link, target = line[len("# SYMLINK:"):].split()
            os.makedirs(os.path.dirname(link), exist_ok=True)
            os.symlink(target, link)
    env = dict(os.environ)
    for line in text.splitlines():  # `# ENV: NAME=VALUE`: the server's environment (a planted secret)
        if line.startswith("# ENV:"):
            name, _, value = line[len("# ENV:"):].strip().partition("=")
            env[name] = value
    expectations, exit_status = parse_expectations(text)
    proc = subprocess.run([modak, "lsp", "--lit-test"], input=text.encode(), capture_output=True, timeout=60, env=env)
    out = proc.stdout.decode("utf-8", "replace")
    if os.environ.get("MODAK_LIT_VERBOSE"):
        print(out)
    failures = []
    if proc.returncode != exit_status:
        failures.append(f"exit status {proc.returncode}, expected {exit_status}; stderr: {proc.stderr.decode()[-500:]}")
    messages = split_output(out)
    at = 0
    for n, expected in enumerate(expectations, 1):
        reasons = []
        for i in range(at, len(messages)):
            why = subset(expected, messages[i])
            if why is None:
                at = i + 1
                break
            reasons.append(why)
        else:
            closest = min(reasons, key=len) if reasons else "no messages left"
            failures.append(f"EXPECT #{n} not matched after message {at}: {json.dumps(expected)[:300]}\n    e.g. {closest}")
            break
    for line in text.splitlines():
        if line.startswith("# EXPECT-ABSENT:"):
            path = line[len("# EXPECT-ABSENT:"):].strip()
            if os.path.lexists(path):
                failures.append(f"{path} exists, but the server should not have written it")
        elif line.startswith("# EXPECT-NOT-IN-OUTPUT:"):
            secret = line[len("# EXPECT-NOT-IN-OUTPUT:"):].strip()
            if secret in out or secret in proc.stderr.decode("utf-8", "replace"):
                failures.append(f"the server's output contains {secret!r}")
    return failures


def main():
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    modak, tests = sys.argv[1], sys.argv[2:]
    if not tests:
        folder = os.environ.get("MODAK_LIT_DIR") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "transcripts")
        tests = sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".test"))
    failed = 0
    for test in tests:
        failures = run(modak, test)
        name = os.path.basename(test)
        if failures:
            failed += 1
            print(f"FAIL {name}")
            for f in failures:
                print("  " + f)
        else:
            print(f"PASS {name}")
    print(f"{len(tests) - failed} of {len(tests)} transcripts passed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
