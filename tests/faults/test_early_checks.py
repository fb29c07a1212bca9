"""Mistakes found before any work: outputs that cannot be written, report suffixes, options that would be ignored,
counts out of range; and ``brux --version``. Each ends in exit 2, one line naming the problem, nothing written."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import brux
from sims.cli import main

from .conftest import GAME

SWEEP = str(Path(__file__).resolve().parents[2] / "examples" / "sweep_start_money.toml")
UNWRITABLE = "/proc/brux-test"  # a folder where no file can be made, even by root


def _fail(*args, **kwargs):
    raise AssertionError("work started before the mistake was found")


@pytest.fixture(autouse=True)
def no_work(monkeypatch):
    """Every test fails at the first game played or benchmark started."""
    import benchmarks.__main__
    import sims.trace

    monkeypatch.setattr(sys.modules["sims.run"], "run", _fail)  # the module, not the `sims.run` function
    monkeypatch.setattr(sims.trace, "play", _fail)
    monkeypatch.setattr(benchmarks.__main__, "run_suite", _fail)


def test_analyze_report_in_an_unwritable_folder(tmp_path, error):
    line = error(["analyze", GAME, "--games", "100", "--report", f"{UNWRITABLE}.html", "--out-dir",
                  str(tmp_path / "r")])
    assert "--report '/proc/brux-test.html' cannot be written" in line
    assert not (tmp_path / "r").exists()


def test_bench_out_in_an_unwritable_folder(error):
    line = error(["bench", "--quick", "--out", f"{UNWRITABLE}/bench"])
    assert "--out '/proc/brux-test/bench' cannot be written" in line


def test_play_record_in_a_missing_folder(tmp_path, error):
    line = error(["play", GAME, "--record", str(tmp_path / "no" / "such" / "r.json")])
    assert "the folder" in line and "does not exist" in line
    assert not (tmp_path / "no").exists()


@pytest.mark.parametrize("out,fmt,message", [("r.pdf", None, "written as .html or .md, not .pdf"),
                                             ("r", None, "not a file without suffix"),
                                             ("r.md", "html", "does not end in .html")])
def test_report_suffix(out, fmt, message, tmp_path, error, monkeypatch):
    monkeypatch.chdir(tmp_path)
    argv = ["report", str(tmp_path), "--out", out] + (["--format", fmt] if fmt else [])
    assert message in error(argv)
    assert not list(tmp_path.iterdir())


def test_analyze_report_suffix_checked_before_playing(tmp_path, error):
    assert "not .pdf" in error(["analyze", GAME, "--report", str(tmp_path / "r.pdf"), "--out-dir",
                                str(tmp_path / "r")])
    assert not list(tmp_path.iterdir())


def test_run_margin_needs_a_sequential_rule(tmp_path, error):
    line = error(["run", GAME, "--games", "100", "--margin", "0.05", "--out", str(tmp_path / "r")])
    assert "--margin" in line and "--until-decided" in line
    assert not (tmp_path / "r").exists()


def test_bench_repeats_zero(tmp_path, error):
    assert "--repeats must be at least 1" in error(["bench", "--repeats", "0", "--out", str(tmp_path / "b")])
    assert not (tmp_path / "b").exists()


def test_sweep_jobs_zero(tmp_path, error):
    line = error(["sweep", SWEEP, "--jobs", "0", "--out", str(tmp_path / "s")])
    assert "jobs must be a positive number of workers" in line and "got 0" in line
    assert not (tmp_path / "s").exists()


def test_version(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"brux {brux.__version__}"
