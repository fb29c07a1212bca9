"""The Numba kernel against the pure-Python reference engine: same legal actions, views and results."""

import random

import pytest

import brux

from .differential import compare_game, compare_many, random_overrides

DEFAULT = {}
DECLINE = {"may_decline": True}
ONE_EACH = {"exhibition_mode": "one_each"}
BOTH = {"may_decline": True, "exhibition_mode": "one_each"}

# 300 games per player count in the default run: 150 default rules, 50 of each variant; chunks of 50 games.
CHUNKS = [(DEFAULT, 0), (DEFAULT, 50), (DEFAULT, 100), (DECLINE, 150), (ONE_EACH, 200), (BOTH, 250)]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("overrides,first", CHUNKS, ids=[f"{sorted(o)}-{f}" for o, f in CHUNKS])
def test_kernel_matches_reference(players, overrides, first):
    games, decisions, mismatches = compare_many(players, range(first, first + 50), overrides)
    assert games == 50
    assert decisions > 50 * 20  # every game has many decisions
    assert mismatches == []


@pytest.mark.parametrize("block", range(4))
def test_kernel_matches_reference_random_parameters(block):
    r = random.Random(1897 + block)
    for i in range(40):
        overrides = random_overrides(r)
        players = r.randint(2, 4)
        seed = 10_000 * block + i
        compare_game(players, seed, seed + 7, overrides)


def brussels_policy(card: str, uses: int):
    """Seat after seat uses the same Brussels card (committing the lowest types) `uses` times, then City Hall
    once, then everyone passes."""
    def policy(view, names, rnd):
        if view["pending"] == "BR_CARD":
            return names[0]
        if view["pending"] == "MAIN":
            done = sum(1 for k in range(1, 20) if k * (k + 1) // 2 <= len(view["brussels"][card]))
            if done < uses and f"BR {card}" in names:
                return f"BR {card}"
            if not view["brussels"]["city_hall"] and "BR city_hall" in names:
                return "BR city_hall"
            return "PASS"
        return rnd.choice(names)
    return policy


@pytest.mark.parametrize("card", ["stock_exchange", "park"])
def test_brussels_card_used_eight_times(card):
    """The largest valid architect set (10 per colour) with 4 players lets one Brussels card hold
    1 + 2 + ... + 8 = 36 architects in a round; both engines must agree."""
    overrides = {"architect_counts": [8, 1, 1], "prison_start": [[0, 0, 0]] * 3}
    compare_game(4, 0, 0, overrides, policy=brussels_policy(card, 8))


def test_architect_sets_beyond_brussels_capacity_are_rejected():
    with pytest.raises(ValueError, match="architect_counts"):
        brux.load_game("bruxelles1897", players=2, architect_counts=[10, 10, 10], prison_start=[[0, 0, 0]] * 3)


@pytest.mark.long
@pytest.mark.parametrize("players", [2, 3, 4])
def test_kernel_matches_reference_long(players, record_property):
    """5,000 games per player count (3,000 default rules, 1,000 may_decline, 500 one_each, 500 both)."""
    plan = [(DEFAULT, range(100_000, 103_000)), (DECLINE, range(103_000, 104_000)),
            (ONE_EACH, range(104_000, 104_500)), (BOTH, range(104_500, 105_000))]
    games = decisions = 0
    mismatches: list[str] = []
    for overrides, seeds in plan:
        g, d, m = compare_many(players, seeds, overrides)
        games, decisions, mismatches = games + g, decisions + d, mismatches + m
    print(f"\nlong differential: players {players}: {games} games, {decisions} decisions compared, "
          f"{len(mismatches)} mismatches")
    for m in mismatches[:10]:
        print("  ", m)
    record_property("games", games)
    record_property("decisions", decisions)
    record_property("mismatches", len(mismatches))
    assert games == 5000
    assert mismatches == []
