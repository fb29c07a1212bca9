"""The fault suite: concurrent runs, kills, damaged chunks, full disks, malformed input — each with its outcome.

Every user mistake or resource fault must end in one line ``brux: error: ...`` with exit code 2 and no traceback.
"""

from __future__ import annotations

import functools

import polars as pl
import pytest

import sims
from sims.cli import main

GAME = "bruxelles1897"


@functools.lru_cache(maxsize=8)
def reference(seed: int, games: int, players: int = 3) -> pl.DataFrame:
    """The per-seat table of a run played in this process in one chunk (what any run with `seed` must hold)."""
    return sims.run(GAME, players, games, seed=seed, jobs=1, chunk_size=games).table()


def cli_error(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """Run the command line, assert it failed cleanly (exit 2, one `brux: error:` line, no traceback)."""
    capsys.readouterr()
    assert main(argv) == 2
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if line.startswith("brux: error:")]
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


@pytest.fixture
def error(capsys):
    return functools.partial(cli_error, capsys)
