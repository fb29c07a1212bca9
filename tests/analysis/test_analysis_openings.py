import numpy as np
import polars as pl
import pytest
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import proportion_confint, proportions_ztest

from analysis import opening_strength
from tests.analysis.synthetic import OPENINGS_2, PLANTED, make_table


@pytest.mark.parametrize("correction", ["holm", "fdr_bh"])
def test_planted_opening_is_the_only_one_flagged(planted_table, correction):
    op = opening_strength(planted_table, correction=correction)
    flagged = op.filter(pl.col("significant"))
    assert flagged.select("seat", "opening").rows() == [(PLANTED[0], PLANTED[1])]
    row = flagged.row(0, named=True)
    assert row["delta"] > 0.05 and row["lift"] > 1.1
    assert row["win_share_low"] > row["seat_win_share"]


@pytest.mark.parametrize("correction", ["holm", "fdr_bh"])
def test_null_table_flags_nothing(null_table, correction):
    op = opening_strength(null_table, correction=correction)
    assert op.height == 24
    assert not op["significant"].any()


def test_columns_match_statsmodels(planted_table):
    op = opening_strength(planted_table, confidence=0.9)
    row = op.row(3, named=True)
    seat = planted_table.filter(pl.col("seat") == row["seat"])
    mine = seat.filter(pl.col("opening_1") == row["opening"])
    assert row["games"] == mine.height
    assert row["wins"] == pytest.approx(mine["win_share"].sum())
    assert row["frequency"] == pytest.approx(mine.height / seat.height)
    assert row["seat_win_share"] == pytest.approx(seat["win_share"].mean())
    lo, hi = proportion_confint(row["wins"], row["games"], alpha=0.1, method="wilson")
    assert (row["win_share_low"], row["win_share_high"]) == pytest.approx((lo, hi))
    s = row["seat_win_share"]
    z, p = proportions_ztest(row["wins"], row["games"], value=s, prop_var=s)
    assert (row["z"], row["p_value"]) == pytest.approx((z, p))
    _, adj, _, _ = multipletests(op["p_value"].to_numpy(), alpha=0.1, method="holm")
    np.testing.assert_allclose(op["p_adjusted"].to_numpy(), adj)


def test_rest_reference_is_two_sample_test(planted_table):
    op = opening_strength(planted_table, reference="rest")
    row = op.row(0, named=True)
    seat = planted_table.filter(pl.col("seat") == row["seat"])
    is_it = pl.col("opening_1") == row["opening"]
    c1, n1 = seat.filter(is_it)["win_share"].sum(), seat.filter(is_it).height
    c2, n2 = seat.filter(~is_it)["win_share"].sum(), seat.filter(~is_it).height
    z, p = proportions_ztest([c1, c2], [n1, n2])
    assert (row["z"], row["p_value"]) == pytest.approx((z, p))
    flagged = op.filter(pl.col("significant")).select("seat", "opening").rows()
    assert (PLANTED[0], PLANTED[1]) in flagged


def test_min_games_filters_rare_openings():
    df = make_table(2_000, 2, seed=3)
    rare = (pl.col("game_id") < 30) & (pl.col("seat") == 0)
    df = df.with_columns(pl.when(rare).then(pl.lit("RARE")).otherwise(pl.col("opening_1")).alias("opening_1"))
    all_rows = opening_strength(df, min_games=1)
    assert "RARE" in all_rows["opening"].to_list()
    sums = all_rows.group_by("seat").agg(pl.col("frequency").sum())["frequency"].to_numpy()
    np.testing.assert_allclose(sums, 1.0)
    kept = opening_strength(df, min_games=31)
    assert "RARE" not in kept["opening"].to_list()
    assert (kept["games"] >= 31).all()
    assert kept.height == all_rows.height - 1


def test_depth_two_combines_first_two_openings(planted_table):
    op = opening_strength(planted_table, depth=2, min_games=1)
    assert op.filter(pl.col("seat") == 0)["games"].sum() == 20_000
    assert op["opening"].str.contains(" / ").all()
    assert op.height == 3 * 8 * 4
    # every combination starting with the planted opening is found; nothing else is flagged as strong
    # (the planted opening lifts seat 1's average, so other seat-1 openings may be flagged below it)
    strong = op.filter(pl.col("significant") & (pl.col("delta") > 0))
    assert sorted(strong["opening"].to_list()) == sorted(f"{PLANTED[1]} / {o}" for o in OPENINGS_2)
    assert (strong["seat"] == PLANTED[0]).all()


def test_opening_2_column_and_bad_arguments(null_table):
    op2 = opening_strength(null_table, "opening_2")
    assert set(op2["opening"]) == {"BR bank", "BR stock_exchange", "PASS", "-"}
    with pytest.raises(ValueError, match="opening_9"):
        opening_strength(null_table, "opening_9")
    with pytest.raises(ValueError, match="correction"):
        opening_strength(null_table, correction="bogus")
    with pytest.raises(ValueError, match="reference"):
        opening_strength(null_table, reference="median")
    with pytest.raises(ValueError, match="depth"):
        opening_strength(null_table, "opening_2", depth=2)


def test_sorted_by_seat_then_win_share(null_table):
    op = opening_strength(null_table)
    for _, g in op.group_by("seat", maintain_order=True):
        ws = g["win_share"].to_numpy()
        assert np.all(np.diff(ws) <= 0)
    assert op["seat"].to_list() == sorted(op["seat"].to_list())
