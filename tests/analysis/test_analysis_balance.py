import numpy as np
import pandas as pd
import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs
from statsmodels.stats.proportion import (
    multinomial_proportions_confint,
    proportion_confint,
)

from analysis import balance_metrics, seat_balance
from tests.analysis.synthetic import make_table


def _rows(games):
    """games: list of per-game win_share lists, seat order; 3-column minimal per-seat table."""
    rows = []
    for gid, shares in enumerate(games):
        for seat, ws in enumerate(shares):
            rows.append({"game_id": gid, "players": len(shares), "seat": seat, "agent": "random",
                         "win_share": float(ws)})
    return pl.DataFrame(rows, schema_overrides={"players": pl.Int8, "seat": pl.Int8})


def test_two_way_tie_counts_half_each():
    df = _rows([[0.5, 0.5]])
    sb = seat_balance(df)
    assert sb["win_share"].to_list() == [0.5, 0.5]
    assert sb["outright_wins"].to_list() == [0, 0]
    assert sb["shared_wins"].to_list() == [1, 1]
    m = balance_metrics(df)
    assert m["shared_first_rate"].item() == 1.0
    assert m["tie_games"].item() == 1
    assert m["max_gap"].item() == 0.0


def test_hand_made_three_player_table():
    # g0: seat 0 outright; g1: seats 0+1 tie; g2: seat 2 outright; g3: seats 1+2 tie
    df = _rows([[1, 0, 0], [0.5, 0.5, 0], [0, 0, 1], [0, 0.5, 0.5]])
    sb = seat_balance(df)
    assert sb["games"].to_list() == [4, 4, 4]
    assert sb["wins"].to_list() == [1.5, 1.0, 1.5]
    assert sb["win_share"].to_list() == [0.375, 0.25, 0.375]
    assert sb["outright_wins"].to_list() == [1, 0, 1]
    assert sb["shared_wins"].to_list() == [1, 2, 1]
    assert sb["outright_rate"].to_list() == [0.25, 0.0, 0.25]
    assert sb["fair_share"].to_list() == pytest.approx([1 / 3] * 3)
    assert sb["ratio_to_fair"].to_list() == pytest.approx([1.125, 0.75, 1.125])
    assert sb["lineup"].unique().to_list() == ["random | random | random"]
    m = balance_metrics(df)
    assert m["shared_first_rate"].item() == 0.5
    assert m["tie_games"].item() == 2
    assert m["max_gap"].item() == pytest.approx(0.125)
    assert m["seat0_share"].item() == pytest.approx(0.375)
    assert m["seat0_excess"].item() == pytest.approx(0.375 - 1 / 3)
    assert m["worst_seat"].item() == 1
    assert m["best_seat"].item() in (0, 2)


def test_intervals_are_the_documented_statsmodels_calls():
    df = make_table(3_000, 3, seed=4, seat_bonus=[1, 0, 0])
    sb = seat_balance(df, confidence=0.9)
    # Wilson's interval at the effective sample size n q (1 - q) / v, v the per-game variance of the shares
    q = sb["win_share"].to_numpy()
    seat_v = df.group_by("seat").agg(pl.col("win_share").var(ddof=0)).sort("seat")["win_share"].to_numpy()
    eff = sb["games"].to_numpy() * q * (1 - q) / seat_v
    lo, hi = proportion_confint(q * eff, eff, alpha=0.1, method="wilson")
    np.testing.assert_allclose(sb["win_share_low"], lo)
    np.testing.assert_allclose(sb["win_share_high"], hi)
    outright = sb["outright_wins"].to_numpy()
    ties = 3_000 - outright.sum()
    # the tie count equals the number of games whose highest share is below 1
    per_game = df.group_by("game_id").agg(pl.col("win_share").max())
    assert ties == (per_game["win_share"] < 1).sum()
    ref = multinomial_proportions_confint(np.append(outright, ties), alpha=0.1, method="goodman")
    np.testing.assert_allclose(sb["outright_sim_low"], ref[:3, 0])
    np.testing.assert_allclose(sb["outright_sim_high"], ref[:3, 1])
    assert (sb["outright_sim_low"] <= sb["outright_rate"]).all()
    assert (sb["outright_rate"] <= sb["outright_sim_high"]).all()
    # the planted bonus makes seat 0 the best seat, clearly above fair share
    assert sb["win_share"].arg_max() == 0
    assert sb["win_share_low"][0] > 1 / 3
    assert balance_metrics(df)["seat0_excess"].item() > 0.03


