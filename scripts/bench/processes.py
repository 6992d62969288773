"""Server processes: start one, learn its port, measure its process tree, stop it by PID.

A server announces itself the way moments-bff does, with a stdout line
`listening on http://HOST:PORT` (port 0 lets it pick a free one). A server
that prints nothing, such as nginx, is given a free port and is ready once the
port accepts a connection.
"""
from __future__ import annotations

import ctypes
import os
import re
import signal
import socket
import subprocess
import threading
import time
from dataclasses import dataclass
from pathlib import Path

LISTENING = re.compile(rb"listening on http://(?:\[[^\]]*\]|[^\s:/]+):(\d+)")
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
PR_SET_PDEATHSIG = 1


def free_port() -> int:
    """A port nothing listens on right now (the kernel's pick for port 0)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


_prctl = ctypes.CDLL(None, use_errno=True).prctl  # looked up now: the child must not dlopen


def stop_with_parent() -> None:
    # Runs in the child before exec: if the driver dies without cleaning up
    # (SIGKILL), the kernel sends the server (or wrk) SIGTERM instead of leaving it behind.
    _prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


@dataclass
class TreeUsage:
    pids: list[int]
    peak_rss_kib: int  # VmHWM summed over the tree
    cpu_s: float


def _children() -> dict[int, list[int]]:
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_bytes()
        except OSError:
            continue
        parent = int(stat[stat.rindex(b")") + 2:].split()[1])
        children.setdefault(parent, []).append(int(entry))
    return children


def process_tree(pid: int) -> list[int]:
    children, tree, todo = _children(), [], [pid]
    while todo:
        current = todo.pop()
        tree.append(current)
        todo.extend(children.get(current, []))
    return tree


def _peak_rss_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def _cpu_s(pid: int) -> float:
    """utime + stime, and those of reaped children (nginx's exited workers)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_bytes().rsplit(b")", 1)[1].split()
        return sum(int(x) for x in fields[11:15]) / CLOCK_TICKS
    except (OSError, IndexError, ValueError):
        return 0.0


def _start_time(pid: int) -> int | None:
    """Clock ticks after boot at which `pid` started; None once it is gone or a zombie."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_bytes().rsplit(b")", 1)[1].split()
    except OSError:
        return None
    return None if fields[0] == b"Z" else int(fields[19])


def tree_usage(pid: int) -> TreeUsage:
    pids = process_tree(pid)
    return TreeUsage(pids, sum(_peak_rss_kib(p) for p in pids), sum(_cpu_s(p) for p in pids))


def machine_busy_s() -> float:
    """CPU seconds the whole machine has spent neither idle nor waiting for I/O."""
    fields = [int(x) for x in Path("/proc/stat").read_text().splitlines()[0].split()[1:9]]
    return (sum(fields) - fields[3] - fields[4]) / CLOCK_TICKS


class ServerProcess:
    """One server, started now; `url` is where it listens on 127.0.0.1.

    `port` None: the server prints its `listening on` line. A number: the
    server was told that port and is ready when it accepts.
    """

    def __init__(self, name: str, argv: list[str], log_path: Path, timeout: float,
                 port: int | None = None, cwd: str | None = None) -> None:
        self.name = name
        self.argv = argv
        self.log_path = log_path
        with open(log_path, "ab") as log:
            log.write(f"== {' '.join(argv)}\n".encode())
            self.process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                            stderr=log, cwd=cwd, preexec_fn=stop_with_parent)
        self.pid = self.process.pid
        try:
            self.port = self._wait_for_port(port, timeout)
        except BaseException:
            self.stop()
            raise
        self.url = f"http://127.0.0.1:{self.port}"

    def _wait_for_port(self, port: int | None, timeout: float) -> int:
        announced: list[int] = []
        ready = threading.Event()

        def drain_stdout() -> None:  # finds the line, then keeps the pipe from filling up
            with open(self.log_path, "ab") as log:
                for line in self.process.stdout:
                    log.write(b"[stdout] " + line)
                    log.flush()
                    match = LISTENING.search(line)
                    if match and not announced:
                        announced.append(int(match.group(1)))
                        ready.set()
            ready.set()

        threading.Thread(target=drain_stdout, daemon=True).start()
        deadline = time.monotonic() + timeout
        if port is None:
            ready.wait(timeout)
            if announced:
                return announced[0]
        else:
            while time.monotonic() < deadline and self.process.poll() is None:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    return port
                except OSError:
                    time.sleep(0.05)
        raise RuntimeError(f"{self.name} did not start listening within {timeout:g} s "
                           f"(exit status {self.process.poll()}); see {self.log_path}")

    def usage(self) -> TreeUsage:
        return tree_usage(self.pid)

    def stop(self, grace: float = 10.0) -> int | None:
        """SIGTERM by PID; SIGKILL what is left of the tree after `grace` seconds."""
        if self.process.poll() is None:
            tree = {pid: _start_time(pid) for pid in process_tree(self.pid)}
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(grace)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
            time.sleep(0.1)  # nginx's workers exit just after their master
            for pid, started in tree.items():
                # the same process (not a reused PID) still running
                if pid != self.pid and started is not None and _start_time(pid) == started:
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except (ProcessLookupError, PermissionError):
                        pass
        return self.process.returncode
