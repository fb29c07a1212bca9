"""Games do not share compiled code: every game played after every other game in one process gives, bit for bit,
what it gives in a process of its own (every call of `cross_game_play`, with the on-disk kernel cache shared).

Each game is first played in a fresh process of its own, which compiles its kernels there when the cache is cold;
then one process plays every game, twice over, so that each game is played once more after all the others.
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np

import brux

ROOT = Path(__file__).resolve().parents[2]


def run(tmp_path: Path, names: list[str]) -> list[tuple[str, dict[str, Any]]]:
    """(game, results) of `cross_game_play` for `names`, played in that order in one new process."""
    out = tmp_path / f"{'-'.join(names)}.pkl"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p))
    done = subprocess.run([sys.executable, "-m", "tests.contract.cross_game_play", str(out), *names], cwd=ROOT,
                          env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    with open(out, "rb") as f:
        return pickle.load(f)


def assert_same(got: dict[str, Any], fresh: dict[str, Any], where: str) -> None:
    assert got.keys() == fresh.keys(), where
    for call, arrays in fresh.items():
        assert got[call].keys() == arrays.keys(), f"{where}, {call}"
        for key, expected in arrays.items():
            actual = got[call][key]
            assert actual.dtype == expected.dtype and actual.shape == expected.shape, f"{where}, {call}: {key}"
            assert np.array_equal(actual, expected), f"{where}, {call}: {key} differs from a fresh process"


def test_every_game_after_every_other_game_plays_as_in_a_fresh_process(tmp_path):
    names = brux.list_games()
    fresh = {name: run(tmp_path, [name])[0][1] for name in names}
    together = run(tmp_path, names + names)
    assert [name for name, _ in together] == names + names
    for i, (name, results) in enumerate(together):
        before = [n for n, _ in together[:i]]
        assert_same(results, fresh[name], f"{name} after {', '.join(before) or 'nothing'}")
