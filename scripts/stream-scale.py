#!/usr/bin/env python3
"""Hold N SSE streams of momentLikesChanged on one server: RSS per stream, and the time
from a like's acknowledgement to its event at the first and the last stream.

  python3 scripts/stream-scale.py "$(swift build -c release --show-bin-path)/moments-bff" 10000
  python3 scripts/stream-scale.py BIN 10000 --viewers

Seeds the demo data into a temporary file, starts the server on port 0 with the stream
limits raised to N, opens N streams for user 0 (one process, `selectors`), likes and
unlikes moment 4 three times, prints the figures (docs/performance.md, "Memory") and stops
the server by its PID. With --viewers: synthetic data of N users with 10 friends each,
one stream per user, and moment 0 (user 0's, seen by user 0 and its friends) liked and
unliked; it also prints the server's CPU time per like, LIKES likes (--likes LIKES,
default 100) each followed to its last event. With --viewers --streams K: the same N users,
streams for the first K only (CPU per like with 50 streams open and with 8,000, on one data
set of 8,000 users):

  python3 scripts/stream-scale.py BIN 8000 --viewers --streams 50
  python3 scripts/stream-scale.py BIN 8000 --viewers

Needs `ulimit -n` above N. Traffic to 127.0.0.1 only."""
import json, os, selectors, socket, subprocess, sys, time, http.client
binary, n = sys.argv[1], int(sys.argv[2])
viewers = "--viewers" in sys.argv[3:]
likes = int(sys.argv[sys.argv.index("--likes") + 1]) if "--likes" in sys.argv else 100
users = n
if "--streams" in sys.argv:
    n = min(users, int(sys.argv[sys.argv.index("--streams") + 1]))
db = f"/tmp/scale-{os.getpid()}.sqlite"
seed = ["--synthetic", "--users", str(users), "--friends", "10", "--moments", "3", "--likes", "1"] if viewers else []
subprocess.run([binary, "seed", "--database", db] + seed, check=True, capture_output=True)
moment = "0" if viewers else "4"
server = subprocess.Popen([binary, "serve", "--port", "0", "--database", db, "--log-level", "warning", "--max-streams", str(n + 10),
                           "--max-streams-per-viewer", str(n + 10), "--max-connections", str(n + 100)], stdout=subprocess.PIPE, text=True)
port = int(server.stdout.readline().strip().rsplit(":", 1)[1])
def rss():
    for line in open(f"/proc/{server.pid}/status"):
        if line.startswith("VmRSS:"): return int(line.split()[1])
def cpu_seconds():
    fields = open(f"/proc/{server.pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
def like(state):
    c = http.client.HTTPConnection("127.0.0.1", port)
    c.request("POST", "/graphql", json.dumps({"query": "mutation($m: ID!, $l: Boolean!) { updateMomentLike(momentID: $m, userID: \"0\", isLiked: $l) { userDetails { id } } }", "variables": {"m": moment, "l": state}}), {"Content-Type": "application/json"})
    c.getresponse().read(); c.close()
    return time.monotonic()
def subscribe(user):
    body = json.dumps({"query": "subscription($u: ID!) { momentLikesChanged(userID: $u) { id isLiked likesCount } }", "variables": {"u": user}}).encode()
    return (f"POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: text/event-stream\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode() + body
time.sleep(0.5)
before = rss()
sel = selectors.DefaultSelector()
socks, got = [], {}
started = time.monotonic()
for i in range(n):
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(subscribe(str(i) if viewers else "0")); s.setblocking(False)
    socks.append(s); got[s] = b""
    sel.register(s, selectors.EVENT_READ)
    if i % 500 == 499:   # let the server keep up
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and sum(1 for x in socks if b"\r\n\r\n" in got[x]) < len(socks):
            for key, _ in sel.select(0.05):
                got[key.fileobj] += key.fileobj.recv(65536)
deadline = time.monotonic() + 30
while time.monotonic() < deadline and sum(1 for x in socks if b"\r\n\r\n" in got[x]) < n:
    for key, _ in sel.select(0.05):
        got[key.fileobj] += key.fileobj.recv(65536)
opened = sum(1 for x in socks if got[x].startswith(b"HTTP/1.1 200"))
open_time = time.monotonic() - started
time.sleep(1.0)
after = rss()
for s in socks: got[s] = b""
def wait_all(acked, state, expected=n, patience=30):
    # The moment's event (every like changes its likesCount; isLiked is the viewer's own).
    want = f'"id":"{moment}","isLiked":{"true" if state else "false"}'.encode() if not viewers else f'"id":"{moment}"'.encode()
    first = last = None; count = 0; done = set()
    deadline = time.monotonic() + patience
    while len(done) < expected and time.monotonic() < deadline:
        for key, _ in sel.select(0.05):
            s = key.fileobj; got[s] += s.recv(65536)
            if s not in done and want in got[s]:
                done.add(s); t = time.monotonic(); first = first or t; last = t
    return len(done), (first - acked) if first else None, (last - acked) if last else None
# Who hears a like: every stream (all user 0's), or with --viewers those that see moment 0,
# counted on the first like (given 2 s after the last event to arrive).
results = []
expected = n
for round in range(3):
    state = round % 2 == 0
    acked = like(state)
    results.append(wait_all(acked, state, expected, 30 if round or not viewers else 2))
    expected = results[0][0]
    for s in socks: got[s] = b""
cpu_per_like = None
if viewers:
    # What the open streams cost with no like (heartbeats, the ticker), subtracted below.
    idle_cpu, idle_started = cpu_seconds(), time.monotonic()
    time.sleep(3.0)
    idle_rate = (cpu_seconds() - idle_cpu) / (time.monotonic() - idle_started)
    cpu, started_likes = cpu_seconds(), time.monotonic()
    short = 0  # likes that some stream of the audience did not hear
    for round in range(likes):
        state = round % 2 == 1  # the warm-up's last like was a like: alternate on from it
        heard = wait_all(like(state), state, expected)[0]
        if heard < expected: short += 1
        for s in socks: got[s] = b""
    elapsed = time.monotonic() - started_likes
    cpu_per_like = (cpu_seconds() - cpu) / likes
    net_per_like = (cpu_seconds() - cpu - idle_rate * elapsed) / likes
metrics = http.client.HTTPConnection("127.0.0.1", port); metrics.request("GET", "/metrics"); text = metrics.getresponse().read().decode()
open_gauge = [l for l in text.splitlines() if l.startswith("moments_streams_open")]
print(f"streams: {opened}/{n} open in {open_time:.1f} s; {open_gauge}")
print(f"RSS: {before} KiB before, {after} KiB with the streams: {(after - before) / max(1, opened):.2f} KiB per stream")
for count, first, last in results:
    print(f"like -> event: {count}/{n} streams heard it; first {first * 1000 if first else -1:.2f} ms, last {last * 1000 if last else -1:.2f} ms after the acknowledgement")
if cpu_per_like is not None:
    print(f"server CPU per like with {n} viewers' streams open ({users} users): {cpu_per_like * 1000:.2f} ms, "
          f"{net_per_like * 1000:.2f} ms above the idle streams' {idle_rate * 1000:.1f} ms/s "
          f"({likes} likes of moment {moment}; likes not heard by all {expected} streams of their audience: {short})")
for s in socks: s.close()
server.terminate(); server.wait(30); os.remove(db)
