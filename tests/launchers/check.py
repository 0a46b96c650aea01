#!/usr/bin/env python3
"""The SkyPilot and dstack files modak writes, read as the launchers read them.

usage: check.py MODAK SOURCE_DIR     (CTest `launcher-files`; needs python3-yaml, python3-jsonschema)

1. `modak generate --emit skypilot dstack` on every example, tests/data/cloud/ and
   tests/launchers/launchers.modak; every file is parsed with PyYAML (what both launchers use) and
   validated against the launcher's schema (skypilot-task.schema.json, dstack-task.schema.json, see
   README.md); every shell script in it passes `bash -n` (and shellcheck, where installed).
2. BROKEN: a valid file with one deliberate fault each must be rejected, so each schema is shown to
   say something.
3. Hostile values: the `evil_d` deployment's command runs in bash with the launcher's node variables
   and environment, as the launcher would start it on one node; what it writes must be exactly the
   values of the .modak file (quotes, newlines, `$(…)`, anchors inert).
4. Round trips: each file is imported (`modak import`), generated again, imported and generated once
   more; the second and third generation must be identical.
5. Damaged input: users' files with random damage (600, seeded) are imported; each ends with exit 0
   (a checked program, which `modak generate` then generates) or 1 (located errors), never a crash.
"""
import copy
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

import jsonschema
import yaml

MODAK, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
HERE = os.path.join(SRC, "tests", "launchers")
SCHEMAS = {
    "task.yaml": json.load(open(os.path.join(HERE, "skypilot-task.schema.json"))),
    ".dstack.yml": json.load(open(os.path.join(HERE, "dstack-task.schema.json"))),
}
failures = 0


def fail(message):
    global failures
    failures += 1
    print("FAIL " + message)


def validator(name):
    schema = SCHEMAS[name]
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def errors(name, doc):
    return sorted(validator(name).iter_errors(doc), key=lambda e: list(e.absolute_path))


def scripts(name, doc):
    """The shell scripts of a file: SkyPilot's setup and run, dstack's commands."""
    if name == "task.yaml":
        return [doc[k] for k in ("setup", "run") if k in doc]
    return list(doc.get("commands", []))


def generate(inputs, out):
    r = subprocess.run([MODAK, "generate", *inputs, "-o", out, "--emit", "skypilot", "dstack"],
                       capture_output=True, text=True)
    if r.returncode != 0:
        fail("modak generate " + " ".join(inputs) + ":\n" + r.stderr)
    return r.returncode == 0


def files_in(folder):
    out = {}
    for name in SCHEMAS:
        for path in glob.glob(os.path.join(folder, "**", name), recursive=True):
            out[os.path.relpath(path, folder)] = path
    return out


def check_files(folder):
    docs = {}
    shellcheck = shutil.which("shellcheck")
    for rel, path in sorted(files_in(folder).items()):
        name = os.path.basename(path)
        with open(path, encoding="utf-8") as f:
            doc = yaml.safe_load(f)
        problems = errors(name, doc)
        for e in problems:
            fail(f"{rel}: /{'/'.join(map(str, e.absolute_path))}: {e.message}")
        for i, script in enumerate(scripts(name, doc)):
            r = subprocess.run(["bash", "-n"], input=script, capture_output=True, text=True)
            if r.returncode != 0:
                fail(f"{rel}: script {i}: bash -n: {r.stderr}")
            if shellcheck:
                r = subprocess.run([shellcheck, "-s", "bash", "-S", "warning", "-"], input=script,
                                   capture_output=True, text=True)
                if r.returncode != 0:
                    fail(f"{rel}: script {i}: shellcheck:\n{r.stdout}")
        if not problems:
            print(f"ok   {rel}")
        docs[rel] = (name, doc)
    return docs


