"""Ctrl-C while a kernel plays in the command's own thread (one chunk, ``--jobs 1``, ``brux bench``): one line
``brux: interrupted …``, exit code 130, no traceback, and every chunk finished before it kept."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 600.0  # generous: the first run on a machine compiles the kernels
IN_KERNEL_TICKS = 50  # CPU ticks of the main thread past the last Python step: deep inside one long kernel call


class _Command:
    """A ``brux`` command in a subprocess, its standard error read line by line as it comes."""

    def __init__(self, args: list[str], cwd: Path) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "sims.cli", *args], cwd=cwd, text=True,
                                     env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE)
        self.err: list[str] = []
        self.reader = threading.Thread(target=lambda: self.err.extend(self.proc.stderr), daemon=True)
        self.reader.start()


def _main_thread_ticks(pid: int) -> int:
    fields = Path(f"/proc/{pid}/task/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11])  # utime


def _wait(cmd: _Command, ready: Callable[[], bool]) -> None:
    deadline = time.monotonic() + TIMEOUT
    while not ready():
        assert cmd.proc.poll() is None, "".join(cmd.err)
        assert time.monotonic() < deadline, "the command never reached the awaited point"
        time.sleep(0.02)


def _interrupt_in_kernel(cmd: _Command, ready: Callable[[], bool]) -> None:
    """Wait for `ready`, then until the main thread has run a while in the kernel; send SIGINT and check the end."""
    _wait(cmd, ready)
    pid = cmd.proc.pid
    start = _main_thread_ticks(pid)
    _wait(cmd, lambda: _main_thread_ticks(pid) >= start + IN_KERNEL_TICKS)
    cmd.proc.send_signal(signal.SIGINT)
    cmd.proc.wait(timeout=TIMEOUT)
    cmd.reader.join(TIMEOUT)
    err = "".join(cmd.err)
    assert cmd.proc.returncode == 130, err
    assert "Traceback" not in err and "SystemError" not in err, err
    lines = err.strip().splitlines()
    assert [x for x in lines if x.startswith("brux:")] == lines[-1:], err
    assert lines[-1].startswith("brux: interrupted ("), err


def test_one_chunk_one_job(tmp_path):
    out = tmp_path / "r"
    cmd = _Command(["run", "bruxelles1897", "--games", "1000000", "--chunk-size", "1000000", "--jobs", "1",
                    "--out", str(out), "--quiet"], tmp_path)
    # the main thread gathers CPU time only once the warm-up (a thread of its own) is done: it is playing the chunk
    _interrupt_in_kernel(cmd, (out / ".brux.lock").exists)
    assert not [p for p in out.iterdir() if p.name != "manifest.json"]  # no chunk, no lock, no temporary file
    assert json.loads((out / "manifest.json").read_text())["games_done"] == 0


def test_finished_chunks_are_kept(tmp_path):
    out = tmp_path / "r"
    cmd = _Command(["run", "bruxelles1897", "--games", "1000000", "--chunk-size", "200000", "--jobs", "1",
                    "--out", str(out), "--quiet"], tmp_path)
    _interrupt_in_kernel(cmd, (out / "chunk-000000.parquet").exists)
    assert [p.name for p in out.iterdir() if p.name.startswith("chunk-")] == ["chunk-000000.parquet"]
    assert json.loads((out / "manifest.json").read_text())["games_done"] == 200_000
    assert not [p for p in out.iterdir() if p.name.startswith(".")]  # no lock, no temporary file


def test_bench(tmp_path):
    cmd = _Command(["bench", "--random", "bruxelles1897", "--repeats", "2", "--out", str(tmp_path / "b")], tmp_path)
    # the 2-player figures are printed: the 3-player row loads its game and plays its timed calls of 200,000 games
    _interrupt_in_kernel(cmd, lambda: any("random games/s" in line for line in cmd.err))
    assert not (tmp_path / "b").exists()
