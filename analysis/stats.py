"""Interval, test and multiple-comparison helpers (thin, vectorised wrappers around statsmodels and scipy)."""

from __future__ import annotations

import numpy as np
from scipy import stats as _st
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import (
    multinomial_proportions_confint,
    proportion_confint,
)

CORRECTIONS = ("holm", "fdr_bh", "bonferroni", "none")


def _alpha(confidence: float) -> float:
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be in (0, 1), got {confidence}")
    return 1.0 - confidence


def wilson_interval(count, nobs, confidence: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
    """Wilson score interval for ``count`` successes out of ``nobs`` (arrays or scalars).

    Wraps ``statsmodels.stats.proportion.proportion_confint(method="wilson")``. ``count`` may be fractional
    (a win-share sum where a k-way tie contributes 1/k); it is then used as the number of successes as is.
    Entries with ``nobs == 0`` give NaN bounds.
    """
    alpha = _alpha(confidence)
    count = np.atleast_1d(np.asarray(count, dtype=float))
    nobs = np.atleast_1d(np.asarray(nobs, dtype=float))
    count, nobs = np.broadcast_arrays(count, nobs)
    low = np.full(count.shape, np.nan)
    high = np.full(count.shape, np.nan)
    ok = nobs > 0
    if ok.any():
        lo, hi = proportion_confint(count[ok], nobs[ok], alpha=alpha, method="wilson")
        low[ok] = np.clip(lo, 0.0, 1.0)
        high[ok] = np.clip(hi, 0.0, 1.0)
    return low, high


def simultaneous_intervals(counts, confidence: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
    """Goodman simultaneous intervals for the cell probabilities of one multinomial sample.

    Wraps ``statsmodels.stats.proportion.multinomial_proportions_confint(method="goodman")``: all ``len(counts)``
    intervals hold together with probability about ``confidence`` (a Bonferroni split of the error over the cells,
    chi-square approximation; reliable when every count is at least 5). An all-zero sample gives NaN bounds.
    """
    alpha = _alpha(confidence)
    counts = np.asarray(counts, dtype=float)
    if counts.sum() <= 0:
        nan = np.full(counts.shape, np.nan)
        return nan, nan.copy()
    region = multinomial_proportions_confint(counts, alpha=alpha, method="goodman")
    return np.clip(region[:, 0], 0.0, 1.0), np.clip(region[:, 1], 0.0, 1.0)


def ztest_vs_value(count, nobs, value) -> tuple[np.ndarray, np.ndarray]:
    """Two-sided one-sample z (score) test of a proportion against a given ``value`` (vectorised).

    ``z = (count/nobs - value) / sqrt(value (1 - value) / nobs)``, the variance taken under the null; this equals
    ``statsmodels.stats.proportion.proportions_ztest(count, nobs, value=value, prop_var=value)``. When the null
    variance is 0 the p-value is 1 if the estimate equals ``value`` and 0 otherwise.
    """
    count, nobs, value = np.broadcast_arrays(
        np.asarray(count, dtype=float), np.asarray(nobs, dtype=float), np.asarray(value, dtype=float)
    )
    with np.errstate(divide="ignore", invalid="ignore"):
        p_hat = count / nobs
        se = np.sqrt(value * (1.0 - value) / nobs)
        z = (p_hat - value) / se
    p = 2.0 * _st.norm.sf(np.abs(z))
    degenerate = ~(se > 0)
    z = np.where(degenerate, 0.0, z)
    p = np.where(degenerate, np.where(np.isclose(p_hat, value), 1.0, 0.0), p)
    return z, p


def ztest_two_sample(count1, nobs1, count2, nobs2) -> tuple[np.ndarray, np.ndarray]:
    """Two-sided pooled two-sample z test of equal proportions (vectorised).

    Equals ``statsmodels.stats.proportion.proportions_ztest([count1, count2], [nobs1, nobs2])``. A pooled
    proportion of 0 or 1 (no variance) gives z = 0 and p = 1.
    """
    c1, n1, c2, n2 = (np.asarray(a, dtype=float) for a in (count1, nobs1, count2, nobs2))
    with np.errstate(divide="ignore", invalid="ignore"):
        pooled = (c1 + c2) / (n1 + n2)
        se = np.sqrt(pooled * (1.0 - pooled) * (1.0 / n1 + 1.0 / n2))
        z = (c1 / n1 - c2 / n2) / se
    degenerate = ~(se > 0)
    z = np.where(degenerate, 0.0, z)
    p = np.where(degenerate, 1.0, 2.0 * _st.norm.sf(np.abs(z)))
    return z, p


def adjust_pvalues(pvalues, method: str = "holm", confidence: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
    """Multiple-comparison correction; returns ``(reject, adjusted_p)``.

    ``method`` is ``"holm"`` (family-wise error), ``"fdr_bh"`` (Benjamini-Hochberg false discovery rate),
    ``"bonferroni"`` or ``"none"``; wraps ``statsmodels.stats.multitest.multipletests`` at
    ``alpha = 1 - confidence``.
    """
    alpha = _alpha(confidence)
    if method not in CORRECTIONS:
        raise ValueError(f"correction must be one of {CORRECTIONS}, got {method!r}")
    p = np.asarray(pvalues, dtype=float)
    if p.size == 0:
        return np.zeros(0, dtype=bool), np.zeros(0)
    if method == "none":
        return p < alpha, p.copy()
    reject, adjusted, _, _ = multipletests(p, alpha=alpha, method=method)
    return reject, adjusted


def correlation_pvalue(r, n) -> np.ndarray:
    """Two-sided p-value of a Pearson (here point-biserial) correlation ``r`` from ``n`` pairs.

    ``t = r sqrt((n - 2) / (1 - r^2))`` on ``n - 2`` degrees of freedom, as in ``scipy.stats.pearsonr``.
    NaN when ``n < 3`` or ``r`` is NaN.
    """
    r = np.asarray(r, dtype=float)
    n = np.asarray(n, dtype=float)
    r, n = np.broadcast_arrays(r, n)
    df = n - 2.0
    with np.errstate(divide="ignore", invalid="ignore"):
        rc = np.clip(r, -1.0, 1.0)
        t = rc * np.sqrt(df / (1.0 - rc * rc))
        p = 2.0 * _st.t.sf(np.abs(t), df)
    p = np.where(np.abs(rc) >= 1.0, 0.0, p)
    return np.where((df > 0) & np.isfinite(r), p, np.nan)