def check_broken(docs):
    """One fault each, in a copy of a real file: the schema must reject it."""
    sky = next(doc for name, doc in docs.values() if name == "task.yaml")
    dstack = next(doc for name, doc in docs.values() if name == ".dstack.yml")
    rows = [
        ("task.yaml", sky, lambda d: d.__setitem__("num_nodes", "2"), "num_nodes as a string"),
        ("task.yaml", sky, lambda d: d.__setitem__("nodes", 2), "an unknown top-level key"),
        ("task.yaml", sky, lambda d: d["resources"].__setitem__("infra", "openstack/r1"),
         "a cloud SkyPilot does not know"),
        ("task.yaml", sky, lambda d: d["resources"].__setitem__("gpus", "H100:8"),
         "an unknown resources key"),
        ("task.yaml", sky, lambda d: d.__setitem__("envs", {"1BAD": "x"}), "an env name"),
        (".dstack.yml", dstack, lambda d: d.__setitem__("type", "service"), "another type"),
        (".dstack.yml", dstack, lambda d: d.__setitem__("spot_policy", "maybe"), "a spot policy"),
        (".dstack.yml", dstack, lambda d: d.__setitem__("nodes", 0), "zero nodes"),
        (".dstack.yml", dstack, lambda d: d.__setitem__("max_price", 0), "a zero price"),
        (".dstack.yml", dstack, lambda d: d.__setitem__("num_nodes", 2), "an unknown key"),
    ]
    for name, base, fault, what in rows:
        doc = copy.deepcopy(base)
        fault(doc)
        if errors(name, doc):
            print(f"ok   {name} rejects {what}")
        else:
            fail(f"{name} accepts {what}")


def modak_values():
    """The hostile values of launchers.modak's `evil` application, as its escapes decode."""
    return {
        "EVIL": "a'b\"c$HOME`x`${y}\nnext: line ü \\ $(touch /tmp/pwned) &anchor *alias !tag # c",
        "ANCHOR": "&a [*a, *a]",
        "NUMBERISH": "0755",
        "BOOLISH": "on",
    }


def check_hostile(folder):
    expected = modak_values()
    for rel, variables in (("evil_d/skypilot/task.yaml",
                            {"SKYPILOT_NODE_RANK": "0", "SKYPILOT_NUM_NODES": "1",
                             "SKYPILOT_NUM_GPUS_PER_NODE": "1", "SKYPILOT_NODE_IPS": "127.0.0.1\n"}),
                           ("evil_d/dstack/.dstack.yml",
                            {"DSTACK_NODE_RANK": "0", "DSTACK_NODES_NUM": "1",
                             "DSTACK_GPUS_PER_NODE": "1", "DSTACK_MASTER_NODE_IP": "127.0.0.1",
                             "DSTACK_NODES_IPS": "127.0.0.1\n"})):
        path = os.path.join(folder, rel)
        with open(path, encoding="utf-8") as f:
            doc = yaml.safe_load(f)
        env_doc = doc.get("envs") or doc.get("env")
        for k, v in expected.items():
            if env_doc.get(k) != v:
                fail(f"{rel}: {k} reads back as {env_doc.get(k)!r}, not {v!r}")
        script = doc["run"] if "run" in doc else "\n".join(doc["commands"])
        with tempfile.TemporaryDirectory() as work:
            env = {"PATH": os.environ["PATH"], "HOME": work, **variables,
                   **{k: str(v) for k, v in env_doc.items()}}
            r = subprocess.run(["bash", "-c", script], cwd=work, env=env, capture_output=True,
                               text=True, timeout=60)
            seen_path = os.path.join(work, "seen.txt")
            seen = open(seen_path, encoding="utf-8").read() if os.path.exists(seen_path) else None
            want = expected["EVIL"] + "\n*alias &anchor\ninert\n"
            if r.returncode != 0 or seen != want or os.path.exists("/tmp/pwned"):
                fail(f"{rel}: exit {r.returncode}, wrote {seen!r}, wanted {want!r}\n{r.stderr}")
            else:
                print(f"ok   {rel}: the command ran with every value unchanged")


def check_round_trips(folder, work):
    """generate → import → generate → import → generate: the last two generations agree."""
    for rel, path in sorted(files_in(folder).items()):
        name = os.path.basename(path)
        stem = rel.replace("/", "_").replace(".", "_")
        previous = None
        source = path
        for round_ in (1, 2):
            modak_file = os.path.join(work, f"{stem}_{round_}.modak")
            r = subprocess.run([MODAK, "import", source, "-o", modak_file], capture_output=True,
                               text=True)
            if r.returncode != 0:
                fail(f"{rel}: modak import (round {round_}) exit {r.returncode}:\n{r.stderr}")
                break
            out = os.path.join(work, f"{stem}_{round_}")
            emit = "skypilot" if name == "task.yaml" else "dstack"
            r = subprocess.run([MODAK, "generate", modak_file, "-o", out, "--emit", emit],
                               capture_output=True, text=True)
            if r.returncode != 0:
                fail(f"{rel}: generate (round {round_}):\n{r.stderr}")
                break
            found = list(files_in(out).values())
            if len(found) != 1:
                fail(f"{rel}: round {round_} wrote {found}")
                break
            text = open(found[0], encoding="utf-8").read()
            # The header names the file it came from; the rest must not change.
            body = text[text.index("\n# Plan"):]
            if previous is not None:
                if body != previous:
                    fail(f"{rel}: round 2 differs from round 1")
                else:
                    print(f"ok   {rel}: generate → import → generate is stable")
            previous = body
            source = found[0]


