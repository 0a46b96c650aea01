#!/usr/bin/env bash
# Calibrating on the local two-node Slurm (tests/slurm-cluster.sh): `modak bench` sweeps the train-step
# micro-benchmark over nodes (1, 2) and the batch size as job arrays, submit.sh submits them, the test
# waits, `bench collect` gathers the records, `model report` fits on a training split and must predict
# the held-out configurations better than the built-in calibration; `model fit` writes the site
# calibration, a target naming it changes `plan`; `bench best --write` edits the .modak file.
# usage: bench-slurm.sh MODAK SOURCE_DIR      (root; exit 77 when this machine's cgroups stop slurmd;
#        KEEP=1 keeps the work folder)
set -uo pipefail
modak=$(realpath "$1")
# shellcheck source=tests/slurm-cluster.sh
source "$(dirname "$0")/../slurm-cluster.sh"
slurm_test_begin bench squeue shellcheck mpicc ch-run
start_slurm_cluster

cd "$work" || exit 1
cat >site.modak <<'M'
modak 1
target local {
  scheduler = slurm
  runtime = none
  nodes = 2
  cpu { arch = x86_64, model = "AMD EPYC 9654", sockets = 1, cores = 2 }
  interconnect = ethernet_10g
}
application synthetic {
  kind = ai_training
  framework = pytorch "2.1"
  workload = resnet50
  batch_size = 32
  run = "echo train"
}
deployment cpu_bench {
  application = synthetic
  target = local
  job { walltime = 5m }
  autotune {
    metric = throughput
    parameter batch_size { values = [4, 16, 64] }
  }
}
M
# A small slice of ResNet-50 (1e-5 of its FLOPs and parameters): steps of 0.05–1 ms, where the step's
# fixed costs and the synchronisation between nodes weigh as much as the compute. The sweep runs
# twice (sweep, sweep-repeat): how far the same configuration measures apart is this machine's
# repeatability, which bounds how well any calibration can predict it (below).
for dir in sweep sweep-repeat; do
  "$modak" bench site.modak --sweep nodes=1,2 --max-parallel 1 --scale 0.00001 --steps 200 -o $dir \
    >bench.out 2>&1 || { cat bench.out >&2; fail "modak bench -o $dir"; }
done
for s in sweep/cpu_bench/*.sh; do
  bash -n "$s" || fail "$s: bash -n"
  shellcheck "$s" || fail "$s: shellcheck"
done
[[ -f sweep/cpu_bench/bench-n1.slurm.sh && -f sweep/cpu_bench/bench-n2.slurm.sh ]] || fail "one script per node count"
grep -q -- '--array=0-2%1' sweep/cpu_bench/bench-n1.slurm.sh || fail "the 1-node array should have 3 tasks"
for s in sweep/cpu_bench/bench-n*.slurm.sh; do
  sbatch --test-only "$s" >/dev/null 2>test-only.out || fail "sbatch --test-only $s: $(cat test-only.out)"
done

export MODAK=$modak  # the scripts run "${MODAK:-modak}"
ids=$( { sweep/cpu_bench/submit.sh && sweep-repeat/cpu_bench/submit.sh; } ) || fail "submit.sh"
echo "submitted: $ids"
for _ in $(seq 360); do
  [[ -z $(squeue -h -j "$(paste -sd, <<<"$ids")" 2>/dev/null) ]] && break
  sleep 0.5
done
[[ -z $(squeue -h -j "$(paste -sd, <<<"$ids")" 2>/dev/null) ]] || fail "the sweeps did not finish in 3 minutes"
cat sweep/cpu_bench/logs/* sweep-repeat/cpu_bench/logs/* 2>/dev/null | grep -i error >&2

"$modak" bench collect sweep -o results.csv 2>collect.err || { cat collect.err >&2; fail "bench collect"; }
cat collect.err
grep -q '^6 records from 6 files: 6 ok, 0 failed, 0 tasks without a record' collect.err || fail "collect: $(cat collect.err)"
[[ $(grep -c '^cpu_bench,' results.csv) == 6 ]] || fail "results.csv should have 6 rows: $(cat results.csv)"
grep -q 'epyc_9654,1,0,2,ethernet_10g,16,' results.csv || fail "no 2-node batch-16 row: $(cat results.csv)"

"$modak" bench collect sweep sweep-repeat -o both.csv 2>collect.err || { cat collect.err >&2; fail "bench collect (both sweeps)"; }
grep -q '^12 records from 12 files: 12 ok,' collect.err || fail "collect (both sweeps): $(cat collect.err)"
# Repeatability: the largest difference between a configuration's two measurements, in % of the
# smaller. This machine's cores run at one of two speeds, about 2× apart, for seconds at a time
# (another tenant on the core's sibling thread): a configuration measured in the other state is
# off by that much for any model.
repeat=$(awk -F, '$1 == "cpu_bench" { k = $19; if (k in seen) { a = seen[k]; b = $15;
  d = 100 * (a > b ? a / b : b / a) - 100; if (d > worst) worst = d } else seen[k] = $15 }
  END { printf "%.1f", worst }' both.csv)
echo "repeatability: the same configuration measured up to $repeat % apart"

# Fit on the training split (batch 4 and 64, both sweeps), test on the held-out configurations
# (batch 16): the refit must predict them better than the built-in calibration, or within this
# machine's repeatability, which no calibration can beat.
"$modak" model report --data both.csv --hold-out batch_per_device=16 >report.out 2>&1 || fail "model report"
cat report.out
line=$(grep '^held-out throughput error:' report.out)
before=$(sed -n 's/.*before \([0-9.]*\) %.*/\1/p' <<<"$line")
after=$(sed -n 's/.*after \([0-9.]*\) %.*/\1/p' <<<"$line")
if [[ -z $before || -z $after ]]; then
  fail "no before/after error in the report"
