"""Interval, test and multiple-comparison helpers (vectorised; each equals its statsmodels or scipy counterpart).

statsmodels is not imported here (it pulls in pandas, slow to import): the formulas are written out with the same
floating-point operations in the same order, and the tests compare the results with statsmodels.
"""

from __future__ import annotations

import numpy as np

from ._dist import chi2_ppf, norm_isf, norm_sf, t_sf

CORRECTIONS = ("holm", "fdr_bh", "bonferroni", "none")


def _alpha(confidence: float) -> float:
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be in (0, 1), got {confidence}")
    return 1.0 - confidence


def wilson_interval(count, nobs, confidence: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
    """Wilson score interval for ``count`` successes out of ``nobs`` (arrays or scalars).

    Equals ``statsmodels.stats.proportion.proportion_confint(method="wilson")``. ``count`` may be fractional
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
        q, n = count[ok] / nobs[ok], nobs[ok]
        crit = norm_isf(alpha / 2.0)
        crit2 = crit**2
        denom = 1 + crit2 / n
        center = (q + crit2 / (2 * n)) / denom
        dist = crit * np.sqrt(q * (1.0 - q) / n + crit2 / (4.0 * n**2))
        dist /= denom
        lo, hi = center - dist, center + dist  # exact ends at no success and at all successes, not rounding
        lo, hi = np.where(q <= 0, 0.0, lo), np.where(q >= 1, 1.0, hi)
        low[ok] = np.clip(lo, 0.0, 1.0)
        high[ok] = np.clip(hi, 0.0, 1.0)
    return low, high


def share_interval(total, total2, nobs, confidence: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
    """Score interval for a mean win share from the sum ``total`` and sum of squares ``total2`` of ``nobs`` shares.

    A k-way tie for first gives each tied seat 1/k, so the per-game variance ``v = total2/nobs - q^2`` is smaller
    than the ``q (1 - q)`` of 0/1 outcomes that Wilson's interval assumes. This is Wilson's interval at the
    effective sample size ``nobs q (1 - q) / v`` (the score interval with the variance scaled by the measured
    design effect ``v / (q (1 - q))``): it stays inside [0, 1] and equals :func:`wilson_interval` when no game
    is tied. Entries with ``nobs == 0`` give NaN bounds.
    """
    total, total2, nobs = np.broadcast_arrays(*(np.atleast_1d(np.asarray(a, dtype=float))
                                                for a in (total, total2, nobs)))
    with np.errstate(divide="ignore", invalid="ignore"):
        q = total / nobs
        binary = q * (1.0 - q)
        v = np.maximum(total2 / nobs - q * q, 0.0)
        eff = np.where((binary > 0) & (v > 0), nobs * binary / v, nobs)
    return wilson_interval(np.where(nobs > 0, q * eff, 0.0), np.where(nobs > 0, eff, 0.0), confidence)


def simultaneous_intervals(counts, confidence: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
    """Goodman simultaneous intervals for the cell probabilities of one multinomial sample.

    Equals ``statsmodels.stats.proportion.multinomial_proportions_confint(method="goodman")``: all ``len(counts)``
    intervals hold together with probability about ``confidence`` (a Bonferroni split of the error over the cells,
    chi-square approximation; reliable when every count is at least 5). An all-zero sample gives NaN bounds.
    """
    alpha = _alpha(confidence)
    counts = np.asarray(counts, dtype=float)
    if counts.sum() <= 0:
        nan = np.full(counts.shape, np.nan)
        return nan, nan.copy()
    if (counts < 0).any():
        raise ValueError("counts must be >= 0")
    n = counts.sum()
    p = counts / n
    chi2 = chi2_ppf(1 - alpha / len(counts), 1)
    delta = chi2**2 + (4 * n * p * chi2 * (1 - p))
    region = ((2 * n * p + chi2 + np.array([-np.sqrt(delta), np.sqrt(delta)])) / (2 * (chi2 + n))).T
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
    p = 2.0 * norm_sf(np.abs(z))
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
    p = np.where(degenerate, 1.0, 2.0 * norm_sf(np.abs(z)))
    return z, p


def adjust_pvalues(pvalues, method: str = "holm", confidence: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
    """Multiple-comparison correction; returns ``(reject, adjusted_p)``.

    ``method`` is ``"holm"`` (family-wise error), ``"fdr_bh"`` (Benjamini-Hochberg false discovery rate),
    ``"bonferroni"`` or ``"none"`` at ``alpha = 1 - confidence``. The adjusted p-values are those of
    ``statsmodels.stats.multitest.multipletests`` (checked in the tests), computed directly: statsmodels' Holm
    runs a full garbage collection on every call, which costs more than the correction itself.
    """
    alpha = _alpha(confidence)
    if method not in CORRECTIONS:
        raise ValueError(f"correction must be one of {CORRECTIONS}, got {method!r}")
    p = np.asarray(pvalues, dtype=float)
    m = p.size
    if m == 0:
        return np.zeros(0, dtype=bool), np.zeros(0)
    if method == "none":
        return p < alpha, p.copy()
    if method == "bonferroni":
        adjusted = np.minimum(p * m, 1.0)
    else:
        order = np.argsort(p, kind="mergesort")
        ranked = p[order]
        steps = np.arange(1, m + 1)
        if method == "holm":
            adj = np.minimum(np.maximum.accumulate((m - steps + 1) * ranked), 1.0)
        else:  # fdr_bh
            adj = np.minimum(np.minimum.accumulate((m / steps * ranked)[::-1])[::-1], 1.0)
        adjusted = np.empty(m)
        adjusted[order] = adj
    return adjusted <= alpha, adjusted


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
        p = 2.0 * t_sf(np.abs(t), df)
    p = np.where(np.abs(rc) >= 1.0, 0.0, p)
    return np.where((df > 0) & np.isfinite(r), p, np.nan)


def ztest_welch(mean1, var1, n1, mean2, var2, n2) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Two-sided z test of equal means from group summaries with unequal variances; returns ``(diff, se, p)``.

    ``se = sqrt(var1 / n1 + var2 / n2)`` with sample variances; equals ``statsmodels``
    ``CompareMeans(...).ztest_ind(usevar="unequal")`` on the raw values. Zero standard error gives p = 1 for a
    zero difference, else 0.
    """
    m1, v1, k1, m2, v2, k2 = (np.asarray(a, dtype=float) for a in (mean1, var1, n1, mean2, var2, n2))
    diff = m1 - m2
    with np.errstate(divide="ignore", invalid="ignore"):
        se = np.sqrt(v1 / k1 + v2 / k2)
        p = np.where(se > 0, 2.0 * norm_sf(np.abs(diff / se)), np.where(diff == 0, 1.0, 0.0))
    return diff, se, p


def adjusted_levels(pvalues, method: str = "holm", confidence: float = 0.95) -> np.ndarray:
    """Per-test error level at which each test is decided by ``method``, for intervals that agree with it.

    An interval at level ``1 - level[i]`` (with the test's own z statistic) excludes 0 exactly when the
    corrected procedure rejects test i. ``holm``: the step-down threshold ``alpha / (m - j + 1)`` of a rejected
    test at step j, and ``alpha / (m - r)`` for every test kept after r rejections; ``fdr_bh``: ``r alpha / m``
    for all tests (the false-coverage-rate intervals of Benjamini and Yekutieli, 2005; ``alpha / m`` when nothing
    is rejected); ``bonferroni``: ``alpha / m``; ``none``: ``alpha``.
    """
    alpha = _alpha(confidence)
    if method not in CORRECTIONS:
        raise ValueError(f"correction must be one of {CORRECTIONS}, got {method!r}")
    p = np.asarray(pvalues, dtype=float)
    m = p.size
    if m == 0:
        return np.zeros(0)
    if method == "none":
        return np.full(m, alpha)
    if method == "bonferroni":
        return np.full(m, alpha / m)
    order = np.argsort(p, kind="stable")
    steps = np.arange(1, m + 1)
    if method == "fdr_bh":
        below = np.flatnonzero(p[order] <= steps * alpha / m)
        r = int(below[-1]) + 1 if below.size else 0
        return np.full(m, max(r, 1) * alpha / m)
    above = np.flatnonzero(p[order] > alpha / (m - steps + 1))  # Holm stops at its first failure
    r = int(above[0]) if above.size else m
    levels = np.empty(m)
    levels[order] = np.where(steps <= r, alpha / (m - steps + 1), alpha / max(m - r, 1))
    return levels


def shrink(effect, se) -> tuple[np.ndarray, float]:
    """Empirical-Bayes (normal-normal) shrinkage of effects towards 0; returns ``(shrunk, tau2)``.

    The prior variance ``tau2 = max(0, mean(effect^2 - se^2))`` (method of moments); each effect is multiplied
    by ``tau2 / (tau2 + se^2)``, so effects measured on few games are pulled in the most.
    """
    e = np.asarray(effect, dtype=float)
    s2 = np.asarray(se, dtype=float) ** 2
    if e.size == 0:
        return e.copy(), 0.0
    tau2 = float(max(0.0, np.mean(e * e - s2)))
    with np.errstate(divide="ignore", invalid="ignore"):
        w = np.where(tau2 + s2 > 0, tau2 / (tau2 + s2), 0.0)
    return e * w, tau2


def quantile_mc_error(replicates, q: float) -> float:
    """Monte Carlo standard error of the ``q`` quantile of bootstrap replicates (order-statistic method).

    The q quantile of B replicates is the order statistic near ``B q``; its rank varies by about
    ``sqrt(B q (1 - q))``, so the error is half the distance between the order statistics one such step below and
    above (distribution-free, no density estimate).
    """
    x = np.sort(np.asarray(replicates, dtype=float))
    b = x.size
    if b < 2:
        return float("nan")
    step = np.sqrt(b * q * (1 - q))
    lo = int(np.clip(np.floor(b * q - step), 0, b - 1))
    hi = int(np.clip(np.ceil(b * q + step), 0, b - 1))
    return float((x[hi] - x[lo]) / 2)


def format_p(p: float) -> str:
    """A p-value as text: 2 significant digits, scientific below 0.001, ``"< 1e-16"`` below double precision."""
    if p is None or (isinstance(p, float) and np.isnan(p)):
        return ""
    if p < 1e-16:
        return "< 1e-16"
    if p < 1e-3:
        return f"{p:.1e}"
    return f"{p:.2g}" if p < 0.1 else f"{p:.2f}"


def pct(x: float, signed: bool = False, digits: int = 1) -> str:
    """A win-share difference in points of win share (percentage points); a value that rounds to zero prints
    as ``0.0`` (no sign, never ``-0.0``)."""
    v = round(100 * float(x), digits)
    if v == 0:
        return f"{0:.{digits}f}"
    return f"{v:+.{digits}f}" if signed else f"{v:.{digits}f}"


def plural(n: int, word: str, many: str | None = None) -> str:
    """``"1 game"``, ``"3 games"``, ``"1,000 games"``."""
    return f"{n:,} {word if n == 1 else (many or word + 's')}"


def points(margin: float) -> str:
    """A margin in points of win share, with its noun: ``"1 point"``, ``"2 points"``, ``"0.5 points"``."""
    v = f"{100 * margin:g}"
    return f"{v} point" if v == "1" else f"{v} points"