def check_mutations(work, count=600):
    """Users' files with random damage (bytes flipped, YAML's indicators inserted, lines repeated or
    cut): `modak import` ends with 0 (a checked program) or 1 (located errors), never a crash."""
    import random
    rng = random.Random(19)
    sources = sorted(glob.glob(os.path.join(HERE, "import", "*")))
    tokens = ["*a", "&a ", "!!python/object ", "!x ", "? ", "[", "]", "{", "}", ": ", "\t", "\n- ",
              "\n  ", "'", '"', "\\", "---\n", "%YAML 1.2\n", "\x00", "\xff", "<<: *a\n", "#"]
    outcomes = {}
    for i in range(count):
        src = sources[i % len(sources)]
        data = bytearray(open(src, "rb").read())
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(data) + 1)
            kind = rng.randrange(4)
            if kind == 0 and data:
                data[at % len(data)] = rng.randrange(256)
            elif kind == 1:
                data[at:at] = rng.choice(tokens).encode("latin-1")
            elif kind == 2:
                data = bytearray(data[:at])
            else:
                lines = data.split(b"\n")
                j = rng.randrange(len(lines))
                lines.insert(j, lines[j])
                data = bytearray(b"\n".join(lines))
        path = os.path.join(work, f"mutant{i}{os.path.splitext(src)[1]}")
        with open(path, "wb") as f:
            f.write(bytes(data))
        r = subprocess.run([MODAK, "import", path, "-o", path + ".modak"], capture_output=True,
                           timeout=30)
        outcomes[r.returncode] = outcomes.get(r.returncode, 0) + 1
        if r.returncode == 0:
            # What the import accepted, modak can generate.
            g = subprocess.run([MODAK, "generate", path + ".modak", "-o", path + ".out"],
                               capture_output=True, text=True, timeout=60)
            if g.returncode != 0:
                fail(f"{path}.modak, imported from a damaged {os.path.basename(src)}, does not "
                     f"generate:\n{g.stderr[-2000:]}")
        if r.returncode not in (0, 1):
            fail(f"modak import of a damaged {os.path.basename(src)} ended with {r.returncode}; "
                 f"the input: {bytes(data)!r}\n{r.stderr.decode(errors='replace')[-2000:]}")
    print(f"ok   {count} damaged files imported: " +
          ", ".join(f"exit {k}: {v}" for k, v in sorted(outcomes.items())))


def main():
    inputs = sorted(glob.glob(os.path.join(SRC, "examples", "*.modak")) +
                    glob.glob(os.path.join(SRC, "tests", "data", "cloud", "*.modak")))
    with tempfile.TemporaryDirectory() as work:
        docs = {}
        for i, path in enumerate(inputs + [os.path.join(HERE, "launchers.modak")]):
            out = os.path.join(work, f"in{i}")
            if generate([path], out):
                docs.update({f"{os.path.basename(path)}/{k}": v
                             for k, v in check_files(out).items()})
        if not docs:
            fail("no file was generated")
        else:
            check_broken(docs)
        launchers = os.path.join(work, f"in{len(inputs)}")
        check_hostile(launchers)
        if "--no-round-trips" not in sys.argv:
            rt = os.path.join(work, "rt")
            os.makedirs(rt)
            for i in range(len(inputs) + 1):
                check_round_trips(os.path.join(work, f"in{i}"), rt)
        mutants = os.path.join(work, "mutants")
        os.makedirs(mutants)
        check_mutations(mutants, int(os.environ.get("MUTATIONS", "600")))
    print(f"{failures} failure(s)")
    sys.exit(1 if failures else 0)


main()