elif ! awk -v b="$before" -v a="$after" -v r="$repeat" 'BEGIN { exit !(a < b || a <= r) }'; then
  fail "calibration did not lower the held-out error: before $before %, after $after %, repeatability $repeat %"
fi
grep -q 'measured best' report.out || fail "the report names no best configuration"

# The site calibration, named by the target, changes the plan's prediction.
"$modak" model fit results.csv -o site.calibration.json 2>fit.err || { cat fit.err >&2; fail "model fit"; }
"$modak" plan --format json site.modak >plan-builtin.json 2>/dev/null
sed -i 's/^  interconnect = ethernet_10g$/&\n  calibration = "site.calibration.json"/' site.modak
"$modak" check site.modak >/dev/null || fail "the target's calibration key is not accepted"
"$modak" plan --format json site.modak >plan-site.json 2>plan.err || { cat plan.err >&2; fail "plan with the site calibration"; }
cmp -s plan-builtin.json plan-site.json && fail "the target's calibration file did not change the plan"

# The best measured configuration, written back as a formatted edit.
"$modak" bench best results.csv --write site.modak >best.out 2>&1 || { cat best.out >&2; fail "bench best --write"; }
cat best.out
grep -q '^cpu_bench: best throughput of 6 configurations' best.out || fail "bench best: $(cat best.out)"
grep -q '^+++ b/site.modak' best.out || fail "bench best --write printed no diff"
"$modak" fmt --check site.modak >/dev/null || fail "the edited file is not formatted"
"$modak" check site.modak >/dev/null || fail "the edited file does not check"

# The hardware micro-benchmarks on the same cluster: STREAM on one node, the all-reduce between both.
"$modak" bench site.modak --kernel stream --sweep threads=1,2 --sweep array_mib=16 --steps 3 -o hw >hw.out 2>&1 ||
  fail "bench stream: $(cat hw.out)"
"$modak" bench site.modak --kernel allreduce --sweep nodes=2 --max-bytes 1048576 -o hw-net >hw.out 2>&1 ||
  fail "bench allreduce: $(cat hw.out)"
# The same over the site's MPI: Open MPI compiled by the task with mpicc, ranks wired up by srun --mpi=pmix.
"$modak" bench site.modak --kernel allreduce --transport mpi --sweep nodes=2 --max-bytes 1048576 -o hw-mpi >hw.out 2>&1 ||
  fail "bench allreduce over MPI: $(cat hw.out)"
