"""Win patterns (which seats share first place in a game), the seat shares they give, and the equivalence decision
of seat differences against a margin: the pieces the fixed-sample and the sequential fairness tests share."""

from __future__ import annotations

import numpy as np

DEFAULT_MARGIN = 0.02


def pattern_shares(players: int) -> np.ndarray:
    """``(2**players, players)``: row ``m`` is the win-share vector of win pattern ``m`` (bit s: seat s shares
    first place); row 0 (no winner) is all zeros."""
    m = np.arange(1 << players)[:, None]
    bits = ((m >> np.arange(players)[None, :]) & 1).astype(float)
    k = bits.sum(axis=1, keepdims=True)
    return np.divide(bits, k, out=np.zeros_like(bits), where=k > 0)


def verdict_masks(low: np.ndarray, high: np.ndarray, margin: float, fair_low: np.ndarray | None = None,
                  fair_high: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """``(fair, not_fair)`` from pairwise intervals (pairs on the last axis): *not fair* when some simultaneous
    interval ``low``/``high`` lies beyond the margin; *fair* when every pair's equivalence bounds ``fair_low`` /
    ``fair_high`` (default: the simultaneous intervals) lie inside it.

    Equivalence bounds may be one-sided at the full level each, with no correction over the pairs: "fair" needs
    *every* pair inside, an intersection-union test (Berger 1982), so its error rate is that of one pair's test.
    "Not fair" needs *some* pair outside, so it needs intervals simultaneous over the pairs and both sides."""
    fl, fh = (low, high) if fair_low is None else (fair_low, fair_high)
    fair = np.all((fl > -margin) & (fh < margin), axis=-1)
    return fair, np.any((low > margin) | (high < -margin), axis=-1)
