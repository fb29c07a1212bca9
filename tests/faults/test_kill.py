"""kill -9 at random moments (threads and processes): the re-run completes the run exactly; process workers of a
killed run stop by themselves; the dead run's lock is taken over."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import polars as pl
import pytest

from sims.cli import main

from .conftest import GAME, reference

ROOT = Path(__file__).resolve().parents[2]
GAMES, CHUNK = 60_000, 1000


def _children(pid: int) -> list[int]:
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.parametrize("backend,trial", [("threads", 0), ("threads", 1), ("processes", 0), ("processes", 1)])
def test_sigkill_at_a_random_moment_then_resume(backend, trial, tmp_path, capsys):
    out = tmp_path / "r"
    args = ["run", GAME, "--games", str(GAMES), "--seed", "7", "--chunk-size", str(CHUNK), "--jobs", "2",
            "--backend", backend, "--out", str(out), "--quiet"]
    proc = subprocess.Popen([sys.executable, "-m", "sims.cli", *args], cwd=ROOT,
                            env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    start = time.monotonic()
    while not (out / ".brux.lock").exists():  # the run has claimed its folder
        assert proc.poll() is None and time.monotonic() < start + 120, proc.stderr.read()
        time.sleep(0.01)
    workers: list[int] = []
    while backend == "processes" and not workers:  # process workers start after the warm-up, however long it takes
        assert proc.poll() is None and time.monotonic() < start + 300, proc.stderr.read()
        workers = _children(proc.pid)
        time.sleep(0.01)
    # then killed during warm-up (threads), play or the last writes
    delay = random.Random(f"{backend}{trial}").uniform(0.0, 2.0 if backend == "threads" else 3.0)
    deadline = time.monotonic() + delay
    while time.monotonic() < deadline and proc.poll() is None:
        workers = [p for p in _children(proc.pid) if p not in workers] + workers
        time.sleep(0.02)
    proc.send_signal(signal.SIGKILL)  # the run only: its process workers must stop by themselves
    proc.wait()
    assert b"Traceback" not in proc.stderr.read()
    if backend == "processes":
        deadline = time.monotonic() + 60
        while any(_alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [w for w in workers if _alive(w)], "process workers outlived the killed run"
    finished = len(list(out.glob("chunk-*.parquet")))
    capsys.readouterr()
    assert main(args) == 0  # a lock left by the killed run is stale: taken over
    assert "Traceback" not in capsys.readouterr().err
    assert not [p for p in out.iterdir() if p.name.startswith(".")]
    table = pl.read_parquet(sorted(out.glob("chunk-*.parquet")))
    assert table.equals(reference(7, GAMES))
    print(f"{backend} trial {trial}: killed {delay:.2f} s after the lock, {finished}/{GAMES // CHUNK} chunks written")
