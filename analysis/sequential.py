"""Always-valid confidence sequences for seat win shares, and the stopping rules of sequential runs.

A run that looks at its results after every batch of chunks and stops when an interval is narrow enough (or the
fairness verdict is reached) would inflate the error rate with fixed-sample intervals. Here each seat's win share
gets a **confidence sequence**: intervals that hold *simultaneously for every number of games* with probability
at least ``1 - alpha``, so any stopping rule keeps the error rate.

Method: a seat's per-game win share lies in [0, 1], so by Hoeffding's lemma its centred sum is sub-Gaussian with
variance proxy ``t / 4`` after ``t`` games. The normal-mixture (Robbins) supermartingale then gives, by Ville's
inequality, the two-sided boundary

    |S_t - t p| <= sqrt((V_t + rho) * (2 log(1/alpha) + log((V_t + rho) / rho))),   V_t = t / 4,

for all t at once (the normal-mixture boundary of Howard, Ramdas, McAuliffe and Sekhon, "Time-uniform,
nonparametric, nonasymptotic confidence sequences", Annals of Statistics 49(2), 2021; mixing over the tilt
lambda ~ N(0, 1/rho) of exp(lambda S_t - lambda^2 V_t / 2)). ``rho`` sets where
the boundary is tightest; it is tuned to the run's planned number of games. The seats share ``alpha`` by
Bonferroni. The boundary depends only on the number of games, not on the data, so the games needed for a given
precision are known in advance (``games_for_precision``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from .fairness import DEFAULT_MARGIN, fairness_verdict

RULES = ("precision", "decided")
SIGMA2 = 0.25  # Hoeffding variance proxy of a [0, 1] variable


def _radius(v: np.ndarray | float, rho: float, alpha: float) -> np.ndarray:
    v = np.asarray(v, dtype=float)
    return np.sqrt((v + rho) * (2 * np.log(1 / alpha) + np.log((v + rho) / rho)))


@lru_cache(maxsize=256)
def tuned_rho(planned_games: int, alpha: float) -> float:
    """The mixing precision ``rho`` that makes the boundary tightest after ``planned_games`` games."""
    v0 = SIGMA2 * max(planned_games, 1)
    grid = v0 * np.logspace(-4, 1, 400)
    return float(grid[np.argmin(_radius(v0, grid, alpha))])


def cs_half_width(games: float, alpha: float, seats: int = 1, planned_games: int | None = None) -> float:
    """Half-width of the confidence sequence of one seat's win share after ``games`` games.

    ``alpha`` is split over ``seats`` (Bonferroni); ``planned_games`` tunes ``rho`` (default: ``games``).
    """
    if games <= 0:
        return float("inf")
    a = alpha / max(seats, 1)
    rho = tuned_rho(int(planned_games or games), a)
    return float(_radius(SIGMA2 * games, rho, a) / games)


def games_for_precision(target: float, alpha: float, seats: int, planned_games: int) -> int:
    """The smallest number of games whose confidence-sequence half-width is at most ``target``."""
    lo, hi = 1, 1
    while cs_half_width(hi, alpha, seats, planned_games) > target:
        hi *= 2
        if hi > 10**13:
            raise ValueError(f"precision {target} is out of reach")
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (lo, mid) if cs_half_width(mid, alpha, seats, planned_games) <= target else (mid, hi)
    return hi


def check_stop(counts: np.ndarray, rule: str, *, target: float | None = None, margin: float = DEFAULT_MARGIN,
               confidence: float = 0.95, planned_games: int) -> tuple[bool, str, Any]:
    """Whether a sequential run may stop now: ``(stop, reason, verdict)``.

    ``rule="precision"``: stop when the confidence-sequence half-width of every seat's win share is at most
    ``target``. ``rule="decided"``: stop when the fairness verdict (on confidence sequences) is "fair" or
    "not fair" at ``margin``.
    """
    if rule not in RULES:
        raise ValueError(f"stopping rule must be one of {RULES}, got {rule!r}")
    verdict = fairness_verdict(counts, margin, confidence, sequential={"planned_games": planned_games})
    if rule == "precision":
        if target is None or not 0 < target < 1:
            raise ValueError(f"precision target must be in (0, 1), got {target!r}")
        if verdict.half_width <= target:
            return True, f"precision reached: half-width {verdict.half_width:.4f} <= {target:g}", verdict
        return False, "", verdict
    if verdict.verdict != "not decided":
        return True, f"decided: {verdict.verdict} (margin ±{margin:g})", verdict
    return False, "", verdict
