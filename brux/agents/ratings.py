"""Plackett–Luce ratings of agents from the finishing orders of tournament games, with bootstrap intervals.

A game gives the finishing order of its seats, each seat standing for its agent (seats tied on rank keep seat order);
an agent on several seats of a game appears once per seat, all its seats sharing one strength, so that two copies
of an agent are not counted as one stronger player (the likelihood is Plackett–Luce's with the strengths of a
table's seats, which choix's I-LSR fits as given). Strengths are fitted with a small ridge `alpha`, reported as log
strengths relative to a reference agent: agent A beats B head to head with probability
1 / (1 + exp(rating_B - rating_A)). Intervals: percentile bootstrap over games (resampled with replacement).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import choix
import numpy as np


def seat_ranking(agents: Sequence[int], ranks: Sequence[int]) -> list[int] | None:
    """One game's ranking: the agent (an index) of every seat, best finish first, tied seats in seat order; None
    when a single agent held every seat (nothing to compare)."""
    order = sorted(range(len(agents)), key=lambda seat: (ranks[seat], seat))
    return [agents[seat] for seat in order] if len(set(agents)) > 1 else None


def game_rankings(result: dict[str, Any], names: Sequence[str]) -> list[list[int]]:
    """Rankings (indices into `names`, one per seat, best first) of every game of a `brux.agents.tournament`
    result."""
    index = {a: i for i, a in enumerate(names)}
    out = []
    for lineup, res in zip(result["lineups"], result["results"]):
        agents = [index[a] for a in lineup]
        out += [r for ranks in res["rank"] if (r := seat_ranking(agents, ranks)) is not None]
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
