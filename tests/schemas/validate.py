#!/usr/bin/env python3
"""Validates every JSON document modak reads or writes against its JSON Schema in schemas/.

usage: validate.py MODAK SOURCE_DIR     (CTest `json-schemas`; needs python3-jsonschema, draft 2020-12)

1. Every schemas/**/*.schema.json is itself a valid draft 2020-12 schema with the $id
   https://modak.dev/schemas/<path>; in the schemas of OWN_SCHEMAS every property has a title and a
   description.
2. Data modak reads: the catalogue files schemas/catalog/*.json against schemas/catalog.schema.json
   (when that schema exists: then every catalogue file must validate), the calibration, and every
   original MODAK file in tests/data/modak-original/ against modak-job.schema.json (the container
   mapping against its $defs/containerMapping).
3. Outputs of the real binary: `modak check --format json` on the examples, the corpus and the
   fixtures of this folder, and every row of COMMANDS (plan, predict, catalog, model report). To
   cover a new command, add a row to COMMANDS: the comment above it says how.
4. BROKEN: real documents with one deliberate fault each must be rejected, at the JSON pointer the
   row names, so that each schema is shown to say something; ACCEPTED: edge cases that must pass.

Every validated document prints one line; a failure prints the document, the JSON pointer of the
failing instance and the message. The exit status is 1 on any failure.
"""
import copy
import glob
import json
import os
import re
import subprocess
import sys

try:
    import jsonschema
    from jsonschema.exceptions import best_match
    jsonschema.Draft202012Validator
except (ImportError, AttributeError):
    print("FAIL python3-jsonschema (4.0 or later, for draft 2020-12) is not installed; scripts/setup.sh installs it")
    sys.exit(1)

MODAK, SRC = sys.argv[1], os.path.abspath(sys.argv[2])
SCHEMAS = os.path.join(SRC, "schemas")
HERE = os.path.dirname(os.path.abspath(__file__))
DRAFT = "https://json-schema.org/draft/2020-12/schema"
# The schemas whose every property must carry a title and a description (the catalogue and calibration
# schemas are kept with the model and checked only for validity).
OWN_SCHEMAS = ["modak-job.schema.json", "check-output.schema.json", "plan.schema.json", "predict.schema.json",
               "bench-result.schema.json"]

failures = 0
base_documents = {}  # name -> a real document that validated, for the BROKEN rows


def fail(label, message):
    global failures
    failures += 1
    print(f"FAIL {label}: {message}")


def rel(path):
    return os.path.relpath(path, SRC)


