"""What the local API servers in Tests/fakes/ share: a threaded HTTP server on 127.0.0.1 with an
ephemeral port, announced as `listening on http://127.0.0.1:PORT` on standard output (a test reads that
line, never sleeps), a request log, and scripted faults.

A server runs one "world": a JSON file the test writes (the accounts, their posts, the token, the faults).
Every request is logged as one JSON line (method, path, query, whether its credentials matched; never the
credentials themselves) to --log. Faults are counted per endpoint: {"endpoint": "tweets", "from": 3,
"times": 1, "status": 429} answers the third request to that endpoint with a 429. A fault may also
"hang" (answer nothing for that many seconds: the client's timeout) or send a "body" of its own
("malformed": a JSON text cut short).

    python3 Tests/fakes/x_api.py --world world.json --log requests.jsonl [--expect posts.jsonl]
"""

import argparse
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

MALFORMED = '{"data": [{"id": "1", "text": "cut sh'


def base36(number):
    """`number` in base 36 (the fakes' opaque page tokens and cursors end with it)."""
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    text = ""
    while True:
        number, rest = divmod(number, 36)
        text = digits[rest] + text
        if number == 0:
            return text


class Faults:
    """The world's scripted faults, counted per endpoint (thread-safe)."""

    def __init__(self, faults):
        self.faults = faults or []
        self.counts = {}
        self.lock = threading.Lock()

    def next(self, endpoint):
        """Counts one request to `endpoint`; returns the fault that answers it, or None."""
        with self.lock:
            count = self.counts.get(endpoint, 0) + 1
            self.counts[endpoint] = count
        for fault in self.faults:
            if fault.get("endpoint") in (endpoint, "any"):
                first = fault.get("from", 1)
                if first <= count < first + fault.get("times", 1):
                    return fault
        return None


class Handler(BaseHTTPRequestHandler):
    """A request handler whose `server` carries the world, the faults and the log."""

    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass  # the JSON log is the record; stderr stays quiet

    def parts(self):
        split = urlsplit(self.path)
        return split.path, {key: values[-1] for key, values in parse_qs(split.query, keep_blank_values=True).items()}

    def record(self, authorized, **extra):
        path, query = self.parts()
        entry = {"method": self.command, "path": path, "query": query, "authorized": authorized, **extra}
        with self.server.log_lock:
            with open(self.server.log_path, "a", encoding="utf-8") as log:
                log.write(json.dumps(entry, ensure_ascii=False) + "\n")

    def send_json(self, status, body, headers=None):
        data = body.encode() if isinstance(body, str) else json.dumps(body, ensure_ascii=False).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        for name, value in (headers or {}).items():
            self.send_header(name, str(value))
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def hang(self, fault):
        """A fault that answers late (after the client gave up): nothing is sent for `hang` seconds."""
        if fault and fault.get("hang"):
            time.sleep(fault["hang"])
            self.close_connection = True
            return True
        return False


def serve(handler, description):
    """Parses --world, --log and --expect, loads the world, starts the server and announces its port.
    `handler` is the Handler subclass; the world object is handler.load_world(json) when it has one."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--world", required=True, help="the world: accounts, posts, token, faults (JSON)")
    parser.add_argument("--log", required=True, help="where each request is logged, one JSON line each")
    parser.add_argument("--expect", help="write the SocialPost rows a full sync stores, one JSON line each")
    arguments = parser.parse_args()
    with open(arguments.world, encoding="utf-8") as file:
        world = handler.load_world(json.load(file))
    if arguments.expect:
        with open(arguments.expect, "w", encoding="utf-8") as file:
            for row in handler.expected_rows(world):
                file.write(json.dumps(row, ensure_ascii=False) + "\n")
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    server.world = world
    server.faults = Faults(world.get("faults"))
    server.log_path = arguments.log
    server.log_lock = threading.Lock()
    open(arguments.log, "w").close()
    print(f"listening on http://127.0.0.1:{server.server_address[1]}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    sys.exit(0)
