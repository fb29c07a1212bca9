import numpy as np
import polars as pl

from brux.core.rng import game_seed
from sims.table import result_columns, result_table

DTYPES = {"game_id": pl.Int64, "seed": pl.Int64, "game": pl.String, "params_id": pl.String, "players": pl.Int8,
          "seat": pl.Int8, "agent": pl.String, "vp": pl.Int32, "rank": pl.Int8, "win_share": pl.Float64,
          "opening_1": pl.String, "opening_2": pl.String, "length": pl.Int32}


def _table(game, n=40, first=100, seed=5, agents=("random",) * 3):
    arrays = game.play_random(n, seed, first)
    df = result_table(arrays, first_index=first, game=game.name, params_id=game.params_id, agents=agents,
                      vp_sources=game.vp_sources, opening_labels=game.opening_labels())
    return arrays, df


def test_schema_and_dtypes_follow_the_results_doc(game3):
    _, df = _table(game3)
    assert df.columns == result_columns(game3.vp_sources)
    for col, dtype in DTYPES.items():
        assert df.schema[col] == dtype, col
    for s in game3.vp_sources:
        assert df.schema[f"vp_{s}"] == pl.Int32


def test_rows_match_the_arrays(game3):
    arrays, df = _table(game3)
    players = game3.players
    assert df.height == 40 * players
    assert df["game_id"].to_list() == [g for g in range(100, 140) for _ in range(players)]
    assert df["seat"].to_list() == list(range(players)) * 40
    assert df["seed"].to_list()[::players] == [game_seed(5, i) for i in range(100, 140)]
    assert np.array_equal(df["vp"].to_numpy().reshape(40, players), arrays["vp"])
    assert np.array_equal(df["rank"].to_numpy().reshape(40, players), arrays["rank"])
    assert np.array_equal(df["length"].to_numpy()[::players], arrays["length"])
    sources = df.select(pl.sum_horizontal(f"vp_{s}" for s in game3.vp_sources)).to_series()
    assert (sources == df["vp"]).all()
    assert df.group_by("game_id").agg(pl.col("win_share").sum())["win_share"].round(9).eq(1.0).all()
    assert set(df["game"]) == {game3.name} and set(df["params_id"]) == {game3.params_id}
    assert set(df["players"]) == {players}


def test_opening_codes_become_labels(game3):
    arrays, df = _table(game3)
    labels = game3.opening_labels()
    expect = ["-" if c < 0 else labels[c] for c in arrays["opening"][:, :, 0].ravel()]
    assert df["opening_1"].to_list() == expect
    fake = {k: v.copy() for k, v in arrays.items()}
    fake["opening"][:, :, 1] = -1
    df2 = result_table(fake, first_index=0, game=game3.name, params_id="x", agents=("random",) * 3,
                       vp_sources=game3.vp_sources, opening_labels=labels)
    assert set(df2["opening_2"]) == {"-"}


def test_agent_column_is_per_seat(game3):
    _, df = _table(game3, n=3, agents=("a", "b", "c"))
    assert df["agent"].to_list() == ["a", "b", "c"] * 3
