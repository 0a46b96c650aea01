# shellcheck shell=bash
# A local Slurm for the tests, sourced by tests/codegen/slurm.sh, tests/codegen/ddp-training.sh and
# tests/calibrate/bench-slurm.sh: munge with its own key and socket, slurmctld and two slurmd daemons
# (nodes n1 and n2, both on this host, each with two CPUs, two fake GPUs and its own spool and TmpFS),
# configured under $work. The caller starts with `slurm_test_begin` (below: `work`, `pids`, `fail`). After
# `start_slurm_cluster`, SLURM_CONF is exported and both nodes are idle; it exits 77 (CTest's skip) when
# this machine's cgroups keep slurmd from starting, and 1 when Slurm does not come up otherwise.
# slurm_test_begin NAME [TOOL...]: the frame of a test on this cluster. Checks that Slurm, munge and the
# TOOLs are installed and that it runs as root (slurmd runs jobs as their submitter); makes a fresh
# `work` folder (kept with KEEP=1, with the daemons' logs); `pids` are killed on exit; `fail MESSAGE`
# reports and counts into `failures`, and `slurm_test_end SUMMARY` exits 1 if anything failed.
slurm_test_begin() {
  local name=$1 tool
  shift
  for tool in slurmctld slurmd sbatch scontrol munged "$@"; do
    command -v "$tool" >/dev/null || { echo "$tool is missing (scripts/setup.sh installs it)" >&2; exit 1; }
  done
  [[ $(id -u) == 0 ]] || { echo "$name needs root to run slurmd" >&2; exit 1; }
  work=$(mktemp -d "/tmp/modak-$name.XXXXXX")
  pids=()
  failures=0
  trap slurm_test_cleanup EXIT
}
slurm_test_cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
  wait 2>/dev/null
  [[ -n ${KEEP:-} ]] || rm -rf "$work"
}
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
slurm_test_end() {
  if ((failures)); then
    echo "$failures failure(s)" >&2
    exit 1
  fi
  echo "$1"
}

start_slurm_cluster() {
  # slurmd 22.05 initialises a cgroup plugin even with TaskPlugin=task/none. Minimal containers may have
  # no /sys/fs/cgroup: there a tmpfs with the (unused) cgroup/v1 plugin satisfies it. When Slurm still
  # cannot start for want of cgroups, the test reports itself skipped (CTest exit 77), never passed.
  cgroup_conf=""
  if [[ $(findmnt -n -o FSTYPE /sys/fs/cgroup 2>/dev/null) == tmpfs ]]; then
    # A tmpfs mounted by an earlier test run (below): the same stand-in configuration applies.
    cgroup_conf=$'CgroupPlugin=cgroup/v1\nCgroupAutomount=no\n'
  elif ! mountpoint -q /sys/fs/cgroup 2>/dev/null; then
    mkdir -p /sys/fs/cgroup 2>/dev/null
    if mount -t tmpfs cgroup_root /sys/fs/cgroup 2>/dev/null; then
      cgroup_conf=$'CgroupPlugin=cgroup/v1\nCgroupAutomount=no\n'
    else
      echo "SKIPPED: slurmd needs /sys/fs/cgroup and this machine has none (and may not mount one)" >&2
      exit 77
    fi
  fi

  host=$(hostname -s)
  port=$((10000 + RANDOM % 9000)) # below the jobs' rendezvous ports (20000-29999)
  mkdir -p "$work"/{state,spool-n1,spool-n2,tmp-n1,tmp-n2,dev,munge,run}
  cat >"$work/slurm.conf" <<C
ClusterName=modaktest
SlurmctldHost=$host(127.0.0.1)
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$work/munge/munge.socket
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$port
# Job ids from a random start: jobs derive their rendezvous port from the id (20000 + id % 10000),
# and two test clusters at once on one machine must not share them.
FirstJobId=$((1 + RANDOM % 20000))
SlurmdPort=$((port + 1))
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool-%n
# Two slurmd on one host: PMIx puts its per-step directory under TmpFS, so each node needs its own.
TmpFS=$work/tmp-%n
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd-%n.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd-%n.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
JobCompType=jobcomp/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
ReturnToService=2
GresTypes=gpu
NodeName=n1 NodeHostname=$host NodeAddr=127.0.0.1 Port=$((port + 2)) CPUs=2 RealMemory=4000 Gres=gpu:2 State=UNKNOWN
NodeName=n2 NodeHostname=$host NodeAddr=127.0.0.1 Port=$((port + 3)) CPUs=2 RealMemory=4000 Gres=gpu:2 State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
C
  for n in n1 n2; do
    touch "$work/dev/$n-nvidia0" "$work/dev/$n-nvidia1"
    echo "NodeName=$n Name=gpu File=$work/dev/$n-nvidia[0-1]"
  done >"$work/gres.conf"
  printf '%s' "$cgroup_conf" >"$work/cgroup.conf"
  export SLURM_CONF=$work/slurm.conf

  # munge with its own key and socket, so nothing of the machine's setup is needed or touched
  dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 status=none
  chmod 0400 "$work/munge/munge.key"
  munged --foreground --force --key-file="$work/munge/munge.key" --socket="$work/munge/munge.socket" \
    --pid-file="$work/munge/munged.pid" --log-file="$work/munge/munged.log" --seed-file="$work/munge/seed" \
    >"$work/munge/out" 2>&1 &
  pids+=($!)
  sleep 1
  slurmctld -D -f "$work/slurm.conf" >"$work/ctld.out" 2>&1 &
  pids+=($!)
  sleep 1
  for n in n1 n2; do
    slurmd -D -N "$n" -f "$work/slurm.conf" >"$work/d-$n.out" 2>&1 &
    pids+=($!)
  done
  nodes_up() { [[ $(sinfo -h -N -t idle,mixed -o '%N' 2>/dev/null | sort -u | wc -l) == 2 ]]; }
  for _ in $(seq 60); do
    nodes_up && break
    sleep 0.5
  done
  if ! nodes_up; then
    cat "$work"/slurm*.log "$work"/*.out >&2
    if grep -qi cgroup "$work"/d-*.out "$work"/slurmd-*.log 2>/dev/null; then
      echo "SKIPPED: slurmd cannot use this machine's cgroups (see its log above)" >&2
      exit 77
    fi
    echo "Slurm did not come up" >&2
    exit 1
  fi
}
