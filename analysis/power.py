"""How many games? Sample sizes for 80% power and the smallest effects a number of games can detect.

Normal approximations of two-sided z tests (the tests the report uses):

* **Seat gap**: the paired difference of two seats' win shares, tested with a Bonferroni split of alpha over the
  ``players (players - 1) / 2`` pairs. The per-game difference ``w_a - w_b`` has standard deviation ``sd``; with
  equal seats and no ties ``sd**2 = 2 / players`` (the default), or measured from a results folder.
* **Seat precision** (no power: the half-width of an interval): every seat's win share within ``target`` with
  simultaneous normal intervals (Bonferroni over the seats) whatever the shares are, from the largest standard
  deviation a per-game win share in [0, 1] can have, 1/2.
* **Opening effect**: an opening played with frequency ``f`` against the rest of its seat (two independent
  groups of ``f N`` and ``(1 - f) N`` games), with a Bonferroni split over ``tests`` rows of the opening table.
  The per-game win-share standard deviation defaults to ``sqrt(q (1 - q))`` with ``q = 1 / players``.

``N = ((z(1 - alpha') + z(power)) * sd_effect / effect)**2`` with ``alpha' = alpha / (2 k)``; it matches
``statsmodels.stats.power.NormalIndPower`` (checked in the tests).
"""

from __future__ import annotations

import math

from ._dist import norm_ppf


def _z(confidence: float, k: int, power: float) -> float:
    if not 0 < confidence < 1 or not 0 < power < 1:
        raise ValueError(f"confidence and power must be in (0, 1), got {confidence} and {power}")
    return float(norm_ppf(1 - (1 - confidence) / (2 * max(k, 1))) + norm_ppf(power))


def _pairs(players: int) -> int:
    if players < 2:
        raise ValueError(f"players must be at least 2, got {players}")
    return players * (players - 1) // 2


def gap_sd(players: int) -> float:
    """Standard deviation of the per-game win-share difference of two equal seats (no ties)."""
    return math.sqrt(2.0 / players)


def games_for_gap(gap: float, players: int, *, power: float = 0.8, confidence: float = 0.95,
                  sd: float | None = None) -> int:
    """Games needed to detect a gap of ``gap`` (win share, e.g. 0.02) between two seats."""
    if not 0 < gap < 1:
        raise ValueError(f"gap must be in (0, 1), got {gap}")
    s = sd if sd is not None else gap_sd(players)
    return math.ceil((_z(confidence, _pairs(players), power) * s / gap) ** 2)


def detectable_gap(games: int, players: int, *, power: float = 0.8, confidence: float = 0.95,
                   sd: float | None = None) -> float:
    """The smallest seat gap ``games`` games detect with the given power."""
    s = sd if sd is not None else gap_sd(players)
    return _z(confidence, _pairs(players), power) * s / math.sqrt(max(games, 1))


def games_for_seat_precision(target: float, players: int, *, confidence: float = 0.95) -> int:
    """The fewest games after which every seat's simultaneous interval (``confidence``, Bonferroni over the
    ``players`` seats, standard deviation with the ``n - 1`` divisor) has half-width at most ``target``, whatever
    the seats' win shares: ``n - 1 >= (z / (2 target))**2``."""
    if not 0 < target < 0.5:
        raise ValueError(f"precision must be in (0, 0.5), got {target}")
    z = _z(confidence, players, 0.5)  # power 1/2 adds nothing: the interval's own quantile
    return 1 + math.ceil((z / (2 * target)) ** 2)


def _opening_sd(players: int, sd: float | None, frequency: float) -> float:
    if not 0 < frequency < 1:
        raise ValueError(f"opening frequency must be in (0, 1), got {frequency}")
    q = 1.0 / players
    s = sd if sd is not None else math.sqrt(q * (1 - q))
    return s * math.sqrt(1 / frequency + 1 / (1 - frequency))


def games_for_opening(effect: float, frequency: float, players: int, *, tests: int = 1, power: float = 0.8,
                      confidence: float = 0.95, sd: float | None = None) -> int:
    """Games needed to detect an opening (played with ``frequency``) whose win share differs by ``effect``."""
    if not 0 < effect < 1:
        raise ValueError(f"opening effect must be in (0, 1), got {effect}")
    return math.ceil((_z(confidence, tests, power) * _opening_sd(players, sd, frequency) / effect) ** 2)


def detectable_opening(games: int, frequency: float, players: int, *, tests: int = 1, power: float = 0.8,
                       confidence: float = 0.95, sd: float | None = None) -> float:
    """The smallest opening effect ``games`` games detect for an opening played with ``frequency``."""
    return _z(confidence, tests, power) * _opening_sd(players, sd, frequency) / math.sqrt(max(games, 1))
