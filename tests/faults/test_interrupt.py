"""Ctrl-C while a kernel plays in the command's own thread (one chunk, ``--jobs 1``, ``brux bench``): one line
``brux: interrupted …``, exit code 130, no traceback, and every chunk finished before it kept."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import re
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 600.0  # generous: the first run on a machine compiles the kernels
IN_KERNEL_TICKS = 50  # CPU ticks of the main thread past the last Python step: deep inside one long kernel call


class _Command:
    """A ``brux`` command in a subprocess, its standard error (a terminal: progress bars are drawn) read as it
    comes."""

    def __init__(self, args: list[str], cwd: Path) -> None:
        master, terminal = pty.openpty()
        fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 120, 0, 0))  # rows, columns
        self.proc = subprocess.Popen([sys.executable, "-m", "sims.cli", *args], cwd=cwd,
                                     env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.DEVNULL,
                                     stderr=terminal)
        os.close(terminal)
        self.chunks: list[bytes] = []
        self.reader = threading.Thread(target=self._read, args=(master,), daemon=True)
        self.reader.start()

    def _read(self, fd: int) -> None:
        try:
            while data := os.read(fd, 4096):
                self.chunks.append(data)
        except OSError:  # EIO: the command has ended
            pass
        finally:
            os.close(fd)

    @property
    def err(self) -> list[str]:
        """The lines written so far, a progress bar's redraws split apart."""
        text = b"".join(self.chunks).decode(errors="replace")
        return [line for line in re.split(r"[\r\n]+", text) if line.strip()]


def _main_thread_ticks(pid: int) -> int:
    fields = Path(f"/proc/{pid}/task/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11])  # utime


def _wait(cmd: _Command, ready: Callable[[], bool]) -> None:
    deadline = time.monotonic() + TIMEOUT
    while not ready():
        assert cmd.proc.poll() is None, "\n".join(cmd.err)
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
    lines = cmd.err
    err = "\n".join(lines)
    assert cmd.proc.returncode == 130, err
    assert "Traceback" not in err and "SystemError" not in err, err
    assert [x for x in lines if x.startswith("brux:")] == lines[-1:], err
    assert lines[-1].startswith("brux: interrupted ("), err


def test_one_chunk_one_job(tmp_path):
    out = tmp_path / "r"
    cmd = _Command(["run", "bruxelles1897", "--games", "1000000", "--chunk-size", "1000000", "--jobs", "1",
                    "--out", str(out)], tmp_path)
    # the progress bar is drawn once the kernels are loaded, just before the chunk is played
    _interrupt_in_kernel(cmd, lambda: any("0/1.00M" in line for line in cmd.err))
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
    # the first round is measured: the second plays its timed calls of 200,000 games
    _interrupt_in_kernel(cmd, lambda: any("random play: round 1 of 2 measured" in line for line in cmd.err))
    assert not (tmp_path / "b").exists()
