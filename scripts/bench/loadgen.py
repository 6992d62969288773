"""Load from wrk: one bounded run, and what its Lua `done()` reported (wrk/summary.lua)."""
from __future__ import annotations

import json
import os
import re
import resource
import subprocess
from dataclasses import dataclass
from pathlib import Path

from processes import stop_with_parent

SCRIPTS = Path(__file__).resolve().parent / "wrk"
RESULT_LINE = re.compile(r"^BENCH_RESULT (\{.*\})$", re.M)


@dataclass
class LoadSettings:
    threads: int
    connections: int
    timeout_s: float


@dataclass
class LoadResult:
    requests: int
    seconds: float
    socket_errors: int
    non_2xx: int
    p50_ms: float
    p90_ms: float
    p99_ms: float
    checked: int  # responses inspected (BENCH_CHECK=1 only)
    bad: int      # of those: status >= 400 or a body holding "errors"
    wrk_cpu_s: float

    @property
    def rps(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0


def run_wrk(url: str, script: str, env: dict[str, str], seconds: int, settings: LoadSettings,
            check_bodies: bool = False) -> LoadResult:
    argv = ["wrk", f"-t{settings.threads}", f"-c{settings.connections}", f"-d{seconds}s",
            "--timeout", f"{settings.timeout_s:g}s", "--latency", "-s", str(SCRIPTS / script), url]
    environment = {**os.environ, **env, "BENCH_CHECK": "1" if check_bodies else "0"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    finished = subprocess.run(argv, capture_output=True, text=True, env=environment, timeout=seconds + 60,
                              preexec_fn=stop_with_parent)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    found = RESULT_LINE.search(finished.stdout)
    if finished.returncode != 0 or not found:
        raise RuntimeError(f"wrk failed (exit {finished.returncode}): {(finished.stderr or finished.stdout)[-600:]}")
    r = json.loads(found.group(1))
    return LoadResult(
        requests=r["requests"], seconds=r["duration_us"] / 1e6,
        socket_errors=r["socket_errors"], non_2xx=r["non_2xx"],
        p50_ms=r["p50_us"] / 1000, p90_ms=r["p90_us"] / 1000, p99_ms=r["p99_us"] / 1000,
        checked=r["checked"], bad=r["bad"],
        wrk_cpu_s=(after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
