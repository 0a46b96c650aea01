# Waits for the processes that stand in for a job's nodes or pods, as the test runners start them.
# Each is a process group of its own (start_new_session=True), so that one left waiting for its
# peers can be stopped with all its ranks.
import os
import random
import signal
import socket
import subprocess
import sys
import time


def rendezvous_port():
    """A port node 0's rendezvous can bind now, below Linux's ephemeral range and above the generated
    jobs' own (20000 + job id % 10000). A port bind(0) hands out lies inside the ephemeral range,
    where the ranks' own connections (a store client retrying, gloo's pairs) may take it before node
    0 listens: "Address already in use" (seen once in ddp-training-k8s)."""
    with open("/proc/sys/net/ipv4/ip_local_port_range") as f:
        ephemeral = int(f.read().split()[0])
    ports = list(range(30000, ephemeral)) or list(range(20000, 30000))
    random.shuffle(ports)  # two runs at once on one machine start apart
    for port in ports[:1000]:
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
                return str(port)
            except OSError:
                continue
    raise RuntimeError("no free port below the ephemeral range")


def wait_all(running, what, log_of, timeout=120):
    """running: [(name, Popen)]; what(name) names one in messages; log_of(name) is its log file.
    Prints the log of each that failed or hung, stops them all then, and returns whether all ended 0."""
    ok = True
    deadline = time.monotonic() + timeout
    for name, p in running:
        try:
            status = p.wait(timeout=max(1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            status = "a timeout"
        if status != 0:
            ok = False
            print(f"{what(name)} ended with {status}:\n" + open(log_of(name)).read(), file=sys.stderr)
    if not ok:
        for _, p in running:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
    return ok
