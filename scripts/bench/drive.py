#!/usr/bin/env python3
"""One of the benchmark's workloads through any address, once: what
`scripts/cluster.sh --wrk WORKLOAD` runs through its load balancer.

  drive.py seed-args WORKLOAD      # the `moments-bff seed` options of the workload's data set
  drive.py run WORKLOAD --binary B --url URL --sqlite FILE [--duration S --connections N --threads N]

`run` uses the workload's own definition (workloads.py: wrk script, documents
from `moments-bff manifest`, environment; like-mix's pairs drawn from FILE,
the SQLite file the server's data was copied from), checks the sample
request's answer, warms up for 2 s checking every response, then measures
with wrk and prints req/s and latency. Traffic goes to URL (127.0.0.1).
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from client import send
from loadgen import LoadSettings, run_wrk
from workloads import LIKE_PAIRS, SYNTHETIC, AppSuite, like_pairs, write_lua_pairs


def seed_args(workload: str) -> str:
    if workload in ("feed-synthetic", "like-mix"):
        return "--synthetic " + " ".join(f"--{k} {v}" for k, v in SYNTHETIC.items())
    if workload in ("healthz", "feed", "feed-nolikes"):
        return ""
    raise SystemExit(f"unknown workload {workload!r}")


def run(a: argparse.Namespace) -> int:
    suite = AppSuite(a.binary, [])
    workload = suite.workloads[a.workload]
    with tempfile.TemporaryDirectory(prefix="moments-drive-") as work:
        if a.workload == "like-mix":
            pairs_file = Path(work) / "like-pairs.lua"
            write_lua_pairs(like_pairs(Path(a.sqlite), LIKE_PAIRS, SYNTHETIC["seed"]), pairs_file)
            workload.env["BENCH_LIKE_PAIRS"] = str(pairs_file)
        problems = workload.check(send(a.url, workload.sample))
        if problems:
            print(f"{a.workload}: wrong answer to the sample request: {'; '.join(problems)}", file=sys.stderr)
            return 1
        settings = LoadSettings(a.threads, a.connections, 5.0)
        warm = run_wrk(a.url + workload.path, workload.script, workload.env, 2, settings, check_bodies=True)
        load = run_wrk(a.url + workload.path, workload.script, workload.env, a.duration, settings)
    errors = load.socket_errors + load.non_2xx
    print(f"{a.workload} through {a.url}: {load.rps:,.0f} req/s, p50 {load.p50_ms:.2f} ms, p90 {load.p90_ms:.2f} ms, "
          f"p99 {load.p99_ms:.2f} ms, errors {errors}, bad warm-up answers {warm.bad}/{warm.checked} "
          f"(wrk -t{a.threads} -c{a.connections}, {a.duration} s)")
    return 0 if errors == 0 and warm.bad == 0 else 1


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="action", required=True)
    s = sub.add_parser("seed-args")
    s.add_argument("workload")
    r = sub.add_parser("run")
    r.add_argument("workload", choices=AppSuite.default_workloads)
    r.add_argument("--binary", required=True, help="moments-bff (for its manifest: the app's documents)")
    r.add_argument("--url", required=True)
    r.add_argument("--sqlite", help="the SQLite file the data came from (like-mix draws its pairs from it)")
    r.add_argument("--duration", type=int, default=10)
    r.add_argument("--connections", type=int, default=64)
    r.add_argument("--threads", type=int, default=1)
    a = p.parse_args(argv)
    if a.action == "seed-args":
        print(seed_args(a.workload))
        return 0
    if a.workload == "like-mix" and not a.sqlite:
        p.error("like-mix needs --sqlite")
    return run(a)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
