"""Timing helpers: repeated measurements with medians, subprocess runs with wall time and peak memory."""

import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass
class Sample:
    """Repeated measurements of one quantity."""

    values: list[float]

    @property
    def median(self) -> float:
        return statistics.median(self.values)

    def spread(self) -> str:
        return f"{min(self.values):.3g}–{max(self.values):.3g}"


def repeat(fn: Callable[[], float], repeats: int) -> Sample:
    """Call fn (which returns a measurement) `repeats` times."""
    return Sample([fn() for _ in range(repeats)])


def cpu_rate(fn: Callable[[], int]) -> float:
    """Items per CPU second of this process for one call of fn (which returns how many items it did)."""
    t = time.process_time()
    n = fn()
    return n / (time.process_time() - t)


@dataclass
class ProcessRun:
    wall: float
    max_rss_mb: float
    stdout: str


def run_process(args: list[str], env: dict[str, str] | None = None) -> ProcessRun:
    """Run a command to completion; wall time and peak resident memory (from /usr/bin/time if present)."""
    full_env = {**os.environ, **(env or {})}
    timer = ["/usr/bin/time", "-f", "%M"] if os.path.exists("/usr/bin/time") else []
    t = time.perf_counter()
    proc = subprocess.run(timer + args, env=full_env, capture_output=True, text=True)
    wall = time.perf_counter() - t
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed ({proc.returncode}): {proc.stderr[-2000:]}")
    rss = float(proc.stderr.strip().splitlines()[-1]) / 1024 if timer else float("nan")
    return ProcessRun(wall, rss, proc.stdout)


def python(code: str) -> list[str]:
    """Arguments that run a snippet with this interpreter."""
    return [sys.executable, "-c", code]
