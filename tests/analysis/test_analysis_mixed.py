"""The sentence of a study's mixed level: the strong agent's win share against the fair share, and the seat effect."""

from analysis.mixed_report import MixedLevel, sentence, strongest_sentence


def _level(share, low, high, by_seat, players=3):
    return MixedLevel("greedy vs 2x random", "greedy", "random", players, 1000, share, low, high, by_seat)


def test_far_above_the_fair_share_with_a_clear_seat_effect():
    m = _level(0.80, 0.78, 0.82, [(0.74, 0.72, 0.76), (0.80, 0.78, 0.82), (0.86, 0.84, 0.88)])
    s = sentence(m, [0.30, 0.33, 0.37])
    assert s.startswith("greedy vs 2x random: greedy wins 0.800 [0.780, 0.820] of games, far above the fair share "
                        "1/3 (+46.7 points from skill; 1,000 games in each seat).")
    assert "In seats 0, 1, 2 it wins 0.740 [0.720, 0.760], 0.800 [0.780, 0.820], 0.860 [0.840, 0.880]" in s
    assert "largest in seat 2 and smallest in seat 0, 12.0 points apart (beyond the intervals" in s
    assert "among random players alone the seats are 7.0 points apart, best seat 2" in s


def test_above_below_or_not_distinguishable_and_no_clear_seat_effect():
    seats = [(0.40, 0.30, 0.50), (0.45, 0.35, 0.55), (0.42, 0.32, 0.52)]
    assert "wins 0.420 [0.380, 0.460] of games, above the fair share 1/3" in sentence(_level(0.42, 0.38, 0.46, seats))
    assert "below the fair share 1/3" in sentence(_level(0.25, 0.20, 0.30, seats))
    assert "far below the fair share 1/2" in sentence(_level(0.20, 0.15, 0.25, seats[:2], players=2))
    s = sentence(_level(0.36, 0.30, 0.42, seats))
    assert "not distinguishable from the fair share 1/3" in s and "(within the intervals: no clear seat effect" in s
    assert "among" not in s  # no level of the weak agent alone to compare with


def test_the_same_share_in_every_seat_names_no_largest_and_smallest_seat():
    m = _level(1.0, 0.99, 1.0, [(1.0, 0.98, 1.0)] * 3)
    s = sentence(m)
    assert "largest in seat" not in s and "smallest in seat" not in s
    assert "it wins 1.000 [0.980, 1.000], 1.000 [0.980, 1.000], 1.000 [0.980, 1.000]: its edge is the same in every " \
           "seat (within the intervals: no clear seat effect next to the skill gap)." in s


def test_the_strongest_level_is_said_not_to_be_where_it_lost_to_a_lower_level():
    def mixed(strong, weak, share, low, high):
        return MixedLevel(f"{strong} vs 3x {weak}", strong, weak, 4, 2700, share, low, high, [])

    won = {"a": mixed("greedy", "random", 0.95, 0.93, 0.96), "b": mixed("policy", "heuristic:value", 0.30, 0.27, 0.33)}
    assert strongest_sentence("policy", "measured", won) == "Strongest level: policy (measured)."
    even = {"b": mixed("policy", "heuristic:value", 0.24, 0.21, 0.27)}  # not distinguishable: nothing said
    assert strongest_sentence("policy", "measured", even) == "Strongest level: policy (measured)."
    lost = {**won, "b": mixed("policy", "heuristic:value", 0.215, 0.186, 0.244)}
    assert strongest_sentence("policy", "measured", lost) == (
        "Strongest level: policy (measured); yet against 3 × heuristic:value it won 0.215 [0.186, 0.244] of games, "
        "below the fair share 1/4, so heuristic:value played better in that line-up and the top level is not the "
        "strongest play here.")
