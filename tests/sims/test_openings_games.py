"""Forced openings in every registered game, at every player count, under random, greedy and vmcts line-ups."""

from __future__ import annotations

import polars as pl
import pytest

import brux
import sims
from brux.games import get_rules
from sims.openings import forced_openings

LINEUPS = ("random", "greedy", "vmcts:iters=4")
CASES = [(g, p, a) for g in brux.list_games() for p in range(get_rules(g).min_players, get_rules(g).max_players + 1)
         for a in LINEUPS]


@pytest.mark.parametrize(("game", "players", "agents"), CASES, ids=[f"{g}-{p}p-{a}" for g, p, a in CASES])
def test_every_seat_is_forced_and_its_own_choice_is_the_ordinary_game(game, players, agents):
    deals = 2
    rows, _ = forced_openings(game, players, agents, deals=deals, seed=5, chunk_size=1)
    labels = {"-", *brux.load_game(game, players).opening_labels()}
    assert set(rows["seat"].unique().to_list()) == set(range(players))
    assert set(rows["opening"].unique().to_list()) <= labels
    assert rows.group_by("deal", "seat").agg(pl.col("action").n_unique() == pl.len())["action"].all()
    assert rows["win_share"].is_between(0.0, 1.0).all()
    ordinary = sims.run(game, players, deals, agents=agents, seed=5, jobs=1).table()
    joined = ordinary.select(pl.col("game_id").alias("deal"), "seat", "opening_1", "win_share", "vp").join(
        rows, left_on=["deal", "seat", "opening_1", "win_share", "vp"],
        right_on=["deal", "seat", "opening", "win_share", "vp"], how="semi")
    assert joined.height == ordinary.height  # every seat's ordinary game is one of its forced copies
