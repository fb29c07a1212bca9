"""Seat fairness statistics against statsmodels / scipy on the same data, and the verdict's behaviour."""

import numpy as np
import polars as pl
import pytest
from scipy import stats as st
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.weightstats import DescrStatsW

from analysis.fairness import (
    bootstrap_gap,
    fairness_verdict,
    moments,
    pattern_counts,
    pattern_counts_from_matrix,
    pattern_shares,
    seat_differences,
)
from tests.analysis.synthetic import make_table


def _matrix(table, players):
    return table.sort("game_id", "seat")["win_share"].to_numpy().reshape(-1, players)


@pytest.fixture(scope="module")
def tilted():
    return make_table(6_000, 3, seed=21, seat_bonus=[0, 0, 1], sources=("a", "b"), source_means=(3.0, 2.0))


def test_pattern_counts_give_the_per_game_moments(tilted):
    w = _matrix(tilted, 3)
    counts = pattern_counts(tilted)[3]
    assert counts.sum() == 6_000 and counts[0] == 0
    np.testing.assert_array_equal(counts, pattern_counts_from_matrix(w))
    np.testing.assert_allclose(pattern_shares(3)[[1, 3, 7]], [[1, 0, 0], [0.5, 0.5, 0], [1 / 3, 1 / 3, 1 / 3]])
    mo = moments(counts)
    np.testing.assert_allclose(mo.mean, w.mean(axis=0))
    np.testing.assert_allclose(mo.cov, np.cov(w, rowvar=False))
    np.testing.assert_allclose(mo.deviation_se(), [DescrStatsW(w[:, s]).std_mean for s in range(3)])


def test_seat_differences_are_paired_z_tests(tilted):
    w = _matrix(tilted, 3)
    t = seat_differences(pattern_counts(tilted)[3], confidence=0.9)
    z_b = st.norm.ppf(1 - 0.1 / 6)  # Bonferroni over the 3 pairs
    for r in t.iter_rows(named=True):
        d = DescrStatsW(w[:, r["seat_a"]] - w[:, r["seat_b"]])
        assert r["diff"] == pytest.approx(d.mean)
        assert r["se"] == pytest.approx(d.std_mean)  # the paired (within-game) standard error
        z, p = d.ztest_mean(0)
        assert r["p_value"] == pytest.approx(p, rel=1e-9)
        assert (r["low"], r["high"]) == pytest.approx((d.mean - z_b * d.std_mean, d.mean + z_b * d.std_mean))
    _, holm, _, _ = multipletests(t["p_value"].to_numpy(), alpha=0.1, method="holm")
    np.testing.assert_allclose(t["p_adjusted"].to_numpy(), holm)
    # seats of one game are negatively correlated: the paired error is larger than treating them as independent
    d01 = t.filter((pl.col("seat_a") == 0) & (pl.col("seat_b") == 1)).row(0, named=True)
    indep = np.sqrt(w[:, 0].var(ddof=1) / len(w) + w[:, 1].var(ddof=1) / len(w))
    assert d01["se"] > indep


def test_bootstrap_gap_matches_resampling_games_with_scipy(tilted):
    w = _matrix(tilted, 3)[:2_000]
    gap, lo, hi, mc = bootstrap_gap(pattern_counts_from_matrix(w), 0.95, n_boot=20_000, seed=1)
    assert gap == pytest.approx(np.ptp(w.mean(axis=0)))

    def stat(rows, axis=-1):  # rows: (resamples, games) indices of resampled games
        return np.ptp(w[rows].mean(axis=-2), axis=-1)

    ref = st.bootstrap((np.arange(len(w)),), stat, n_resamples=10_000, batch=500, method="percentile",
                       confidence_level=0.95, random_state=np.random.default_rng(2), vectorized=True
                       ).confidence_interval
    assert 0 < mc < 0.002
    # the same resampling distribution: the ends agree within the two Monte Carlo errors (scipy's: 10,000 draws)
    assert abs(lo - ref.low) < 7 * mc and abs(hi - ref.high) < 7 * mc


def _counts(shares, games):
    """Pattern counts of ``games`` 3-player games with one winner each, won by seat s a ``shares[s]`` share."""
    counts = np.zeros(8)
    counts[[1, 2, 4]] = np.round(np.asarray(shares) * games)
    return counts


