import numpy as np
import pytest
from scipy import stats as st
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import (
    multinomial_proportions_confint,
    proportions_ztest,
)

from analysis.stats import (
    adjust_pvalues,
    correlation_pvalue,
    simultaneous_intervals,
    wilson_interval,
    ztest_two_sample,
    ztest_vs_value,
)


def test_wilson_45_of_100_matches_hand_computed_value():
    # Wilson score interval, z = 1.959964: centre (p + z^2/2n)/(1 + z^2/n),
    # half-width z/(1 + z^2/n) * sqrt(p(1-p)/n + z^2/4n^2) with p = 0.45, n = 100
    low, high = wilson_interval(45, 100, 0.95)
    assert low[0] == pytest.approx(0.356145380, abs=1e-8)
    assert high[0] == pytest.approx(0.547553970, abs=1e-8)


def test_wilson_vectorised_edges_and_levels():
    low, high = wilson_interval([0, 10, 5], [10, 10, 0])
    assert low[0] == pytest.approx(0.0, abs=1e-12) and 0 < high[0] < 0.35
    assert high[1] == pytest.approx(1.0) and 0.65 < low[1] < 1
    assert np.isnan(low[2]) and np.isnan(high[2])
    lo90, hi90 = wilson_interval(45, 100, 0.90)
    lo99, hi99 = wilson_interval(45, 100, 0.99)
    assert lo99[0] < lo90[0] and hi90[0] < hi99[0]
    with pytest.raises(ValueError, match="confidence"):
        wilson_interval(1, 2, 1.5)


def test_wilson_ends_are_exact_at_no_success_and_at_all_successes():
    n = np.arange(2_000, 400_001, 2_000)  # rounding left the lower end a hair above 0 for many of these
    low, _ = wilson_interval(np.zeros(n.size), n)
    _, high = wilson_interval(n, n)
    assert (low == 0.0).all() and (high == 1.0).all()


def test_goodman_matches_statsmodels_and_is_wilson_at_bonferroni_level():
    counts = np.array([320, 290, 300, 90])
    low, high = simultaneous_intervals(counts, 0.95)
    ref = multinomial_proportions_confint(counts, alpha=0.05, method="goodman")
    np.testing.assert_allclose(low, ref[:, 0], rtol=1e-12)
    np.testing.assert_allclose(high, ref[:, 1], rtol=1e-12)
    # Goodman's interval for one cell is the Wilson interval at level 1 - alpha / k
    wl, wh = wilson_interval(counts, counts.sum(), 1 - 0.05 / len(counts))
    np.testing.assert_allclose(low, wl, rtol=1e-10)
    np.testing.assert_allclose(high, wh, rtol=1e-10)
    # wider than the one-at-a-time intervals, and containing the estimates
    sl, sh = wilson_interval(counts, counts.sum(), 0.95)
    assert np.all(low < sl) and np.all(high > sh)
    p = counts / counts.sum()
    assert np.all((low <= p) & (p <= high))


def test_goodman_joint_coverage_by_simulation():
    rng = np.random.default_rng(2024)
    probs = np.array([0.32, 0.3, 0.28, 0.1])
    covered = 0
    trials = 600
    for _ in range(trials):
        lo, hi = simultaneous_intervals(rng.multinomial(400, probs), 0.95)
        covered += bool(np.all((lo <= probs) & (probs <= hi)))
    assert covered / trials >= 0.93


def test_goodman_empty_sample_is_nan():
    lo, hi = simultaneous_intervals([0, 0, 0])
    assert np.isnan(lo).all() and np.isnan(hi).all()


@pytest.mark.parametrize("count,nobs,value", [(45, 100, 0.33), (130.5, 400, 0.3), (10, 50, 0.5)])
def test_one_sample_z_matches_statsmodels(count, nobs, value):
    z, p = ztest_vs_value(count, nobs, value)
    zr, pr = proportions_ztest(count, nobs, value=value, prop_var=value)
    assert float(z) == pytest.approx(zr, rel=1e-10)
    assert float(p) == pytest.approx(pr, rel=1e-10)


def test_one_sample_z_degenerate_reference():
    z, p = ztest_vs_value([0, 3], [10, 10], [0.0, 0.0])
    assert list(p) == [1.0, 0.0]
    assert list(z) == [0.0, 0.0]


