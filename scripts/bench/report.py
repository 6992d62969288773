"""Runs, their medians over rounds, and the printed table."""
from __future__ import annotations

import statistics
import sys
from dataclasses import dataclass, field

from loadgen import LoadResult


@dataclass
class Run:
    """One server measured on one workload in one round."""
    round: int
    workload: str
    server: str
    load: LoadResult | None = None
    peak_rss_mib: float = 0.0
    server_cpu_pct: float = 0.0
    noise_pct: float = 0.0       # CPU that neither the server nor wrk used meanwhile
    answer_ok: bool = False      # its answer to the sample request matched the reference
    warmup_bad: int | None = None  # warm-up responses with status >= 400 or "errors" (None: no warm-up)
    warmup_checked: int = 0
    error: str | None = None


@dataclass
class Row:
    workload: str
    server: str
    rounds: int
    rps: float
    ratio_to_ceiling: float | None  # median over rounds of req/s ÷ the ceiling's in the same round
    ratio_to_ours: float | None     # for a peer: median of our req/s ÷ its req/s
    p50_ms: float
    p90_ms: float
    p99_ms: float
    peak_rss_mib: float
    server_cpu_pct: float
    noise_pct: float
    errors: int                  # socket errors + non-2xx while measured + bad warm-up responses
    checked: int
    answers_ok: bool
    failed_runs: int = 0
    rps_by_round: list[float] = field(default_factory=list)


def _ratios(runs: list[Run], workload: str, numerator: str, denominator: str) -> list[float]:
    by_round = {}
    for r in runs:
        if r.workload == workload and r.load and r.load.rps:
            by_round.setdefault(r.round, {})[r.server] = r.load.rps
    return [s[numerator] / s[denominator] for s in by_round.values() if numerator in s and denominator in s]


def summarize(runs: list[Run], workloads: list[str], servers: list[str], ours: str, ceiling: str) -> list[Row]:
    rows = []
    for w in workloads:
        for s in servers:
            mine = [r for r in runs if r.workload == w and r.server == s]
            done = [r for r in mine if r.load]
            if not done:
                rows.append(Row(w, s, 0, 0, None, None, 0, 0, 0, 0, 0, 0, 0, 0, False, len(mine)))
                continue
            to_ceiling = _ratios(runs, w, s, ceiling)
            to_ours = _ratios(runs, w, ours, s) if s not in (ours, ceiling) else []
            median = lambda values: statistics.median(values)  # noqa: E731
            rows.append(Row(
                w, s, len(done), median([r.load.rps for r in done]),
                median(to_ceiling) if to_ceiling else None, median(to_ours) if to_ours else None,
                median([r.load.p50_ms for r in done]), median([r.load.p90_ms for r in done]),
                median([r.load.p99_ms for r in done]), max(r.peak_rss_mib for r in done),
                median([r.server_cpu_pct for r in done]), max(r.noise_pct for r in done),
                sum(r.load.socket_errors + r.load.non_2xx + (r.warmup_bad or 0) for r in done),
                sum(r.warmup_checked for r in done), all(r.answer_ok for r in done),
                len(mine) - len(done), [round(r.load.rps) for r in done]))
    return rows


def print_table(rows: list[Row], heading: list[str], ours: str, ceiling: str, file=sys.stdout) -> None:
    for line in heading:
        print(line, file=file)
    header = (f"{'workload':<15} {'server':<18} {'req/s':>8} {'/' + ceiling:>7} {'p50 ms':>7} {'p90 ms':>7} "
              f"{'p99 ms':>7} {'RSS MB':>7} {'CPU':>5} {'noise':>5} {'errors':>6} {'ok':>3}")
    print(header, file=file)
    print("-" * len(header), file=file)
    last = None
    for row in rows:
        name = row.workload if row.workload != last else ""
        last = row.workload
        if not row.rounds:
            print(f"{name:<15} {row.server:<18} {'failed':>8}", file=file)
            continue
        ratio = f"{row.ratio_to_ceiling:.2f}" if row.ratio_to_ceiling is not None else "-"
        print(f"{name:<15} {row.server:<18} {row.rps:>8.0f} {ratio:>7} {row.p50_ms:>7.2f} {row.p90_ms:>7.2f} "
              f"{row.p99_ms:>7.2f} {row.peak_rss_mib:>7.1f} {row.server_cpu_pct:>4.0f}% {row.noise_pct:>4.0f}% "
              f"{row.errors:>6} {'yes' if row.answers_ok else 'NO':>3}", file=file)
    peers = [r for r in rows if r.ratio_to_ours is not None]
    if peers:
        print(file=file)
        for r in peers:
            print(f"{ours} ÷ {r.server}, {r.workload}: ×{r.ratio_to_ours:.1f}", file=file)
    print(f"""
req/s, p50/p90/p99: medians over rounds. /{ceiling}: median over rounds of req/s / nginx's req/s
in the same round, nginx answering every request with the bytes {ours} answered to the sample
request. RSS MB: peak (VmHWM) of the server's processes. CPU: the server's (200 % = two cores).
noise: the most CPU anything else used during a measurement (above ~10 %: rerun when the machine
is idle). errors: socket errors and non-2xx while measured, plus warm-up responses with status
>= 400 or "errors" in the body. ok: every run's answer to the sample request was {ours}'s.""", file=file)
    failed = sum(r.failed_runs for r in rows)
    if failed:
        print(f"WARNING: {failed} run(s) failed and are left out.", file=file)
