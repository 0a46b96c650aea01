#!/usr/bin/env bash
# Real-parser checks of the generated Terraform modules: every example and every input of
# tests/data/cloud/ generated with `--emit terraform`, every module through HashiCorp's HCL parser
# and the reference checks of check-terraform.cjs (every var.* declared, described, typed; README
# lists them), the hostile values through the parser and back (roundtrip.cjs), the cloud-init
# scripts through bash -n and shellcheck, HPC targets refused with a warning, and the checkers
# themselves shown to reject broken modules.
# usage: terraform.sh MODAK SOURCE_DIR
set -uo pipefail
modak=$1
src=$2
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

export NODE_PATH=$src/tests/tools/node_modules
command -v node >/dev/null || { echo "node is not installed (scripts/setup.sh installs it)" >&2; exit 1; }
[[ -d $NODE_PATH/@cdktf/hcl2json ]] || { echo "tests/tools/node_modules is missing: run npm ci in tests/tools (scripts/setup.sh)" >&2; exit 1; }
command -v shellcheck >/dev/null || { echo "shellcheck is not installed (scripts/setup.sh installs it)" >&2; exit 1; }

inputs=("$src"/examples/*.modak "$src"/tests/data/cloud/*.modak)
for input in "${inputs[@]}"; do
  out="$work/gen/$(basename "$input" .modak)"
  if ! "$modak" generate "$input" -o "$out" --emit terraform >"$work/list" 2>"$work/err"; then
    fail "generate $input: $(head -c 600 "$work/err")"
    continue
  fi
  # Targets without a cloud or Kubernetes get a warning naming why, and no files.
  for dep in "$out"/*/; do
    [[ -d $dep/terraform ]] || grep -q "no Terraform module is generated for target" "$work/err" ||
      fail "$dep: no module and no warning"
  done
done
mapfile -t modules < <(find "$work/gen" -type d -name terraform | sort)
((${#modules[@]} >= 11)) || fail "only ${#modules[@]} Terraform modules generated"
node "$here/check-terraform.cjs" "${modules[@]}" >"$work/check" || fail "check-terraform.cjs: $(grep -v '^OK' "$work/check")"
grep -c '^OK' "$work/check" | grep -qx "${#modules[@]}" || fail "not every module was checked"
[[ -d $work/gen/mnist_tensorflow_2_1/mnist_tf21_cloud/terraform ]] || fail "no module for the OpenStack example"
[[ ! -e $work/gen/mpi_solver/cfd_on_slurm/terraform ]] || fail "a module for a Slurm target"
grep -q 'default     = "p3.8xlarge"' "$work/gen/aws_gpu/resnet_on_aws/terraform/variables.tf" || fail "AWS: no GPU instance type for 4 V100s"
grep -q 'resource "kubernetes_job_v1" "job"' "$work/gen/kubernetes/resnet_job/terraform/main.tf" || fail "Kubernetes Job: no kubernetes_job_v1"
grep -q 'kind *= "TrainJob"' "$work/gen/kubernetes/vit_pytorchjob/terraform/main.tf" || fail "DDP: no TrainJob manifest"

# Hostile values: parsed and decoded as Terraform would, run through bash with a stand-in runtime.
"$modak" generate "$src/tests/data/cloud/hostile.modak" -o "$work/hostile" --emit terraform,k8s >/dev/null 2>"$work/err" ||
  fail "generate hostile.modak: $(cat "$work/err")"
node "$here/roundtrip.cjs" "$work/hostile" "$src/tests/data/cloud/hostile.expected.json" "$work/rt" >"$work/rt.log" 2>&1 ||
  fail "hostile values did not round-trip: $(cat "$work/rt.log")"
# The scripts in every module's cloud-init; the hostile ones hold single-quoted `$…` on purpose (SC2016).
mapfile -t plain < <(printf '%s\n' "${modules[@]}" | grep -v '/gen/hostile/')
mapfile -t hostile < <(printf '%s\n' "${modules[@]}" | grep '/gen/hostile/')
node "$here/extract-cloud-init.cjs" "$work/cloud-init" "${plain[@]}" >"$work/extract" || fail "extract-cloud-init.cjs: $(cat "$work/extract")"
grep -q '^[1-9][0-9]* cloud-init documents extracted' "$work/extract" || fail "no cloud-init found: $(cat "$work/extract")"
node "$here/extract-cloud-init.cjs" "$work/cloud-init-hostile" "${hostile[@]}" >"$work/extract" || fail "extract-cloud-init.cjs: $(cat "$work/extract")"
for f in "$work"/cloud-init/* "$work"/cloud-init-hostile/*; do
  bash -n "$f" || fail "bash -n $f"
  exclude=()
  [[ $f == "$work"/cloud-init-hostile/* ]] && exclude=(--exclude=SC2016)
  shellcheck --severity=style "${exclude[@]}" "$f" >"$work/sc" 2>&1 || fail "shellcheck $f: $(head -c 600 "$work/sc")"
done

# Deterministic: the same bytes every run.
"$modak" generate "$src/tests/data/cloud/hostile.modak" -o "$work/hostile-again" --emit terraform,k8s >/dev/null 2>&1
diff -r "$work/hostile" "$work/hostile-again" >/dev/null || fail "generate is not deterministic"

# The checker is not a rubber stamp: broken copies of a module are refused.
good=$work/gen/mnist_tensorflow_2_1/mnist_tf21_cloud/terraform
mutate() {  # name sed-expression file
  rm -rf "$work/bad" && cp -r "$good" "$work/bad"
  sed -i "$2" "$work/bad/$3"
  node "$here/check-terraform.cjs" "$work/bad" >/dev/null 2>&1 && fail "check-terraform.cjs accepted a module with $1"
}
mutate "a syntax error" 's/^resource "openstack_compute_instance_v2" "first" {/resource "x" "y" {{/' main.tf
mutate "an undeclared variable" 's/var\.flavor$/var.flavour/' main.tf
mutate "an unused variable" '$a variable "extra" {\n  description = "A variable nothing uses."\n  type = string\n}' variables.tf
mutate "an undescribed variable" '0,/description = .*/s///' variables.tf
mutate "a resource that does not exist" 's/openstack_networking_secgroup_v2\.job\.name/openstack_networking_secgroup_v2.other.name/' main.tf
mutate "a variable missing from README.md" '/^| `flavor`/d' README.md

if ((failures)); then
  echo "$failures failure(s)" >&2
  exit 1
fi
echo "all ${#modules[@]} Terraform modules parse with HashiCorp's HCL parser and pass the reference checks; hostile values round-trip"
