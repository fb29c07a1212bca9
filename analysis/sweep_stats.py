"""Statistics of rule-sweep cells: per-game win matrices, the balance objectives (seat gap, largest deviation) with
their intervals, and paired comparisons of two cells over the same games (bootstrap and normal intervals).

Used by the sweep comparison (:mod:`analysis.compare`) and the balance search (``sims.rule_search``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import polars as pl

from ._dist import norm_ppf, norm_sf
from .fairness import pattern_shares
from .io import ResultsError
from .stats import quantile_mc_error

OBJECTIVES = ("max_gap", "max_dev")
_BLOCK = 4_000_000  # resampled rows per bootstrap block (bounds memory: a block is ~32 MB of counts)


def win_matrix(table: Any, players: int | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(game_id, seed, W)`` from a per-seat results table: W[i, s] is seat s's win share in the i-th game.

    Games are in ``game_id`` order; every game must have one row per seat (ResultsError otherwise).
    """
    lf = table.lazy() if isinstance(table, pl.DataFrame) else table
    df = lf.select("game_id", "seed", "players", "seat", "win_share").sort("game_id", "seat").collect()
    if df.height == 0:
        return np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros((0, players or 0))
    p = int(players if players is not None else df["players"][0])
    seats = df["seat"].to_numpy()
    if df.height % p or not np.array_equal(seats, np.tile(np.arange(p), df.height // p)):
        raise ResultsError(f"results do not have exactly one row per seat for each of the games ({p} players)")
    gid = df["game_id"].to_numpy()[::p].astype(np.int64)
    if np.any(np.diff(gid) <= 0):
        raise ResultsError("results hold a game_id twice")
    return gid, df["seed"].to_numpy()[::p].astype(np.int64), df["win_share"].to_numpy().reshape(-1, p)


def seat_objective(means: np.ndarray, objective: str = "max_gap") -> np.ndarray:
    """The balance objective of seat win shares ``means[..., seat]`` (smaller is more balanced).

    ``max_gap``: best seat minus worst seat; ``max_dev``: the largest distance of a seat from the fair share 1/n.
    """
    m = np.asarray(means, dtype=float)
    if objective == "max_gap":
        return m.max(axis=-1) - m.min(axis=-1)
    if objective == "max_dev":
        return np.abs(m - 1.0 / m.shape[-1]).max(axis=-1)
    raise ValueError(f"objective must be one of {', '.join(OBJECTIVES)}, got {objective!r}")


def bootstrap_objective(mats: list[np.ndarray], objective: str = "max_gap", n_boot: int = 1000,
                        seed: int = 0) -> np.ndarray:
    """Paired bootstrap replicates of the objective: an ``(n_boot, len(mats))`` array.

    ``mats`` are win matrices with the same rows (the same games, in the same order). Each replicate resamples the
    n games with replacement (the same resample for every matrix) and evaluates the objective of every matrix's
    resampled seat means. Vectorised: a block of replicates is a count matrix (replicates x games, from one
    ``bincount``) multiplied by the stacked win matrices. Deterministic for a given ``seed``.
    """
    if n_boot < 1:
        raise ValueError(f"n_boot must be at least 1, got {n_boot}")
    n = mats[0].shape[0]
    if any(m.shape[0] != n for m in mats):
        raise ValueError("bootstrap_objective needs win matrices of the same games")
    if n == 0:
        return np.full((n_boot, len(mats)), np.nan)
    sizes = [m.shape[1] for m in mats]
    x = np.hstack(mats).astype(np.float64)
    rng = np.random.default_rng(seed)
    block = max(1, min(n_boot, _BLOCK // n))
    out = np.empty((n_boot, len(mats)))
    offsets = np.cumsum([0, *sizes])
    for start in range(0, n_boot, block):
        c = min(block, n_boot - start)
        idx = rng.integers(0, n, size=(c, n))
        idx += (np.arange(c) * n)[:, None]
        counts = np.bincount(idx.ravel(), minlength=c * n).reshape(c, n).astype(np.float64)
        means = counts @ x / n
        for j, (lo, hi) in enumerate(zip(offsets[:-1], offsets[1:])):
            out[start:start + c, j] = seat_objective(means[:, lo:hi], objective)
    return out


def objective_interval(w: np.ndarray, objective: str = "max_gap", confidence: float = 0.95
                       ) -> tuple[float, float]:
    """An interval for the objective of one cell's seat win shares, from simultaneous intervals.

    ``max_gap``: every pair of seats s < t gets a normal interval for ``p_s - p_t`` from the per-game differences
    ``w[:, s] - w[:, t]`` (seats of a game are dependent, so the pairing matters), Bonferroni-corrected over the
    pairs; when all of them hold (probability >= ``confidence``) the true gap ``max |p_s - p_t|`` lies between the
    largest lower bound of ``|p_s - p_t|`` (0 for a pair whose interval covers 0) and the largest upper bound.
    ``max_dev``: the same with per-seat intervals for ``p_s - 1/n``. Conservative; always contains the estimate.
    """
    n, p = w.shape
    if n < 2:
        return float("nan"), float("nan")
    if objective == "max_gap":
        pairs = [(s, t) for s in range(p) for t in range(s + 1, p)]
        d = np.stack([w[:, s] - w[:, t] for s, t in pairs], axis=1)
    elif objective == "max_dev":
        d = w - 1.0 / p
    else:
        raise ValueError(f"objective must be one of {', '.join(OBJECTIVES)}, got {objective!r}")
    k = d.shape[1]
    z = norm_ppf(1.0 - (1.0 - confidence) / (2 * k))
    mean = d.mean(axis=0)
    half = z * d.std(axis=0, ddof=1) / np.sqrt(n)
    lo, hi = mean - half, mean + half
    low_abs = np.where((lo <= 0) & (hi >= 0), 0.0, np.minimum(np.abs(lo), np.abs(hi)))
    high_abs = np.maximum(np.abs(lo), np.abs(hi))
    return float(low_abs.max()), float(high_abs.max())


def percentile_interval(replicates: np.ndarray, confidence: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
    """Percentile bootstrap interval per column of ``replicates``."""
    alpha = 1.0 - confidence
    low, high = np.quantile(replicates, [alpha / 2, 1 - alpha / 2], axis=0)
    return low, high


def _pattern_codes(w: np.ndarray) -> np.ndarray:
    """Per game, the bit mask of the seats sharing first place (which fixes the game's win-share vector)."""
    return ((w > 0).astype(np.int64) << np.arange(w.shape[1])).sum(axis=1)


def paired_gap_bootstrap(w: np.ndarray, base: np.ndarray, confidence: float = 0.95, *, tests: int = 1,
                         n_boot: int = 20_000, max_boot: int = 640_000, rel_mc: float = 0.1, seed: int = 0
                         ) -> dict[str, float]:
    """Paired percentile bootstrap of ``max_gap(w) - max_gap(base)`` over the same games, with its Monte Carlo error.

    Resampling games with replacement only changes how often each joint win pattern (variant pattern, baseline
    pattern) occurs, so each replicate is one multinomial draw of the joint pattern counts: the same distribution
    as resampling rows, at a cost independent of the number of games. The interval is at level
    ``1 - (1 - confidence) / tests`` (Bonferroni over the ``tests`` variants of a comparison). Replicates are
    doubled from ``n_boot`` up to ``max_boot`` until the Monte Carlo error of each end (order-statistic method,
    :func:`analysis.stats.quantile_mc_error`) is at most ``rel_mc`` times its distance to 0.

    Returns ``diff``, ``low``, ``high``, ``mc_error`` (the larger of the two ends), ``n_boot`` (replicates used),
    ``level`` (the interval's error level) and each cell's own gap interval ``gap_low``/``gap_high``,
    ``base_low``/``base_high`` at ``confidence``.
    """
    n, players = w.shape
    joint = _pattern_codes(w) * (1 << players) + _pattern_codes(base)
    codes, counts = np.unique(joint, return_counts=True)
    shares = pattern_shares(players)
    wv, wb = shares[codes >> players], shares[codes & ((1 << players) - 1)]
    prob = counts / n
    rng = np.random.default_rng(seed)
    alpha = (1.0 - confidence) / max(tests, 1)
    q = (alpha / 2, 1 - alpha / 2)
    gaps_v: list[np.ndarray] = []
    gaps_b: list[np.ndarray] = []
    total = 0
    target = max(n_boot, 1)
    while True:
        while total < target:
            c = min(target - total, 50_000)
            draws = rng.multinomial(n, prob, size=c).astype(float)
            gaps_v.append(np.ptp(draws @ wv, axis=1) / n)
            gaps_b.append(np.ptp(draws @ wb, axis=1) / n)
            total += c
        gv, gb = np.concatenate(gaps_v), np.concatenate(gaps_b)
        d = gv - gb
        low, high = np.quantile(d, q)
        mc = max(quantile_mc_error(d, q[0]), quantile_mc_error(d, q[1]))
        if (mc <= rel_mc * min(abs(low), abs(high))) or total >= max_boot:
            break
        target = min(2 * total, max_boot)
    diff = float(np.ptp(prob @ wv) - np.ptp(prob @ wb))
    g_lo, g_hi = np.quantile(gv, [(1 - confidence) / 2, (1 + confidence) / 2])
    b_lo, b_hi = np.quantile(gb, [(1 - confidence) / 2, (1 + confidence) / 2])
    return {"diff": diff, "low": float(low), "high": float(high), "mc_error": float(mc), "n_boot": total,
            "level": alpha, "gap_low": float(g_lo), "gap_high": float(g_hi), "base_low": float(b_lo),
            "base_high": float(b_hi)}


def paired_difference(w: np.ndarray, base: np.ndarray, confidence: float = 0.95
                      ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per seat: mean paired difference of win shares, its normal interval and the two-sided z-test p-value."""
    d = w - base
    n = d.shape[0]
    mean = d.mean(axis=0) if n else np.full(d.shape[1], np.nan)
    sd = d.std(axis=0, ddof=1) if n > 1 else np.zeros(d.shape[1])
    se = sd / np.sqrt(max(n, 1))
    z = norm_ppf(0.5 + confidence / 2)
    with np.errstate(divide="ignore", invalid="ignore"):
        p = np.where(se > 0, 2.0 * norm_sf(np.abs(mean / se)), np.where(mean == 0, 1.0, 0.0))
    return mean, mean - z * se, mean + z * se, p


def headline(cells: pl.DataFrame) -> pl.DataFrame:
    """Per player count and line-up, the non-baseline cell with the smallest seat gap (the sweep's headline)."""
    return (cells.filter(~pl.col("baseline")).sort("max_gap")
            .group_by("players", "lineup", maintain_order=True).head(1).sort("players", "lineup"))
