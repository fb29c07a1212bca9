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