[[ -f hw-mpi/cpu_bench/allreduce_mpi.c ]] || fail "the MPI kernel's source is not in the sweep"
for s in hw/cpu_bench/*.sh hw-net/cpu_bench/*.sh hw-mpi/cpu_bench/*.sh; do shellcheck "$s" || fail "$s: shellcheck"; done
ids=$( { hw/cpu_bench/submit.sh && hw-net/cpu_bench/submit.sh && hw-mpi/cpu_bench/submit.sh; } ) || fail "submit.sh (hardware)"
for _ in $(seq 240); do
  [[ -z $(squeue -h -j "$(paste -sd, <<<"$ids")" 2>/dev/null) ]] && break
  sleep 0.5
done
cat hw-mpi/cpu_bench/logs/* 2>/dev/null | grep -iE 'error|abort' >&2
"$modak" bench collect sweep hw hw-net hw-mpi -o all.csv 2>collect.err || { cat collect.err >&2; fail "bench collect (all)"; }
grep -q '^10 records from 10 files: 10 ok, 0 failed, 0 tasks without a record' collect.err || fail "collect (all): $(cat collect.err)"
grep -q ',allreduce,1048576,.*,tcp$' all.csv || fail "no 1 MiB TCP all-reduce row: $(grep allreduce all.csv)"
grep -q ',allreduce,1048576,.*,mpi$' all.csv || fail "no 1 MiB MPI all-reduce row: $(grep allreduce all.csv)"
grep -q 'n1 n2' <(grep ',allreduce,' all.csv) || fail "the all-reduce did not span both nodes"
"$modak" model fit all.csv -o site-hw.calibration.json 2>fit.err || { cat fit.err >&2; fail "model fit (all)"; }
cat fit.err
grep -q '"memory_bandwidth_gbs"' site-hw.calibration.json && grep -q '"ethernet_10g"' site-hw.calibration.json ||
  fail "no measured hardware in the calibration"
grep -q 'MPI_Allreduce' fit.err || fail "the network was not fitted from the MPI rows: $(cat fit.err)"

# The application kernel in its container: Charliecloud's ch-run, as the plan's job script launches it.
# The image is a directory holding bash alone and a marker file, so the command can only succeed inside.
sed -e 's/^  runtime = none$/  runtime = charliecloud/' \
  -e 's|^  run = "echo train"$|  run = "read -r marker </in-the-image \&\& echo \\"$((MODAK_BATCH_SIZE * 100))\\" >\\"$MODAK_RESULT\\""|' \
  site.modak >app.modak
"$modak" check app.modak >check.out 2>&1 || fail "app.modak: $(cat check.out)"
"$modak" bench app.modak --kernel app --sweep batch_size=2,3 --sweep nodes=1 -o app >app.out 2>&1 || fail "bench --kernel app: $(cat app.out)"
image=$(sed -n "s/^image=\"\$image_dir\"\/'\(.*\)'$/\1/p" app/cpu_bench/bench-n1.slurm.sh)
[[ -n $image ]] || fail "the app script names no Charliecloud image: $(grep -n image app/cpu_bench/bench-n1.slurm.sh)"
grep -q '^srun .* ch-run --set-env --cd "$PWD" "$image" -- bash -c "$command"$' app/cpu_bench/bench-n1.slurm.sh ||
  fail "the application does not run in its container: $(grep -n '^srun' app/cpu_bench/bench-n1.slurm.sh)"
root=app/cpu_bench/$image
for f in /bin/bash $(ldd /bin/bash | grep -o '/[^ ]*'); do
  mkdir -p "$root$(dirname "$f")" && cp -L "$f" "$root$f"
done
mkdir -p "$root"/{etc,ch,dev,proc,sys,tmp,home}
touch "$root"/etc/{passwd,group,hosts,resolv.conf} "$root"/ch/environment
echo yes >"$root"/in-the-image
export USER=${USER:-root}
# ch-run needs an unprivileged user namespace, which Linux refuses inside a chroot (fresh-machine).
if ! ch-run "$root" -- bash -c 'read -r m </in-the-image' 2>ch-run.err; then
  echo "SKIPPED: the app kernel in a container: ch-run cannot run here ($(head -c 200 ch-run.err))" >&2
else
  ids=$(app/cpu_bench/submit.sh) || fail "submit.sh (app)"
  for _ in $(seq 120); do
    [[ -z $(squeue -h -j "$(paste -sd, <<<"$ids")" 2>/dev/null) ]] && break
    sleep 0.5
  done
  "$modak" bench collect app -o app.csv 2>collect.err || fail "collect (app): $(cat collect.err; cat app/cpu_bench/logs/*)"
  grep -q '^2 records from 2 files: 2 ok, 0 failed' collect.err || fail "app kernel in Charliecloud: $(cat collect.err)"
  grep -qE '^cpu_bench,resnet50,pytorch,2.1,.*,300,modak bench [^,]* app ' app.csv || fail "no app row measured in the container: $(cat app.csv)"
fi

slurm_test_end "benchmark sweep ran on Slurm; calibration lowered the held-out error from $before % to $after %"
