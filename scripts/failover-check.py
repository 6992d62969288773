#!/usr/bin/env python3
"""The failover drill: the primary stopped under likes, its synchronous
standby promoted, and what the clients saw.

  scripts/cluster.sh --failover                    # starts primary, standby, instances and haproxy, runs this
  scripts/cluster.sh --standby -- python3 scripts/failover-check.py --after 20

Against a cluster scripts/cluster.sh --standby started (its CLUSTER_*
variables): like loops (`--writers`, each one its own (user, visible moment)
pairs, so each pair's likes and unlikes are sequential) send the app's
`updateMomentLike` through the balancer and directly to each instance, about
`--rate` in all; one SSE stream of `momentLikesChanged` is opened on each
instance, and each instance's `/readyz` is read every 100 ms. After
`--steady` seconds the primary is stopped (`pg_ctl stop -m immediate`),
`--promote-after` seconds later the standby is promoted (`pg_ctl promote -w`),
and the load goes on for `--after` seconds. Every like's send and answer
times, HTTP status and `errors[].extensions.code` are kept. The loops like
one half of their pairs before the stop and the other half (with every pair
of the streams' users) from the stop on, so the first half's last
acknowledged states are exactly what the standby had to have when it was
promoted.

It prints the timeline (times in seconds from the stop command) and fails
(exit 1) unless

1. every like was answered (any status) within `--request-timeout` + 1 s;
2. no like failed before the stop, and every failure after it is
   `DATABASE_UNAVAILABLE` (or, through the balancer, haproxy's own 503 while
   it had no instance up): an `INTERNAL_SERVER_ERROR`, another code, a
   dropped connection or a wrong answer fails;
3. a like was acknowledged through each instance and through the balancer
   within `--recovery` (10 s) of the promotion;
4. the promoted standby's `moment_likes` (psql) holds every acknowledged like
   and no acknowledged unlike, each pair's last acknowledged state (or the
   state of a later like whose answer was an error: its outcome is unknown);
5. each instance's `/readyz` was honest: `503` at some point between the
   stop and the promotion's end, or the instance answered likes
   `DATABASE_UNAVAILABLE` then (what was seen is printed); and `200` again
   after the promotion, to the end;
6. each stream stayed open and heard the likes made after recovery: every
   change of its user's pairs (a like or unlike acknowledged after one that
   was, so a change for certain) sent once its instance was ready again
   reached it within `--window` (2 s) of the acknowledgement (an event
   showing that state, or a later one), at least one of them.

Python 3.11 standard library; traffic to 127.0.0.1 only.
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from cluster_common import LIKE, TIMELINE, Connection, load_documents, moments_of, psql, sql_list
# likesCount too: another user's like of a moment changes the result, so it is sent.
SUBSCRIPTION = "subscription live($userID: ID!) { momentLikesChanged(userID: $userID) { id isLiked likesCount } }"
UNAVAILABLE = "DATABASE_UNAVAILABLE"
HAPROXY_503 = "HTTP 503 from haproxy (no instance up)"


@dataclass
class Target:
    name: str          # "haproxy" or bff1, bff2... (haproxy's names for the instances)
    url: str


@dataclass
class Op:
    """One like or unlike."""
    pair: tuple[str, str]
    state: bool
    target: str
    sent: float
    answered: float = float("inf")
    status: int = 0
    codes: list[str] = field(default_factory=list)   # why it was not acknowledged: extensions.code, or what happened
    messages: list[str] = field(default_factory=list)
    served: str = "?"
    acked: bool = False


@dataclass
class Stream:
    server: str
    user: str
    opened: float = float("inf")
    ended: float = float("inf")       # the server ended it (or it broke) before the drill's end
    end_reason: str = ""
    events: list[tuple[float, str, bool]] = field(default_factory=list)   # (received, moment, isLiked)


class Client(Connection):
    """One keep-alive connection, reopened after a failure; nothing is retried."""

    def post(self, operation: str, variables: dict) -> tuple[int, bytes, str]:
        try:
            return self.send(operation, variables)
        except BaseException:
            self.close()
            raise


class Drill:
    def __init__(self, a: argparse.Namespace, documents: dict[str, str]) -> None:
        self.a = a
        self.documents = documents
        self.instances = [Target(f"bff{i + 1}", u) for i, u in enumerate(a.instance_urls.split())]
        self.targets = [Target("haproxy", a.url)] + self.instances
        self.ops: list[Op] = []
        self.ops_lock = threading.Lock()
        self.initial: dict[tuple[str, str], bool] = {}
        self.pools: list[tuple[list, list]] = []          # per writer: (pairs before the stop, pairs from it on)
        self.users: list[str] = []
        self.user_pairs: dict[str, list[str]] = {}
        self.streams: list[Stream] = []
        self.stream_sockets: list[socket.socket] = []
        self.probes: dict[str, list[tuple[float, int]]] = {t.name: [] for t in self.instances}
        self.stopping = threading.Event()                  # the primary is being stopped: the second pools
        self.finish = threading.Event()                    # the load ends
        self.done = threading.Event()                      # probes and streams end
        self.t_stop = self.t_stopped = self.t_promote = self.t_promoted = self.t_load_end = 0.0
        self.t_start = 0.0

    def client(self, url: str) -> Client:
        return Client(url, self.documents, self.a.request_timeout + 2)

    # -- set-up --
    def choose_pairs(self) -> None:
        users = psql(self.a.database_url, "SELECT id FROM users ORDER BY id", timeout=30)
        draw = random.Random(self.a.seed)
        draw.shuffle(users)
        users = users[: self.a.max_users]
        client, pairs = self.client(self.a.url), []
        for user in users:
            status, data, _ = client.post(TIMELINE, {"userID": user, "withLikes": True})
            try:
                liked = moments_of(json.loads(data), TIMELINE)
            except ValueError:
                liked = None
            if status != 200 or liked is None:
                raise SystemExit(f"failover-check: user {user}'s timeline answered {status}: {data[:300]!r}")
            pairs += [((user, moment), state) for moment, state in liked.items()]
        client.close()
        draw.shuffle(pairs)
        pairs = pairs[: self.a.max_pairs]
        for pair, state in pairs:
            self.initial[pair] = state
            self.user_pairs.setdefault(pair[0], []).append(pair[1])
        self.users = sorted(self.user_pairs)
        # The streams' users (one per instance): their pairs are liked from the stop on, by every
        # loop (so through every route), for the streams to hear after recovery; the other
        # pairs alternately before the stop or from it on, spread over the loops.
        chosen = draw.sample(self.users, min(len(self.users), len(self.instances)))
        self.stream_users = [chosen[i % len(chosen)] for i in range(len(self.instances))]
        self.pools = [([], []) for _ in range(self.a.writers)]
        streamed = [p for p, _ in pairs if p[0] in self.stream_users]
        others = [p for p, _ in pairs if p[0] not in self.stream_users]
        for i, pair in enumerate(streamed):
            self.pools[i % self.a.writers][1].append(pair)
        for i, pair in enumerate(others):
            self.pools[(i // 2) % self.a.writers][i % 2].append(pair)
        if any(not before or not after for before, after in self.pools):
            raise SystemExit("failover-check: too few (user, visible moment) pairs for the writers")

    # -- the like loops --
    def writer(self, number: int) -> None:
        target = self.targets[number % len(self.targets)]
        before, after = self.pools[number]
        state_of = {pair: self.initial[pair] for pair in before + after}
        draw = random.Random(self.a.seed * 1000 + number)
        client = self.client(target.url)
        interval = self.a.writers / self.a.rate
        next_at = time.monotonic()
        while not self.finish.is_set():
            now = time.monotonic()
            if next_at > now:
                time.sleep(next_at - now)
                continue
            next_at = max(next_at + interval, now - interval)   # no burst to catch up after a slow answer
            pair = draw.choice(after if self.stopping.is_set() else before)
            state = not state_of[pair]
            state_of[pair] = state
            op = Op(pair, state, target.name, time.monotonic())
            try:
                op.status, data, op.served = client.post(LIKE, {"momentID": pair[1], "userID": pair[0], "isLiked": state})
                op.answered = time.monotonic()
                if target.name != "haproxy":
                    op.served = target.name
                try:
                    answer = json.loads(data)
                except ValueError:
                    answer = None
                shown = moments_of(answer, LIKE)
                if op.status == 200 and shown is not None and shown.get(pair[1]) is state:
                    op.acked = True
                elif isinstance(answer, dict) and answer.get("errors"):
                    errors = [e if isinstance(e, dict) else {} for e in answer["errors"]]
                    op.codes = [str((e.get("extensions") or {}).get("code", "no extensions.code")) for e in errors]
                    op.messages = [str(e.get("message"))[:200] for e in errors]
                elif answer is None and op.status == 503 and target.name == "haproxy" and op.served == "?":
                    op.codes = [HAPROXY_503]
                elif answer is None:
                    op.codes = [f"HTTP {op.status}, not JSON: {data[:80]!r}"]
                else:
                    op.codes = [f"wrong answer (HTTP {op.status}): {str(answer)[:160]}"]
            except socket.timeout:
                op.answered = time.monotonic()
                op.codes = [f"no answer within {client.timeout:g} s (client timeout)"]
            except (OSError, http.client.HTTPException) as e:
                op.answered = time.monotonic()
                op.codes = [f"transport: {type(e).__name__}"]
            with self.ops_lock:
                self.ops.append(op)
        client.close()

    # -- /readyz every 100 ms --
    def prober(self, target: Target) -> None:
        where = urlsplit(target.url)
        record = self.probes[target.name]
        while not self.done.is_set():
            at = time.monotonic()
            connection = http.client.HTTPConnection(where.hostname, where.port, timeout=1.0)
            try:
                connection.request("GET", "/readyz")
                status = connection.getresponse().status
            except (OSError, http.client.HTTPException):
                status = 0
            finally:
                connection.close()
            record.append((at, status))
            self.done.wait(max(0.0, at + 0.1 - time.monotonic()))

    # -- one stream per instance --
    def subscriber(self, stream: Stream, url: str, ready: threading.Event) -> None:
        where = urlsplit(url)
        connection = http.client.HTTPConnection(where.hostname, where.port, timeout=self.a.request_timeout + 2)
        body = json.dumps({"query": SUBSCRIPTION, "variables": {"userID": stream.user}}).encode()
        try:
            connection.request("POST", "/graphql", body=body,
                               headers={"Content-Type": "application/json", "Accept": "text/event-stream"})
            answer = connection.getresponse()
            if answer.status != 200:
                stream.ended, stream.end_reason = time.monotonic(), f"refused: HTTP {answer.status}"
                return
            stream.opened = time.monotonic()
            connection.sock.settimeout(None)   # blocking; `done` ends it by shutting the socket down
            self.stream_sockets.append(connection.sock)
            ready.set()
            event = ""
            while True:
                line = answer.fp.readline()
                if not line:
                    if not self.done.is_set():
                        stream.ended, stream.end_reason = time.monotonic(), "closed by the server"
                    break
                if line.startswith(b"event: "):
                    event = line[7:].strip().decode()
                    if event == "complete" and not self.done.is_set():
                        stream.ended, stream.end_reason = time.monotonic(), "ended by the server (event: complete)"
                elif line.startswith(b"data: ") and event == "next":
                    result = json.loads(line[6:])
                    if result.get("errors"):
                        stream.end_reason = f"error result: {str(result['errors'])[:200]}"
                        continue
                    data = result["data"]["momentLikesChanged"]
                    stream.events.append((time.monotonic(), data["id"], data["isLiked"]))
        except (OSError, ValueError, KeyError, TypeError, http.client.HTTPException) as e:
            if not self.done.is_set():
                stream.ended, stream.end_reason = time.monotonic(), f"{type(e).__name__}: {e}"
        finally:
            ready.set()
            connection.close()

    # -- PostgreSQL --
    def pg_ctl(self, *args: str) -> None:
        command = [os.path.join(self.a.pg_bin, "pg_ctl"), *args]
        if self.a.pg_user:
            command = ["runuser", "-u", self.a.pg_user, "--", *command]
        result = subprocess.run(command, capture_output=True, text=True, timeout=60)
        if result.returncode != 0:
            raise SystemExit(f"failover-check: {' '.join(command)} failed: {result.stdout}{result.stderr}")

    def run(self) -> None:
        threads = [threading.Thread(target=self.prober, args=(t,), daemon=True) for t in self.instances]
        for target, user in zip(self.instances, self.stream_users):
            stream, ready = Stream(target.name, user), threading.Event()
            self.streams.append(stream)
            threads.append(threading.Thread(target=self.subscriber, args=(stream, target.url, ready), daemon=True))
            threads[-1].start()
            ready.wait(self.a.request_timeout + 2)
        for t in threads[: len(self.instances)]:
            t.start()
        writers = [threading.Thread(target=self.writer, args=(i,), daemon=True) for i in range(self.a.writers)]
        self.t_start = time.monotonic()
        for t in writers:
            t.start()
        time.sleep(self.a.steady)
        self.stopping.set()
        self.t_stop = time.monotonic()
        self.pg_ctl("stop", "-D", self.a.primary_data, "-m", "immediate", "-w", "-t", "30")
        self.t_stopped = time.monotonic()
        time.sleep(max(0.0, self.t_stopped + self.a.promote_after - time.monotonic()))
        self.t_promote = time.monotonic()
        self.pg_ctl("promote", "-D", self.a.standby_data, "-w", "-t", "30")
        self.t_promoted = time.monotonic()
        time.sleep(self.a.after)
        self.finish.set()
        for t in writers:
            t.join(self.a.request_timeout + 5)
        self.t_load_end = time.monotonic()
        time.sleep(self.a.window)   # the last acknowledgements' window before the streams close
        self.done.set()
        for sock in self.stream_sockets:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        for t in threads:
            t.join(3)


def main(argv: list[str]) -> int:
    env = os.environ.get
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--url", default=env("CLUSTER_URL"), help="the load balancer ($CLUSTER_URL)")
    p.add_argument("--instance-urls", default=env("CLUSTER_INSTANCE_URLS"),
                   help="the instances, space separated, in haproxy's order ($CLUSTER_INSTANCE_URLS)")
    p.add_argument("--database-url", default=env("CLUSTER_DATABASE_URL"), help="the instances' URL ($CLUSTER_DATABASE_URL)")
    p.add_argument("--standby-database-url", default=env("CLUSTER_STANDBY_DATABASE_URL"),
                   help="the standby alone, read after its promotion ($CLUSTER_STANDBY_DATABASE_URL)")
    p.add_argument("--binary", default=env("CLUSTER_BINARY"), help="moments-bff, for the app's documents ($CLUSTER_BINARY)")
    p.add_argument("--pg-bin", default=env("CLUSTER_PG_BIN"), help="PostgreSQL's programs ($CLUSTER_PG_BIN)")
    p.add_argument("--pg-user", default=env("CLUSTER_PG_USER", ""), help="run pg_ctl as this user ($CLUSTER_PG_USER)")
    p.add_argument("--primary-data", default=env("CLUSTER_PRIMARY_DATA"), help="$CLUSTER_PRIMARY_DATA")
    p.add_argument("--standby-data", default=env("CLUSTER_STANDBY_DATA"), help="$CLUSTER_STANDBY_DATA")
    p.add_argument("--request-timeout", type=float, default=4.0, help="the instances' --request-timeout, seconds")
    p.add_argument("--writers", type=int, default=4, help="like loops, spread over the balancer and the instances")
    p.add_argument("--rate", type=float, default=80.0, help="likes and unlikes per second, all loops")
    p.add_argument("--steady", type=float, default=4.0, help="seconds of load before the stop")
    p.add_argument("--promote-after", type=float, default=1.0, help="seconds from the stop to the promotion")
    p.add_argument("--after", type=float, default=10.0, help="seconds of load after the promotion")
    p.add_argument("--recovery", type=float, default=10.0, help="a like acknowledged through each within this, seconds")
    p.add_argument("--window", type=float, default=2.0, help="a like after recovery reaches each stream within this")
    p.add_argument("--max-users", type=int, default=40)
    p.add_argument("--max-pairs", type=int, default=400)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--dump", help="write every like, stream event and probe to this JSON file (times from the stop)")
    a = p.parse_args(argv)
    for name in ("url", "instance_urls", "database_url", "standby_database_url", "binary", "pg_bin",
                 "primary_data", "standby_data"):
        if not getattr(a, name):
            p.error(f"--{name.replace('_', '-')} is needed (or run through scripts/cluster.sh --failover)")
    for url in [a.url] + a.instance_urls.split():
        if urlsplit(url).hostname not in ("127.0.0.1", "localhost", "::1"):
            p.error("only 127.0.0.1 is driven")
    a.writers = max(a.writers, len(a.instance_urls.split()) + 1)

    drill = Drill(a, load_documents(a.binary))
    drill.choose_pairs()
    print(f"failover-check: {len(drill.initial)} (user, moment) pairs of {len(drill.users)} users; {a.writers} like loops "
          f"({', '.join(drill.targets[i % len(drill.targets)].name for i in range(a.writers))}), ~{a.rate:g} likes/s; "
          f"request timeout {a.request_timeout:g} s; {a.steady:g} s, stop, {a.promote_after:g} s, promote, {a.after:g} s",
          flush=True)
    drill.run()
    if a.dump:
        dump(drill, a.dump)
    return report(drill)


def dump(d: Drill, path: str) -> None:
    t0 = d.t_stop

    def rel(t: float) -> float | None:
        return None if t == float("inf") else round(t - t0, 4)

    with open(path, "w") as f:
        json.dump({
            "times": {"start": rel(d.t_start), "stop": 0.0, "stopped": rel(d.t_stopped), "promote": rel(d.t_promote),
                      "promoted": rel(d.t_promoted), "load_end": rel(d.t_load_end)},
            "likes": [{"user": o.pair[0], "moment": o.pair[1], "isLiked": o.state, "target": o.target, "served": o.served,
                       "sent": rel(o.sent), "answered": rel(o.answered), "status": o.status, "acked": o.acked,
                       "codes": o.codes, "messages": o.messages} for o in sorted(d.ops, key=lambda o: o.sent)],
            "streams": [{"server": st.server, "user": st.user, "opened": rel(st.opened), "ended": rel(st.ended),
                         "end_reason": st.end_reason,
                         "events": [[rel(t), m, liked] for t, m, liked in st.events]} for st in d.streams],
            "readyz": {name: [[rel(t), s] for t, s in record] for name, record in d.probes.items()},
        }, f, indent=1)


def report(d: Drill) -> int:
    a = d.a
    t0 = d.t_stop

    def at(t: float) -> str:
        return f"{t - t0:+.3f} s"

    failures: list[str] = []
    ops = sorted(d.ops, key=lambda o: o.sent)
    acked = [o for o in ops if o.acked]
    failed = [o for o in ops if not o.acked]
    print(f"  timeline (from the stop command; load from {at(d.t_start)}):")
    print(f"    {at(d.t_stop)}  pg_ctl stop -m immediate (the primary); returned {at(d.t_stopped)}")
    print(f"    {at(d.t_promote)}  pg_ctl promote -w (the standby); returned {at(d.t_promoted)}")
    print(f"    {at(d.t_load_end)}  load stopped")

    # -- likes --
    before = [o for o in acked if o.answered <= d.t_promote]
    after = [o for o in acked if o.answered > d.t_promote]
    print(f"  likes: {len(ops)} sent, {len(acked)} acknowledged, {len(failed)} not")
    if before and after:
        last, first = max(before, key=lambda o: o.answered), min(after, key=lambda o: o.answered)
        print(f"    last acknowledged before: {at(last.answered)} (sent {at(last.sent)}, through {last.target}, by {last.served}); "
              f"first after: {at(first.answered)} (through {first.target}, by {first.served}), "
              f"{first.answered - d.t_promoted:.3f} s after the promotion returned; gap {first.answered - last.answered:.3f} s")
    for target in d.targets:
        mine_b = [o.answered for o in before if o.target == target.name]
        mine_a = [o.answered for o in after if o.target == target.name]
        first_after = min(mine_a) if mine_a else None
        print(f"    through {target.name}: last acknowledged before {at(max(mine_b)) if mine_b else 'none'}, first after "
              f"{at(first_after) if first_after else 'NONE'}"
              + (f" ({first_after - d.t_promoted:.3f} s after the promotion)" if first_after else ""))
        if first_after is None or first_after - d.t_promoted > a.recovery:
            failures.append(f"no like acknowledged through {target.name} within {a.recovery:g} s of the promotion")
    by_served: dict[str, list[float]] = {}
    for o in after:
        by_served.setdefault(o.served, []).append(o.answered)
    print("    first acknowledged after the promotion by each instance (any route): "
          + ", ".join(f"{s} {at(min(ts))}" for s, ts in sorted(by_served.items())))

    codes: dict[str, list[Op]] = {}
    for o in failed:
        for c in set(o.codes):
            codes.setdefault(c, []).append(o)
    for c, os_ in sorted(codes.items(), key=lambda kv: -len(kv[1])):
        routes = sorted({o.target for o in os_})
        took = max(o.answered - o.sent for o in os_)
        message = next((m for o in os_ for code, m in zip(o.codes, o.messages) if code == c), "")
        print(f"    failed with {c}: {len(os_)} (answered {at(min(o.answered for o in os_))} .. "
              f"{at(max(o.answered for o in os_))}, through {', '.join(routes)}; slowest {took:.3f} s)"
              + (f": {message!r}" if message and c != UNAVAILABLE else ""))
    early = [o for o in failed if o.answered < d.t_stop]
    if early:
        failures.append(f"{len(early)} likes failed before the primary was stopped, first: {early[0].codes}")
    wrong = [(c, o) for c, os_ in codes.items() for o in os_ if c not in (UNAVAILABLE, HAPROXY_503) and o.answered >= d.t_stop]
    if wrong:
        failures.append(f"{len(wrong)} likes failed with something other than {UNAVAILABLE}:")
        seen = set()
        for c, o in wrong:
            if c not in seen:
                seen.add(c)
                message = next((m for code, m in zip(o.codes, o.messages) if code == c), "")
                failures.append(f"    {c} (through {o.target}, by {o.served}, sent {at(o.sent)}, answered "
                                f"{at(o.answered)}){': ' + repr(message) if message else ''}")
    haproxy_direct = [o for o in codes.get(HAPROXY_503, [])]
    if haproxy_direct:
        print(f"    ({HAPROXY_503}: haproxy had marked every instance down after its /readyz checks)")
    bound = a.request_timeout + 1
    slow = [o for o in ops if o.answered - o.sent > bound]
    slowest = max(ops, key=lambda o: o.answered - o.sent) if ops else None
    if slowest:
        print(f"    slowest answer: {slowest.answered - slowest.sent:.3f} s (sent {at(slowest.sent)} through "
              f"{slowest.target}: {'acknowledged' if slowest.acked else slowest.codes})")
    if slow:
        failures.append(f"{len(slow)} likes not answered within --request-timeout + 1 s ({bound:g} s), the first "
                        f"sent {at(slow[0].sent)} through {slow[0].target}")

    # -- /readyz --
    print("  /readyz (every 100 ms; 0: no answer):")
    for target in d.instances:
        record = d.probes[target.name]
        transitions, last = [], None
        for t, status in record:
            if status != last:
                transitions.append((t, status))
                last = status
        print(f"    {target.name}: " + ", ".join(f"{s} from {at(t)}" for t, s in transitions))
        saw_503 = any(s == 503 for t, s in record if d.t_stop <= t <= d.t_promoted)
        unavailable = [o for o in failed if UNAVAILABLE in o.codes and o.served == target.name
                       and d.t_stop <= o.answered <= d.t_promoted + 1]
        back = [t for t, s in record if t > d.t_promoted and s == 200]
        after_back = [s for t, s in record if back and t >= back[0]]
        again = f"{at(back[0])}, {back[0] - d.t_promoted:.3f} s after the promotion" if back else "NEVER"
        print(f"      503 between the stop and the promotion's end: {'yes' if saw_503 else 'no'}; "
              f"{UNAVAILABLE} answers by it then: {len(unavailable)}; 200 again from {again}")
        if not saw_503 and not unavailable:
            failures.append(f"{target.name}: neither /readyz 503 nor {UNAVAILABLE} between the stop and the promotion")
        if not back:
            failures.append(f"{target.name}: /readyz never 200 again after the promotion")
        elif any(s != 200 for s in after_back):
            failures.append(f"{target.name}: /readyz not 200 throughout once back ({sorted(set(after_back))})")
        if any(s != 200 for t, s in record if t < d.t_stop):
            failures.append(f"{target.name}: /readyz not 200 before the stop")

    # -- streams --
    print(f"  streams (one per instance, opened before the stop; changes sent once its instance was ready "
          f"again must arrive within {a.window:g} s):")
    for stream in d.streams:
        record = d.probes[stream.server]
        back = next((t for t, s in record if t > d.t_promoted and s == 200), None)
        heard_after = [e for e in stream.events if e[0] > d.t_promoted]
        owed = heard = 0
        latencies, missed = [], []
        if back is not None:
            for moment in d.user_pairs.get(stream.user, []):
                pair = (stream.user, moment)
                history = [o for o in ops if o.pair == pair]
                events = [(t, s) for t, m, s in stream.events if m == moment]
                for k, o in enumerate(history):
                    if not o.acked or o.sent < back or o.answered > d.t_load_end:
                        continue
                    # A change only if the state before it is known (the previous operation was
                    # acknowledged, or there was none) and differs: after an error it is unknown.
                    if k > 0 and not history[k - 1].acked:
                        continue
                    if (history[k - 1].state if k > 0 else d.initial[pair]) == o.state:
                        continue
                    owed += 1
                    later = history[k + 1:]
                    match = next((t for t, s in events if o.sent <= t <= o.answered + a.window
                                  and (s == o.state or any(l.state == s and l.sent <= t for l in later))), None)
                    if match is None:
                        missed.append(f"moment {moment} isLiked={o.state} (through {o.target}, by {o.served}, "
                                      f"acknowledged {at(o.answered)})")
                    else:
                        heard += 1
                        latencies.append(max(0.0, match - o.answered))
        latencies.sort()
        print(f"    {stream.server} (user {stream.user}): {len(stream.events)} events, "
              f"{len([e for e in stream.events if e[0] < d.t_stop])} before the stop, {len(heard_after)} after the "
              f"promotion (first {at(heard_after[0][0]) if heard_after else 'NONE'}); "
              f"{heard} of {owed} changes owed heard"
              + (f", {latencies[len(latencies) // 2] * 1000:.1f} ms median, {latencies[-1] * 1000:.1f} ms at most "
                 f"after the acknowledgement" if latencies else "")
              + (f"; {stream.end_reason} at {at(stream.ended)}" if stream.end_reason else ""))
        if stream.ended != float("inf"):
            failures.append(f"stream on {stream.server}: {stream.end_reason} at {at(stream.ended)}")
        elif stream.end_reason:
            failures.append(f"stream on {stream.server}: {stream.end_reason}")
        if not heard_after:
            failures.append(f"stream on {stream.server} heard no like made after the promotion")
        if owed == 0:
            failures.append(f"stream on {stream.server}: no change of user {stream.user}'s pairs owed to it "
                            f"after recovery (the check tested nothing)")
        if missed:
            failures.append(f"stream on {stream.server} missed {len(missed)} changes made after recovery:")
            failures += ["    " + m for m in missed[:5]]

    # -- the promoted standby's moment_likes --
    by_pair: dict[tuple[str, str], list[Op]] = {}
    for o in ops:
        by_pair.setdefault(o.pair, []).append(o)
    allowed: dict[tuple[str, str], set[bool]] = {}
    frozen = 0
    for pair, state in d.initial.items():
        history = by_pair.get(pair, [])
        last = max((k for k, o in enumerate(history) if o.acked), default=None)
        states = {history[last].state if last is not None else state}
        states |= {o.state for o in history[(last + 1 if last is not None else 0):]}   # unknown outcomes
        allowed[pair] = states
        frozen += bool(history) and history[-1].sent < d.t_stop and last is not None
    try:
        recovery = psql(a.standby_database_url, "SELECT pg_is_in_recovery()", timeout=30)
        rows = psql(a.standby_database_url, "SELECT moment_id || ' ' || user_id FROM moment_likes WHERE user_id IN ("
                    + sql_list(d.users) + ")", timeout=30)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as e:
        failures.append(f"the promoted standby could not be read: {e}")
        recovery, rows = ["?"], []
    present = {tuple(reversed(r.split(" ", 1))) for r in rows}
    lost = [pair for pair, states in sorted(allowed.items()) if len(states) == 1 and (pair in present) not in states]
    lost_frozen = [pair for pair in lost if by_pair.get(pair) and by_pair[pair][-1].sent < d.t_stop]
    print(f"  the promoted standby (pg_is_in_recovery {recovery[0] if recovery else '?'}): {len(allowed)} pairs, "
          f"{sum(len(s) == 1 for s in allowed.values())} with a known state ({frozen} last written and acknowledged "
          f"before the stop); {len(lost)} differ from the last acknowledged state ({len(lost_frozen)} of those before the stop)")
    if recovery and recovery[0] != "f":
        failures.append("the standby is still in recovery after pg_ctl promote")
    for pair in lost[:10]:
        what = "acknowledged like missing" if True in allowed[pair] else "acknowledged unlike undone"
        failures.append(f"database: user {pair[0]}, moment {pair[1]}: {what}")
    if not before or not acked:
        failures.append("no like was acknowledged before the stop: the drill tested nothing")

    for f in failures:
        print("  FAIL: " + f)
    print("failover-check: " + ("FAILED" if failures else "passed"), flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
