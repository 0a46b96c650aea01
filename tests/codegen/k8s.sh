#!/usr/bin/env bash
# Real-validator checks of the generated Kubernetes manifests: every example and every input of
# tests/data/cloud/ (the hostile one among them) generated with `--emit k8s`, every manifest
# through check-k8s.cjs (kubernetes-models for Job, ajv against the Kubeflow training operator
# 1.9.0 CRDs for PyTorchJob and MPIJob and the Kubeflow Trainer v2.3.0 CRD for TrainJob, unknown
# fields refused, a TrainJob's runtime one the release ships) and yamllint; the kind follows the
# plan; the validator is shown to reject broken manifests. (roundtrip.cjs, run by terraform.sh,
# checks the hostile values arrive unchanged; k8s-training.sh runs the pods.)
# usage: k8s.sh MODAK SOURCE_DIR
set -uo pipefail
modak=$1
src=$2
here=$(cd "$(dirname "$0")" && pwd)
crds=$src/tests/tools/kubeflow-training-operator-1.9.0:$src/tests/tools/kubeflow-trainer-2.3.0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

export NODE_PATH=$src/tests/tools/node_modules
command -v node >/dev/null || { echo "node is not installed (scripts/setup.sh installs it)" >&2; exit 1; }
[[ -d $NODE_PATH/kubernetes-models && -d $NODE_PATH/ajv ]] || { echo "tests/tools/node_modules is missing: run npm ci in tests/tools (scripts/setup.sh)" >&2; exit 1; }
command -v yamllint >/dev/null || { echo "yamllint is not installed (scripts/setup.sh installs it)" >&2; exit 1; }

