"""Rules section 6 invariants after every decision of random games, and the checker itself."""

import copy
import random
from collections import Counter

import pytest

import brux
from brux.games.bruxelles1897.invariants import DECISIONS, StepChecker, check_invariants
from brux.games.bruxelles1897.kernel import codes as C
from brux.games.bruxelles1897.kernel import layout as L
from tests.contract.test_schema_bounds import problems_with

from .differential import random_overrides

PARAMETER_SETS = {
    "default": {},
    "one_each": {"exhibition_mode": "one_each"},
    "may_decline": {"may_decline": True},
    "short": {"rounds": 2, "track_max": 3, "cards_per_type": [2, 2, 3]},
    "long_poor": {"rounds": 7, "start_money": [0, 0, 1, 1], "first_pass_money": 1, "later_pass_money": 0},
    "few_cards": {"components": {"artworks_per_colour": 1, "materials_per_pair": 1, "houses_per_type": 1,
                                 "nobles_per_type": 1, "money_cards": 2}, "rounds": 6},
    "many_architects": {"architect_counts": [5, 3, 2], "prison_start": [[1, 0, 1], [1, 1, 1], [2, 1, 1]],
                        "architect_faces": [[0, 2], [1, 4], [3, 6]], "neutral_value": 5},
    "rich": {"start_money": [20, 20, 20, 20], "stock_exchange_money": 8, "brugmann_money": 6, "track_max": 8,
             "cards_per_type": [4, 4, 5], "may_decline": True, "exhibition_mode": "one_each",
             "bonus_lower": {"nobility": "money", "architecture": "nobles", "prestige": "house_types",
                             "prison": "artwork_colours"}},
}
GAMES = {"default": 60, "one_each": 15, "may_decline": 15, "short": 10, "long_poor": 10, "few_cards": 10,
         "many_architects": 10, "rich": 10}


def play_checked(game, seed, choice_seed):
    """One random game, every invariant checked before every decision and at the end; returns the decisions."""
    state = game.new_initial_state(seed=seed)
    steps = StepChecker(game.params)
    rnd = random.Random(choice_seed)
    decisions = Counter()
    rounds_seen = []
    while True:
        view = state.to_dict()
        problems = check_invariants(state) + steps.observe(state)
        assert problems == [], f"seed {seed}, {sum(decisions.values())} decisions: {problems}"
        if not rounds_seen or rounds_seen[-1] != view["round"]:
            rounds_seen.append(view["round"])
        if state.is_terminal():
            break
        decisions[view["pending"]] += 1
        state.apply_action(rnd.choice(state.legal_actions()))
    rounds = game.params["rounds"]
    assert view["over"] and view["round"] == rounds
    assert rounds_seen == sorted(rounds_seen) and rounds_seen[-1] == rounds
    assert state.current_player() == -1
    assert state.legal_actions() == []
    assert view["current_player"] is None and view["pending"] is None
    assert len(state.result()) == game.players
    return decisions


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("name", list(PARAMETER_SETS))
def test_invariants_in_random_games(name, players):
    game = brux.load_game("bruxelles1897", players=players, **PARAMETER_SETS[name])
    seen = Counter()
    for i in range(GAMES[name]):
        seen += play_checked(game, seed=1000 * players + i, choice_seed=i)
    assert seen["MAIN"] > 0
    if name == "default":
        # Enough games to meet every decision of rules section 5 with each player count.
        assert set(seen) == set(DECISIONS), f"decisions never met: {set(DECISIONS) - set(seen)}"
    if name == "may_decline":
        assert seen["SELL"] + seen["BUILD"] > 0


@pytest.mark.parametrize("block", range(3))
def test_invariants_with_random_parameters(block):
    r = random.Random(77 + block)
    for i in range(30):
        game = brux.load_game("bruxelles1897", players=r.randint(2, 4), **random_overrides(r))
        play_checked(game, seed=100 * block + i, choice_seed=i)


def test_a_game_without_playable_architects_ends_at_once():
    """Every architect starts in prison: every turn is a forced pass and the game is over after its rounds."""
    game = brux.load_game("bruxelles1897", players=3, architect_counts=[0, 0, 1], prison_start=[[0, 0, 1]] * 3)
    state = game.new_initial_state(seed=4)
    assert state.is_terminal() and state.to_dict()["round"] == 4
    assert play_checked(game, seed=4, choice_seed=0) == Counter()


# ---------------------------------------------------------------------------------------------------------------
# The checker finds broken positions.
# ---------------------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def mid_game():
    """A 3-player state in round 2 with architects in the area and in Brussels (MAIN pending)."""
    game = brux.load_game("bruxelles1897", players=3)
    for seed in range(100):
        state = game.new_initial_state(seed=seed)
        rnd = random.Random(seed)
        while not state.is_terminal():
            v = state.to_dict()
            placed = any(s and "architect" in s for row in v["area"]["spaces"] for s in row)
            in_brussels = any(v["brussels"].values())
            if v["round"] == 2 and v["pending"] == "MAIN" and placed and in_brussels and v["discards"]["material"]:
                return state
            state.apply_action(rnd.choice(state.legal_actions()))
    raise AssertionError("no suitable position")


