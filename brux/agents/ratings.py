"""Plackett–Luce ratings of agents from the finishing orders of tournament games, with bootstrap intervals.

A game gives a ranking of the distinct agents at its table (an agent on several seats is placed by its best seat;
seats tied on rank keep seat order). Strengths are fitted with choix (I-LSR, a small ridge `alpha`), reported as
log strengths relative to a reference agent: agent A beats B head to head with probability
1 / (1 + exp(rating_B - rating_A)). Intervals: percentile bootstrap over games (resampled with replacement).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import choix
import numpy as np


def game_rankings(result: dict[str, Any], names: Sequence[str]) -> list[list[int]]:
    """Rankings (indices into `names`, best first) of every game of a `brux.agents.tournament` result."""
    index = {a: i for i, a in enumerate(names)}
    out = []
    for lineup, res in zip(result["lineups"], result["results"]):
        for ranks in res["rank"]:
            order = sorted(range(len(lineup)), key=lambda seat: (ranks[seat], seat))
            ranking = list(dict.fromkeys(index[lineup[seat]] for seat in order))
            if len(ranking) > 1:
                out.append(ranking)
    return out


def log_strengths(n: int, rankings: Sequence[Sequence[int]], alpha: float = 0.01) -> np.ndarray:
    """Plackett–Luce log strengths of n agents (mean 0)."""
    if not rankings:
        raise ValueError("no games with two or more distinct agents to rate")
    s = np.asarray(choix.ilsr_rankings(n, [list(r) for r in rankings], alpha=alpha), np.float64)
    return s - s.mean()


def rate(n: int, rankings: Sequence[Sequence[int]], reference: int = 0, reps: int = 200, seed: int = 0,
         alpha: float = 0.01) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Ratings relative to agent `reference` (its rating is 0) and 95 % percentile-bootstrap bounds (low, high)."""
    rankings = [list(r) for r in rankings]
    est = log_strengths(n, rankings, alpha)
    est = est - est[reference]
    rng = np.random.default_rng(seed)
    boot = np.empty((reps, n))
    for b in range(reps):
        pick = rng.integers(0, len(rankings), len(rankings))
        s = log_strengths(n, [rankings[i] for i in pick], alpha)
        boot[b] = s - s[reference]
    lo, hi = np.percentile(boot, [2.5, 97.5], axis=0)
    return est, lo, hi
