#!/usr/bin/env python3
"""Validates every JSON document modak reads or writes against its schema in schemas/.

usage: validate.py MODAK SOURCE_DIR

- every schemas/**/*.schema.json is itself a valid draft 2020-12 schema;
- the embedded catalogue files and calibration validate, and so do the original MODAK job files;
- deliberately broken documents are rejected (each schema is shown to say something);
- the real binary's outputs validate: `check --format json` on the examples and the invalid corpus,
  and every row of COMMANDS below.

To cover a new command, add a row to COMMANDS: (schema file, argv after the binary, expected exit code).
"""
import glob
import json
import os
import subprocess
import sys

import jsonschema

MODAK, SRC = sys.argv[1], sys.argv[2]
SCHEMAS = os.path.join(SRC, "schemas")
failures = 0


def load_schema(name):
    with open(os.path.join(SCHEMAS, name)) as f:
        return jsonschema.Draft202012Validator(json.load(f))


def report(label, validator, document, expect_valid=True):
    global failures
    errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
    if expect_valid and errors:
        failures += 1
        for e in errors[:5]:
            pointer = "/" + "/".join(str(p) for p in e.absolute_path)
            print(f"FAIL {label}: {pointer}: {e.message[:300]}")
    elif not expect_valid and not errors:
        failures += 1
        print(f"FAIL {label}: a broken document was accepted")
    else:
        print(f"ok   {label}{'' if expect_valid else ' (rejected as it should be)'}")


def run(argv, expect_exit):
    global failures
    proc = subprocess.run([MODAK] + argv, capture_output=True, text=True)
    if proc.returncode != expect_exit:
        failures += 1
        print(f"FAIL modak {' '.join(argv)}: exit {proc.returncode}, expected {expect_exit}: {proc.stderr[:400]}")
        return None
    try:
        return json.loads(proc.stdout)
    except json.JSONDecodeError as e:
        failures += 1
        print(f"FAIL modak {' '.join(argv)}: output is not JSON: {e}")
        return None


# 1. The schemas themselves.
for path in sorted(glob.glob(os.path.join(SCHEMAS, "**", "*.schema.json"), recursive=True)):
    with open(path) as f:
        try:
            jsonschema.Draft202012Validator.check_schema(json.load(f))
            print(f"ok   {os.path.relpath(path, SRC)} is a valid schema")
        except jsonschema.SchemaError as e:
            failures += 1
            print(f"FAIL {path}: {e.message}")

# 2. Data modak reads.
catalog = load_schema("catalog.schema.json")
for path in sorted(glob.glob(os.path.join(SCHEMAS, "catalog", "*.json"))):
    with open(path) as f:
        report(os.path.relpath(path, SRC), catalog, json.load(f))
report("catalogue with a GPU lacking its peaks", catalog,
       {"version": 1, "gpus": [{"name": "x", "model": "X", "vendor": "nvidia", "memory_gib": 1,
                                "memory_bandwidth_gbs": 1, "peer_bandwidth_gbs": 1}]}, expect_valid=False)
report("catalogue with a bad name", catalog, {"version": 1, "workloads": [
    {"name": "Bad Name", "kind": "cnn", "parameters": 1, "flops_per_sample": 1, "sample_bytes": 1}]}, expect_valid=False)

calibration = load_schema("calibration.schema.json")
with open(os.path.join(SCHEMAS, "calibration.json")) as f:
    report("schemas/calibration.json", calibration, json.load(f))
report("calibration with utilisation 2", calibration, {"version": 1, "model": {"cpu_utilisation": 2}}, expect_valid=False)

job = load_schema("modak-job.schema.json")
mapping = jsonschema.Draft202012Validator(job.schema["$defs"]["containerMapping"])
# Not job documents: IDE templates listing the alternatives ("tensorflow/pytorch/keras/cntk/mxnet")
# and fragments that are not JSON documents on their own; `modak import` has its own tests for them.
TEMPLATES = {"job_data.json", "optimisation_dsl.json", "solver_optimisation_dsl.json", "mpi__solver_optimisation_dsl.json"}
originals = sorted(glob.glob(os.path.join(SRC, "tests", "data", "modak-original", "*", "*.json")))
for path in originals:
    name = os.path.basename(path)
    if name in TEMPLATES:
        print(f"skip {name}: an IDE template or fragment, not a job document")
        continue
    with open(path) as f:
        document = json.load(f)
    report(f"MODAK {name}", mapping if name == "map_container.json" else job, document)
if len(originals) < 15:
    failures += 1
    print(f"FAIL only {len(originals)} original MODAK files found")
report("job without job_options", job, {"job": {"application": {"executable": "x"}}}, expect_valid=False)
report("job with an unknown key", job, {"job": {"job_options": {}, "application": {}, "colour": 1}}, expect_valid=False)
report("job with ranks 0", job, {"job": {"job_options": {}, "application": {"mpi_ranks": 0}}}, expect_valid=False)

# 3. Outputs of the real binary.
check = load_schema("check-output.schema.json")
examples = sorted(glob.glob(os.path.join(SRC, "examples", "*.modak")))
for path in examples:
    out = run(["check", "--format", "json", path], 0)
    if out is not None:
        report(f"check {os.path.basename(path)}", check, out)
invalid = sorted(glob.glob(os.path.join(SRC, "tests", "corpus", "invalid", "*.modak")))
for path in invalid:
    out = run(["check", "--format", "json", path], 1)
    if out is not None:
        report(f"check invalid/{os.path.basename(path)}", check, out)
        if not any(d["severity"] in ("error", "fatal") for d in out):
            failures += 1
            print(f"FAIL {path}: no error reported")
if not invalid:
    failures += 1
    print("FAIL no invalid corpus files found under tests/corpus/invalid")

example = lambda name: os.path.join(SRC, "examples", name)
COMMANDS = [
    ("plan.schema.json", ["plan", "--format", "json", example("pytorch_ddp_a100.modak")], 0),
    ("plan.schema.json", ["plan", "--format", "json", example("mpi_solver.modak")], 0),
    ("plan.schema.json", ["plan", "--format", "json", example("mnist_tensorflow_2_1.modak")], 0),
    ("plan.schema.json", ["plan", "--format", "json", example("resnet50_pytorch_gtx1080ti.modak")], 0),
    ("predict.schema.json", ["predict", "--workload", "resnet50", "--framework", "pytorch", "--gpu", "a100_sxm4_40gb",
                             "--gpus-per-node", "4", "--nodes", "2", "--interconnect", "infiniband_hdr",
                             "--precision", "amp", "--batch-per-device", "256", "--storage", "nfs", "--format", "json"], 0),
    ("predict.schema.json", ["predict", "--workload", "mnist_cnn", "--framework", "tensorflow", "--version", "2.1",
                             "--cpu", "Intel Xeon E5-2630 v4", "--sockets", "2", "--format", "json"], 0),
    ("catalog.schema.json", ["catalog", "--format", "json"], 0),
    ("catalog.schema.json", ["catalog", "images", "--format", "json"], 0),
    ("calibration.schema.json", ["model", "report", "--format", "json"], 0),
]
for schema, argv, code in COMMANDS:
    out = run(argv, code)
    if out is not None:
        report(f"modak {' '.join(argv[:2])} … against {schema}", load_schema(schema), out)

if failures:
    print(f"{failures} failure(s)")
    sys.exit(1)
print("all JSON documents validate")
