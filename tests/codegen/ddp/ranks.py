# Waits for the processes that stand in for a job's nodes or pods, as the test runners start them.
# Each is a process group of its own (start_new_session=True), so that one left waiting for its
# peers can be stopped with all its ranks.
import os
import signal
import subprocess
import sys
import time


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