def test_two_sample_z_matches_statsmodels():
    z, p = ztest_two_sample(60, 150, 200, 700)
    zr, pr = proportions_ztest([60, 200], [150, 700])
    assert float(z) == pytest.approx(zr, rel=1e-10)
    assert float(p) == pytest.approx(pr, rel=1e-10)


@pytest.mark.parametrize("method", ["holm", "fdr_bh", "bonferroni"])
def test_adjust_pvalues_matches_multipletests(method):
    p = np.array([0.001, 0.01, 0.02, 0.04, 0.3, 0.8])
    reject, adj = adjust_pvalues(p, method, 0.95)
    r_ref, a_ref, _, _ = multipletests(p, alpha=0.05, method=method)
    np.testing.assert_array_equal(reject, r_ref)
    np.testing.assert_allclose(adj, a_ref)
    rng = np.random.default_rng(5)
    for q in (rng.uniform(0, 0.05, size=40), np.round(rng.uniform(0, 0.1, size=25), 3), rng.permutation(p)):
        reject, adj = adjust_pvalues(q, method, 0.9)
        r_ref, a_ref, _, _ = multipletests(q, alpha=0.1, method=method)
        np.testing.assert_array_equal(reject, r_ref)
        np.testing.assert_allclose(adj, a_ref)


def test_adjust_pvalues_none_and_bad_method():
    reject, adj = adjust_pvalues([0.01, 0.2], "none")
    assert list(reject) == [True, False] and list(adj) == [0.01, 0.2]
    with pytest.raises(ValueError, match="correction"):
        adjust_pvalues([0.1], "sidak-ish")
    reject, adj = adjust_pvalues([], "holm")
    assert reject.size == 0 and adj.size == 0


def test_correlation_pvalue_matches_scipy():
    rng = np.random.default_rng(3)
    won = rng.integers(0, 2, 300)
    x = rng.normal(size=300) + 0.2 * won
    r, p = st.pointbiserialr(won, x)
    assert float(correlation_pvalue(r, 300)) == pytest.approx(p, rel=1e-8)
    assert np.isnan(correlation_pvalue(0.5, 2))


# ---------------------------------------------------------------- corrected intervals, shrinkage, p-values, power


@pytest.mark.parametrize("method", ["holm", "fdr_bh", "bonferroni", "none"])
def test_adjusted_levels_reproduce_the_decisions_of_multipletests(method):
    from analysis.stats import adjusted_levels

    rng = np.random.default_rng(8)
    cases = [np.concatenate([rng.uniform(size=rng.integers(1, 30)), rng.uniform(0, 0.004, size=rng.integers(0, 6))])
             for _ in range(12)]
    cases += [np.array([0.01, 0.01, 0.04]), np.array([0.5]), np.array([0.001, 0.02, 0.03, 0.04])]
    for p in cases:  # (statsmodels' Holm runs a garbage collection per call: keep the cases few)
        levels = adjusted_levels(p, method, 0.95)
        reject = p <= 0.05 if method == "none" else multipletests(p, alpha=0.05, method=method)[0]
        # the interval at level 1 - levels[i] excludes 0 exactly when the test is rejected
        assert np.array_equal(p <= levels, reject)


def test_shrink_is_normal_normal_empirical_bayes():
    from analysis.stats import shrink

    effect = np.array([0.2, 0.05, 0.0, -0.01, 0.01])
    se = np.array([0.06, 0.006, 0.01, 0.01, 0.01])
    shrunk, tau2 = shrink(effect, se)
    assert tau2 == pytest.approx(np.mean(effect**2 - se**2))
    np.testing.assert_allclose(shrunk, effect * tau2 / (tau2 + se**2))
    assert abs(shrunk[0]) < abs(effect[0]) and abs(shrunk[1] - effect[1]) < 0.01
    zero, t0 = shrink(np.array([0.001, -0.001]), np.array([0.1, 0.1]))
    assert t0 == 0.0 and np.all(zero == 0)


def test_quantile_mc_error_matches_the_spread_over_repeated_bootstraps():
    from analysis.stats import quantile_mc_error

    rng = np.random.default_rng(1)
    estimates, errors = [], []
    for _ in range(300):
        reps = rng.normal(size=2_000)
        estimates.append(np.quantile(reps, 0.025))
        errors.append(quantile_mc_error(reps, 0.025))
    assert np.mean(errors) == pytest.approx(np.std(estimates), rel=0.25)


