#!/usr/bin/env python3
"""A toggle server of our own for the tests: an Unleash client API on 127.0.0.1.

Usage: toggle-server.py DIR. Serves DIR/state.json at GET /api/client/features
with an ETag (answering 304 to a matching If-None-Match), misbehaving as
DIR/mode says: ok (default), 500, hang (30 s before anything), malformed,
oversized (8 MiB). DIR/etag, when present, is the ETag's raw bytes instead
(control characters included). Appends one line per request to
DIR/requests.log: "STATUS AUTHORIZATION APPNAME", and the If-None-Match it
got ("-" for none) to DIR/conditions.log. Prints its port on the first line
of stdout.
"""
import hashlib
import os
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

DIR = sys.argv[1]


def read(name, default=b""):
    try:
        with open(os.path.join(DIR, name), "rb") as f:
            return f.read()
    except FileNotFoundError:
        return default


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def record(self, status):
        line = "%d %s %s\n" % (status, self.headers.get("Authorization", "-"), self.headers.get("UNLEASH-APPNAME", "-"))
        with open(os.path.join(DIR, "requests.log"), "a") as f:
            f.write(line)
        with open(os.path.join(DIR, "conditions.log"), "a") as f:
            f.write(repr(self.headers.get("If-None-Match", "-")) + "\n")

    def send(self, status, body=b"", etag=None):
        self.record(status)
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        if etag:
            self.send_header("ETag", etag)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path != "/api/client/features":
            return self.send(404)
        mode = read("mode", b"ok").decode().strip()
        if mode == "500":
            return self.send(500, b'{"error":"boom"}')
        if mode == "hang":
            time.sleep(30)
            return self.send(200, b"{}")
        if mode == "malformed":
            return self.send(200, b'{"version": 1, "features": [')
        if mode == "oversized":
            return self.send(200, b'{"version":1,"features":[],"pad":"' + b"x" * (8 << 20) + b'"}')
        body = read("state.json")
        etag = '"%s"' % hashlib.sha256(body).hexdigest()[:16]
        override = read("etag", None)
        if override is not None:
            # latin-1 maps bytes to code points one for one, and send_header writes them back so.
            etag = override.decode("latin-1")
        if self.headers.get("If-None-Match") == etag:
            return self.send(304, etag=etag)
        self.send(200, body, etag)


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
server.serve_forever()