def test_verdicts():
    equal = make_table(60_000, 3, seed=4, sources=("a",), source_means=(20.0,))
    v = fairness_verdict(pattern_counts(equal)[3], margin=0.02)
    assert v.verdict == "fair" and v.more_games is None
    assert np.all((v.pair_low > -0.02) & (v.pair_high < 0.02))
    assert v.max_deviation_low <= v.max_deviation <= v.max_deviation_high < 0.02
    assert "fair within ±2 points" in v.sentence()
    tilted = make_table(20_000, 3, seed=5, seat_bonus=[0, 0, 3], sources=("a",), source_means=(10.0,))
    v = fairness_verdict(pattern_counts(tilted)[3])
    assert v.verdict == "not fair" and v.best_seat == 2 and v.gap_low > 0.02
    few_counts = pattern_counts(equal.filter(pl.col("game_id") < 1_500))[3]
    few = fairness_verdict(few_counts)
    assert few.verdict == "not decided" and few.more_games > 0
    assert "needs about" in few.sentence()
    # if the estimates are the truth, runs of the estimated total decide about 80 % of the time
    truth = few_counts / few_counts.sum()
    rng = np.random.default_rng(11)
    total = few.games + few.more_games
    decided = [fairness_verdict(rng.multinomial(total, truth).astype(float)).verdict != "not decided"
               for _ in range(400)]
    assert 0.72 <= np.mean(decided) <= 0.88, np.mean(decided)
    with pytest.raises(ValueError, match="margin"):
        fairness_verdict(pattern_counts(equal)[3], margin=2)


def test_the_verdict_is_on_the_gaps_between_seats_not_on_each_seat():
    from analysis.fairness import _decide, z_simultaneous

    # every seat within 1.5 points of the fair share, but seat 2 is 3 points ahead of seat 0
    counts = _counts([1 / 3 - 0.015, 1 / 3, 1 / 3 + 0.015], 400_000)
    v = fairness_verdict(counts, margin=0.02)
    per_seat = z_simultaneous(3, 0.95) * np.sqrt(np.diag(moments(counts).cov) / 400_000)
    assert _decide(v.deviation - per_seat, v.deviation + per_seat, 0.02) == "fair"  # what a per-seat verdict would say
    assert v.verdict == "not fair" and v.gap_low > 0.02
    assert (v.best_seat, v.worst_seat) == (2, 0) and v.gap == pytest.approx(0.03, abs=1e-5)
    assert "seat 2 (best) minus seat 0 (worst) is 3.00 points" in v.sentence()
    assert v.sentence().startswith("Seats: not fair")
    assert "furthest from it is seat 2, +1.50 points" in v.seat_sentence()
    assert "fair share is 33.3% win share each" in v.seat_sentence()
    # a 2.2-point gap with each seat 1.1 points off: a per-seat verdict says fair, the gap is not decided
    counts = _counts([1 / 3 - 0.011, 1 / 3, 1 / 3 + 0.011], 100_000)
    v = fairness_verdict(counts, margin=0.02)
    per_seat = z_simultaneous(3, 0.95) * np.sqrt(np.diag(moments(counts).cov) / 100_000)
    assert _decide(v.deviation - per_seat, v.deviation + per_seat, 0.02) == "fair"
    assert v.verdict == "not decided" and v.gap_low < 0.02 < v.gap_high
    # equal seats: fair, and the sentence still names the best and the worst seat
    v = fairness_verdict(_counts([0.334, 0.333, 0.333], 200_000), margin=0.02)
    assert v.verdict == "fair" and "seat 0 (best) minus seat" in v.sentence() and "(worst)" in v.sentence()
    assert "1 point of win share" in fairness_verdict(_counts([1 / 3] * 3, 1_000_000), margin=0.01).sentence()


