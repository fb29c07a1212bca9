import numpy as np
import polars as pl
import pytest
from scipy import stats as st

from analysis import score_sources
from tests.analysis.synthetic import make_table


@pytest.fixture(scope="module")
def table():
    return make_table(4_000, 3, seed=21, seat_bonus=[0, 2, 0])


def test_shares_sum_to_one_per_seat_and_overall(table):
    ss = score_sources(table)
    sums = ss.group_by("players", "seat").agg(pl.col("share").sum())["share"].to_numpy()
    np.testing.assert_allclose(sums, 1.0)
    overall = score_sources(table, by_seat=False)
    assert overall["seat"].null_count() == overall.height
    assert overall["share"].sum() == pytest.approx(1.0)
    assert overall["games"].to_list() == [12_000] * 4


def test_sources_are_discovered_from_the_prefix(table):
    ss = score_sources(table)
    assert ss["source"].unique(maintain_order=True).to_list() == ["build", "exhibit", "majority", "money"]
    renamed = table.rename({"vp_build": "vp_canals", "vp_money": "vp_pennies"})
    assert set(score_sources(renamed)["source"]) == {"canals", "exhibit", "majority", "pennies"}
    with pytest.raises(ValueError, match="vp_"):
        score_sources(table.drop("vp_build", "vp_exhibit", "vp_majority", "vp_money"))


def test_statistics_match_numpy_and_scipy(table):
    ss = score_sources(table)
    seat1 = table.filter(pl.col("seat") == 1)
    x = seat1["vp_build"].to_numpy().astype(float)
    won = (seat1["rank"] == 1).to_numpy()
    row = ss.filter((pl.col("seat") == 1) & (pl.col("source") == "build")).row(0, named=True)
    assert row["mean_vp"] == pytest.approx(x.mean())
    assert row["std_vp"] == pytest.approx(x.std(ddof=1))
    assert row["mean_winners"] == pytest.approx(x[won].mean())
    assert row["mean_others"] == pytest.approx(x[~won].mean())
    assert row["diff_winners"] == pytest.approx(x[won].mean() - x[~won].mean())
    r, p = st.pointbiserialr(won, x)
    assert row["corr_win"] == pytest.approx(r, rel=1e-9)
    assert row["corr_p"] == pytest.approx(p, rel=1e-6, abs=1e-300)
    total = seat1["vp"].to_numpy().mean()
    assert row["share"] == pytest.approx(x.mean() / total)


def test_bigger_source_separates_winners_more(table):
    ss = score_sources(table).filter(pl.col("seat") == 0).sort("corr_win", descending=True)
    # the source with the largest spread (Poisson mean 8) is most linked with winning
    assert ss["source"][0] == "build"
    assert (ss["diff_winners"] > 0).all()


def test_bonus_seat_has_more_build_vp(table):
    ss = score_sources(table).filter(pl.col("source") == "build").sort("seat")
    means = ss["mean_vp"].to_list()
    # seat 1 gets +2 VP per game; the Poisson(8) noise of a mean over 4000 games has sd ~0.045
    assert means[1] - (means[0] + means[2]) / 2 == pytest.approx(2.0, abs=0.3)


def test_win_share_used_without_rank_column(table):
    a = score_sources(table)
    b = score_sources(table.drop("rank"))
    np.testing.assert_allclose(a["corr_win"].to_numpy(), b["corr_win"].to_numpy())
