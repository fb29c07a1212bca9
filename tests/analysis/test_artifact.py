"""Agent artifacts: a level's seat verdict against its replay with more agent noise."""

import numpy as np

from analysis.artifact import artifact_reasons, pair_gap
from analysis.fairness import fairness_verdict


def _verdict(wins, margin=0.02):
    """The verdict of 3-player games where seat s won wins[s] of them alone."""
    counts = np.zeros(8)
    for s, n in enumerate(wins):
        counts[1 << s] = n
    return fairness_verdict(counts, margin=margin)


LEVEL = _verdict([2000, 2000, 6000])  # seat 2 wins 60 %: not fair


def test_pair_gap_is_signed_by_the_order_of_the_seats():
    d, lo, hi = pair_gap(LEVEL, 2, 0)
    assert d == LEVEL.gap and (lo, hi) == (LEVEL.gap_low, LEVEL.gap_high) and lo < d < hi
    assert pair_gap(LEVEL, 0, 2) == (-d, -hi, -lo)


def test_a_seat_effect_that_holds_is_not_flagged():
    assert LEVEL.verdict == "not fair"
    assert artifact_reasons(LEVEL, _verdict([520, 500, 1480])) == []


def test_a_seat_effect_that_vanishes_is_flagged():
    reasons = artifact_reasons(LEVEL, _verdict([10020, 9990, 9990]))
    assert reasons[0] == "the verdict changes from not fair to fair"
    assert any(r.startswith("seat 2 minus seat 0 is 40.0 points, ") and r.endswith("(their intervals apart)")
               for r in reasons)


def test_another_best_seat_is_flagged_under_the_same_verdict():
    check = _verdict([60, 30, 20])  # not fair too, but seat 0 clearly beats seat 2
    assert check.verdict == "not fair"
    reasons = artifact_reasons(LEVEL, check)
    assert "seat 0 wins more than seat 2, the best seat, in the check" in reasons
    assert not any("verdict" in r for r in reasons)


def test_a_fair_level_is_only_flagged_by_a_decided_other_verdict():
    fair = _verdict([10020, 9990, 9990])
    assert fair.verdict == "fair"
    assert artifact_reasons(fair, _verdict([40, 30, 30])) == []  # a small check: not decided, nothing to say
    assert artifact_reasons(fair, LEVEL) == ["the verdict changes from fair to not fair"]