def test_format_p():
    from analysis.stats import format_p

    assert [format_p(x) for x in (0.0, 1e-300, 3.2e-17, 4.56e-5, 0.0123, 0.456, 1.0)] == [
        "< 1e-16", "< 1e-16", "< 1e-16", "4.6e-05", "0.012", "0.46", "1.00"]


def test_power_matches_statsmodels():
    from statsmodels.stats.power import NormalIndPower

    from analysis import power

    # seat gap: one-sample z test of the per-game difference, Bonferroni over the 3 pairs of 3 players
    sd = power.gap_sd(3)
    ref = NormalIndPower().solve_power(effect_size=0.02 / sd, alpha=0.05 / 3, power=0.8, ratio=0)
    assert power.games_for_gap(0.02, 3) == int(np.ceil(ref))
    assert power.detectable_gap(int(np.ceil(ref)), 3) == pytest.approx(0.02, rel=1e-3)
    # opening: two groups of f N and (1 - f) N games
    q = 1 / 3
    f = 0.1
    n1 = NormalIndPower().solve_power(effect_size=0.03 / np.sqrt(q * (1 - q)), alpha=0.05 / 20, power=0.8,
                                      ratio=(1 - f) / f)
    assert power.games_for_opening(0.03, f, 3, tests=20) == pytest.approx(n1 / f, rel=1e-6, abs=1)
    with pytest.raises(ValueError, match="gap"):
        power.games_for_gap(1.5, 3)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seat_precision_games_bound_the_reported_half_width_whatever_the_shares(players):
    from analysis import power
    from analysis.fairness import fairness_verdict

    n = power.games_for_seat_precision(0.02, players)

    def widest(games: int) -> float:  # the reported half-width when two seats split every game: the largest spread
        counts = np.zeros(1 << players)
        counts[1], counts[2] = games // 2, games - games // 2
        return fairness_verdict(counts).half_width

    assert widest(n) <= 0.02 < widest(int(0.98 * n))
    assert power.games_for_seat_precision(0.01, players) > 3.9 * n  # a quarter of the width: four times the games
    with pytest.raises(ValueError, match="precision must be in"):
        power.games_for_seat_precision(0.5, players)


# per-game credit of one seat in a tie-heavy game: outright win, 2-way tie, 3-way tie, loss
_CREDIT = np.array([1.0, 1 / 2, 1 / 3, 0.0])
_PROBS = np.array([0.25, 0.2, 0.1, 0.45])


def test_share_interval_is_wilson_without_ties_and_narrower_with_them():
    from analysis.stats import share_interval

    lo, hi = share_interval([45, 0, 10], [45, 0, 10], [100, 10, 10])
    wl, wh = wilson_interval([45, 0, 10], [100, 10, 10])
    np.testing.assert_allclose(lo, wl)
    np.testing.assert_allclose(hi, wh)
    counts = np.array([25, 20, 10, 45])
    total, total2 = counts @ _CREDIT, counts @ _CREDIT**2
    lo, hi = share_interval(total, total2, 100)
    wl, wh = wilson_interval(total, 100)
    assert wl < lo < total / 100 < hi < wh
    assert np.isnan(share_interval(0, 0, 0)[0]).all()


def test_share_interval_covers_95_percent_on_tie_heavy_games_and_matches_a_bootstrap():
    from analysis.stats import share_interval

    rng = np.random.default_rng(5)
    n, reps = 300, 4_000
    truth = _PROBS @ _CREDIT
    counts = rng.multinomial(n, _PROBS, size=reps)
    total, total2 = counts @ _CREDIT, counts @ _CREDIT**2
    lo, hi = share_interval(total, total2, np.full(reps, n))
    assert 0.935 <= np.mean((lo <= truth) & (truth <= hi)) <= 0.965
    wl, wh = wilson_interval(total, np.full(reps, n))
    assert np.mean((wl <= truth) & (truth <= wh)) > 0.975  # Wilson's 0/1 variance is too large here
    # on one sample, as wide as the percentile bootstrap of the per-game shares; Wilson is about 20% wider
    shares = np.repeat(_CREDIT, counts[0])
    boot = rng.choice(shares, size=(4_000, n)).mean(axis=1)
    b_lo, b_hi = np.quantile(boot, [0.025, 0.975])
    assert (hi[0] - lo[0]) == pytest.approx(b_hi - b_lo, rel=0.05)
    assert (wh[0] - wl[0]) > 1.1 * (b_hi - b_lo)
