"""Runs, their medians over rounds, and the printed table."""
from __future__ import annotations

import statistics
import sys
from dataclasses import dataclass, field

from ceiling import LEVELS
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
    # a compressed workload's: the same as ratio_to_ceiling against its second
    # ceiling, nginx compressing on the fly (nginx-gzip, nginx-br)
    ratio_to_on_the_fly: float | None = None


def _ratios(runs: list[Run], workload: str, numerator: str, denominator: str) -> list[float]:
    by_round = {}
    for r in runs:
        if r.workload == workload and r.load and r.load.rps:
            by_round.setdefault(r.round, {})[r.server] = r.load.rps
    return [s[numerator] / s[denominator] for s in by_round.values() if numerator in s and denominator in s]


def summarize(runs: list[Run], servers: dict[str, list[str]], ours: str,
              ceilings: dict[str, list[str]]) -> list[Row]:
    """One row per workload and server, in the order given (workload -> its
    servers); ceilings: workload -> its ceilings, the first the one of
    ratio_to_ceiling, a second (nginx compressing on the fly) that of ratio_to_on_the_fly."""
    rows = []
    median = lambda values: statistics.median(values)  # noqa: E731
    for w, names in servers.items():
        ceiling, *on_the_fly = ceilings[w]
        for s in names:
            mine = [r for r in runs if r.workload == w and r.server == s]
            done = [r for r in mine if r.load]
            if not done:
                rows.append(Row(w, s, 0, 0, None, None, 0, 0, 0, 0, 0, 0, 0, 0, False, len(mine)))
                continue
            to_ceiling = _ratios(runs, w, s, ceiling)
            to_ours = _ratios(runs, w, ours, s) if s != ours and s not in ceilings[w] else []
            to_on_the_fly = _ratios(runs, w, s, on_the_fly[0]) if on_the_fly else []
            rows.append(Row(
                w, s, len(done), median([r.load.rps for r in done]),
                median(to_ceiling) if to_ceiling else None, median(to_ours) if to_ours else None,
                median([r.load.p50_ms for r in done]), median([r.load.p90_ms for r in done]),
                median([r.load.p99_ms for r in done]), max(r.peak_rss_mib for r in done),
                median([r.server_cpu_pct for r in done]), max(r.noise_pct for r in done),
                sum(r.load.socket_errors + r.load.non_2xx + (r.warmup_bad or 0) for r in done),
                sum(r.warmup_checked for r in done), all(r.answer_ok for r in done),
                len(mine) - len(done), [round(r.load.rps) for r in done],
                median(to_on_the_fly) if to_on_the_fly else None))
    return rows


def _ratio(value: float | None) -> str:
    return f"{value:.2f}" if value is not None else "-"


def print_table(rows: list[Row], heading: list[str], ours: str, ceiling: str,
                sizes: dict[str, dict[str, int]] | None = None, compressed: tuple[str, ...] = (),
                file=sys.stdout) -> None:
    """sizes: workload -> coding ("plain", "gzip", "br") -> bytes of its sample's
    answer; compressed: the workloads whose requests carry Accept-Encoding."""
    for line in heading:
        print(line, file=file)
    # The column of ratios to nginx compressing on the fly only when a workload has that ceiling.
    on_the_fly = any(r.ratio_to_on_the_fly is not None for r in rows)
    extra = f" {'/on-fly':>7}" if on_the_fly else ""
    width = max([15] + [len(r.workload) for r in rows])
    header = (f"{'workload':<{width}} {'server':<18} {'req/s':>8} {'/' + ceiling:>7}{extra} {'p50 ms':>7} {'p90 ms':>7} "
              f"{'p99 ms':>7} {'RSS MB':>7} {'CPU':>5} {'noise':>5} {'errors':>6} {'ok':>3}")
    print(header, file=file)
    print("-" * len(header), file=file)
    last = None
    for row in rows:
        name = row.workload if row.workload != last else ""
        last = row.workload
        if not row.rounds:
            print(f"{name:<{width}} {row.server:<18} {'failed':>8}", file=file)
            continue
        ratios = f"{_ratio(row.ratio_to_ceiling):>7}" + (f" {_ratio(row.ratio_to_on_the_fly):>7}" if on_the_fly else "")
        print(f"{name:<{width}} {row.server:<18} {row.rps:>8.0f} {ratios} {row.p50_ms:>7.2f} {row.p90_ms:>7.2f} "
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
    if any(r.workload in compressed for r in rows):
        levels = ", ".join(f"{coding} {level}" for coding, level in LEVELS.items())
        print(f"""A compressed workload (NAME-gzip, NAME-br: NAME's requests with that Accept-Encoding):
/{ceiling} is against nginx sending the compressed bytes {ours} sent, from memory (precompressed:
the limit); /on-fly against {ceiling}-gzip or {ceiling}-br, nginx given {ours}'s plain answer
and compressing it for every request at {ours}'s level ({levels}). Its warm-up check is the
status and Content-Encoding (wrk does not decode); the sample answers are decoded and compared.""",
              file=file)
    if sizes:
        print("\nBytes of the sample request's answer (the timeline's JSON; the share of the plain bytes):", file=file)
        for name, by_coding in sizes.items():
            plain = by_coding.get("plain") or 0
            print(f"  {name:<{width}} " + ", ".join(
                f"{coding} {n:,}" + (f" ({100 * n / plain:.0f} %)" if plain and coding != "plain" else "")
                for coding, n in by_coding.items()), file=file)
    failed = sum(r.failed_runs for r in rows)
    if failed:
        print(f"WARNING: {failed} run(s) failed and are left out.", file=file)
