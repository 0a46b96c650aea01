#!/usr/bin/env python3
"""The server's JSON-RPC transport against hostile framing, over real pipes (not --lit-test).

Each case starts `modak lsp --stdio`, writes raw bytes, and checks the framed replies, the exit
status and the peak memory: CRLF or LF headers in any order and case, a missing or malformed
Content-Length, a body that is not JSON, a message announcing 2 GB (refused without allocating it),
input ending inside a message, cancellation, and `exit` semantics.

usage: transport.py MODAK
"""
import json
import os
import subprocess
import sys
import threading
import time

MODAK = sys.argv[1] if len(sys.argv) > 1 else "modak"
failures = []


def frame(obj, header="Content-Length: {n}\r\n\r\n"):
    body = json.dumps(obj).encode()
    return header.format(n=len(body)).encode() + body


def init(id_=0):
    return frame({"jsonrpc": "2.0", "id": id_, "method": "initialize", "params": {"capabilities": {}}})


def shutdown_exit(id_=99):
    return frame({"jsonrpc": "2.0", "id": id_, "method": "shutdown"}) + frame({"jsonrpc": "2.0", "method": "exit"})


def read_messages(data):
    """Parses framed output; fails the case on malformed framing from the server."""
    out, i = [], 0
    while i < len(data):
        end = data.find(b"\r\n\r\n", i)
        if end < 0:
            raise ValueError(f"unterminated header in server output: {data[i:i+80]!r}")
        headers = data[i:end].decode().split("\r\n")
        length = [int(h.split(":")[1]) for h in headers if h.lower().startswith("content-length")]
        if len(length) != 1:
            raise ValueError(f"server wrote headers without one Content-Length: {headers}")
        body = data[end + 4:end + 4 + length[0]]
        out.append(json.loads(body))
        i = end + 4 + length[0]
    return out


