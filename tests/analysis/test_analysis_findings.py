"""The findings on tables that are too small or malformed, the sentences' wording and the sequential note."""

import numpy as np
import polars as pl
import pytest

from analysis import findings
from analysis.stats import pct, plural, points
from tests.analysis.synthetic import make_table

STOPPED = {"rule": "decided", "planned_games": 100_000, "games_done": 20_000, "reason": "decided: not fair",
           "looks": [20_000]}


def test_the_verdict_sentence_names_the_best_and_worst_seat_and_the_seat_line_follows():
    f = findings(make_table(20_000, 3, seed=5, seat_bonus=[0, 0, 1]))
    assert f.sentences[0].startswith("Seats: not fair")
    assert "seat 2 (best) minus seat 0 (worst)" in f.sentences[0]
    assert f.sentences[1].startswith("Seats one at a time: the fair share is 33.3% win share each")
    d = f.to_dict()["fairness"][0]
    assert (d["best_seat"], d["worst_seat"]) == (2, 0) and len(d["pairs"]) == 3


def test_after_a_sequential_stop_only_the_verdict_and_seat_table_are_said_to_be_always_valid():
    f = findings(make_table(20_000, 3, seed=5), stopping=STOPPED)
    note = next(s for s in f.sentences if s.startswith("The run stopped"))
    assert "(looked once)" in note and "do not inflate the error rate)" not in note
    assert "every other interval is labelled fixed-sample, not adjusted for the stopping" in note
    assert "95% always valid, simultaneous over the 3 pairs of seats" in f.sentences[0]
    assert "95% always valid, simultaneous over the 3 seats" in f.sentences[1]
    gap = next(s for s in f.sentences if s.startswith("Largest gap"))
    assert "fixed-sample, not adjusted for the stopping" in gap
    v = f.fairness[0]
    width = (f.seat_differences[3]["high"] - f.seat_differences[3]["low"]).to_numpy()
    np.testing.assert_allclose(width, v.pair_high - v.pair_low)
    assert width.max() == pytest.approx(2 * v.gap_half_width)


def test_nan_win_shares_are_refused():
    t = make_table(300, 3, seed=1).with_columns(
        win_share=pl.when(pl.col("game_id") == 7).then(float("nan")).otherwise(pl.col("win_share")))
    with pytest.raises(ValueError, match="win_share has 3 missing or NaN"):
        findings(t)


def test_one_game_is_not_decided_and_prints_no_nan():
    f = findings(make_table(1, 3, seed=1))
    assert f.fairness[0].verdict == "not decided"
    assert "too few games" in f.sentences[0]
    assert not any("nan" in s for s in f.sentences)


def test_an_empty_table_and_a_bad_margin_name_the_problem():
    with pytest.raises(ValueError, match="no rows"):
        findings(make_table(5, 3, seed=1).head(0))
    with pytest.raises(TypeError, match="margin must be a number in \\(0, 1\\), got '0.02' \\(str\\)"):
        findings(make_table(5, 3, seed=1), margin="0.02")
    with pytest.raises(ValueError, match="needs the column"):
        findings(make_table(5, 3, seed=1).drop("win_share"))


def test_numbers_and_counts_read_right():
    assert pct(-0.00001, True) == "0.0" and pct(-0.00001) == "0.0" and pct(0.0123, True, 2) == "+1.23"
    assert plural(1, "look") == "1 look" and plural(3, "look") == "3 looks" and plural(1_000, "row") == "1,000 rows"
    assert points(0.01) == "1 point" and points(0.02) == "2 points" and points(0.005) == "0.5 points"