def test_sequential_verdict_is_on_the_gaps_with_the_always_valid_width():
    from analysis.sequential import cs_half_width, games_for_precision, pair_sequence

    counts = _counts([1 / 3 - 0.015, 1 / 3, 1 / 3 + 0.015], 1_000_000)
    chunks = np.array([counts / 4] * 4)
    v = fairness_verdict(counts, margin=0.02, sequential={"rule": "decided", "chunk_counts": chunks})
    assert v.verdict == "not fair" and "confidence sequences" in v.method
    low, high = pair_sequence(chunks, 0.05, 0.75 * 0.02)
    assert np.allclose(v.pair_low, low[-1]) and np.allclose(v.pair_high, high[-1])
    assert v.gap_half_width == pytest.approx(np.max(high[-1] - low[-1]) / 2)
    assert v.half_width == pytest.approx(cs_half_width(1_000_000, 0.05, 3, games_for_precision(0.01, 0.05, 3)))
    # a record without chunk counts (or not matching the table) is one block, whose bet is set before any game
    one = fairness_verdict(counts, margin=0.02, sequential={"rule": "decided", "chunk_counts": chunks[:3]})
    low1, high1 = pair_sequence(counts[None, :], 0.05, 0.75 * 0.02)
    assert np.allclose(one.pair_low, low1[-1]) and one.verdict == "not fair"


def test_bad_inputs_name_the_problem():
    with pytest.raises(TypeError, match="margin must be a number"):
        fairness_verdict(_counts([1 / 3] * 3, 100), margin="0.02")
    with pytest.raises(ValueError, match="confidence"):
        fairness_verdict(_counts([1 / 3] * 3, 100), confidence=float("nan"))
    with pytest.raises(ValueError, match="NaN"):
        pattern_counts_from_matrix(np.array([[1.0, 0.0, np.nan]]))
    one = fairness_verdict(_counts([1, 0, 0], 1))
    assert one.verdict == "not decided" and one.more_games is None
    assert "too few games" in one.sentence() and "nan" not in one.sentence() + one.seat_sentence()


def test_games_must_have_one_row_per_seat():
    t = make_table(10, 3, seed=1).filter(~((pl.col("game_id") == 3) & (pl.col("seat") == 1)))
    with pytest.raises(ValueError, match="exactly `players` rows"):
        pattern_counts(t)


def test_fair_is_a_tost_per_pair_and_not_fair_needs_simultaneous_intervals():
    from scipy import stats

    from analysis.fairness import z_simultaneous

    # equal seats at the games where the TOST bounds fit inside ±2 points but the Bonferroni intervals do not
    counts = _counts([1 / 3] * 3, 6_000)
    v = fairness_verdict(counts, margin=0.02)
    se = moments(counts).difference_se()[0, 1]
    assert np.allclose(v.fair_high - v.pair_diff, stats.norm.ppf(0.95) * se, rtol=1e-6)
    assert np.allclose(v.pair_high - v.pair_diff, z_simultaneous(3, 0.95) * se, rtol=1e-6)
    assert np.all(v.fair_high < 0.02) and np.any(v.pair_high > 0.02)
    assert v.verdict == "fair" and "two one-sided 5% tests" in v.sentence()
    # a gap just beyond the margin: its one-sided bound is beyond, its simultaneous interval is not: undecided
    counts = _counts([1 / 3 - 0.0115, 1 / 3, 1 / 3 + 0.0115], 60_000)
    v = fairness_verdict(counts, margin=0.02)
    assert v.verdict == "not decided" and v.gap_low < 0.02
    # always-valid: the one-sided sequences at alpha are narrower than the simultaneous ones and decide "fair"
    chunks = np.array([_counts([1 / 3] * 3, 3_000)] * 4)
    s = fairness_verdict(chunks.sum(axis=0), margin=0.02, sequential={"rule": "decided", "chunk_counts": chunks})
    assert np.all(s.fair_high - s.fair_low < s.pair_high - s.pair_low)
    assert s.verdict == "fair" and np.any(s.pair_high > 0.02)


def test_games_needed_after_a_short_sequential_run_start_from_its_own_wide_intervals():
    """At a few hundred games an always-valid sequence is far wider than its large-sample form: the games still
    needed are estimated from today's widths, and a run of that size (today's shares exactly) decides."""
    shares = [0.20, 0.33, 0.47]
    for games in (120, 240, 600):
        counts = _counts(shares, games)
        record = {"rule": "precision", "target": 0.01, "chunk_counts": np.array([counts / 4] * 4)}
        v = fairness_verdict(counts, margin=0.02, sequential=record)
        assert v.verdict == "not decided" and v.more_games > 400, (games, v.more_games)
        total = games + v.more_games
        bigger = _counts(shares, total)
        w = fairness_verdict(bigger, margin=0.02, sequential={**record, "chunk_counts": np.array([bigger / 8] * 8)})
        assert w.verdict == "not fair", (games, total)
