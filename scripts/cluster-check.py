#!/usr/bin/env python3
"""Consistency through the load balancer: no acknowledged like lost, no read
staler than the documented window.

  scripts/cluster.sh --check                       # starts the cluster, runs this for 20 s
  scripts/cluster.sh -- python3 scripts/cluster-check.py --duration 30 --window 1

Against a running cluster (`--url`, default $CLUSTER_URL), for `--duration`
seconds: writer threads send the app's `updateMomentLike` (likes and unlikes)
for (user, visible moment) pairs, each pair owned by one writer so its
operations are sequential, at about `--write-rate` per second in all; reader
threads read those users' timelines (the app's `getMomentsDetailsByUserID`
with likes) as fast as they can. Every request goes through the balancer, so
a like acknowledged by one instance is read back from the others. Afterwards:

1. every read is checked against the writes: a read that starts more than
   `--window` seconds after a like or unlike was acknowledged must not show
   the pair's state from before it (states written by requests sent before
   the read ended are allowed too: they may have committed first);
2. after the window, every pair's timeline is read through every instance
   and must show the last acknowledged state;
3. in the database (`--database-url`, default $CLUSTER_DATABASE_URL, read
   with psql) every pair's like is present exactly when the last
   acknowledged operation was a like: no acknowledged like lost, no
   acknowledged unlike undone;
4. live likes: `--subscribers` streams of `momentLikesChanged` (SSE, through
   the balancer, so on every instance) for the checked users, opened before
   the load: every like or unlike that changed a pair's state must reach
   every stream of that user within `--window` of its acknowledgement,
   whichever instance acknowledged it (an event showing that state, or a
   later one already sent).

The window is docs/storage.md's ("Staleness window"): a notification is
delivered in 1-2 ms, the tests assert at most 1 s, so `--window` is 1 s. The
largest staleness seen is printed whatever it is. Times are taken before a
request is sent and after its answer is read, which can only make the check
more lenient, never report a violation that did not happen. Every request,
like or read, must answer 200 without errors (`--max-errors`). The app's two
documents come from `moments-bff manifest` (`--binary`, default
$CLUSTER_BINARY). Python 3.11 standard library; traffic to 127.0.0.1 only.
"""
from __future__ import annotations

import argparse
import bisect
import http.client
import json
import os
import random
import socket
import sys
import threading
import time
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from cluster_common import LIKE, TIMELINE, Connection, load_documents, moments_of, psql, sql_list


@dataclass
class Op:
    """One like or unlike of a pair."""
    state: bool
    sent: float
    acked: float | None = None     # None: no acknowledgement (error or wrong answer)
    server: str = "?"


@dataclass
class Read:
    user: str
    start: float
    end: float
    server: str
    liked: dict[str, bool]         # moment -> isLiked as shown


@dataclass
class Stream:
    """A subscriber's SSE stream: which instance serves it, and what it heard."""
    user: str
    server: str = "?"
    opened: float = float("inf")
    closed: float = float("inf")
    events: list[tuple[float, str, bool]] = field(default_factory=list)   # (received, moment, isLiked)


SUBSCRIPTION = "subscription live($userID: ID!) { momentLikesChanged(userID: $userID) { id isLiked } }"


@dataclass
class Stats:
    errors: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def error(self, text: str) -> None:
        with self.lock:
            self.errors.append(text)


class Client(Connection):
    """One keep-alive connection to the balancer, reopened after a failure."""

    def graphql(self, operation: str, variables: dict) -> tuple[int, dict | None, str]:
        for attempt in (1, 2):
            try:
                status, data, server = self.send(operation, variables)
                try:
                    return status, json.loads(data), server
                except ValueError:
                    return status, None, server
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError) as e:
                # A keep-alive connection the other side closed before this request:
                # nothing was sent to an instance for a read; a like is not retried
                # (it may have been applied) but reported.
                self.close()
                if attempt == 2 or operation == LIKE:
                    raise ConnectionError(f"{type(e).__name__}: {e}") from e
        raise AssertionError("unreachable")


