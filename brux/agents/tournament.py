"""Tournaments: every seat permutation of a set of agents, played on the same game seeds (common random numbers).

`sims` runs tournaments at scale (CLI, chunks, Parquet); `tournament` here plays one in-process for notebooks and
quick checks.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from brux.core.game import is_int


def tournament_lineups(agents: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """Every distinct seat assignment of `agents` to `players` seats, in lexicographic order of seat permutations.

    With as many agents as players: all permutations (3 agents, 3 players: 6 line-ups). With fewer agents, the
    agents must divide the seats evenly: each appears players / len(agents) times ("A vs two copies of B": pass
    ["A", "B", "B"] or ["A", "B"] for 2 players). Repeated line-ups are listed once.
    """
    agents = [str(a).strip() for a in agents]
    if not agents:
        raise ValueError("a tournament needs at least one agent")
    if not is_int(players) or players < 1:
        raise ValueError(f"players must be a positive integer, got {players!r}")
    if len(agents) > players or players % len(agents):
        raise ValueError(f"{len(agents)} agents cannot share {players} seats evenly; give {players} agents "
                         f"(repeat one to play it on several seats) or a divisor of {players}")
    players = int(players)
    pool = agents * (players // len(agents))
    seen: dict[tuple[str, ...], None] = {}
    for perm in itertools.permutations(range(players)):
        seen.setdefault(tuple(pool[i] for i in perm), None)
    return list(seen)


def wilson(successes: float, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """Wilson score interval of a proportion (shared wins may make `successes` fractional)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))


def tournament(game: Any, agents: Sequence[str], games_per_lineup: int, master_seed: int = 0,
               first_index: int = 0) -> dict[str, Any]:
    """Play every line-up of `tournament_lineups(agents, game.players)` on games first_index.. of `master_seed`.

    Returns {"lineups": [...], "results": [per line-up result dict of game.play], "agents": {spec: {"games",
    "seats", "win_share", "interval"}}} where an agent's win share is the mean over all its seats (a game counts
    once per seat it plays), with a Wilson 95% interval over those seat-games.
    """
    lineups = tournament_lineups(agents, game.players)
    results = [game.play(games_per_lineup, master_seed, first_index, agents=list(lu)) for lu in lineups]
    per: dict[str, list[np.ndarray]] = {}
    for lu, res in zip(lineups, results):
        for seat, a in enumerate(lu):
            per.setdefault(a, []).append(res["win_share"][:, seat])
    summary = {}
    for a, parts in per.items():
        x = np.concatenate(parts)
        summary[a] = {"seat_games": len(x), "win_share": float(x.mean()), "interval": wilson(float(x.sum()), len(x))}
    return {"lineups": lineups, "results": results, "agents": summary}


def cpu_per_decision(game: Any, spec: str, min_seconds: float) -> tuple[float, int]:
    """CPU seconds per decision of `spec` in self-play (every seat), over at least `min_seconds` of CPU."""
    game.play(1, master_seed=99, agents=spec)  # compile
    games, cpu, decisions, first = 1, 0.0, 0, 0
    while cpu < min_seconds:
        t = time.process_time()
        res = game.play(games, master_seed=7, first_index=first, agents=spec)
        cpu += time.process_time() - t
        decisions += int(res["decisions"].sum())
        first += games
        games *= 2
    return cpu / decisions, decisions