class Server:
    """One `modak lsp --stdio` run: its output, exit status and its own peak memory (wait4's rusage
    of this child alone; RUSAGE_CHILDREN would be the largest of every server run so far)."""

    def __init__(self, payload, timeout=30):
        proc = subprocess.Popen([MODAK, "lsp", "--stdio"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE)
        chunks = {"stdout": [], "stderr": []}

        def feed():
            try:
                proc.stdin.write(payload)
                proc.stdin.close()
            except BrokenPipeError:
                pass

        def drain(stream, into):
            for block in iter(lambda: stream.read(65536), b""):
                into.append(block)

        threads = [threading.Thread(target=feed), threading.Thread(target=drain, args=(proc.stdout, chunks["stdout"])),
                   threading.Thread(target=drain, args=(proc.stderr, chunks["stderr"]))]
        for t in threads:
            t.start()
        timer = threading.Timer(timeout, proc.kill)
        timer.start()
        _, status, usage = os.wait4(proc.pid, 0)
        self.timed_out = not timer.is_alive()
        timer.cancel()
        for t in threads:
            t.join()
        self.returncode = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
        self.stdout = b"".join(chunks["stdout"])
        self.stderr = b"".join(chunks["stderr"])
        self.peak_mb = usage.ru_maxrss / 1024


# What the server holds before any message (a sanitizer build's shadow memory, the catalogue): the
# memory limits below are over this.
BASELINE_MB = Server(b"").peak_mb


def run(name, payload, expect_exit=0, check=None, max_rss_mb=200):
    start = time.monotonic()
    proc = Server(payload)
    if proc.timed_out:
        failures.append(f"{name}: the server did not finish within 30 s")
        return
    elapsed = time.monotonic() - start
    rss_mb = proc.peak_mb - BASELINE_MB
    problems = []
    if proc.returncode != expect_exit:
        problems.append(f"exit status {proc.returncode}, expected {expect_exit}")
    if proc.returncode < 0:
        problems.append(f"killed by signal {-proc.returncode}")
    if rss_mb > max_rss_mb:
        problems.append(f"peak memory {rss_mb:.0f} MB over the idle server's {BASELINE_MB:.0f} MB (limit {max_rss_mb} MB)")
    try:
        messages = read_messages(proc.stdout)
        if check:
            why = check(messages, proc.stderr.decode("utf-8", "replace"))
            if why:
                problems.append(why)
    except ValueError as e:
        problems.append(str(e))
    if problems:
        failures.append(f"{name}: " + "; ".join(problems) + f"\n    stderr: {proc.stderr.decode()[-400:]}")
    else:
        print(f"PASS {name} ({elapsed * 1000:.0f} ms)")


def reply(messages, id_):
    return next((m for m in messages if m.get("id") == id_ and "method" not in m), None)


def expect_replies(*pairs):
    """pairs of (id, "result" | error code)."""
    def check(messages, stderr):
        for id_, want in pairs:
            r = reply(messages, id_)
            if r is None:
                return f"no reply to request {id_!r}"
            if want == "result" and "result" not in r:
                return f"request {id_!r}: expected a result, got {r}"
            if want != "result" and r.get("error", {}).get("code") != want:
                return f"request {id_!r}: expected error {want}, got {r}"
        return None
    return check


# Header variants: LF only, lower case, Content-Type first, extra unknown header, blank lines between.
run("crlf-and-lf-headers",
    init() + b"\r\n" + frame({"jsonrpc": "2.0", "id": 1, "method": "shutdown"}, "content-length: {n}\n\n")
    + frame({"jsonrpc": "2.0", "method": "exit"}, "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nX-Extra: 1\r\nContent-Length: {n}\r\n\r\n"),
    check=expect_replies((0, "result"), (1, "result")))

# A message without Content-Length, and one with a malformed or duplicated-conflicting one, are
# skipped; the server carries on with the next well-formed message.
body = b'{"jsonrpc":"2.0","id":5,"method":"shutdown"}'
run("missing-or-malformed-content-length",
    init() + b"Content-Type: x\r\n\r\n" + b"Content-Length: abc\r\n\r\n" + b"Content-Length: 3\r\nContent-Length: 4\r\n\r\n"
    + shutdown_exit(),
    check=expect_replies((0, "result"), (99, "result")))

# A body that is not JSON gets a ParseError reply (id null); the server lives on.
bad = b"{not json"
run("invalid-json",
    init() + f"Content-Length: {len(bad)}\r\n\r\n".encode() + bad + shutdown_exit(),
    check=lambda m, e: (None if any(x.get("error", {}).get("code") == -32700 and x.get("id") is None for x in m)
                        else "no ParseError reply") or expect_replies((0, "result"), (99, "result"))(m, e))

# Valid JSON that is not a request: InvalidRequest.
run("not-a-request",
    init() + frame([1, 2, 3]) + frame({"jsonrpc": "2.0", "id": {"x": 1}, "method": "shutdown"}) + shutdown_exit(),
    check=lambda m, e: None if sum(1 for x in m if x.get("error", {}).get("code") == -32600) == 2 else f"expected two InvalidRequest replies: {m}")

# 2 GB announced: refused without allocating it (peak memory stays small); the input then ends
# inside the announced body, so the server stops (status 1: no shutdown was received).
run("two-gigabyte-message", init() + b"Content-Length: 2147483648\r\n\r\n{\"jsonrpc\":", expect_exit=1,
    check=lambda m, e: expect_replies((0, "result"))(m, e) or (None if "refused a message of 2147483648 bytes" in e else f"no refusal logged: {e}"),
    max_rss_mb=100)

# Input ending in the middle of a body or of the headers: a clean stop, not a crash.
run("truncated-body", init() + b"Content-Length: 100\r\n\r\n{\"jsonrpc\":\"2.0\"", expect_exit=1,
    check=expect_replies((0, "result")))
run("truncated-headers", init() + b"Content-Len", expect_exit=1, check=expect_replies((0, "result")))
run("empty-input", b"", expect_exit=1)

# Invalid parameters are InvalidParams, and the server answers what follows.
run("invalid-params",
    init() + frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": 7}})
    + frame({"jsonrpc": "2.0", "id": 2, "method": "textDocument/diagnostic", "params": {"textDocument": {"uri": 5}}})
    + shutdown_exit(),
    check=expect_replies((0, "result"), (2, -32602), (99, "result")))

# Fields of the wrong type, read first by the reader thread (a `method` that is an object or a number
# once aborted the server there): each gets an error reply, and the server answers what follows.
run("wrong-field-types-in-the-reader",
    init()
    + frame({"jsonrpc": "2.0", "id": 1, "method": {"x": 1}})
    + frame({"jsonrpc": "2.0", "id": 2, "method": 42, "params": {"id": 1}})
    + frame({"jsonrpc": "2.0", "method": {"x": 1}, "params": {"id": 3}})
    + frame({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": "x"})
    + frame({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": {"nested": ["\udc00"]}}})
    + frame({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": 5}, "contentChanges": 1}})
    + frame({"jsonrpc": "2.0", "id": 4, "method": "textDocument/diagnostic", "params": "text"})
    + frame({"jsonrpc": "2.0", "id": 5, "method": "workspace/symbol", "params": {"query": 5}})
    + frame({"jsonrpc": "2.0", "id": 6, "method": "workspace/symbol", "params": {"query": ""}})
    + shutdown_exit(),
    check=expect_replies((0, "result"), (1, -32600), (2, -32600), (4, -32602), (5, -32602), (6, "result"), (99, "result")))

# $/cancelRequest for a request not yet run: it is answered RequestCancelled, never run.
run("cancel-before-run",
    init() + frame({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 7}})
    + frame({"jsonrpc": "2.0", "id": 7, "method": "textDocument/diagnostic", "params": {}}) + shutdown_exit(),
    check=expect_replies((0, "result"), (7, -32800), (99, "result")))

# Binary garbage and NUL bytes between messages do not stop the server.
run("garbage-between-messages",
    init() + b"\x00\xff\xfe garbage line\r\n\r\n" + shutdown_exit(),
    check=expect_replies((0, "result"), (99, "result")))

if failures:
    print("\n".join("FAIL " + f for f in failures))
    sys.exit(1)
print("transport: all cases passed")
