#!/usr/bin/env python3
"""Measure our server beside nginx answering the same bytes (and any peers).

  bench.py app  --binary .build/release/moments-bff       [options]   # scripts/bench.sh
  bench.py http --binary .build/release/http-bench-server [options]   # scripts/bench-http.sh

For every round, every workload, every server (ours, nginx, then the peers,
the same order each round): start the server (a fresh copy of the workload's
database), check its answer to the workload's sample request, warm up with
wrk checking every response, measure with wrk, read the peak RSS of its
processes, stop it by PID. nginx answers every request with the response our
server gave to the sample request (status, headers, body bytes), captured
before the first round. Traffic goes to 127.0.0.1 only; the databases, the
nginx configurations and the server logs live in a temporary directory.

A compressed workload (feed-gzip: feed with Accept-Encoding: gzip) has two
ceilings: nginx, which then sends our compressed bytes (precompressed: the
limit), and nginx-gzip (nginx-br), nginx given our plain answer and
compressing it on the fly at our level. Before the rounds, the sizes of the
plain, gzip and br answers of feed and feed-synthetic are printed.
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import shlex
import shutil
import signal
import sys
import tempfile
import time
from dataclasses import asdict
from pathlib import Path

from ceiling import missing_compressor, start_ceiling
from client import Response, same_answer, same_bytes, send, with_header
from loadgen import LoadSettings, run_wrk
from processes import ServerProcess, free_port, machine_busy_s
from report import Run, print_table, summarize
from workloads import SUITES, Workload

CEILING = "nginx"


def compressing_ceiling(coding: str) -> str:
    """The name of nginx compressing on the fly."""
    return f"{CEILING}-{coding}"


def log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def parse_arguments(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("suite", choices=sorted(SUITES), help="app: moments-bff; http: http-bench-server")
    p.add_argument("--binary", required=True, help="our server's executable")
    p.add_argument("--server-args", default="", help="more arguments for our server, e.g. \"--io-threads 2\"")
    p.add_argument("--workloads", help="comma separated (default: app's healthz, feed, feed-nolikes, feed-synthetic, "
                                       "like-mix; http's healthz, json); app also has feed-gzip, feed-br, "
                                       "feed-synthetic-gzip, feed-synthetic-br (the same with Accept-Encoding)")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--duration", type=int, default=10, help="seconds measured per run")
    p.add_argument("--warmup", type=int, default=2, help="seconds of checked load before each measurement (0: none)")
    p.add_argument("--connections", type=int, default=64, help="wrk -c")
    p.add_argument("--threads", type=int, default=1, help="wrk -t")
    p.add_argument("--timeout", type=float, default=5.0, help="wrk --timeout, seconds")
    p.add_argument("--peer", action="append", default=[], metavar="NAME=COMMAND",
                   help="another server to measure: COMMAND starts it with `--port 0 --database PATH` appended "
                        "(or put {port} and {database} where it wants them) and prints `listening on "
                        "http://HOST:PORT`; repeatable")
    p.add_argument("--startup-timeout", type=float, default=120.0, help="seconds a server gets to listen")
    p.add_argument("--json", metavar="FILE", help="also write every run and the summary here")
    p.add_argument("--keep", action="store_true", help="keep the temporary directory: databases, nginx configurations, server logs "
                        "(each cut to its first and last 64 KB)")
    a = p.parse_args(argv)
    a.peers = []
    for spec in a.peer:
        name, _, command = spec.partition("=")
        if not name or not command:
            p.error(f"--peer wants NAME=COMMAND, got {spec!r}")
        a.peers.append((name, command))
    suite = SUITES[a.suite](os.path.abspath(a.binary), shlex.split(a.server_args))
    names = [suite.ours, CEILING] + [n for n, _ in a.peers]
    if len(set(names)) != len(names) or set(names) & {compressing_ceiling(c) for c in ("gzip", "br")}:
        p.error(f"server names must differ, from nginx-gzip and nginx-br too: {', '.join(names)}")
    a.suite_obj = suite
    a.workload_list = [w.strip() for w in a.workloads.split(",") if w.strip()] if a.workloads \
        else suite.default_workloads
    unknown = [w for w in a.workload_list if w not in suite.workloads]
    if unknown:
        p.error(f"unknown workload(s) {', '.join(unknown)}; known: {', '.join(suite.workloads)}")
    if a.rounds < 1 or a.duration <= 0 or a.warmup < 0:
        p.error("--rounds must be >= 1, --duration > 0, --warmup >= 0")
    return a


def shorten(log_path: Path, keep: int = 64 * 1024) -> None:
    """Cuts a server log (mostly access lines) to its first and last `keep` bytes."""
    size = log_path.stat().st_size if log_path.exists() else 0
    if size > 2 * keep:
        with open(log_path, "rb") as f:
            head = f.read(keep)
            f.seek(size - keep)
            tail = f.read()
        log_path.write_bytes(head + f"\n[... {size - 2 * keep:,} bytes cut ...]\n".encode() + tail)


def peer_command(template: str, database: Path | None) -> tuple[list[str], int | None]:
    """The peer's argv, and the port it was told (None: it prints its own)."""
    argv = shlex.split(template)
    if not any("{port}" in x or "{database}" in x for x in argv):
        return argv + ["--port", "0"] + (["--database", str(database)] if database else []), None
    port = free_port() if any("{port}" in x for x in argv) else None
    return [x.replace("{port}", str(port)).replace("{database}", str(database or "")) for x in argv], port