class Check:
    def __init__(self, a: argparse.Namespace, documents: dict[str, str]) -> None:
        self.a = a
        self.documents = documents
        self.stats = Stats()
        self.ops: dict[tuple[str, str], list[Op]] = {}   # (user, moment) -> operations, in order
        self.reads: list[Read] = []
        self.reads_lock = threading.Lock()
        self.users: list[str] = []
        self.user_pairs: dict[str, list[str]] = {}          # user -> moments of the pairs
        self.retired: set[tuple[str, str]] = set()          # pairs with an unacknowledged operation
        self.streams: list[Stream] = []
        self.stream_sockets: list = []
        self.stop_streams = threading.Event()

    def client(self) -> Client:
        return Client(self.a.url, self.documents, self.a.timeout)

    # -- set-up: the users, their visible moments and the likes they have now --
    def choose_pairs(self) -> None:
        if self.a.users:
            users = [u for u in self.a.users.split(",") if u]
        else:
            users = psql(self.a.database_url, "SELECT id FROM users ORDER BY id")
        draw = random.Random(self.a.seed)
        draw.shuffle(users)
        users = users[: self.a.max_users]
        client, pairs = self.client(), []
        for user in users:
            status, answer, _ = client.graphql(TIMELINE, {"userID": user, "withLikes": True})
            liked = moments_of(answer, TIMELINE)
            if status != 200 or liked is None:
                raise SystemExit(f"cluster-check: user {user}'s timeline answered {status}: {answer}")
            pairs += [(user, moment, state) for moment, state in liked.items()]
        client.close()
        draw.shuffle(pairs)
        for user, moment, state in pairs[: self.a.max_pairs]:
            self.ops[(user, moment)] = [Op(state, float("-inf"), float("-inf"), "initial")]
            self.user_pairs.setdefault(user, []).append(moment)
        self.users = sorted(self.user_pairs)
        if not self.ops:
            raise SystemExit("cluster-check: no (user, visible moment) pairs to like")

    # -- the load --
    def writer(self, number: int, deadline: float) -> None:
        mine = [p for i, p in enumerate(sorted(self.ops)) if i % self.a.writers == number]
        draw = random.Random(self.a.seed * 1000 + number)
        client = self.client()
        interval = self.a.writers / self.a.write_rate
        next_at = time.monotonic()
        while mine:
            now = time.monotonic()
            if now >= deadline:
                break
            if next_at > now:
                time.sleep(min(next_at - now, deadline - now))
                continue
            next_at += interval
            pair = draw.choice(mine)
            history = self.ops[pair]
            # Mostly a toggle; sometimes the same state again (a like of a liked moment keeps the first).
            state = (not history[-1].state) if draw.random() < 0.8 else history[-1].state
            op = Op(state, time.monotonic())
            try:
                status, answer, server = client.graphql(LIKE, {"momentID": pair[1], "userID": pair[0], "isLiked": state})
            except (OSError, ConnectionError) as e:
                status, answer, server = 0, {"transport": str(e)}, "?"
            end = time.monotonic()
            op.server = server
            shown = moments_of(answer, LIKE)
            if status == 200 and shown is not None and shown.get(pair[1]) is state:
                op.acked = end
            else:
                self.stats.error(f"like {pair} -> {state}: status {status}, answer {str(answer)[:300]}")
                mine.remove(pair)           # unknown outcome: the pair is no longer checked strictly
                self.retired.add(pair)
            history.append(op)
        client.close()

    def reader(self, number: int, deadline: float) -> None:
        draw = random.Random(self.a.seed * 1000 + 500 + number)
        client = self.client()
        while time.monotonic() < deadline:
            user = draw.choice(self.users)
            start = time.monotonic()
            try:
                status, answer, server = client.graphql(TIMELINE, {"userID": user, "withLikes": True})
            except (OSError, ConnectionError) as e:
                status, answer, server = 0, {"transport": str(e)}, "?"
            end = time.monotonic()
            liked = moments_of(answer, TIMELINE)
            if status != 200 or liked is None:
                self.stats.error(f"read of {user}: status {status}, answer {str(answer)[:300]}")
                continue
            with self.reads_lock:
                self.reads.append(Read(user, start, end, server, liked))
        client.close()

    # -- live likes: subscribers through the balancer --
    def subscriber(self, stream: Stream, ready: threading.Event) -> None:
        target = urlsplit(self.a.url)
        connection = http.client.HTTPConnection(target.hostname, target.port, timeout=1.0)
        body = json.dumps({"query": SUBSCRIPTION, "variables": {"userID": stream.user}}).encode()
        try:
            connection.request("POST", "/graphql", body=body,
                               headers={"Content-Type": "application/json", "Accept": "text/event-stream"})
            answer = connection.getresponse()
            stream.server = answer.getheader("X-Served-By") or "?"
            if answer.status != 200:
                self.stats.error(f"subscription of {stream.user}: status {answer.status}")
                return
            stream.opened = time.monotonic()
            # Blocking reads from now on: `stop_streams` ends them by shutting the socket down.
            connection.sock.settimeout(None)
            with self.reads_lock:
                self.stream_sockets.append(connection.sock)
            ready.set()
            while not self.stop_streams.is_set():
                line = answer.fp.readline()
                if not line:
                    break
                if line.startswith(b"data: "):
                    data = json.loads(line[6:])["data"]["momentLikesChanged"]
                    stream.events.append((time.monotonic(), data["id"], data["isLiked"]))
        except (OSError, ValueError, KeyError, TypeError) as e:
            if not self.stop_streams.is_set():
                self.stats.error(f"subscription of {stream.user}: {type(e).__name__}: {e}")
        finally:
            stream.closed = time.monotonic()
            ready.set()
            connection.close()

    def start_streams(self) -> list[threading.Thread]:
        threads = []
        for number in range(self.a.subscribers):
            stream, ready = Stream(self.users[number % len(self.users)]), threading.Event()
            self.streams.append(stream)
            thread = threading.Thread(target=self.subscriber, args=(stream, ready), daemon=True)
            thread.start()
            ready.wait(self.a.timeout)
            threads.append(thread)
        return threads

    def check_streams(self) -> dict:
        """Every acknowledged change of a subscriber's pairs reached it within the window."""
        window, checked, cross, latencies, missed = self.a.window, 0, 0, [], []
        for stream in self.streams:
            for moment in self.user_pairs.get(stream.user, []):
                ops = self.ops[(stream.user, moment)]
                heard = [(t, state) for t, m, state in stream.events if m == moment]
                for k in range(1, len(ops)):
                    op = ops[k]
                    if op.acked is None or op.state == ops[k - 1].state:
                        continue        # unknown outcome, or nothing changed: no event is owed
                    if op.sent < stream.opened or op.acked + window > stream.closed:
                        continue        # not wholly within the stream's life
                    checked += 1
                    cross += op.server != stream.server
                    later = ops[k + 1:]
                    match = next((t for t, state in heard if t >= op.sent and t <= op.acked + window
                                  and (state == op.state or any(o.state == state and o.sent <= t for o in later))), None)
                    if match is None:
                        missed.append(f"{stream.user}'s stream on {stream.server} did not hear moment {moment} "
                                      f"isLiked={op.state} (acknowledged by {op.server}) within {window:g} s")
                    else:
                        latencies.append(max(0.0, match - op.acked))
        latencies.sort()
        return {"checked": checked, "cross": cross, "missed": missed,
                "max": latencies[-1] if latencies else 0.0,
                "median": latencies[len(latencies) // 2] if latencies else 0.0}

    def run_load(self) -> float:
        started = time.monotonic()
        deadline = started + self.a.duration
        threads = [threading.Thread(target=self.writer, args=(i, deadline), daemon=True) for i in range(self.a.writers)]
        threads += [threading.Thread(target=self.reader, args=(i, deadline), daemon=True) for i in range(self.a.readers)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(self.a.duration + 3 * self.a.timeout)
        if any(t.is_alive() for t in threads):
            self.stats.error("a client thread did not finish in time")
        return time.monotonic() - started

    # -- 1. every read against the writes --
    def check_reads(self) -> dict:
        window = self.a.window
        acked_times = {pair: [op.acked if op.acked is not None else float("inf") for op in ops]
                       for pair, ops in self.ops.items()}
        checked = strict = cross = stale = 0
        max_lag = 0.0
        violations: list[str] = []
        for read in self.reads:
            for moment in self.user_pairs.get(read.user, []):
                pair = (read.user, moment)
                if moment not in read.liked:
                    violations.append(f"{read.user}'s timeline at {read.start:.3f} lacks moment {moment}")
                    continue
                ops, acked = self.ops[pair], acked_times[pair]
                shown = read.liked[moment]
                checked += 1
                # k: the last operation acknowledged at least `window` before the read started.
                # Operations are sequential per pair, so acknowledgements are in order.
                k = bisect.bisect_right(acked, read.start - window) - 1
                later = {op.state for op in ops[k + 1:] if op.sent <= read.end}
                allowed = {ops[k].state} | later
                if len(allowed) == 1:
                    strict += 1
                    if ops[k].server not in ("initial", read.server):
                        cross += 1
                if shown not in allowed:
                    since = "the start" if k == 0 else f"{read.start - ops[k].acked:.3f} s before, by {ops[k].server}"
                    violations.append(
                        f"{read.user}'s read at {read.start:.3f} (by {read.server}) shows moment {moment} "
                        f"isLiked={shown}, but the state acknowledged {since} was {ops[k].state}")
                # Staleness as seen: the read missed the last acknowledgement before it started.
                j = bisect.bisect_right(acked, read.start) - 1
                if shown != ops[j].state and shown not in {op.state for op in ops[j + 1:] if op.sent <= read.end}:
                    stale += 1
                    max_lag = max(max_lag, read.start - ops[j].acked)
        return {"checked": checked, "strict": strict, "cross": cross, "stale": stale, "max_lag": max_lag,
                "violations": violations}

    def expected(self) -> dict[tuple[str, str], bool]:
        """The last acknowledged state of every pair still checked."""
        return {pair: ops[-1].state for pair, ops in self.ops.items() if pair not in self.retired}

    # -- 2. after the window, through every instance --
    def final_reads(self) -> tuple[int, set[str], list[str]]:
        last_ack = max((op.acked for ops in self.ops.values() for op in ops if op.acked is not None), default=0.0)
        wait = last_ack + self.a.window - time.monotonic()
        if wait > 0:
            time.sleep(wait)   # the documented window itself, not a guess at readiness
        expected, problems, servers, reads = self.expected(), [], set(), 0
        client = self.client()
        for user in self.users:
            seen: set[str] = set()
            # Round robin: `instances` reads in a row reach every instance; a few more if not.
            for _ in range(4 * self.a.instances):
                if len(seen) >= self.a.instances:
                    break
                status, answer, server = client.graphql(TIMELINE, {"userID": user, "withLikes": True})
                reads += 1
                seen.add(server)
                liked = moments_of(answer, TIMELINE)
                if status != 200 or liked is None:
                    problems.append(f"final read of {user} by {server}: status {status}")
                    continue
                for moment in self.user_pairs[user]:
                    want = expected.get((user, moment))
                    if want is not None and liked.get(moment) is not want:
                        problems.append(f"final read of {user} by {server}: moment {moment} isLiked="
                                        f"{liked.get(moment)}, last acknowledged {want}")
            servers |= seen
        client.close()
        return reads, servers, problems

    # -- 3. in the database --
    def database(self) -> list[str]:
        expected = self.expected()
        rows = psql(self.a.database_url, "SELECT moment_id || ' ' || user_id FROM moment_likes WHERE user_id IN ("
                    + sql_list(self.users) + ")")
        present = {tuple(reversed(r.split(" ", 1))) for r in rows}   # (user, moment)
        problems = []
        for pair, want in sorted(expected.items()):
            if (pair in present) != want:
                what = "acknowledged like missing" if want else "acknowledged unlike undone"
                problems.append(f"database: user {pair[0]}, moment {pair[1]}: {what}")
        return problems


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--url", default=os.environ.get("CLUSTER_URL"), help="the load balancer ($CLUSTER_URL)")
    p.add_argument("--database-url", default=os.environ.get("CLUSTER_DATABASE_URL"),
                   help="the PostgreSQL database behind it ($CLUSTER_DATABASE_URL); checked with psql")
    p.add_argument("--binary", default=os.environ.get("CLUSTER_BINARY"),
                   help="moments-bff, for the app's documents ($CLUSTER_BINARY)")
    p.add_argument("--instances", type=int, default=int(os.environ.get("CLUSTER_INSTANCES", "2")),
                   help="instances behind the balancer ($CLUSTER_INSTANCES)")
    p.add_argument("--duration", type=float, default=20.0, help="seconds of load")
    p.add_argument("--window", type=float, default=1.0, help="the staleness window, seconds (docs/storage.md)")
    p.add_argument("--writers", type=int, default=4)
    p.add_argument("--readers", type=int, default=4)
    p.add_argument("--write-rate", type=float, default=100.0, help="likes and unlikes per second, all writers")
    p.add_argument("--users", help="comma separated user ids (default: from the database)")
    p.add_argument("--max-users", type=int, default=40)
    p.add_argument("--max-pairs", type=int, default=400)
    p.add_argument("--max-errors", type=int, default=0, help="failed or wrong answers tolerated")
    p.add_argument("--timeout", type=float, default=10.0, help="per request, seconds")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--subscribers", type=int, default=4, help="SSE streams of momentLikesChanged (0: none)")
    a = p.parse_args(argv)
    for name in ("url", "database_url", "binary"):
        if not getattr(a, name):
            p.error(f"--{name.replace('_', '-')} is needed (or run through scripts/cluster.sh)")
    if urlsplit(a.url).hostname not in ("127.0.0.1", "localhost", "::1"):
        p.error("only 127.0.0.1 is driven")

    check = Check(a, load_documents(a.binary))
    check.choose_pairs()
    print(f"cluster-check: {len(check.ops)} (user, moment) pairs of {len(check.users)} users through {a.url}, "
          f"{a.instances} instances, {a.duration:g} s: {a.writers} writers (~{a.write_rate:g} likes/s), "
          f"{a.readers} readers, window {a.window:g} s", flush=True)
    stream_threads = check.start_streams()
    elapsed = check.run_load()
    # The last acknowledgements get their window before the streams close.
    time.sleep(a.window if stream_threads else 0)
    check.stop_streams.set()
    for sock in check.stream_sockets:
        try:
            sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
    for thread in stream_threads:
        thread.join(3)
    acked = sum(1 for ops in check.ops.values() for op in ops[1:] if op.acked is not None)
    unacked = sum(1 for ops in check.ops.values() for op in ops[1:] if op.acked is None)
    by_server: dict[str, int] = {}
    for read in check.reads:
        by_server[read.server] = by_server.get(read.server, 0) + 1
    print(f"  load: {acked} likes/unlikes acknowledged, {unacked} not; {len(check.reads)} reads "
          f"({', '.join(f'{s} {n}' for s, n in sorted(by_server.items()))}) in {elapsed:.1f} s", flush=True)

    r = check.check_reads()
    print(f"  reads: {r['checked']} pair states checked, {r['strict']} with one state allowed "
          f"({r['cross']} of those after a write acknowledged by another instance); "
          f"{r['stale']} showed a state older than the last acknowledgement, the oldest by "
          f"{r['max_lag'] * 1000:.1f} ms; beyond the {a.window:g} s window: {len(r['violations'])}", flush=True)
    final_reads, servers, final_problems = check.final_reads()
    print(f"  after the window: {final_reads} reads by {', '.join(sorted(servers))}: "
          f"{len(final_problems)} differ from the last acknowledged state", flush=True)
    db_problems = check.database()
    print(f"  database: {len(check.expected())} pairs, {len(db_problems)} differ from the last acknowledged "
          f"state (lost likes or undone unlikes)", flush=True)

    live = check.check_streams()
    if check.streams:
        print(f"  live likes: {len(check.streams)} streams on {', '.join(sorted({st.server for st in check.streams}))}, "
              f"{sum(len(st.events) for st in check.streams)} events; {live['checked']} changes owed to a stream "
              f"({live['cross']} acknowledged by another instance), heard after the acknowledgement in "
              f"{live['median'] * 1000:.1f} ms median, {live['max'] * 1000:.1f} ms at most; "
              f"missed within the {a.window:g} s window: {len(live['missed'])}", flush=True)

    failures = []
    errors = check.stats.errors
    if len(errors) > a.max_errors:
        failures.append(f"{len(errors)} requests failed or answered wrongly (at most {a.max_errors}):")
        failures += ["    " + e for e in errors[:10]]
    if r["violations"]:
        failures.append(f"{len(r['violations'])} reads staler than the window:")
        failures += ["    " + v for v in r["violations"][:10]]
    failures += final_problems[:10] + db_problems[:10]
    if len(servers) < a.instances:
        failures.append(f"the final reads reached {len(servers)} instances of {a.instances}")
    if a.instances > 1 and r["cross"] == 0:
        failures.append("no read was checked after a write acknowledged by another instance: the check tested nothing")
    if acked == 0:
        failures.append("no like was acknowledged")
    if live["missed"]:
        failures.append(f"{len(live['missed'])} changes did not reach a subscriber within the window:")
        failures += ["    " + m for m in live["missed"][:10]]
    if check.streams and a.instances > 1 and live["cross"] == 0:
        failures.append("no change reached a stream from another instance: the live check tested nothing")
    for f in failures:
        print("  FAIL: " + f)
    print("cluster-check: " + ("FAILED" if failures else "passed"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
