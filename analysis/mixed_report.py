"""The mixed levels of a study (``sims.mixed``): the strong agent's win share overall and by seat, next to the fair
share, and a plain sentence per level.

Intervals are score intervals for a mean win share (:func:`analysis.stats.share_interval`; the runs' games are fixed
in advance, so fixed-sample intervals hold): by seat, each seat's run on its own with the 95 % split over the seats
(simultaneous); overall, the mean over the seats of each round of games, which share their deals (common random
numbers), so the ``n`` rounds are the independent draws.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import polars as pl

from .findings import pct
from .io import collect, read_results
from .stats import share_interval


@dataclass
class MixedLevel:
    """The strong agent's win share in one mixed level (seats 0.. in ``by_seat``), with interval bounds."""

    name: str
    strong: str
    weak: str
    players: int
    games_per_seat: int
    share: float
    low: float
    high: float
    by_seat: list[tuple[float, float, float]]  # (share, low, high) per seat of the strong agent

    @property
    def fair(self) -> float:
        return 1.0 / self.players


def _interval(values: pl.Series, confidence: float) -> tuple[float, float, float]:
    """``(mean, low, high)`` of per-game win shares ``values``."""
    low, high = share_interval(values.sum(), (values * values).sum(), values.len(), confidence)
    return float(values.mean()), float(low[0]), float(high[0])


def mixed_level(folder: str | Path, lv: dict[str, Any], players: int, confidence: float = 0.95) -> MixedLevel | None:
    """The strong agent's win shares from a mixed level's seat runs (None before every seat has a game)."""
    runs = [Path(folder) / lv["folder"] / r for r in lv["runs"]]
    if not all((r / "manifest.json").exists() for r in runs):
        return None
    tables = []
    for seat, path in enumerate(runs):
        lf, _ = read_results(path)
        tables.append(collect(lf.filter(pl.col("seat") == seat).select("game_id", "win_share"), path))
    n = min(t.height for t in tables)  # a level interrupted mid-round: the games every seat has
    if n == 0:
        return None
    per_seat = [t.filter(pl.col("game_id") < n).sort("game_id")["win_share"] for t in tables]
    shares = [_interval(w, 1.0 - (1.0 - confidence) / players) for w in per_seat]
    share, low, high = _interval(sum(per_seat) / players, confidence)
    return MixedLevel(lv["name"], lv["strong"], lv["weak"], players, n, share, low, high, shares)


def interval(share: float, low: float, high: float) -> str:
    return f"{share:.3f} [{low:.3f}, {high:.3f}]"


def _fraction(players: int) -> str:
    return str(Fraction(1, players))


def sentence(m: MixedLevel, weak_seats: list[float] | None = None) -> str:
    """E.g. "greedy vs 2x random: greedy wins 0.800 [0.790, 0.810] of games, far above the fair share 1/3 ...";
    ``weak_seats`` (the seat win shares among the weak agents alone) adds how far apart the seats are there."""
    fair = _fraction(m.players)
    if m.low > m.fair:
        where = ("far above" if m.share >= 2 * m.fair else "above") + f" the fair share {fair}"
    elif m.high < m.fair:
        where = ("far below" if m.share <= m.fair / 2 else "below") + f" the fair share {fair}"
    else:
        where = f"not distinguishable from the fair share {fair}"
    seats = ", ".join(str(s) for s in range(m.players))
    shares = ", ".join(interval(*b) for b in m.by_seat)
    best = max(range(m.players), key=lambda s: m.by_seat[s][0])
    worst = min(range(m.players), key=lambda s: m.by_seat[s][0])
    spread = m.by_seat[best][0] - m.by_seat[worst][0]
    clear = m.by_seat[best][1] > m.by_seat[worst][2]
    seat_effect = ("beyond the intervals: the seat still matters next to the skill gap" if clear else
                   "within the intervals: no clear seat effect next to the skill gap")
    if weak_seats:
        top = max(range(len(weak_seats)), key=lambda s: weak_seats[s])
        seat_effect += (f"; among {m.weak} players alone the seats are {pct(max(weak_seats) - min(weak_seats))} "
                        f"points apart, best seat {top}")
    if pct(spread) == pct(0):  # the same share in every seat (to the points printed)
        edge = f"its edge is the same in every seat ({seat_effect})"
    else:
        edge = (f"its edge is largest in seat {best} and smallest in seat {worst}, {pct(spread)} points apart "
                f"({seat_effect})")
    return (f"{m.name}: {m.strong} wins {interval(m.share, m.low, m.high)} of games, {where} "
            f"({pct(m.share - m.fair, True)} points from skill; {m.games_per_seat:,} games in each seat). In seats "
            f"{seats} it wins {shares}: {edge}.")


def strongest_sentence(agent: str, why: str, mixed: dict[str, MixedLevel]) -> str:
    """"Strongest level: <agent> (<why>)." and, where a mixed line-up put that agent below the fair share against a
    lower level, that it is not the strongest there: the name then says only how the level was chosen."""
    lost = [m for m in mixed.values() if m.strong == agent and m.high < m.fair]
    against = "; ".join(f"against {m.players - 1} × {m.weak} it won {interval(m.share, m.low, m.high)} of games, below "
                        f"the fair share {_fraction(m.players)}" for m in lost)
    verdict = (f"; yet {against}, so {lost[0].weak} played better in that line-up and the top level is not the "
               "strongest play here") if lost else ""
    return f"Strongest level: {agent} ({why}){verdict}."


def mixed_row(m: MixedLevel | None, lv: dict[str, Any], players: int) -> dict[str, Any]:
    """One row of the study's mixed table (empty cells before any game, with the reason in ``note``)."""
    row: dict[str, Any] = {"level": lv["name"], "strong": lv["strong"], "weak": lv["weak"], "games": lv["games"],
                           "games_per_seat": m.games_per_seat if m else 0, "cpu_seconds": round(lv["cpu_used"], 1),
                           "fair_share": round(1 / players, 4), "win_share": interval(m.share, m.low, m.high)
                           if m else "", "from_skill": round(m.share - m.fair, 4) if m else None,
                           "note": "" if m else skip_note(lv)}
    row.update({f"seat_{s}": interval(*m.by_seat[s]) if m else "" for s in range(players)})
    return row


def skip_note(lv: dict[str, Any]) -> str:
    """Why a mixed level has no games."""
    if lv["games_cap"] < 1:
        return "skipped: the budget did not cover one game in each seat"
    return "not played yet" if not lv.get("finished") else "skipped: the CPU limit came before the first round"
