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
Bonferroni. The fairness verdict compares seats: a per-game difference of two seats' shares lies in [-1, 1], so
its sequence is the same boundary scaled by 2, with ``alpha`` split over the ``k = min(pairs, seats)`` pairs (a union
bound over the pairs when there are fewer pairs than seats; otherwise the differences of the seats' own sequences,
which hold together with probability ``1 - alpha``). The boundary depends only on the number of games, not on the
data, so the games needed for a given precision are known in advance (``games_for_precision``).
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


def cs_gap_half_width(games: float, alpha: float, players: int, planned_games: int | None = None) -> float:
    """Half-width of the confidence sequence of every seat difference (simultaneous over the pairs of seats)."""
    pairs = players * (players - 1) // 2
    return 2 * cs_half_width(games, alpha, min(pairs, players), planned_games)


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
    ``target``. ``rule="decided"``: stop when the fairness verdict (every seat difference's confidence sequence
    against ``margin``) is "fair" or "not fair".
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


def simulate_runs(n_runs: int = 1000, *, rule: str = "decided", target: float | None = None,
                  margin: float = DEFAULT_MARGIN, shares: tuple[float, ...] = (1 / 3, 1 / 3, 1 / 3),
                  tie_rate: float = 0.05, look_every: int = 10_000, max_games: int = 1_000_000,
                  confidence: float = 0.95, seed: int = 0) -> dict[str, Any]:
    """Sequential runs on a synthetic game, to check the stopping rules (no kernels: win patterns drawn in numpy).

    Each game has one winner, drawn with probabilities ``shares`` (so the seats' win shares are ``shares`` up to
    ties), except that with probability ``tie_rate`` first place is shared by two seats drawn uniformly (1/2 each;
    this keeps every seat's expected win share unchanged for equal seats). The runs look after every
    ``look_every`` games up to ``max_games`` and stop by ``rule`` exactly as ``brux run --until-...`` does.
    Returns the fraction of runs per outcome (``fair``, ``not fair``, ``not decided`` at the cap), the games used
    (median, quartiles), ``miscovered``: the fraction of runs in which some look up to the stop missed a seat's true
    win share, and ``miscovered_gap``: the same for a true seat difference.
    """
    from .fairness import pattern_shares

    p = len(shares)
    w = pattern_shares(p)
    prob = np.zeros(1 << p)
    for s, q in enumerate(shares):
        prob[1 << s] += (1 - tie_rate) * q
    pairs = [(a, b) for a in range(p) for b in range(a + 1, p)]
    for a, b in pairs:
        prob[(1 << a) | (1 << b)] += tie_rate / len(pairs)
    truth = prob @ w
    rng = np.random.default_rng(seed)
    looks = np.arange(look_every, max_games + 1, look_every)
    blocks = rng.multinomial(look_every, prob, size=(n_runs, looks.size))
    means = np.cumsum(blocks, axis=1) @ w / looks[None, :, None]  # (runs, looks, seats)
    alpha = 1.0 - confidence
    half = np.array([cs_half_width(n, alpha, p, max_games) for n in looks])[None, :, None]
    ghalf = np.array([cs_gap_half_width(n, alpha, p, max_games) for n in looks])[None, :, None]
    ia, ib = np.array(pairs, dtype=int).T
    diff = means[..., ia] - means[..., ib]
    lo, hi = diff - ghalf, diff + ghalf
    fair = np.all((lo > -margin) & (hi < margin), axis=2)
    unfair = np.any((lo > margin) | (hi < -margin), axis=2)
    if rule == "decided":
        done = fair | unfair
    elif rule == "precision":
        done = np.broadcast_to(half[..., 0] <= target, fair.shape)
    else:
        raise ValueError(f"stopping rule must be one of {RULES}, got {rule!r}")
    any_done = done.any(axis=1)
    first = np.where(any_done, done.argmax(axis=1), looks.size - 1)
    idx = np.arange(n_runs)
    outcome_fair = fair[idx, first] & any_done
    outcome_unfair = unfair[idx, first] & any_done
    games = looks[first]
    missed = np.any(np.abs(means - truth) > half, axis=2)
    missed_gap = np.any(np.abs(diff - (truth[ia] - truth[ib])) > ghalf, axis=2)
    looked = np.arange(looks.size)[None, :] <= first[:, None]
    return {
        "runs": n_runs, "rule": rule, "target": target, "margin": margin, "shares": list(shares),
        "true_win_share": truth.tolist(), "look_every": look_every, "max_games": max_games,
        "fair": float(outcome_fair.mean()), "not_fair": float(outcome_unfair.mean()),
        "not_decided": float(1 - outcome_fair.mean() - outcome_unfair.mean()),
        "games_median": float(np.median(games)), "games_q25": float(np.quantile(games, 0.25)),
        "games_q75": float(np.quantile(games, 0.75)), "miscovered": float((missed & looked).any(axis=1).mean()),
        "miscovered_gap": float((missed_gap & looked).any(axis=1).mean()),
        "miscovered_any_look": float(missed.any(axis=1).mean()),
    }
