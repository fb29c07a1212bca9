"""Shared helpers of the sims tests: small runs of the first registered game."""

from __future__ import annotations

import pytest

import brux
import sims

GAME = "bruxelles1897"


@pytest.fixture(scope="session")
def game_name() -> str:
    return GAME


@pytest.fixture(scope="session")
def reference_table():
    """A 1,000-game 3-player run played in this process in one chunk: the reference for determinism checks."""
    def make(games: int = 1000, seed: int = 11, players: int = 3):
        return sims.run(GAME, players, games, seed=seed, jobs=1, chunk_size=games).table()

    return make


@pytest.fixture(scope="session")
def game3() -> brux.Game:
    return brux.load_game(GAME, 3)
