"""Agent artifacts of a study level: does its seat effect hold when the agents are perturbed?

A study (``sims.study``) replays each level on the same deals with the agents' ``eps`` (the chance of a random
legal action) raised a little. A seat effect of the game holds under that; one that comes from a policy's quirk
(the same bid from the same seat, game after game) does not. ``artifact_reasons`` compares the two verdicts:

- both decided and different (fair against not fair);
- the level not fair, and in the check its best-minus-worst seat gap has an interval apart from the level's;
- the level not fair, and in the check another seat beats its best seat, or its worst seat beats another,
  beyond the check's interval.

A check with no decided verdict and no such difference flags nothing.
"""

from __future__ import annotations

from .fairness import FairnessVerdict
from .stats import pct


def pair_gap(v: FairnessVerdict, a: int, b: int) -> tuple[float, float, float]:
    """Seat a's win share minus seat b's, with the verdict's simultaneous interval of that pair."""
    k = v.pairs.index((min(a, b), max(a, b)))
    sign = 1.0 if a < b else -1.0
    low, high = sorted((sign * float(v.pair_low[k]), sign * float(v.pair_high[k])))
    return sign * float(v.pair_diff[k]), low, high


def artifact_reasons(level: FairnessVerdict, check: FairnessVerdict) -> list[str]:
    """Why the level's seat verdict is an agent artifact (empty when it holds under the check)."""
    out = []
    decided = {"fair", "not fair"}
    if level.verdict in decided and check.verdict in decided and level.verdict != check.verdict:
        out.append(f"the verdict changes from {level.verdict} to {check.verdict}")
    if level.verdict != "not fair":
        return out
    b, w = level.best_seat, level.worst_seat
    gap, low, high = pair_gap(check, b, w)
    if high < level.gap_low or low > level.gap_high:
        out.append(f"seat {b} minus seat {w} is {pct(level.gap)} points, {pct(gap)} in the check "
                   "(their intervals apart)")
    for s in range(level.players):
        if s != b and pair_gap(check, s, b)[1] > 0:
            out.append(f"seat {s} wins more than seat {b}, the best seat, in the check")
        if s != w and pair_gap(check, w, s)[1] > 0:
            out.append(f"seat {w}, the worst seat, wins more than seat {s} in the check")
    return out