def broken(view, edit):
    v = copy.deepcopy(view)
    edit(v)
    return v


def _first_brussels(v):
    return next(card for card, lst in v["brussels"].items() if lst)


BREAKS = {
    "architects": lambda v: v["seats"][1]["hand"].__setitem__("1/3", v["seats"][1]["hand"]["1/3"] + 1),
    "money": lambda v: v["seats"][0].__setitem__("money", -1),
    "tracks": lambda v: v["seats"][2]["tracks"].__setitem__("noble", 6),
    "vp": lambda v: v["seats"][0].__setitem__("vp", v["seats"][0]["vp"] + 1),
    "cards: artwork": lambda v: v["decks"].__setitem__("artwork", v["decks"]["artwork"] + 1),
    "cards: material": lambda v: v["seats"][0]["materials"].__setitem__("SS", 3),
    "cards: money": lambda v: v["decks"].__setitem__("money", v["decks"]["money"] - 1),
    "Brugmann": lambda v: v["seats"][1]["nobles"].__setitem__("brugmann", None),
    "pending cards": lambda v: v["pending_cards"].append({"card": "house", "house": "h1"}),
    "round": lambda v: v.__setitem__("round", 5),
    "brussels": lambda v: v["brussels"][_first_brussels(v)].append(v["brussels"][_first_brussels(v)][0]),
    "end-game source": lambda v: (v["seats"][0]["vp_by_source"].__setitem__("houses", 2),
                                  v["seats"][0].__setitem__("vp", v["seats"][0]["vp"] + 2)),
    "exhibition": lambda v: v.__setitem__("exhibition_holder", 0) if any(
        s == {"card": "exhibition"} for row in v["area"]["spaces"] for s in row) else v.__setitem__(
        "exhibition_holder", 7),
}


def test_checker_accepts_a_real_position(mid_game):
    assert check_invariants(mid_game) == []
    assert check_invariants(mid_game.to_dict()) == []  # a bare view with the default parameters
    assert check_invariants(mid_game.to_dict(), mid_game.game.params) == []


@pytest.mark.parametrize("what", list(BREAKS))
def test_checker_finds_broken_views(mid_game, what):
    problems = check_invariants(broken(mid_game.to_dict(), BREAKS[what]))
    assert any(what in p for p in problems), problems


@pytest.mark.parametrize("field, value, word", [
    ("S_MONEY", -1, f"SEATS[1].S_MONEY = -1 outside 0 .. {L.VALUE_MAX}"),
    ("S_HAND", L.BRU_CAP // L.MAX_PLAYERS + 1, "SEATS[1].S_HAND[0] = 11 outside 0 .. 10"),
    ("BRU_USES", -1, "BRU_USES[0] = -1 outside 0 .. 10"),
    ("DECK", C.MAX_SUBTYPES, "DECK[0] = 6 outside 0 .. 5"),
    ("C_MAJ_STEP", C.MAJ_DONE + 1, "C_MAJ_STEP = 4 outside 0 .. 3"),
])
def test_a_field_outside_its_declared_bounds_is_caught(mid_game, field, value, word):
    """The layout's schema bounds every field of a state, hidden ones included: a corrupted value is reported by
    name."""
    problems = problems_with(mid_game.clone(), field, value)
    assert any(p.startswith(word) for p in problems), problems


def test_checker_uses_the_game_parameters():
    """A 4-round view is fine for a 4-round game and out of range for a 2-round game."""
    game = brux.load_game("bruxelles1897", players=2)
    state = game.new_initial_state(seed=1)
    rnd = random.Random(1)
    while state.to_dict()["round"] < 3:
        state.apply_action(rnd.choice(state.legal_actions()))
    assert check_invariants(state) == []
    assert any(p.startswith("round") for p in check_invariants(state.to_dict(), {"rounds": 2}))
    assert any(p.startswith("architects") for p in check_invariants(state.to_dict(), {"architect_counts": [4, 2, 2]}))


def test_step_checker_finds_vp_decrease_and_too_many_turns(mid_game):
    view = mid_game.to_dict()
    steps = StepChecker()
    assert steps.observe(view) == []
    higher = copy.deepcopy(view)
    higher["seats"][1]["vp_by_source"]["arms"] += 2
    higher["seats"][1]["vp"] += 2
    assert steps.observe(higher) == []
    assert any("seat 1 arms decreased" in x for x in steps.observe(view))
    # The same seat deciding MAIN again and again, with no architect used: the turn bound is exceeded.
    steps = StepChecker()
    cur = view["current_player"]
    bound = 1 + sum(view["seats"][cur]["hand"].values())
    results = [steps.observe(view) for _ in range(bound + 1)]
    assert all(r == [] for r in results[:bound])
    assert any(x.startswith(f"turns: seat {cur}") for x in results[bound])
