#!/usr/bin/env python3
"""Server-side time per GraphQL operation, from moments-bff's access log.

    scripts/bench/oplatency.py SERVER-STDERR-LOG

Reads the access log lines (`POST /graphql 200 17858B 2031us op=NAME ...`)
and prints, per operation, how many there were and the mean, p50, p90, p99
and longest time from the request's decoding to its response being queued.
A workload mixing reads and likes (like-mix) shows there which one the
client's tail comes from. Only 200 answers count.
"""
from __future__ import annotations

import re
import sys

LINE = re.compile(rb" /graphql 200 \d+B (\d+)us op=(\S+)")


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    times: dict[str, list[float]] = {}
    with open(sys.argv[1], "rb") as log:
        for line in log:
            match = LINE.search(line)
            if match:
                name = match.group(2).decode("ascii", "replace")
                times.setdefault(name, []).append(int(match.group(1)) / 1000)
    if not times:
        print("no /graphql 200 lines with an operation name (is the log level info?)", file=sys.stderr)
        return 1
    print(f"{'operation':32} {'count':>8} {'mean':>7} {'p50':>7} {'p90':>7} {'p99':>7} {'max':>8}  (ms)")
    for name, values in sorted(times.items()):
        values.sort()
        n = len(values)
        def at(q: float) -> float:
            return values[min(n - 1, int(n * q))]
        print(f"{name:32} {n:8} {sum(values) / n:7.2f} {at(0.5):7.2f} {at(0.9):7.2f} {at(0.99):7.2f} {values[-1]:8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
