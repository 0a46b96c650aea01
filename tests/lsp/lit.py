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
exit status (default 0). With MODAK_UPDATE_GOLDEN=1 each `# EXPECT:` is rewritten, as one line, with the
values of the message it stands for (the same id, or the same method and version), keeping its shape: the
keys it lists, `$contains` as written; read the diff before committing it.

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
    """The expectations, each with the span of lines [first, last) it was read from, and the exit status."""
    expectations, exit_status, current = [], 0, None
    for number, line in enumerate(text.splitlines()):
        if line.startswith("# EXPECT-EXIT:"):
            exit_status = int(line.split(":", 1)[1])
            current = None
        elif line.startswith("# EXPECT:"):
            current = [[line[len("# EXPECT:"):]], number, number + 1]
            expectations.append(current)
        elif current is not None and line.startswith("# ") and not re.match(r"# [A-Z-]+:", line):
            current[0].append(line[2:])
            current[2] = number + 1
        else:
            current = None
    parsed = []
    for lines, first, last in expectations:
        source = "\n".join(lines)
        try:
            parsed.append((json.loads(source), (first, last)))
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


def same_message(expected, actual):
    """Whether `actual` is the message `expected` stands for, whatever their other values."""
    if not isinstance(expected, dict) or not isinstance(actual, dict):
        return False
    if "id" in expected:
        return actual.get("id") == expected["id"] and "method" not in actual
    if "method" in expected:
        version = (expected.get("params") or {}).get("version")
        return actual.get("method") == expected["method"] and (
            version is None or (actual.get("params") or {}).get("version") == version)
    return False


def refresh(expected, actual):
    """`expected` with `actual`'s values: the same keys, `$contains` kept, arrays as long as actual's."""
    if isinstance(expected, dict) and list(expected) == ["$contains"]:
        return expected
    if isinstance(expected, dict) and isinstance(actual, dict):
        return {k: refresh(v, actual[k]) if k in actual else v for k, v in expected.items()}
    if isinstance(expected, list) and isinstance(actual, list):
        if len(expected) != len(actual):
            return actual
        return [refresh(e, a) for e, a in zip(expected, actual)]
    return actual


def run(modak, test):
    with open(test, encoding="utf-8") as f:
        text = f.read()
    # %t is a fresh folder of this test's own (as in LLVM's lit), for what the server reads or writes.
    scratch = tempfile.mkdtemp(prefix="modak-lit-")
    try:
        failures, refreshed = run_in(modak, text.replace("%t", scratch))
        if os.environ.get("MODAK_UPDATE_GOLDEN") and refreshed:
            lines = text.splitlines()
            for (first, last), value in sorted(refreshed, reverse=True):
                line = "# EXPECT: " + json.dumps(value, ensure_ascii=False, separators=(",", ":"))
                lines[first:last] = [line.replace(scratch, "%t")]
            with open(test, "w", encoding="utf-8") as f:
                f.write("\n".join(lines) + "\n")
            failures = [f for f in failures if not f.startswith("EXPECT #")]
        return failures
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
    refreshed = []
    if os.environ.get("MODAK_UPDATE_GOLDEN"):
        at = 0
        for expected, span in expectations:
            for i in range(at, len(messages)):
                if same_message(expected, messages[i]):
                    if refresh(expected, messages[i]) != expected:  # others keep their lines as written
                        refreshed.append((span, refresh(expected, messages[i])))
                    at = i + 1
                    break
    at = 0
    for n, (expected, _) in enumerate(expectations, 1):
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
    return failures, refreshed


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
