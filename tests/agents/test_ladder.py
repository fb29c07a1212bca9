"""A small ladder sanity check: greedy beats random (one greedy seat against two random seats, rotated)."""

import brux
from brux.agents import tournament, wilson


def test_greedy_beats_random():
    game = brux.load_game("bruxelles1897", players=3)
    res = tournament(game, ["greedy", "random", "random"], games_per_lineup=200, master_seed=2024)
    assert len(res["lineups"]) == 3
    share = 0.0
    for lineup, r in zip(res["lineups"], res["results"]):
        share += r["win_share"][:, lineup.index("greedy")].sum()
    n = 600
    lo, hi = wilson(share, n)
    assert lo > 1 / 3 + 0.1, (share / n, lo, hi)
    assert abs(res["agents"]["greedy"]["win_share"] - share / n) < 1e-12


def test_heuristic_beats_greedy():
    game = brux.load_game("bruxelles1897", players=3)
    res = tournament(game, ["heuristic:balanced", "greedy", "greedy"], games_per_lineup=60, master_seed=7)
    assert res["agents"]["heuristic:balanced"]["interval"][0] > 1 / 3


def test_lutece_lookahead_on_two_copies_beats_greedy():
    """Averaging two determinisations (the other seats' sealed plays guessed twice) beats greedy's single guess."""
    game = brux.load_game("lutece", players=3)
    spec = "heuristic:value,samples=2"
    res = tournament(game, [spec, "greedy", "greedy"], games_per_lineup=100, master_seed=7)
    assert res["agents"][spec]["interval"][0] > 1 / 3