for input in "$src"/examples/*.modak "$src"/tests/data/cloud/*.modak; do
  out="$work/gen/$(basename "$input" .modak)"
  "$modak" generate "$input" -o "$out" --emit k8s >/dev/null 2>"$work/err" || fail "generate $input: $(head -c 600 "$work/err")"
done
mapfile -t manifests < <(find "$work/gen" -name '*.yaml' -path '*/k8s/*' | sort)
((${#manifests[@]} >= 25)) || fail "only ${#manifests[@]} manifests generated"
node "$here/check-k8s.cjs" "$crds" "${manifests[@]}" >"$work/check" || fail "check-k8s.cjs: $(grep -v '^OK' "$work/check")"
[[ $(grep -c '^OK' "$work/check") == "${#manifests[@]}" ]] || fail "not every manifest was validated"
yamllint -d '{extends: default, rules: {line-length: disable, document-start: disable, indentation: {indent-sequences: true}}}' \
  "${manifests[@]}" >"$work/lint" || fail "yamllint: $(head -c 800 "$work/lint")"

# The kind follows the plan.
k=$work/gen/kubernetes
d=$work/gen/k8s_ddp_cpu
[[ -f $k/resnet_job/k8s/job.yaml ]] || fail "one node: no Job"
[[ -f $k/vit_pytorchjob/k8s/trainjob.yaml ]] || fail "multi-node DDP: no TrainJob"
[[ -f $d/pytorchjob_ddp/k8s/pytorchjob.yaml ]] || fail "multi-node DDP with kubeflow = training_operator: no PyTorchJob"
[[ -f $d/job_two_ranks/k8s/job.yaml ]] || fail "one node, two ranks: no Job"
[[ -f $k/resnet_mpijob/k8s/mpijob.yaml && -f $k/solver_mpijob/k8s/mpijob.yaml ]] || fail "Horovod/MPI: no MPIJob"
t=$k/vit_pytorchjob/k8s/trainjob.yaml
grep -q '^    name: torch-distributed$' "$t" || fail "TrainJob: not on the torch-distributed runtime"
grep -q '^    numNodes: 2$' "$t" || fail "TrainJob: numNodes is not the plan's nodes"
grep -q '^    numProcPerNode: 4$' "$t" || fail "TrainJob: numProcPerNode is not the plan's ranks per node"
grep -q '^  namespace: ml-training$' "$t" || fail "TrainJob: not in the target's namespace"
grep -q 'nvidia.com/gpu: "4"' "$t" || fail "TrainJob: no GPU limits"
grep -q 'WORLD_SIZE=8 ' "$t" || fail "TrainJob: the ranks do not see the plan's world size"
grep -q '^    kueue.x-k8s.io/queue-name: team-a$' "$d/trainjob_ddp/k8s/trainjob.yaml" || fail "TrainJob: no Kueue queue label"
grep -q '^  suspend: true$' "$d/trainjob_ddp/k8s/trainjob.yaml" || fail "TrainJob: not suspended for Kueue"
grep -q '^  nprocPerNode: "2"$' "$d/pytorchjob_ddp/k8s/pytorchjob.yaml" || fail "PyTorchJob: nprocPerNode is not the plan's ranks per node"
grep -q '^  activeDeadlineSeconds: 7200$' "$k/resnet_job/k8s/job.yaml" || fail "Job: walltime is not activeDeadlineSeconds"
grep -q '^  slotsPerWorker: 16$' "$k/solver_mpijob/k8s/mpijob.yaml" || fail "MPIJob: slotsPerWorker is not the ranks per node"

# JAX on several nodes is a TrainJob on the jax-distributed runtime; a job's queue is Kueue's, and
# one Kueue cannot take is an error at the value; `kubeflow` off Kubernetes is a warning.
cat >"$work/jax.modak" <<'M'
modak 1
target kube {
  scheduler = kubernetes
  runtime = docker
  queue = "Team_A"
  nodes = 4
  interconnect = infiniband_hdr
  cpu { arch = x86_64, model = "AMD EPYC 7742", sockets = 2, cores = 64 }
  gpu { model = a100_sxm4_40gb, count = 4 }
}
target hpc { scheduler = slurm, kubeflow = training_operator }
application j { kind = ai_training, framework = jax "0.4", workload = resnet50, distributed = jax, run = "python3 train_jax.py" }
deployment jax_job { application = j, target = kube, scale { nodes = 2 }, job { queue = "jax-queue" }, emit = [k8s] }
deployment bad_queue { application = j, target = kube, scale { nodes = 2 }, emit = [k8s] }
M
"$modak" generate "$work/jax.modak" -o "$work/jax" --deployment jax_job >/dev/null 2>&1 || fail "generate jax_job"
j=$work/jax/jax_job/k8s/trainjob.yaml
grep -q '^    name: jax-distributed$' "$j" && grep -q '^    numNodes: 2$' "$j" && ! grep -q numProcPerNode "$j" ||
  fail "JAX: not a TrainJob of 2 nodes on jax-distributed: $(cat "$j")"
grep -q '^    kueue.x-k8s.io/queue-name: jax-queue$' "$j" || fail "JAX: the job's queue is not its Kueue label"
node "$here/check-k8s.cjs" "$crds" "$j" >/dev/null || fail "check-k8s.cjs: the JAX TrainJob"
"$modak" generate "$work/jax.modak" -o "$work/jax2" >"$work/out" 2>&1 && fail "a queue Kueue cannot take was accepted"
grep -q "jax.modak:5:11: error: queue 'Team_A' is not a Kueue LocalQueue name" "$work/out" || fail "bad queue: $(cat "$work/out")"
grep -q "jax.modak:11:33: warning: 'kubeflow' has no effect with scheduler 'slurm'" "$work/out" || fail "kubeflow off Kubernetes: $(cat "$work/out")"

# The validator is not a rubber stamp.
mutations=0
mutate() {  # what sed-expression file
  sed "$2" "$3" >"$work/bad.yaml"
  cmp -s "$3" "$work/bad.yaml" && fail "the mutation '$1' changed nothing"
  node "$here/check-k8s.cjs" "$crds" "$work/bad.yaml" >/dev/null 2>&1 && fail "check-k8s.cjs accepted a manifest with $1"
  mutations=$((mutations + 1))
}
mutate "an unknown Job field" 's/^  backoffLimit: 0$/  backofLimit: 0/' "$k/resnet_job/k8s/job.yaml"
mutate "an unknown container field" 's/^          image: /          imag: /' "$k/resnet_job/k8s/job.yaml"
mutate "an unknown PyTorchJob field" 's/^  nprocPerNode:/  nprocsPerNode:/' "$d/pytorchjob_ddp/k8s/pytorchjob.yaml"
mutate "a number where the CRD wants a string" 's/^  nprocPerNode: "2"/  nprocPerNode: 2/' "$d/pytorchjob_ddp/k8s/pytorchjob.yaml"
mutate "a container not named pytorch" 's/- name: pytorch/- name: trainer/' "$d/pytorchjob_ddp/k8s/pytorchjob.yaml"
mutate "an unknown TrainJob field" 's/^    numNodes:/    nodes:/' "$t"
mutate "a string where the TrainJob CRD wants an integer" 's/^    numProcPerNode: 4$/    numProcPerNode: "4"/' "$t"
mutate "a TrainJob without a runtime" '/^  runtimeRef:$/,/^    name: torch-distributed$/d' "$t"
mutate "a runtime the release does not ship" 's/^    name: torch-distributed$/    name: mpi-distributed/' "$t"
mutate "an unknown resourcesPerNode field" 's/^    resourcesPerNode:$/    resources:/' "$t"
mutate "a patch of a container the runtime lacks" 's/^                          - name: node$/                          - name: trainer/' "$d/trainjob_ddp/k8s/trainjob.yaml"
mutate "a patch of a replicated job the runtime lacks" 's/^              - name: node$/              - name: worker/' "$d/trainjob_ddp/k8s/trainjob.yaml"
mutate "a patched pod field the CRD does not allow" 's/^                        volumes:$/                        hostNetwork: true\n                        volumes:/' "$d/trainjob_ddp/k8s/trainjob.yaml"
mutate "a mount of no volume" 's/^                              - name: host-path-0$/                              - name: host-path-9/' "$d/trainjob_ddp/k8s/trainjob.yaml"
mutate "an integer env value" 's/value: "4"/value: 4/' "$k/resnet_job/k8s/job.yaml"
mutate "an MPIJob without slots" '/slotsPerWorker/d' "$k/solver_mpijob/k8s/mpijob.yaml"

if ((failures)); then
  echo "$failures failure(s)" >&2
  exit 1
fi
echo "all ${#manifests[@]} manifests pass kubernetes-models / the Kubeflow CRD schemas (strict) and yamllint; $mutations broken copies refused"
