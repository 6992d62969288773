#!/usr/bin/env python3
"""Runs `BIN serve ...` with N momentLikesChanged SSE streams held open on it, for
../shared/bench/compare.py (docs/performance.md):

  compare.py --server streams='python3 scripts/bench/with-streams.py 1000 BIN serve' ...

The streams are held by a thread of this process (a child of the server command, so its
RSS and CPU count with the server's); SIGTERM is passed on to the server."""
import json, os, selectors, signal, socket, subprocess, sys, threading
n, command = int(sys.argv[1]), sys.argv[2:]
command += ["--max-streams", str(n + 10), "--max-streams-per-viewer", str(n + 10), "--max-connections", str(n + 1000)]
server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
signal.signal(signal.SIGTERM, lambda *_: server.send_signal(signal.SIGTERM))
body = json.dumps({"query": "subscription { momentLikesChanged(userID: \"0\") { id isLiked likesCount } }"}).encode()
def hold(port):
    request = (f"POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: text/event-stream\r\n"
               f"Content-Length: {len(body)}\r\n\r\n").encode() + body
    sel = selectors.DefaultSelector()
    for _ in range(n):
        s = socket.create_connection(("127.0.0.1", port)); s.sendall(request); s.setblocking(False)
        sel.register(s, selectors.EVENT_READ)
    while server.poll() is None:
        for key, _ in sel.select(0.5):
            try:
                if not key.fileobj.recv(65536): sel.unregister(key.fileobj)
            except OSError:
                sel.unregister(key.fileobj)
for line in server.stdout:
    sys.stdout.write(line); sys.stdout.flush()
    if line.startswith("listening on"):
        threading.Thread(target=hold, args=(int(line.strip().rsplit(":", 1)[1]),), daemon=True).start()
sys.exit(server.wait())
