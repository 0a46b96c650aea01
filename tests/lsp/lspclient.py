"""A minimal synchronous LSP client over pipes for the tests: framed messages, requests with ids,
notifications collected while waiting, UTF-16 position helpers."""
import json
import re
import subprocess
import threading
import time
import queue


def write_framed(stream, message):
    """Writes `message` (JSON) with its Content-Length header, and flushes."""
    body = json.dumps(message).encode()
    stream.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    stream.flush()


def read_framed(stream):
    """The body of the next framed message, as bytes; None at the end of the stream."""
    length = None
    while True:
        line = stream.readline()
        if not line:
            return None
        line = line.strip()
        if not line:
            break
        name, _, value = line.decode().partition(":")
        if name.lower() == "content-length":
            length = int(value)
    return stream.read(length)


class Client:
    def __init__(self, command, stderr=subprocess.DEVNULL):
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr)
        self.next_id = 1
        self.messages = queue.Queue()
        self.notifications = []
        self._arrived = {}  # id(message) -> perf_counter() when its last byte was read
        self._arrived_lock = threading.Lock()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        while True:
            body = read_framed(self.proc.stdout)
            if body is None:
                self.messages.put(None)
                return
            arrived = time.perf_counter()  # before parsing: json.loads of a big body is the client's cost
            message = json.loads(body)
            with self._arrived_lock:
                self._arrived[id(message)] = arrived
                if len(self._arrived) > 4096:  # times nobody asked for (notifications dropped unread)
                    del self._arrived[next(iter(self._arrived))]
            self.messages.put(message)

    def arrival(self, message):
        """When the last byte of `message` was read (time.perf_counter()), before it was parsed."""
        with self._arrived_lock:
            return self._arrived.pop(id(message), None)

    def send(self, message):
        write_framed(self.proc.stdin, message)

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method, params, timeout=30):
        id_ = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": id_, "method": method, "params": params})
        while True:
            m = self.messages.get(timeout=timeout)
            if m is None:
                raise EOFError(f"the server ended while answering {method}")
            if m.get("id") == id_ and "method" not in m:
                return m
            if "method" in m and "id" in m:  # a request from the server: answer it plainly
                self.send({"jsonrpc": "2.0", "id": m["id"], "result": [None] if m["method"] == "workspace/configuration" else None})
            elif "method" in m:
                self.notifications.append(m)

    def wait_notification(self, method, predicate=lambda m: True, timeout=30):
        for i, m in enumerate(self.notifications):
            if m["method"] == method and predicate(m):
                return self.notifications.pop(i)
        while True:
            m = self.messages.get(timeout=timeout)
            if m is None:
                raise EOFError(f"the server ended while waiting for {method}")
            if m.get("method") == method and predicate(m):
                return m
            if "method" in m:
                self.notifications.append(m)

    def close(self):
        try:
            self.request("shutdown", None, timeout=10)
            self.notify("exit", None)
        except (EOFError, BrokenPipeError):
            pass
        try:
            return self.proc.wait(timeout=10)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()


LINE_BREAK = re.compile(r"\r\n|\r|\n")  # LSP's line terminators


def utf16_position(text, offset):
    """LSP position (UTF-16) of byte `offset` of the UTF-8 encoding of `text`."""
    data = text.encode()[:offset].decode("utf-8", "replace")
    lines = LINE_BREAK.split(data)
    return {"line": len(lines) - 1, "character": len(lines[-1].encode("utf-16-le")) // 2}


def offset_of(text, position):
    """Index into `text` (a str) of an in-range UTF-16 position."""
    parts = LINE_BREAK.split(text)
    breaks = LINE_BREAK.findall(text)
    lines = parts
    index = sum(len(parts[i]) + len(breaks[i]) for i in range(min(position["line"], len(breaks))))
    units, col = 0, 0
    line = lines[position["line"]] if position["line"] < len(lines) else ""
    while col < len(line) and units < position["character"]:
        units += 2 if ord(line[col]) > 0xFFFF else 1
        col += 1
    return index + col