def test_several_lineups_are_separated():
    a = make_table(400, 3, seed=1, agents=["greedy", "random", "random"])
    b = make_table(600, 3, seed=2, agents=["random", "greedy", "random"], first_game_id=400)
    sb = seat_balance(pl.concat([a, b]))
    assert sb.height == 6
    counts = dict(sb.group_by("lineup").agg(pl.col("games").first()).iter_rows())
    assert counts == {"greedy | random | random": 400, "random | greedy | random": 600}
    m = balance_metrics(pl.concat([a, b]))
    assert m.height == 2 and sorted(m["games"].to_list()) == [400, 600]


def test_concatenated_runs_need_a_run_column():
    a = make_table(100, 3, seed=1, agents=["greedy", "random", "random"])
    b = make_table(100, 3, seed=1, agents=["random", "greedy", "random"])  # same game ids and seeds
    with pytest.raises(ValueError, match="run"):
        seat_balance(pl.concat([a, b]))
    both = pl.concat([a.with_columns(pl.lit(0).alias("run")), b.with_columns(pl.lit(1).alias("run"))])
    sb = seat_balance(both)
    assert sb.height == 6 and set(sb["games"].to_list()) == {100}


def test_lineup_column_or_no_agent_column():
    df = make_table(200, 2, seed=5)
    given_lineup = seat_balance(df.with_columns(pl.lit("A vs B").alias("lineup")))
    assert given_lineup["lineup"].to_list() == ["A vs B", "A vs B"]
    no_agent = seat_balance(df.drop("agent"))
    assert no_agent["lineup"].null_count() == 2
    np.testing.assert_allclose(no_agent["win_share"].to_numpy(), given_lineup["win_share"].to_numpy())


def test_pandas_in_and_out_and_lazy_input():
    df = make_table(500, 4, seed=9)
    out = seat_balance(df.to_pandas(), as_pandas=True)
    assert isinstance(out, pd.DataFrame)
    assert list(out["seat"]) == [0, 1, 2, 3]
    lazy = seat_balance(df.lazy())
    assert isinstance(lazy, pl.DataFrame)
    np.testing.assert_allclose(lazy["win_share"].to_numpy(), out["win_share"].to_numpy())
    assert isinstance(balance_metrics(df, as_pandas=True), pd.DataFrame)


def test_missing_columns_are_named():
    with pytest.raises(ValueError, match="win_share"):
        seat_balance(pl.DataFrame({"players": [2], "seat": [0]}))


def test_player_counts_are_kept_apart():
    df = pl.concat([make_table(300, 2, seed=1), make_table(300, 4, seed=2)])
    sb = seat_balance(df)
    assert sb.group_by("players").len().sort("players").rows() == [(2, 2), (4, 4)]
    assert sb.filter(pl.col("players") == 4)["fair_share"].to_list() == [0.25] * 4


@settings(max_examples=25, deadline=None, database=None)
@given(games=hs.integers(1, 60), players=hs.integers(2, 5), seed=hs.integers(0, 10_000))
def test_win_shares_sum_to_one_across_seats(games, players, seed):
    df = make_table(games, players, seed=seed, sources=("a", "b"), source_means=(1.0, 0.5))
    sb = seat_balance(df)
    assert sb["win_share"].sum() == pytest.approx(1.0)
    assert sb["wins"].sum() == pytest.approx(games)
    m = balance_metrics(df)
    assert 0 <= m["shared_first_rate"].item() <= 1
    assert m["tie_games"].item() + sb["outright_wins"].sum() == games
    assert 0 <= m["max_gap"].item() <= 1
