#!/usr/bin/python3
"""The plan and every artefact describe the same job.

For every example and every original MODAK JSON job (imported with `modak import`), each deployment
is planned (`modak plan --format json`) and generated twice: with its own `emit` list, and as Slurm,
PBS, Torque and Kubernetes. Nodes, tasks per node, GPUs per node, the image and the container runtime
that the scripts and manifests request must equal the plan's chosen candidate.

usage: plan-parity.py MODAK SOURCE_DIR
"""
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

import yaml

modak, source = sys.argv[1], sys.argv[2]
failures = []
checked = {"deployments": 0, "artefacts": 0}


def fail(where, message):
    failures.append(f"{where}: {message}")


def run(*args):
    return subprocess.run([modak, *args], capture_output=True, text=True)


def expect(where, what, got, want):
    if got != want:
        fail(where, f"{what}: the artefact asks for {got!r}, the plan chose {want!r}")


def directive(text, pattern, default=None):
    m = re.search(pattern, text, re.M)
    return int(m.group(1)) if m else default


def check_script(where, path, chosen):
    text = open(path).read()
    nodes, gpus = chosen["nodes"], chosen["gpus_per_node"]
    ranks = chosen.get("ranks_per_node")
    name = os.path.basename(path)
    if name == "job.slurm.sh":
        expect(where, "nodes", directive(text, r"^#SBATCH --nodes=(\d+)$", 1), nodes)
        expect(where, "GPUs per node", directive(text, r"^#SBATCH --gpus-per-node=(\d+)$", 0), gpus)
        if ranks:
            expect(where, "tasks per node", directive(text, r"^#SBATCH --ntasks-per-node=(\d+)$"), ranks)
            total = directive(text, r"^#SBATCH --ntasks=(\d+)$")
            if total is not None:
                expect(where, "tasks", total, nodes * ranks)
    elif name == "job.pbs.sh":
        m = re.search(r"^#PBS -l select=(\d+):([^\s]*)$", text, re.M)
        if not m:
            fail(where, "no select statement")
            return
        expect(where, "nodes", int(m.group(1)), nodes)
        chunk = dict(kv.split("=", 1) for kv in m.group(2).split(":") if "=" in kv)
        expect(where, "GPUs per node", int(chunk.get("ngpus", 0)), gpus)
        if ranks:
            expect(where, "tasks per node", int(chunk.get("mpiprocs", 0)), ranks)
    elif name == "job.torque.sh":
        m = re.search(r"^#PBS -l nodes=(\S+)$", text, re.M)
        if not m:
            fail(where, "no nodes request")
            return
        # N:ppn=…:gpus=…, or host:ppn=…+host:ppn=… for named hosts
        hosts = m.group(1).split("+")
        first = hosts[0].split(":")
        expect(where, "nodes", int(first[0]) if first[0].isdigit() else len(hosts), nodes)
        for host in hosts:
            gpu = re.search(r":gpus=(\d+)", host)
            expect(where, "GPUs per node", int(gpu.group(1)) if gpu else 0, gpus)
    else:
        return
    # MPI launches start nodes × ranks processes.
    for np in re.findall(r"mpirun -np (\d+)", text):
        if ranks:
            expect(where, "MPI processes", int(np), nodes * ranks)
    runtime, reference = chosen["runtime"], chosen["reference"]
    if runtime not in ("", "none") and reference:
        if reference not in text and reference.split("://", 1)[-1] not in text:
            fail(where, f"the image {reference} is not what the script runs")
        if not re.search(rf"\b{re.escape(runtime)} (exec|run)\b", text):
            fail(where, f"the script does not run the container with {runtime}")
    checked["artefacts"] += 1


def check_manifests(where, folder, chosen):
    docs = []
    for path in sorted(glob.glob(os.path.join(folder, "*.yaml"))):
        docs += [d for d in yaml.safe_load_all(open(path)) if d]
    nodes, gpus = chosen["nodes"], chosen["gpus_per_node"]
    reference = chosen["reference"].split("://", 1)[-1]
    for doc in docs:
        kind = doc.get("kind")
        if kind in ("PyTorchJob", "MPIJob", "TFJob"):
            specs = (doc["spec"].get("pytorchReplicaSpecs") or doc["spec"].get("mpiReplicaSpecs")
                     or doc["spec"].get("tfReplicaSpecs"))
            workers = {role: s for role, s in specs.items() if role != "Launcher"}
            expect(where, "nodes", sum(s.get("replicas", 1) for s in workers.values()), nodes)
            pods = [s["template"]["spec"] for s in workers.values()]
        elif kind == "Job":
            expect(where, "nodes", doc["spec"].get("parallelism", 1), nodes)
            pods = [doc["spec"]["template"]["spec"]]
        else:
            continue
        for pod in pods:
            for c in pod["containers"]:
                limits = c.get("resources", {}).get("limits", {})
                got = int(limits.get("nvidia.com/gpu", limits.get("amd.com/gpu", 0)))
                expect(where, "GPUs per node", got, gpus)
                if reference:
                    expect(where, "image", c["image"], reference)
        checked["artefacts"] += 1


def check_file(path, label):
    planned = run("plan", path, "--format", "json")
    if planned.returncode not in (0, 1):
        fail(label, f"modak plan crashed: {planned.stderr}")
        return
    plan = json.loads(planned.stdout)
    with tempfile.TemporaryDirectory() as out:
        for emit in (None, "slurm,pbs,torque,k8s"):
            folder = os.path.join(out, emit or "own")
            args = ["generate", path, "-o", folder] + (["--emit", emit] if emit else [])
            generated = run(*args)
            if generated.returncode != 0:
                if emit is None and planned.returncode == 0:
                    fail(label, f"modak generate failed: {generated.stderr}")
                continue
            for dep in plan["deployments"]:
                chosen = dep.get("chosen")
                if not chosen:
                    continue
                where = f"{label} {dep['name']} ({emit or 'own emit'})"
                depdir = os.path.join(folder, dep["name"])
                for script in sorted(glob.glob(os.path.join(depdir, "job.*sh"))):
                    check_script(f"{where} {os.path.basename(script)}", script, chosen)
                if os.path.isdir(os.path.join(depdir, "k8s")):
                    check_manifests(f"{where} k8s", os.path.join(depdir, "k8s"), chosen)
                checked["deployments"] += 1


with tempfile.TemporaryDirectory() as work:
    for path in sorted(glob.glob(os.path.join(source, "examples", "*.modak"))):
        check_file(path, os.path.relpath(path, source))
    for job in sorted(glob.glob(os.path.join(source, "tests", "data", "modak-original", "**", "*.json"),
                            recursive=True) + glob.glob(os.path.join(source, "tests", "data", "import", "*.json"))):
        target = os.path.join(work, os.path.basename(job)[:-5] + ".modak")
        imported = run("import", job, "-o", target)
        if imported.returncode != 0 or not os.path.exists(target):
            continue  # the importer tests cover jobs it refuses
        check_file(target, os.path.relpath(job, source))

for f in failures:
    print("FAIL:", f)
print(f"{checked['deployments']} planned deployments, {checked['artefacts']} artefacts compared with their plan")
if checked["artefacts"] < 20:
    print("FAIL: too few artefacts were compared; the inputs were not found or not generated")
    sys.exit(1)
sys.exit(1 if failures else 0)
