"""Shared pieces of the sweep and balance tests: small sweep files and one small sweep played per worker."""

from __future__ import annotations

import pytest

GAME = "bruxelles1897"
GAMES = 2000
CHUNK = 500
PLANTED = [0, 0, 40, 7]  # the last seat (of 3) starts with 40 BEF: a huge advantage

SWEEP_TOML = f"""
description = "test sweep"
game = "{GAME}"
players = 3
agents = ["random"]
games = {GAMES}
seed = 7
chunk_size = {CHUNK}

[grid]
start_money = [[4, 5, 6, 7], [5, 5, 6, 6], {PLANTED}]

[[variants]]
name = "exhibit 1"
exhibit_vp = 1
"""


def write(path, text: str):
    path.write_text(text, encoding="utf-8")
    return path


def err_line(capsys) -> str:
    """The single ``brux: error: ...`` line of a failed command."""
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("brux: error: ")
    return lines[0]


@pytest.fixture(scope="module")
def played_sweep(tmp_path_factory):
    """A 4-cell sweep (baseline, one start-money variant, the planted variant, exhibit_vp = 1) of 2,000 games each."""
    from sims.sweep import sweep

    folder = tmp_path_factory.mktemp("sweep")
    file = write(folder / "sweep.toml", SWEEP_TOML)
    return sweep(file, folder / "out", jobs=1)
