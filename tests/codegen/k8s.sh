#!/usr/bin/env bash
# Real-validator checks of the generated Kubernetes manifests: every example and every input of
# tests/data/cloud/ (the hostile one among them) generated with `--emit k8s`, every manifest
# through check-k8s.cjs (kubernetes-models for Job, ajv against the Kubeflow training operator
# 1.9.0 CRDs for PyTorchJob and MPIJob, unknown fields refused) and yamllint; the kind follows the
# plan; the validator is shown to reject broken manifests. (roundtrip.cjs, run by terraform.sh,
# checks the hostile values arrive unchanged.)
# usage: k8s.sh MODAK SOURCE_DIR
set -uo pipefail
modak=$1
src=$2
here=$(cd "$(dirname "$0")" && pwd)
crds=$src/tests/tools/kubeflow-training-operator-1.9.0
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
[[ -f $k/resnet_job/k8s/job.yaml ]] || fail "one node: no Job"
[[ -f $k/vit_pytorchjob/k8s/pytorchjob.yaml ]] || fail "multi-node DDP: no PyTorchJob"
[[ -f $k/resnet_mpijob/k8s/mpijob.yaml && -f $k/solver_mpijob/k8s/mpijob.yaml ]] || fail "Horovod/MPI: no MPIJob"
grep -q '^  nprocPerNode: "4"$' "$k/vit_pytorchjob/k8s/pytorchjob.yaml" || fail "PyTorchJob: nprocPerNode is not the GPUs per node"
grep -q '^  namespace: ml-training$' "$k/vit_pytorchjob/k8s/pytorchjob.yaml" || fail "PyTorchJob: not in the target's namespace"
grep -q 'nvidia.com/gpu: "4"' "$k/vit_pytorchjob/k8s/pytorchjob.yaml" || fail "PyTorchJob: no GPU limits"
grep -q '^  activeDeadlineSeconds: 7200$' "$k/resnet_job/k8s/job.yaml" || fail "Job: walltime is not activeDeadlineSeconds"
grep -q '^  slotsPerWorker: 16$' "$k/solver_mpijob/k8s/mpijob.yaml" || fail "MPIJob: slotsPerWorker is not the ranks per node"

# The validator is not a rubber stamp.
mutate() {  # what sed-expression file
  sed "$2" "$3" >"$work/bad.yaml"
  node "$here/check-k8s.cjs" "$crds" "$work/bad.yaml" >/dev/null 2>&1 && fail "check-k8s.cjs accepted a manifest with $1"
}
mutate "an unknown Job field" 's/^  backoffLimit: 0$/  backofLimit: 0/' "$k/resnet_job/k8s/job.yaml"
mutate "an unknown container field" 's/^          image: /          imag: /' "$k/resnet_job/k8s/job.yaml"
mutate "an unknown PyTorchJob field" 's/^  nprocPerNode:/  nprocsPerNode:/' "$k/vit_pytorchjob/k8s/pytorchjob.yaml"
mutate "a number where the CRD wants a string" 's/^  nprocPerNode: "4"/  nprocPerNode: 4/' "$k/vit_pytorchjob/k8s/pytorchjob.yaml"
mutate "a container not named pytorch" 's/- name: pytorch/- name: trainer/' "$k/vit_pytorchjob/k8s/pytorchjob.yaml"
mutate "an integer env value" 's/value: "4"/value: 4/' "$k/resnet_job/k8s/job.yaml"
mutate "an MPIJob without slots" '/slotsPerWorker/d' "$k/solver_mpijob/k8s/mpijob.yaml"

if ((failures)); then
  echo "$failures failure(s)" >&2
  exit 1
fi
echo "all ${#manifests[@]} manifests pass kubernetes-models / the Kubeflow CRD schemas (strict) and yamllint"
