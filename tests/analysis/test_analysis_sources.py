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


def test_source_effects_match_statsmodels_conditional_logit():
    from statsmodels.discrete.conditional_models import ConditionalLogit

    from analysis import source_effects

    table = make_table(1_500, 3, seed=9, sources=("a", "b", "c"), source_means=(4.0, 2.0, 1.0))
    both = source_effects(table, confidence=0.9)
    eff = both.filter(pl.col("model") == "alone")
    games = table.group_by("game_id").agg((pl.col("win_share") > 0).sum().alias("k"))
    outright = table.join(games.filter(pl.col("k") == 1).select("game_id"), on="game_id").sort("game_id", "seat")
    assert eff["games"].to_list() == [outright.height // 3] * 3
    assert eff["tie_games"].to_list() == [games.filter(pl.col("k") > 1).height] * 3
    won = (outright["win_share"].to_numpy() > 0).astype(float)
    for r in eff.iter_rows(named=True):
        x = outright[f"vp_{r['source']}"].to_numpy().astype(float)[:, None]
        fit = ConditionalLogit(won, x, groups=outright["game_id"].to_numpy()).fit(method="newton", tol=1e-12, disp=0)
        assert r["coef"] == pytest.approx(fit.params[0], rel=1e-6)
        assert r["se"] == pytest.approx(fit.bse[0], rel=1e-5)
        lo, hi = fit.conf_int(alpha=0.1)[0]
        assert (r["coef_low"], r["coef_high"]) == pytest.approx((lo, hi), rel=1e-5)
        assert r["p_value"] == pytest.approx(fit.pvalues[0], rel=1e-4, abs=1e-300)
        assert r["odds_ratio"] == pytest.approx(np.exp(fit.params[0]))
    # every source adds VP, so a within-game edge in any of them goes with higher odds of winning
    assert (eff["or_per_sd"] > 1).all()
    # the joint fit: every source but the largest (a) in one conditional logit
    joint = both.filter(pl.col("model") == "joint without a")
    assert joint["source"].to_list() == ["b", "c"]
    x = outright.select("vp_b", "vp_c").to_numpy().astype(float)
    fit = ConditionalLogit(won, x, groups=outright["game_id"].to_numpy()).fit(method="newton", tol=1e-12, disp=0)
    np.testing.assert_allclose(joint["coef"].to_numpy(), fit.params, rtol=1e-6)
    np.testing.assert_allclose(joint["se"].to_numpy(), fit.bse, rtol=1e-5)
    assert (joint["outright_games"] == outright.height // 3).all()


def test_source_effects_are_within_game_not_pooled():
    # source "lure": large in games where everyone scores high (a game-level effect), unrelated to who wins;
    # pooled over rows it correlates with winning only through the total, within a game it carries no edge
    rng = np.random.default_rng(4)
    n = 4_000
    base = rng.poisson(6.0, size=(n, 3)).astype(float)
    level = rng.integers(0, 20, size=(n, 1)).astype(float)
    lure = np.repeat(level, 3, axis=1)
    vp = base + lure + rng.poisson(6.0, size=(n, 3))  # plus points from sources not in the table
    top = vp == vp.max(axis=1, keepdims=True)
    share = top / top.sum(axis=1, keepdims=True)
    df = pl.DataFrame({"game_id": np.repeat(np.arange(n), 3), "players": 3, "seat": np.tile(np.arange(3), n),
                       "win_share": share.ravel(), "vp_base": base.ravel(), "vp_lure": lure.ravel()})
    from analysis import source_effects

    eff = {r["source"]: r for r in source_effects(df).iter_rows(named=True)}
    assert np.isnan(eff["lure"]["coef"])  # no within-game variation: no within-game effect to estimate
    assert eff["base"]["coef_low"] > 0
