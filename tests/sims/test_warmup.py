"""The first-run compile notice looks at the game's own kernel modules in Numba's on-disk cache."""

import dataclasses

import pytest

import brux
from brux.games import GAMES
from sims import warmup


@pytest.mark.parametrize("name", ["bruxelles1897", "lutece"])
def test_a_game_whose_kernels_are_cached_is_warm(name):
    game = brux.load_game(name, players=3)
    game.play_random(1)
    assert not warmup._cache_is_cold(game)


def test_a_package_without_cached_kernels_is_cold(monkeypatch):
    game = brux.load_game("lutece", players=3)
    game.play_random(1)
    entry = dataclasses.replace(GAMES["lutece"], module="brux.games.lutece.reference_absent")
    monkeypatch.setitem(GAMES, "lutece", entry)
    assert warmup._cache_is_cold(game)