def pointer(path):
    """RFC 6901 JSON pointer of a jsonschema error path ('' is the whole document)."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


def all_errors(errors):
    """The errors and, recursively, the errors of their anyOf/oneOf branches."""
    for e in errors:
        yield e
        yield from all_errors(e.context or [])


_validators = {}


def validator(schema_name, definition=None):
    """The validator of schemas/<schema_name>, or of its $defs/<definition> (also written
    "<schema_name>#/$defs/<definition>"); None if the file is absent."""
    if "#/$defs/" in schema_name:
        schema_name, definition = schema_name.split("#/$defs/")
    key = (schema_name, definition)
    if key not in _validators:
        path = os.path.join(SCHEMAS, schema_name)
        if not os.path.exists(path):
            return None
        with open(path) as f:
            schema = json.load(f)
        if definition:
            schema = {"$schema": DRAFT, "$defs": schema["$defs"], "$ref": f"#/$defs/{definition}"}
        _validators[key] = jsonschema.Draft202012Validator(schema)
    return _validators[key]


def validate(label, schema_name, document, definition=None):
    """Validates one document; prints one line. True if it validates."""
    v = validator(schema_name, definition)
    if v is None:
        fail(label, f"schemas/{schema_name} does not exist")
        return False
    errors = sorted(v.iter_errors(document), key=lambda e: list(map(str, e.absolute_path)))
    if not errors:
        print(f"ok   {label} ({schema_name}{'#/$defs/' + definition if definition else ''})")
        return True
    for e in errors[:8]:
        leaf = best_match([e])  # the most relevant branch of an anyOf/oneOf
        fail(label, f"{pointer(leaf.absolute_path) or '(document)'}: {leaf.message[:400]}"
                    f"  [schema {pointer(leaf.absolute_schema_path)}]")
    if len(errors) > 8:
        print(f"     … and {len(errors) - 8} more errors in {label}")
    return False


def load_json(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


# 1. The schemas themselves ------------------------------------------------------------------------

CONDITIONS = {"if", "then", "else", "not", "allOf", "anyOf", "oneOf", "dependentSchemas"}


def check_annotations(name, node, where=""):
    """Every entry of every `properties` (and of $defs) has a title and a description, except in
    conditions (if/then/else, not, allOf/anyOf/oneOf), which only constrain what is declared."""
    if isinstance(node, dict):
        for keyword in ("properties", "$defs"):
            for key, sub in (node.get(keyword) or {}).items():
                if isinstance(sub, dict) and not (sub.get("title") and sub.get("description")):
                    fail(name, f"{where}/{keyword}/{key} lacks a title or a description")
        for key, sub in node.items():
            if key not in CONDITIONS:
                check_annotations(name, sub, f"{where}/{key}")
    elif isinstance(node, list):
        for i, sub in enumerate(node):
            check_annotations(name, sub, f"{where}/{i}")


schema_files = sorted(glob.glob(os.path.join(SCHEMAS, "**", "*.schema.json"), recursive=True))
if not schema_files:
    fail("schemas/", "no *.schema.json found")
for path in schema_files:
    name = rel(path)
    try:
        schema = load_json(path)
        jsonschema.Draft202012Validator.check_schema(schema)
    except json.JSONDecodeError as e:
        fail(name, f"not JSON: {e}")
        continue
    except jsonschema.SchemaError as e:
        fail(name, f"not a valid schema: {pointer(e.absolute_path) or '(document)'}: {e.message[:300]}")
        continue
    expected_id = "https://modak.dev/schemas/" + os.path.relpath(path, SCHEMAS).replace(os.sep, "/")
    if schema.get("$schema") != DRAFT:
        fail(name, f"$schema is {schema.get('$schema')!r}, not {DRAFT}")
    elif schema.get("$id") != expected_id:
        fail(name, f"$id is {schema.get('$id')!r}, not {expected_id}")
    else:
        print(f"ok   {name} is a valid draft 2020-12 schema")
for name in OWN_SCHEMAS:
    if os.path.exists(os.path.join(SCHEMAS, name)):
        before = failures
        check_annotations(name, load_json(os.path.join(SCHEMAS, name)))
        if failures == before:
            print(f"ok   {name}: every property has a title and a description")
    else:
        fail(name, "the schema does not exist")

# 2. Data modak reads ------------------------------------------------------------------------------

# The catalogue: when its schema exists, every catalogue file must validate (a failure, never a skip).
catalogue_files = sorted(glob.glob(os.path.join(SCHEMAS, "catalog", "*.json")))
if os.path.exists(os.path.join(SCHEMAS, "catalog.schema.json")):
    if not catalogue_files:
        fail("schemas/catalog/", "catalog.schema.json exists but there are no catalogue files")
    for path in catalogue_files:
        validate(rel(path), "catalog.schema.json", load_json(path))
else:
    print(f"skip {len(catalogue_files)} catalogue file(s): schemas/catalog.schema.json does not exist yet")

if os.path.exists(os.path.join(SCHEMAS, "calibration.schema.json")):
    validate("schemas/calibration.json", "calibration.schema.json",
             load_json(os.path.join(SCHEMAS, "calibration.json")))

# The original MODAK files. Not jobs: map_container.json is a container mapping (POST
# /container_mappings), validated against $defs/containerMapping. Two IDE files are a bare member
# list without the enclosing braces; `modak import` reads them as if braced, and so does this test.
MAPPINGS = {"map_container.json"}
ORIGINAL = os.path.join(SRC, "tests", "data", "modak-original")
originals = sorted(glob.glob(os.path.join(ORIGINAL, "**", "*.json"), recursive=True))
if len(originals) < 20:
    fail("tests/data/modak-original", f"only {len(originals)} JSON files found (20 expected)")
# The importer's own test jobs (tests/data/import) are MODAK jobs too.
for path in originals + sorted(glob.glob(os.path.join(SRC, "tests", "data", "import", "*.json"))):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    try:
        document = json.loads(text)
        label = rel(path)
    except json.JSONDecodeError:
        try:
            document = json.loads("{" + text + "}")
            label = rel(path) + " (a bare member list, read braced)"
        except json.JSONDecodeError as e:
            fail(rel(path), f"not JSON, even braced: {e}")
            continue
    if os.path.basename(path) in MAPPINGS:
        validate(label, "modak-job.schema.json", document, definition="containerMapping")
        base_documents["mapping"] = document
    else:
        validate(label, "modak-job.schema.json", document)
base_documents["job"] = load_json(os.path.join(ORIGINAL, "test-input", "mpi_test.json"))
base_documents["optimisation"] = load_json(os.path.join(ORIGINAL, "examples", "tf_optimisation_dsl.json"))

# 3. Outputs of the real binary --------------------------------------------------------------------

def run(argv, expect_exit):
    """Runs modak; returns (label, exit status, parsed stdout or None after a failure)."""
    shown = [os.path.relpath(a, SRC) if os.path.isabs(a) else a for a in argv]
    if len(shown) > 20:
        shown = shown[:4] + [f"… ({len(shown) - 4} more)"]
    label = "modak " + " ".join(shown)
    proc = subprocess.run([MODAK] + argv, capture_output=True, text=True, cwd=SRC)
    if proc.returncode not in expect_exit:
        fail(label, f"exit {proc.returncode}, expected {' or '.join(map(str, expect_exit))}; "
                    f"stderr: {proc.stderr.strip()[:400]}")
        return label, proc.returncode, None
    try:
        return label, proc.returncode, json.loads(proc.stdout)
    except json.JSONDecodeError as e:
        fail(label, f"the output is not JSON ({e}): {proc.stdout[:200]!r}")
        return label, proc.returncode, None


def check_run(paths, *expect_exit):
    """`modak check --format json PATHS`: validates the output, and that exit 1 means an error in it."""
    label, code, out = run(["check", "--format", "json"] + paths, expect_exit)
    if out is None:
        return None
    if validate(label, "check-output.schema.json", out) and code in (0, 1):
        has_error = any(d.get("severity") in ("error", "fatal") for d in out)
        if has_error != (code == 1):
            fail(label, f"exit {code} but {'an' if has_error else 'no'} error in the output")
    return out


def files(*pattern):
    return sorted(glob.glob(os.path.join(SRC, *pattern)))


examples = files("examples", "*.modak")
invalid = files("tests", "corpus", "invalid", "*.modak")
if len(examples) < 5 or len(invalid) < 10:
    fail("check inputs", f"{len(examples)} examples and {len(invalid)} invalid corpus files found")
for path in examples:
    check_run([path], 0)
for path in invalid:
    check_run([path], 1)
# Syntactically valid files, some with semantic errors: exit 0 or 1, as the output says.
for path in files("tests", "corpus", "valid", "*.modak") + files("tests", "golden", "sema", "*.modak"):
    check_run([path], 0, 1)
check_run(invalid, 1)  # several files: one array
check_run([os.path.join(SRC, "tests", "schemas", "no-such-file.modak")], 2)  # I/O error: [] on stdout
fixture = check_run([os.path.join(HERE, "diagnostics.modak")], 1)
if fixture:
    base_documents["check"] = fixture
    if not any(d["notes"] for d in fixture) or not any(d["fixes"] for d in fixture):
        fail("tests/schemas/diagnostics.modak", "no diagnostic has notes or none has fixes: the fixture no "
                                                "longer exercises those parts of the schema")

# Every public diagnostic code must fit the schema's `code`.
codes = re.findall(r'^DIAG\(\s*\w+\s*,\s*\w+\s*,\s*"([^"]*)"', open(
    os.path.join(SRC, "grammar", "include", "modak", "diag", "DiagCodes.def"), encoding="utf-8").read(), re.M)
code_schema = load_json(os.path.join(SCHEMAS, "check-output.schema.json"))["$defs"]["diagnostic"]
code_schema = code_schema["properties"]["code"]
bad = [c for c in codes if not re.fullmatch(code_schema["pattern"].strip("^$"), c)]
if not codes or bad:
    fail("DiagCodes.def", f"{len(codes)} codes read; not matching the schema's code pattern: {bad}")
else:
    print(f"ok   all {len(codes)} codes of DiagCodes.def fit check-output.schema.json's code")

# The commands whose JSON output has a schema: (schema file in schemas/, argv after the binary,
# expected exit status[, name]). To cover a new command or option, add a row; do not add a row before
# the command exists (every row must run, exit as stated and validate, or the test fails). Paths are
# relative to the source directory, where the commands run. A row with a name lends its output to
# the BROKEN rows below as their base document.
EXAMPLES = [os.path.relpath(p, SRC) for p in examples]
COMMANDS = [
    ("plan.schema.json", ["plan", "--format", "json", "examples/pytorch_ddp_a100.modak"], 0, "plan"),
    *[("plan.schema.json", ["plan", "--format", "json", p], 0)
      for p in EXAMPLES if not p.endswith("pytorch_ddp_a100.modak")],
    ("plan.schema.json", ["plan", "--format", "json", "--deployment", "mnist_tf21_cloud",
                          "examples/mnist_tensorflow_2_1.modak"], 0),
    # Rare shapes: no candidate, no prediction, no container, an uncovered kind (exit 1, plan still printed).
    ("plan.schema.json", ["plan", "--format", "json", "tests/schemas/plan_cases.modak"], 1),
    # Transformer layouts (tokens/s, layout, memory by kind), and two that do not fit (exit 1).
    ("plan.schema.json", ["plan", "--format", "json", "tests/data/llm/llama70b_finetune.modak"], 1),
    # Several sites with costs (issue 18), and budget/deadline failures (exit 1, plan still printed).
    ("plan.schema.json", ["plan", "--format", "json", "tests/data/cost/three_sites.modak"], 0),
    ("plan.schema.json", ["plan", "--format", "json", "tests/data/cost/limits.modak"], 1),
    ("plan.schema.json", ["plan", "--format", "json", "tests/corpus/valid/llm_layout.modak"], 0),
    ("predict.schema.json", ["predict", "--workload", "resnet50", "--framework", "pytorch", "--gpu", "a100_sxm4_40gb",
                             "--gpus-per-node", "4", "--nodes", "2", "--interconnect", "infiniband_hdr",
                             "--precision", "mixed", "--batch-per-device", "256", "--storage", "nfs",
                             "--format", "json"], 0, "predict"),
    ("predict.schema.json", ["predict", "--workload", "mnist_cnn", "--framework", "tensorflow", "--version", "2.1",
                             "--cpu", "Intel Xeon E5-2630 v4", "--sockets", "2", "--samples", "60000",
                             "--format", "json"], 0),
    ("predict.schema.json", ["predict", "--workload", "bert_base", "--framework", "tensorflow", "--gpu", "v100_sxm2",
                             "--graph-compiler", "xla", "--build", "source", "--precision", "fp16",
                             "--format", "json"], 0),
    ("predict.schema.json", ["predict", "--workload", "bert_large_512", "--framework", "pytorch", "--gpu", "h100_sxm5",
                             "--gpus-per-node", "8", "--precision", "bf16", "--batch-per-device", "8",
                             "--format", "json"], 0),
    ("catalog.schema.json", ["catalog", "--format", "json"], 0),
    ("catalog.schema.json", ["catalog", "images", "--format", "json"], 0),
    ("catalog.schema.json", ["catalog", "instances", "--format", "json"], 0, "instances"),
    ("calibration.schema.json", ["model", "report", "--format", "json"], 0),
    # One record of the train-step micro-benchmark (a JSON line on stdout without --out).
    ("bench-result.schema.json", ["bench", "run", "--steps", "1", "--batch", "2", "--device", "epyc_9654",
                                  "--configuration", '{"batch_size": 2, "tag": "x"}'], 0, "bench-result"),
    # The stream micro-benchmark's record.
    ("bench-result.schema.json", ["bench", "run", "--kernel", "stream", "--steps", "1", "--array-mib", "1",
                                  "--device", "epyc_9654", "--configuration", '{"threads": 1}'], 0, "stream-result"),
]
version = subprocess.run([MODAK, "--version"], capture_output=True, text=True).stdout.split()
for schema_name, argv, code, *name in COMMANDS:
    label, _, out = run(argv, (code,))
    if out is None or not validate(label, schema_name, out):
        continue
    if name:
        base_documents[name[0]] = out
    if schema_name == "plan.schema.json" and (len(version) < 2 or out["modak_version"] != version[1]):
        fail(label, f"modak_version {out['modak_version']!r} is not the version `modak --version` prints "
                    f"({' '.join(version)})")

# 4. Broken documents must be rejected, edge cases accepted ---------------------------------------

DELETE = object()


def mutate(document, path, value):
    """A deep copy of `document` with the member at the JSON pointer `path` set to `value` (or deleted)."""
    doc = copy.deepcopy(document)
    parts = path.split("/")[1:]
    node = doc
    for part in parts[:-1]:
        node = node[int(part)] if isinstance(node, list) else node[part]
    last = int(parts[-1]) if isinstance(node, list) else parts[-1]
    if value is DELETE:
        del node[last]
    else:
        node[last] = value
    return doc


# (schema, base document, [(pointer, new value or DELETE), …], where: the JSON pointer of the instance
# that must be reported invalid)
JOB = "modak-job.schema.json"
MAPPING = "modak-job.schema.json#/$defs/containerMapping"
BROKEN = [
    ("bench-result.schema.json", "bench-result", [("/format_version", 2)], "/format_version"),
    ("bench-result.schema.json", "bench-result", [("/throughput", DELETE)], ""),
    ("bench-result.schema.json", "bench-result", [("/status", "failed")], ""),  # failed without a reason
    ("bench-result.schema.json", "bench-result", [("/configuration/batch_size", [2])], "/configuration/batch_size"),
    ("bench-result.schema.json", "stream-result", [("/bandwidth_gbs", DELETE)], ""),
    ("bench-result.schema.json", "stream-result", [("/kernel", "allreduce")], ""),  # no messages, one node
    (JOB, "job", [("/job/job_options", DELETE)], "/job"),
    (JOB, "job", [("/job/job_options/walltime", "1:00:00")], "/job/job_options"),
    (JOB, "job", [("/job/application/mpi_ranks", 0)], "/job/application/mpi_ranks"),
    (JOB, "job", [("/job/application/threads", "2")], "/job/application/threads"),
    (JOB, "job", [("/job/target/job_scheduler_type", "pbs")], "/job/target/job_scheduler_type"),
    (JOB, "job", [("/job/target", {})], "/job/target"),
    (JOB, "job", [("/job/job_options/wall_time_limit", "one hour")], "/job/job_options/wall_time_limit"),
    (JOB, "job", [("/job/optimisation/enable_opt_build", DELETE)], "/job/optimisation"),
    (JOB, "job", [("/job/optimisation/app_type-hpc", DELETE)], "/job/optimisation"),
    (JOB, "job", [("/job/optimisation/app_type-hpc/parallelisation-mpi/version", DELETE)],
     "/job/optimisation/app_type-hpc/parallelisation-mpi"),
    (JOB, "job", [("/job/optimisation/app_type-hpc/config/parallelisation", "pthreads")],
     "/job/optimisation/app_type-hpc/config/parallelisation"),
    (JOB, "job", [("/job/optimisation/opt_build/cpu_type", "x86/sparc")],
     "/job/optimisation/opt_build/cpu_type"),
    (JOB, "job", [("/job/optimization", {"enable_opt_build": True, "app_type": "hpc", "hpc": {}})], "/job"),
    (JOB, "job", [("/optimisation", {"enable_opt_build": True, "app_type": "hpc", "hpc": {}})], ""),
    (JOB, "job", [("/name", "job_and_name")], ""),
    (JOB, "optimisation", [("/optimisation/app_type-ai_training/config/ai_framework", "caffe")],
     "/optimisation/app_type-ai_training/config/ai_framework"),
    (JOB, "optimisation", [("/optimisation/app_type-ai_training/ai_framework-tensorflow/xla", DELETE)],
     "/optimisation/app_type-ai_training/ai_framework-tensorflow"),
    (JOB, "optimisation", [("/optimisation/autotuning/input", DELETE)], "/optimisation/autotuning"),
    (MAPPING, "mapping", [("/colour", "blue")], ""),
    (MAPPING, "mapping", [("/container_file", DELETE)], ""),
    (JOB, "mapping", [], ""),  # a container mapping is not a job
    ("check-output.schema.json", "check", [("/0/line", DELETE)], "/0"),
    ("check-output.schema.json", "check", [("/0/column", 0)], "/0/column"),
    ("check-output.schema.json", "check", [("/0/severity", "ignored")], "/0/severity"),
    ("check-output.schema.json", "check", [("/0/code", "Duplicate Key")], "/0/code"),
    ("check-output.schema.json", "check", [("/0/notes", DELETE)], "/0"),
    ("check-output.schema.json", "check", [("/0/fixes/0/edits", [])], "/0/fixes/0/edits"),
    ("check-output.schema.json", "check", [("/0/hint", "x")], "/0"),
    ("plan.schema.json", "plan", [("/deployments/0/chosen/gpus_per_node", -1)],
     "/deployments/0/chosen/gpus_per_node"),
    ("plan.schema.json", "plan", [("/deployments/0/chosen/predicted/efficiency", 2)],
     "/deployments/0/chosen/predicted/efficiency"),
    ("plan.schema.json", "plan", [("/deployments/0/chosen/precision", "amp")],
     "/deployments/0/chosen/precision"),
    ("plan.schema.json", "plan", [("/deployments/0/chosen/rejected_because", "x")], "/deployments/0/chosen"),
    ("plan.schema.json", "plan", [("/deployments/0/chosen/ranks_per_node", 0)],
     "/deployments/0/chosen/ranks_per_node"),
    ("plan.schema.json", "plan", [("/deployments/0/chosen/predicted/step_seconds", DELETE)],
     "/deployments/0/chosen/predicted"),
    ("plan.schema.json", "plan", [("/deployments/0/alternatives/0/rejected_because", DELETE)],
     "/deployments/0/alternatives/0"),
    ("plan.schema.json", "plan", [("/deployments/0/kind", "training")], "/deployments/0/kind"),
    ("plan.schema.json", "plan", [("/deployments/0/explanation", "one sentence")],
     "/deployments/0/explanation"),
    ("predict.schema.json", "predict", [("/throughput", 0)], "/throughput"),
    ("predict.schema.json", "predict", [("/step_seconds/io", -0.5)], "/step_seconds/io"),
    ("predict.schema.json", "predict", [("/inputs/cpu", "xeon_e5_2630_v4")], "/inputs"),
    ("predict.schema.json", "predict", [("/inputs/gpus_per_node", 0)], "/inputs"),
    ("predict.schema.json", "predict", [("/inputs", DELETE)], ""),
    # Every price has its date (YYYY-MM-DD), its source and an ISO 4217 currency.
    ("catalog.schema.json", "instances", [("/instances/0/price_date", "9.11.2026")], "/instances/0/price_date"),
    ("catalog.schema.json", "instances", [("/instances/0/source", DELETE)], "/instances/0"),
    ("catalog.schema.json", "instances", [("/instances/0/currency", "usd")], "/instances/0/currency"),
]
ACCEPTED = [  # MODAK accepted these (or its documentation wrote them): the schema must too.
    (JOB, "job", [("/job/job_options/wall_time_limit", w)], "")
    for w in ["1 day, 2:00:00", 3600, "PT12H", "2-00:00:00", " 1:00:00 "]
] + [
    (JOB, "job", [("/job/optimisation/app_type-hpc/data", {"location": "/d", "anything": [1, 2]})], ""),
    (JOB, "job", [("/job/optimisation/app_type-ai_inference", {"whatever": True})], ""),
    (JOB, "job", [("/job/job_content", "#!/bin/bash\n"), ("/job/job_script", "/out/mpi_test.sh")], ""),
    (JOB, "job", [("/job/optimisation/opt_build/acc_type", "nvidia/amd/fpga")], ""),
    ("check-output.schema.json", "check",  # a diagnostic without a location
     [(f"/0/{k}", DELETE) for k in ["file", "line", "column", "endLine", "endColumn", "offset", "length"]], ""),
]
for expect_valid, schema_name, base, changes, where in [(False, *row) for row in BROKEN] + [
        (True, *row) for row in ACCEPTED]:
    what = ", ".join(f"{p} {'deleted' if v is DELETE else '= ' + json.dumps(v)}" for p, v in changes)
    label = f"{base} with {what}" if changes else f"{base} against {schema_name}"
    if base not in base_documents:
        fail(label, f"no real {base} document to start from (see the failures above)")
        continue
    doc = base_documents[base]
    try:
        for p, v in changes:
            doc = mutate(doc, p, v)
    except (KeyError, IndexError, TypeError, ValueError) as e:
        fail(label, f"the base document has no {e}: update this row")
        continue
    v = validator(schema_name)
    if v is None:
        fail(label, f"schemas/{schema_name} does not exist")
        continue
    errors = list(v.iter_errors(doc))
    if expect_valid:
        validate(label, schema_name, doc)
    elif not errors:
        fail(label, f"accepted by {schema_name}, but it is broken")
    elif where not in {pointer(e.absolute_path) for e in all_errors(errors)}:
        found = sorted({pointer(e.absolute_path) or "(document)" for e in errors})
        fail(label, f"rejected, but at {found} instead of {where or '(document)'}: "
                    f"{best_match(errors).message[:300]}")
    else:
        print(f"ok   {label}: rejected at {where or '(document)'} as it should be")

if failures:
    print(f"{failures} failure(s)")
    sys.exit(1)
print("all JSON documents validate")
