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
the boundary is tightest; it is tuned to the games at which the half-width asked is reached (never to the --games
cap). The seats share ``alpha`` by Bonferroni. The fairness verdict compares seats: each pair's per-game
difference gets the predictable plug-in empirical-Bernstein sequence of Waudby-Smith and Ramdas ("Estimating means
of bounded random variables by betting", JRSS-B 2023, Theorem 2), with its bet fixed per chunk from the earlier
chunks (``pair_sequence``), so it is computed exactly from per-chunk pattern counts: ``alpha`` split over the pairs
and both sides for the simultaneous intervals ("not fair"), and one-sided bounds at ``alpha`` each for the
equivalence decision ("fair", an intersection-union test: every pair must be inside the margin).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from .patterns import DEFAULT_MARGIN, pattern_shares, verdict_masks

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


def cs_half_width(games: float, alpha: float, seats: int = 1, tuned_games: int | None = None) -> float:
    """Half-width of the confidence sequence of one seat's win share after ``games`` games.

    ``alpha`` is split over ``seats`` (Bonferroni); ``tuned_games`` tunes ``rho`` (default: ``games``).
    """
    if games <= 0:
        return float("inf")
    a = alpha / max(seats, 1)
    rho = tuned_rho(int(tuned_games or games), a)
    return float(_radius(SIGMA2 * games, rho, a) / games)


@lru_cache(maxsize=256)
def games_for_precision(target: float, alpha: float, seats: int) -> int:
    """The fewest games at which a seat's confidence sequence, tuned to reach ``target`` there, has half-width at
    most ``target`` (the tuning depends on the precision asked, not on a cap)."""
    def reached(n: int) -> bool:
        return cs_half_width(n, alpha, seats, n) <= target

    lo, hi = 1, 1
    while not reached(hi):
        hi *= 2
        if hi > 10**13:
            raise ValueError(f"precision {target} is out of reach")
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (lo, mid) if reached(mid) else (mid, hi)
    return hi


PAIR_BET_CAP = 0.5  # largest bet lambda of the pairwise sequences (Waudby-Smith & Ramdas take 1/2 or 3/4)
DECIDED_TARGET = 0.75  # --until-decided tunes the pairwise sequences to a half-width of this fraction of the margin


def seat_target(rule: str, target: float | None, margin: float) -> float:
    """The per-seat half-width a run's seat sequences are tuned to: the precision asked, or half the margin."""
    return float(target) if rule == "precision" and target else margin / 2


def pair_target(rule: str, target: float | None, margin: float) -> float:
    """The pairwise half-width a run's pair sequences are tuned to (a pair's difference spans twice a seat's
    range): twice the precision asked, or ``DECIDED_TARGET`` of the margin (a fair verdict needs the half-width
    below the margin minus the estimated gap, about a quarter of the margin when it is reached)."""
    return 2 * float(target) if rule == "precision" and target else DECIDED_TARGET * margin


def pair_patterns(players: int) -> np.ndarray:
    """``x[pattern, pair]`` = (w_a - w_b + 1) / 2 in [0, 1], pairs ``(a, b)``, ``a < b``, in order."""
    w = pattern_shares(players)
    ia, ib = np.triu_indices(players, 1)
    return (w[:, ia] - w[:, ib] + 1) / 2


def _psi(lam: np.ndarray) -> np.ndarray:
    return (-np.log1p(-lam) - lam) / 4


def pair_sequence(chunk_counts: np.ndarray, alpha: float, target: float,
                  simultaneous: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """Always-valid intervals of every seat difference after each chunk: ``(low, high)``, each ``(..., chunks,
    pairs)``, from pattern counts ``(..., chunks, 2**players)`` in chunk order.

    Predictable plug-in empirical-Bernstein confidence sequence (Waudby-Smith and Ramdas 2023, Theorem 2) of each
    pair's per-game difference mapped to [0, 1]: ``alpha`` split over the pairs and the two sides (``simultaneous``),
    or each pair's lower and upper bounds one-sided at ``alpha`` each (the equivalence bounds of the "fair"
    decision, an intersection-union test). The bet and the centring
    of a chunk are computed from the chunks before it (so every sum is exact from pattern counts), the bet tuned to
    a half-width of ``target`` with the variance estimated so far; the intervals are intersected over the chunks.
    """
    counts = np.asarray(chunk_counts, dtype=float)
    x = pair_patterns(int(round(np.log2(counts.shape[-1]))))
    log_term = np.log((2 * x.shape[1] if simultaneous else 1) / alpha)
    shape = counts.shape[:-2] + (x.shape[1],)
    n, sx, sxx, lam_sum, lam_x, penalty = (np.zeros(shape) for _ in range(6))
    lo, hi = np.full(shape, -1.0), np.full(shape, 1.0)
    low, high = np.empty(counts.shape[:-1] + (x.shape[1],)), np.empty(counts.shape[:-1] + (x.shape[1],))
    for k in range(counts.shape[-2]):
        c = counts[..., k, :]
        cn, s1, s2 = c.sum(axis=-1, keepdims=True), c @ x, c @ x ** 2
        mu = (0.5 + sx) / (1 + n)
        spread = sxx - np.divide(sx ** 2, n, out=np.zeros(shape), where=n > 0)
        lam = np.minimum(PAIR_BET_CAP, (target / 2) * (1 + n) / (0.25 + np.maximum(spread, 0.0)))
        lam_sum += lam * cn
        lam_x += lam * s1
        penalty += _psi(lam) * 4 * (s2 - 2 * mu * s1 + cn * mu ** 2)
        with np.errstate(divide="ignore", invalid="ignore"):
            centre = np.where(lam_sum > 0, 2 * lam_x / lam_sum - 1, 0.0)
            radius = np.where(lam_sum > 0, 2 * (log_term + penalty) / lam_sum, np.inf)
        lo, hi = np.maximum(lo, centre - radius), np.minimum(hi, centre + radius)
        low[..., k, :], high[..., k, :] = lo, hi
        n, sx, sxx = n + cn, sx + s1, sxx + s2
    return low, high


def pair_half_width_at(games: float, sd: np.ndarray, alpha: float, simultaneous: bool = True) -> np.ndarray:
    """The half-width the pairwise sequences reach near ``games`` games when tuned there, for per-game
    differences of standard deviation ``sd`` (``sd * sqrt(2 log(2 pairs / alpha) / games)``; one-sided bounds at
    ``alpha`` each when not ``simultaneous``: ``log(1 / alpha)``)."""
    k = 2 * len(sd) if simultaneous else 1
    return np.asarray(sd) * np.sqrt(2 * np.log(k / alpha) / games)


def simulate_paths(n_runs: int = 1000, *, rule: str = "decided", target: float | None = None,
                   margin: float = DEFAULT_MARGIN, shares: tuple[float, ...] = (1 / 3, 1 / 3, 1 / 3),
                   tie_rate: float = 0.05, look_every: int = 10_000, max_games: int = 1_000_000,
                   confidence: float = 0.95, seed: int = 0) -> dict[str, Any]:
    """The sequential runs of :func:`simulate_runs` look by look, as arrays: ``prob`` (pattern probabilities),
    ``truth`` (true win shares), ``looks`` (games at each look), ``blocks`` (pattern counts per block, ``(runs,
    looks, patterns)``), ``means`` (win shares per look), ``half`` (seat half-widths per look), ``low``/``high``
    (the pairwise sequences), ``fair``/``unfair`` (verdict per look), ``stopped`` (whether the rule was met) and
    ``first`` (the index of the look the run stopped at, the cap's when the rule was never met)."""
    if rule not in RULES:
        raise ValueError(f"stopping rule must be one of {RULES}, got {rule!r}")
    prob = synthetic_patterns(shares, tie_rate)
    p = len(shares)
    w = pattern_shares(p)
    rng = np.random.default_rng(seed)
    looks = np.arange(look_every, max_games + 1, look_every)
    blocks = rng.multinomial(look_every, prob, size=(n_runs, looks.size))
    means = np.cumsum(blocks, axis=1) @ w / looks[None, :, None]  # (runs, looks, seats)
    alpha = 1.0 - confidence
    tuned = games_for_precision(seat_target(rule, target, margin), alpha, p)
    half = np.array([cs_half_width(n, alpha, p, tuned) for n in looks])[None, :, None]
    low, high = pair_sequence(blocks, alpha, pair_target(rule, target, margin))
    fair_low, fair_high = pair_sequence(blocks, alpha, pair_target(rule, target, margin), simultaneous=False)
    fair, unfair = verdict_masks(low, high, margin, fair_low, fair_high)
    done = fair | unfair if rule == "decided" else np.broadcast_to(half[..., 0] <= target, fair.shape)
    stopped = done.any(axis=1)
    first = np.where(stopped, done.argmax(axis=1), looks.size - 1)
    return {"prob": prob, "truth": prob @ w, "looks": looks, "blocks": blocks, "means": means, "half": half,
            "low": low, "high": high, "fair": fair, "unfair": unfair, "stopped": stopped, "first": first}


def simulate_runs(n_runs: int = 1000, *, rule: str = "decided", target: float | None = None,
                  margin: float = DEFAULT_MARGIN, shares: tuple[float, ...] = (1 / 3, 1 / 3, 1 / 3),
                  tie_rate: float = 0.05, look_every: int = 10_000, max_games: int = 1_000_000,
                  confidence: float = 0.95, seed: int = 0) -> dict[str, Any]:
    """Sequential runs on a synthetic game, to check the stopping rules (no kernels: win patterns drawn in numpy).

    Each game has one winner, drawn with probabilities ``shares`` (so the seats' win shares are ``shares`` up to
    ties), except that with probability ``tie_rate`` first place is shared by two seats drawn uniformly (1/2 each;
    this keeps every seat's expected win share unchanged for equal seats). The runs look after every
    ``look_every`` games up to ``max_games`` and stop by ``rule`` with the sequences of ``brux run --until-...``,
    each block of ``look_every`` games taken as a chunk. Returns the fraction of runs per outcome (``fair``,
    ``not fair``, ``not decided`` at the cap), the games used (median, quartiles), ``miscovered``: the fraction of
    runs in which some look up to the stop missed a seat's true win share, and ``miscovered_gap``: the same for a
    true seat difference (``..._any_look``: at any look up to ``max_games``).
    """
    r = simulate_paths(n_runs, rule=rule, target=target, margin=margin, shares=shares, tie_rate=tie_rate,
                       look_every=look_every, max_games=max_games, confidence=confidence, seed=seed)
    truth, looks, first, low, high = r["truth"], r["looks"], r["first"], r["low"], r["high"]
    ia, ib = np.triu_indices(len(shares), 1)
    idx = np.arange(n_runs)
    outcome_fair = r["fair"][idx, first] & r["stopped"]
    outcome_unfair = r["unfair"][idx, first] & r["stopped"]
    games = looks[first]
    true_gap = truth[ia] - truth[ib]
    missed = np.any(np.abs(r["means"] - truth) > r["half"], axis=2)
    missed_gap = np.any((low > true_gap) | (high < true_gap), axis=2)
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
        "miscovered_gap_any_look": float(missed_gap.any(axis=1).mean()),
    }


def synthetic_patterns(shares: tuple[float, ...], tie_rate: float) -> np.ndarray:
    """Probabilities of the win patterns of the synthetic game of :func:`simulate_runs`."""
    p = len(shares)
    prob = np.zeros(1 << p)
    for s, q in enumerate(shares):
        prob[1 << s] += (1 - tie_rate) * q
    ia, ib = np.triu_indices(p, 1)
    for a, b in zip(ia, ib):
        prob[(1 << a) | (1 << b)] += tie_rate / len(ia)
    return prob
