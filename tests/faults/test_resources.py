"""Disk full, permission lost mid-run, memory: one `brux: error:` line, exit 2, no partial file, and a resume that
works once the resource is back.

Disk full is tested on a real 1 MB tmpfs when this process may mount one (root), else — and always for the
in-process cases — by writes that fail with ENOSPC / EACCES after a few chunks (monkeypatched Parquet writes).
"""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest

import sims.agents
import sims.execute
from sims.cli import main

from .conftest import GAME, reference

ROOT = Path(__file__).resolve().parents[2]
GAMES, CHUNK = 40_000, 2000  # 20 chunks of ~80 KB: more than 1 MB


def _mount_tmpfs(path: Path, size: str) -> bool:
    path.mkdir(exist_ok=True)
    try:
        r = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(path)], capture_output=True)
    except OSError:  # no mount command
        return False
    return r.returncode == 0


def _no_leftovers(out: Path) -> None:
    assert not [p.name for p in out.iterdir() if p.name.startswith(".")]  # no temporary file, no lock
    for p in out.glob("chunk-*.parquet"):
        assert p.stat().st_size > 0


def _failing_writes(monkeypatch, after: int, err: int) -> None:
    real = pl.DataFrame.write_parquet
    count = {"n": 0}

    def write(self, file, *args, **kw):
        count["n"] += 1
        if count["n"] > after:
            Path(file).write_bytes(b"PAR1 half a chunk")
            raise OSError(err, os.strerror(err))
        return real(self, file, *args, **kw)

    monkeypatch.setattr(pl.DataFrame, "write_parquet", write)


def _args(out: Path, *extra: str) -> list[str]:
    return ["run", GAME, "--games", str(GAMES), "--chunk-size", str(CHUNK), "--seed", "9", "--out", str(out),
            "--quiet", *extra]


@pytest.mark.parametrize("extra", [("--jobs", "1"), ("--jobs", "2"), ("--jobs", "2", "--backend", "processes")],
                         ids=["jobs1", "jobs2", "processes"])
def test_disk_full_then_resume(extra, tmp_path, monkeypatch, error):
    disk = tmp_path / "disk"
    real = _mount_tmpfs(disk, "1m")
    try:
        out = disk / "r"
        if real:
            r = subprocess.run([sys.executable, "-m", "sims.cli", *_args(out, *extra)], cwd=ROOT, text=True,
                               env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True)
            assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
            lines = r.stderr.strip().splitlines()
            assert len(lines) == 1 and lines[0].startswith("brux: error: cannot write"), r.stderr
        else:
            with monkeypatch.context() as m:
                _failing_writes(m, 5, errno.ENOSPC)
                lines = [error(_args(out, *extra[:2]))]
        assert "No space left on device; free some space and run the same command again to resume" in lines[0]
        _no_leftovers(out)
        assert len(list(out.glob("chunk-*.parquet"))) < GAMES // CHUNK
        if real:
            subprocess.run(["mount", "-o", "remount,size=8m", str(disk)], check=True)
        assert main(_args(out, *extra)) == 0
        _no_leftovers(out)
        assert pl.read_parquet(sorted(out.glob("chunk-*.parquet"))).equals(reference(9, GAMES))
        print(f"disk full {' '.join(extra)}: {'tmpfs' if real else 'simulated'}")
    finally:
        if real:
            subprocess.run(["umount", str(disk)], check=True)


def test_permission_lost_mid_run_then_resume(tmp_path, monkeypatch, error):
    out = tmp_path / "r"
    with monkeypatch.context() as m:
        _failing_writes(m, 3, errno.EACCES)
        line = error(_args(out, "--jobs", "2"))
    assert "cannot write" in line and "Permission denied" in line
    _no_leftovers(out)
    assert main(_args(out, "--jobs", "2")) == 0
    assert pl.read_parquet(sorted(out.glob("chunk-*.parquet"))).equals(reference(9, GAMES))


def test_manifest_write_fails(tmp_path, monkeypatch, error):
    out = tmp_path / "r"
    real = Path.write_text

    def write_text(self, *a, **kw):
        if self.name.startswith(".manifest.json"):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(self, *a, **kw)

    monkeypatch.setattr(Path, "write_text", write_text)
    assert "No space left on device" in error(_args(out, "--jobs", "1"))
    _no_leftovers(out)


def test_memory_error_is_one_line(tmp_path, monkeypatch, error):
    def boom(*a, **kw):
        raise MemoryError

    monkeypatch.setattr(sims.agents, "play_batch", boom)
    assert "out of memory" in error(_args(tmp_path / "r", "--jobs", "1"))


@pytest.mark.parametrize("size", ["1000001", "1000000000000"])
def test_chunk_size_is_bounded(size, tmp_path, error):
    line = error(["run", GAME, "--games", "10", "--chunk-size", size, "--out", str(tmp_path / "r")])
    assert "chunk size must be an integer between 1 and 1000000" in line


def test_chunks_that_do_not_fit_in_memory_are_refused(tmp_path, monkeypatch, error):
    monkeypatch.setattr("sims.spec._available_memory", lambda: 50 * 2**20)
    line = error(["run", GAME, "--games", "1000000", "--chunk-size", "500000", "--jobs", "2",
                  "--out", str(tmp_path / "r")])
    assert "need about" in line and "use a smaller chunk size" in line
    assert not (tmp_path / "r").exists()


def test_report_on_a_full_disk_leaves_no_file(tmp_path, monkeypatch, error):
    out = tmp_path / "r"
    assert main(["run", GAME, "--games", "200", "--chunk-size", "100", "--out", str(out), "--quiet"]) == 0
    real = Path.write_text

    def write_text(self, *a, **kw):
        real(self, "partial")
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(Path, "write_text", write_text)
    assert "No space left on device" in error(["report", str(out), "--out", str(tmp_path / "report.html")])
    assert not list(tmp_path.glob("report.html*"))


def test_record_on_a_full_disk_leaves_no_file(tmp_path, monkeypatch, error):
    real = Path.write_text

    def write_text(self, *a, **kw):
        real(self, "")
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(Path, "write_text", write_text)
    assert "No space left on device" in error(["play", GAME, "--record", str(tmp_path / "g.json")])
    assert not list(tmp_path.iterdir())