def describe(run: Run) -> str:
    """One measured run, as the progress lines show it."""
    load = run.load
    checked = f"{run.warmup_bad}/{run.warmup_checked}" if run.warmup_bad is not None else "-"
    return (f"{load.rps:>8.0f} req/s  p50 {load.p50_ms:.2f}  p90 {load.p90_ms:.2f}  p99 {load.p99_ms:.2f} ms  "
            f"RSS {run.peak_rss_mib:.1f} MB  errors {load.socket_errors + load.non_2xx}  "
            f"bad warm-up answers {checked}  noise {run.noise_pct:.0f}%"
            + ("" if run.answer_ok else "  ANSWER DIFFERS"))


class Bench:
    def __init__(self, a: argparse.Namespace, work: Path) -> None:
        self.a = a
        self.suite = a.suite_obj
        self.work = work
        self.settings = LoadSettings(a.threads, a.connections, a.timeout)
        self.workloads: list[Workload] = [self.suite.workloads[w] for w in a.workload_list]
        self.databases: dict[str, Path] = {}
        self.references: dict[str, Response] = {}
        self.plain_references: dict[str, Response] = {}  # a compressed workload's answer without Accept-Encoding
        self.sizes: dict[str, dict[str, int]] = {}       # plain workload -> coding -> bytes of its sample's answer
        self.ceilings: dict[str, list[str]] = {}         # workload -> the ceilings measured
        self.runs: list[Run] = []
        self.problems: list[str] = []  # wrong answers found before the rounds
        self.copies = 0

    def fresh_database(self, kind: str | None) -> Path | None:
        if kind is None:
            return None
        self.copies += 1
        target = self.work / "runs" / f"{self.copies:03d}" / "db.sqlite"
        target.parent.mkdir(parents=True)
        for suffix in ("", "-wal"):  # SQLite makes a new -shm
            source = Path(str(self.databases[kind]) + suffix)
            if source.exists():
                shutil.copyfile(source, str(target) + suffix)
        return target

    def start(self, server: str, workload: Workload, database: Path | None, label: str) -> ServerProcess:
        logs = self.work / "logs" / f"{label}-{workload.name}-{server}.log"
        if server == self.suite.ours:
            return ServerProcess(server, self.suite.command(database), logs, self.a.startup_timeout)
        if server == CEILING:
            directory = self.work / "nginx" / workload.name
            return start_ceiling(server, self.references[workload.name], directory, logs, self.a.startup_timeout)
        if workload.encoding and server == compressing_ceiling(workload.encoding):
            directory = self.work / "nginx" / f"{workload.name}-{server}"
            return start_ceiling(server, self.plain_references[workload.name], directory, logs,
                                 self.a.startup_timeout, compress=workload.encoding)
        argv, port = peer_command(dict(self.a.peers)[server], database)
        return ServerProcess(server, argv, logs, self.a.startup_timeout, port=port)

    def capture_references(self) -> None:
        """Our answers to every sample request, checked: the ceiling's responses, everyone's reference."""
        for kind in dict.fromkeys(w.database for w in self.workloads):
            group = [w for w in self.workloads if w.database == kind]
            server = self.start(self.suite.ours, group[0], self.fresh_database(kind), "reference")
            try:
                for w in group:
                    answer = send(server.url, w.sample)
                    problems = w.check(answer)
                    coding = ""
                    if w.encoding:
                        plain = self.suite.workloads[w.plain].sample
                        self.plain_references[w.name] = send(server.url, plain)
                        problems += self.plain_problems(answer, self.plain_references[w.name])
                        coding = f" {answer.coding}"
                    self.problems += [f"{w.name}: {p}" for p in problems]
                    self.references[w.name] = answer
                    log(f"{w.name}: {self.suite.ours} answers {answer.status}, {len(answer.body):,} bytes{coding}, "
                        f"{answer.header('Content-Type')}" + (f"; PROBLEMS: {'; '.join(problems)}" if problems else ""))
                    (self.work / f"reference-{w.name}.body").write_bytes(answer.body)
                self.measure_sizes(server.url, group)
                for w in group:
                    problems = self.suite.extra_problems(w, server.url)
                    self.problems += [f"{w.name}: {p}" for p in problems]
                    if problems:
                        log(f"{w.name}: PROBLEMS: {'; '.join(problems)}")
                    elif w.name == "like-mix":
                        log("like-mix: updateMomentLike answers show the toggled like, no errors")
            finally:
                server.stop()

    @staticmethod
    def plain_problems(answer: Response, plain: Response) -> list[str]:
        """A compressed answer must decode to the plain answer's bytes."""
        if plain.coding != "identity":
            return [f"the answer without Accept-Encoding came in {plain.coding}"]
        try:
            decoded = answer.decoded().body
        except ValueError:
            return []  # the workload's check said so
        return [] if decoded == plain.body else [
            f"decoded, its {len(decoded):,} bytes differ from the plain answer's {len(plain.body):,}"]

    def measure_sizes(self, url: str, group: list[Workload]) -> None:
        """Bytes of the plain, gzip and br answers to the sample request of each
        workload measured compressed (feed, feed-synthetic) whose workload, or a
        compressed one of it, is in `group`."""
        compressed = {w.plain for w in self.suite.workloads.values() if w.plain}
        for name in dict.fromkeys(w.plain or w.name for w in group):
            if name not in compressed or name in self.sizes:
                continue
            sample, sizes = self.suite.workloads[name].sample, {}
            for coding in ("identity", "gzip", "br"):
                answer = send(url, with_header(sample, "Accept-Encoding", coding))
                if answer.status != 200 or answer.coding != coding:
                    self.problems.append(f"{name}: Accept-Encoding: {coding} answered {answer.status} in {answer.coding}")
                sizes["plain" if coding == "identity" else coding] = len(answer.body)
            self.sizes[name] = sizes
            log(f"{name}: the sample's answer is " + ", ".join(f"{n:,} bytes {c}" for c, n in sizes.items()))

    def servers(self, workload: Workload) -> list[str]:
        """Ours, the ceilings, the peers: the order every round measures them in."""
        return [self.suite.ours, *self.ceilings[workload.name], *(n for n, _ in self.a.peers)]

    def measure(self, rnd: int, workload: Workload, server_name: str) -> Run:
        run = Run(rnd, workload.name, server_name)
        database = self.fresh_database(workload.database)
        try:
            server = self.start(server_name, workload, database, f"round{rnd}")
        except Exception as e:  # noqa: BLE001 - a server that does not start is reported, not fatal
            run.error = f"start: {e}"
            return run
        try:
            url = server.url + workload.path
            answer = send(server.url, workload.sample)
            reference = self.references[workload.name]
            if server_name in self.ceilings[workload.name]:
                run.answer_ok = same_bytes(answer, reference)
            else:
                run.answer_ok = same_answer(answer, reference, status_only=workload.status_only)
            if not run.answer_ok:
                (self.work / f"mismatch-{workload.name}-{server_name}.body").write_bytes(answer.body)
            if self.a.warmup > 0:
                warm = run_wrk(url, workload.script, workload.env, self.a.warmup, self.settings, check_bodies=True)
                run.warmup_bad, run.warmup_checked = warm.bad, warm.checked
            before, busy_before, started = server.usage(), machine_busy_s(), time.monotonic()
            load = run_wrk(url, workload.script, workload.env, self.a.duration, self.settings)
            wall, busy = time.monotonic() - started, machine_busy_s() - busy_before
            after = server.usage()
            server_cpu = max(0.0, after.cpu_s - before.cpu_s)
            run.load = load
            run.peak_rss_mib = after.peak_rss_kib / 1024
            run.server_cpu_pct = 100 * server_cpu / wall
            run.noise_pct = max(0.0, 100 * (busy - server_cpu - load.wrk_cpu_s) / wall)
        except Exception as e:  # noqa: BLE001
            run.error = str(e)
        finally:
            server.stop()
            shorten(server.log_path)
            if database:
                shutil.rmtree(database.parent, ignore_errors=True)
        return run

    def run(self) -> int:
        a = self.a
        needed = {w.database for w in self.workloads if w.database}
        self.databases = self.suite.make_databases(self.work, needed)
        skipped = []
        for w in self.workloads:
            self.ceilings[w.name] = [CEILING]
            if w.encoding:
                why = missing_compressor(w.encoding)
                if why:
                    skipped.append(f"{compressing_ceiling(w.encoding)} for {w.name} left out: {why}")
                    log(f"{w.name}: {skipped[-1]}")
                else:
                    self.ceilings[w.name].append(compressing_ceiling(w.encoding))
        self.capture_references()
        width = max([14] + [len(w.name) for w in self.workloads])
        for rnd in range(1, a.rounds + 1):
            for w in self.workloads:
                for s in self.servers(w):
                    run = self.measure(rnd, w, s)
                    self.runs.append(run)
                    if run.load:
                        log(f"round {rnd}/{a.rounds} {w.name:<{width}} {s:<18} {describe(run)}")
                    else:
                        log(f"round {rnd}/{a.rounds} {w.name:<{width}} {s:<18} FAILED: {run.error}")
        servers = {w.name: self.servers(w) for w in self.workloads}
        rows = summarize(self.runs, servers, self.suite.ours, self.ceilings)
        every = list(dict.fromkeys(s for names in servers.values() for s in names))
        width = max([15] + [len(w.name) for w in self.workloads])
        heading = [
            f"\n{self.suite.ours} benchmark, {datetime.datetime.now().isoformat(timespec='seconds')}: "
            f"wrk -t{a.threads} -c{a.connections}, {a.rounds} round(s) of {a.duration:g} s after {a.warmup:g} s "
            f"of warm-up, servers alternating ({', '.join(every)})",
            f"wrk and the server share this machine's {os.cpu_count()} CPU cores: compare ratios, not absolute "
            f"numbers. Workloads:",
            *[f"  {w.name:<{width}} {w.meaning}" for w in self.workloads],
            "",
        ]
        print_table(rows, heading, self.suite.ours, CEILING, self.sizes,
                    tuple(w.name for w in self.workloads if w.encoding))
        for line in skipped:
            print(line)
        if a.json:
            Path(a.json).write_text(json.dumps({
                "settings": {k: v for k, v in vars(a).items() if k != "suite_obj"},
                "answer_bytes": self.sizes,
                "summary": [asdict(r) for r in rows], "runs": [asdict(r) for r in self.runs]}, indent=2))
        for problem in self.problems:
            print(f"WRONG ANSWER before the rounds, {problem}")
        ok = not self.problems and all(r.load and r.answer_ok and not r.warmup_bad for r in self.runs)
        return 0 if ok else 1


def main(argv: list[str]) -> int:
    a = parse_arguments(argv)
    # SIGTERM unwinds like Ctrl-C, so the finally blocks stop every server.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    work = Path(tempfile.mkdtemp(prefix=f"moments-bench-{a.suite}-"))
    (work / "logs").mkdir()
    try:
        return Bench(a, work).run()
    finally:
        if a.keep:
            print(f"work directory: {work}", file=sys.stderr)
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
