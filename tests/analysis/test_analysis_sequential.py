"""Always-valid confidence sequences and the stopping rules, checked by simulation."""

import numpy as np
import pytest

from analysis.fairness import fairness_verdict, pattern_counts_from_matrix
from analysis.sequential import check_stop, cs_half_width, games_for_precision, simulate_runs


def test_half_width_shrinks_and_is_wider_than_the_fixed_sample_interval():
    widths = [cs_half_width(n, 0.05, 3, 1_000_000) for n in (10_000, 100_000, 1_000_000)]
    assert widths[0] > widths[1] > widths[2] > 0
    fixed = 2.394 * 0.5 / np.sqrt(1_000_000)  # Bonferroni z for 3 seats, sd at most 1/2
    assert widths[2] > fixed
    n = games_for_precision(0.005, 0.05, 3, 1_000_000)
    assert cs_half_width(n, 0.05, 3, 1_000_000) <= 0.005 < cs_half_width(n - 1, 0.05, 3, 1_000_000)


def test_equal_seats_are_rarely_called_unfair_however_often_one_looks():
    r = simulate_runs(300, rule="decided", look_every=2_000, max_games=200_000, seed=3)
    assert r["not_fair"] <= 0.05 and r["fair"] >= 0.95
    assert r["miscovered"] <= 0.05
    assert 5_000 < r["games_median"] < 60_000


def test_a_game_on_the_margin_is_rarely_called_fair():
    # the gap between seats 1 and 0 is exactly the margin; each seat is only 1 point off the fair share
    r = simulate_runs(300, rule="decided", shares=(1 / 3 - 0.01, 1 / 3 + 0.01, 1 / 3), tie_rate=0.0,
                      look_every=2_000, max_games=200_000, seed=4)
    assert r["fair"] <= 0.05
    assert r["miscovered_gap"] <= 0.05


def test_a_gap_beyond_the_margin_is_not_fair_though_every_seat_is_near_its_share():
    r = simulate_runs(300, rule="decided", shares=(1 / 3 - 0.015, 1 / 3, 1 / 3 + 0.015), tie_rate=0.0,
                      look_every=5_000, max_games=1_000_000, seed=6)
    assert r["not_fair"] >= 0.95 and r["fair"] == 0.0


def test_precision_rule_stops_at_the_target():
    r = simulate_runs(50, rule="precision", target=0.01, look_every=1_000, max_games=200_000, seed=5)
    assert r["games_median"] == pytest.approx(games_for_precision(0.01, 0.05, 3, 200_000), abs=1_000)


def test_check_stop():
    rng = np.random.default_rng(0)
    w = np.eye(3)[rng.integers(0, 3, size=300_000)]
    counts = pattern_counts_from_matrix(w)
    stop, reason, verdict = check_stop(counts, "decided", planned_games=1_000_000)
    assert stop and "fair" in reason and verdict.verdict == "fair"
    assert "confidence sequence" in verdict.method
    stop, _, _ = check_stop(counts, "precision", target=0.001, planned_games=1_000_000)
    assert not stop
    # the sequential interval is wider than the fixed-sample one on the same games
    assert verdict.half_width > fairness_verdict(counts).half_width
    with pytest.raises(ValueError, match="rule"):
        check_stop(counts, "bogus", planned_games=10)
