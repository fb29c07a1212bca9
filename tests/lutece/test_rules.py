"""Resolution details beyond the worked examples (rules 4.3-4.5), and the invariant checker itself."""

import copy

import pytest

from brux.games.lutece.invariants import StepChecker, check_invariants

from .scenario import load, make_view, play, scenario

CHARS = [("C09", 2), ("C11", 0), ("C25", 0)]
LOCS = [("L08", 0), ("L04", 0), ("L01", 0)]


def coins(state):
    return [sd["coins"] for sd in state.to_dict()["seats"]]


def test_three_way_slot_with_a_tie_at_the_top():
    """Highest shared: no winner, the card and its coins leave; every bidder gets its bribe back + consolation."""
    game = load(3)
    state = scenario(game, make_view(game, CHARS, LOCS, [(5, []), (5, []), (5, [])]))
    bank = state.to_dict()["bank"]
    play(state, "PLAY A+$", "BRIBE 3")
    play(state, "PLAY A+$", "BRIBE 3")
    play(state, "PLAY A+$", "BRIBE 1")
    v = state.to_dict()
    assert coins(state) == [5 + 3 + 1] * 3
    assert v["removed"]["character"] == 1 and all(sd["tableau"] == [] for sd in v["seats"])
    # bank: -9 income, +2 (C09's coins), -3 consolation, -5 growth (5 cards left on the display)
    assert v["bank"] == bank - 9 + 2 - 3 - 5


def test_legions_break_and_make_ties():
    game = load(3)
    seats = [(5, ["C35"]), (5, []), (5, [])]
    state = scenario(game, make_view(game, CHARS, LOCS, seats))
    play(state, "PLAY A+$", "BRIBE 1", "LEGIONS 1")  # effective 3
    play(state, "PLAY A+$", "BRIBE 3")  # effective 3: tie
    play(state, "PLAY $+$")
    v = state.to_dict()
    assert v["removed"]["character"] == 2  # the legion and C09
    assert coins(state) == [5 + 3 + 1, 5 + 3 + 1, 5 + 6]
    state = scenario(game, make_view(game, CHARS, LOCS, seats), seed=3)
    play(state, "PLAY A+$", "BRIBE 2", "LEGIONS 1")  # effective 4 > 3
    play(state, "PLAY A+$", "BRIBE 3")
    play(state, "PLAY $+$")
    v = state.to_dict()
    assert v["seats"][0]["tableau"] == ["C09"] and v["seats"][0]["legions"] == 0
    assert coins(state) == [5 - 2 + 3 + 2, 5 + 3 + 1, 5 + 6]  # C09 costs 0 and carries 2 coins


def test_unpaid_winner_gets_no_consolation_but_the_others_do():
    game = load(3)
    state = scenario(game, make_view(game, CHARS, LOCS, [(3, []), (2, []), (0, [])]))
    play(state, "PLAY I+$", "BRIBE 3")  # L08 costs 3: after the bribe and 3 income, 3 coins... paid
    play(state, "PLAY I+$", "BRIBE 1")
    play(state, "PLAY I+$")
    v = state.to_dict()
    assert v["seats"][0]["tableau"] == ["L08"] and coins(state) == [0, 2 + 3 + 1 - 1 + 1, 3 + 1]
    state = scenario(game, make_view(game, CHARS, LOCS, [(3, []), (2, []), (0, [])]), seed=2)
    play(state, "PLAY A+I", "BRIBE 0", "BRIBE 3")  # no income: C09's 2 coins are all seat 0 has for L08 (cost 3)
    play(state, "PLAY I+$", "BRIBE 1")
    play(state, "PLAY $+$")
    v = state.to_dict()
    assert v["seats"][0]["tableau"] == ["C09"] and v["removed"]["location"] == 1
    assert coins(state) == [2, 2 + 3 + 1, 6]  # seat 0: no consolation, its bribe lost; seat 1: 1 back + 1


def test_gains_of_earlier_slots_pay_for_later_ones():
    game = load(2)
    state = scenario(game, make_view(game, [("C09", 3), ("C11", 0), ("C25", 0)], LOCS, [(0, []), (0, [])]))
    play(state, "PLAY A+I")  # 0 coins: both bribes are 0 and automatic
    play(state, "PLAY $+$")
    assert state.to_dict()["seats"][0]["tableau"] == ["C09", "L08"]  # C09's 3 coins pay L08
    assert coins(state)[0] == 0


# ---------------------------------------------------------------------------------------------------------------
# The checker finds broken positions
# ---------------------------------------------------------------------------------------------------------------

def test_check_invariants_reports_problems():
    game = load(3)
    state = scenario(game, make_view(game, CHARS, LOCS, [(5, ["C35", "L12"]), (4, []), (3, ["C03"])]))
    good = state.to_dict()
    assert check_invariants(good, game.params) == []
    breaks = {
        "coins": lambda v: v["seats"][0].update(coins=6),
        "two places": lambda v: v["seats"][1]["tableau"].append("C03"),
        "legions": lambda v: v["seats"][0].update(legions=0),
        "vp_by_source": lambda v: v["seats"][2]["vp_by_source"].update(maj_beer=4),
        "character": lambda v: v["decks"].update(character=1),
        "fixed their play": lambda v: v["seats"][2].update(committed=True),
        "empty during play": lambda v: v["display"]["characters"].__setitem__(1, None),
    }
    for word, fn in breaks.items():
        v = copy.deepcopy(good)
        fn(v)
        problems = check_invariants(v, game.params)
        assert problems and any(word in p for p in problems), (word, problems)


def test_step_checker_reports_problems():
    game = load(3)
    state = scenario(game, make_view(game, CHARS, LOCS, [(5, []), (4, []), (3, [])]))
    first = state.to_dict()
    steps = StepChecker(game.params)
    assert steps.observe(first) == []
    play(state, "PLAY $+$")
    play(state, "PLAY $+$")
    play(state, "PLAY $+$")
    grown = state.to_dict()
    bad = copy.deepcopy(grown)
    bad["display"]["characters"][0]["coins"] += 1
    assert any("expected" in p for p in steps.observe(bad))
    steps = StepChecker(game.params)
    steps.observe(first)
    assert steps.observe(grown) == []
    gone = copy.deepcopy(grown)
    gone["display"]["characters"][0] = None
    steps.observe(gone)
    assert any("returned" in p for p in steps.observe(grown))


@pytest.mark.parametrize("players", [2, 5])
def test_value_growth_on_unchosen_cards(players):
    game = load(players, growth=2)
    state = game.new_initial_state(seed=1)
    for _ in range(3):
        for _ in range(players):
            play(state, "PLAY $+$")
    v = state.to_dict()
    assert v["round"] == 4
    assert {x["coins"] for row in v["display"].values() for x in row} == {6}
