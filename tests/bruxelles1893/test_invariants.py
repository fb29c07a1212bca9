"""Rules section 10 invariants after every decision of random games with 2-5 players (default and varied rules),
scores recomputed independently of the kernel at the end; brux.testing strategies and the fuzzer."""

import random

import pytest
from hypothesis import given, settings

import brux
import brux.testing as bt
from brux.games.bruxelles1893.invariants import StepChecker, check_invariants
from brux.games.bruxelles1893.kernel import codes as C
from brux.testing.fuzz import fuzz
from tests.contract.test_schema_bounds import problems_with

VARIANTS = {
    "default": {},
    "side_b": {"strip_side": "B", "top_row_mode": "board", "neutral_tie": "nobody"},
    "random_sides": {"strip_side": "random", "secondary_enabled": False, "neutral_2p": False},
    "rich": {"start_money_base": 8, "start_money_step": 2, "start_supply_assistants": 6, "start_courthouse": 0,
             "build_costs": [2, 2, 2], "money_unit_bf": 1, "brussels_k": 1, "exhibition_extra_draw": 2},
    "short": {"num_rounds": 3, "min_bid": 3, "bid_cap": 10, "build_costs": [6, 6, 6], "theatre_slot_costs": [4] * 4},
}
GAMES = {"default": 6, "side_b": 2, "random_sides": 2, "rich": 2, "short": 2}


def play_checked(players, overrides, seed):
    game = brux.load_game("bruxelles1893", players=players, **overrides)
    state = game.new_initial_state(seed=seed)
    steps = StepChecker(game.params)
    rnd = random.Random(seed)
    pendings = set()
    while True:
        problems = steps.violations(state)
        assert problems == [], (state.record(), problems)
        if state.is_terminal():
            return state, pendings
        pendings.add(state.to_dict()["pending"])
        state.apply_action(rnd.choice(state.legal_actions()))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_random_games_keep_every_invariant(players, variant):
    seen = set()
    for g in range(GAMES[variant]):
        state, pendings = play_checked(players, VARIANTS[variant], 1000 * players + g)
        seen |= pendings
        result = state.result()
        assert sum(r["win_share"] for r in result) == pytest.approx(1.0)
        assert all(r["vp"] == sum(r["vp_by_source"].values()) for r in result)
    if variant == "default":
        assert {"SHIELD", "MAIN", "BID", "PERFORM", "CURSOR", "THEATRE_SLOT", "PLACE",
                "BONUS_USE"} <= seen
        assert ("NEUTRAL" in seen) == (players == 2)


def test_the_checker_catches_a_wrong_score():
    state, _ = play_checked(3, {}, 7)
    v = state.to_dict()
    v["seats"][0]["vp_by_source"]["buildings"] += 1
    v["seats"][0]["vp"] += 1
    assert any("buildings" in p for p in check_invariants(v, state.game.params))
    v = state.to_dict()
    v["supply"]["wood"] += 1
    assert any("wood" in p for p in check_invariants(v, state.game.params))


@settings(max_examples=10)
@given(bt.played_states("bruxelles1893", params="random", max_steps=300))
def test_played_states_strategy(state):
    assert bt.check_invariants(state) == []


def test_fuzzer_finds_no_violation():
    report = fuzz("bruxelles1893", examples=8, seed=3)
    assert report.ok and report.examples == 8 and report.decisions > 0


@pytest.mark.parametrize("field, value, word", [
    ("S_MONEY", -1, "SEATS[1].S_MONEY = -1 outside 0 .. "),
    ("S_PAID", 1 << 8, "SEATS[1].S_PAID = 256 outside 0 .. 255"),
    ("CURSOR", 7, "CURSOR[0] = 7 outside 2 .. 6"),
    ("SP_OCC", C.NEUTRAL + 2, "SP_OCC[0] = 12 outside -1 .. 11"),
])
def test_a_field_outside_its_declared_bounds_is_caught(field, value, word):
    """The layout's schema bounds every field: a corrupted value is reported by name."""
    problems = problems_with(brux.load_game("bruxelles1893", players=3).new_initial_state(seed=2), field, value)
    assert any(p.startswith(word) for p in problems), problems
