"""Rules section 7 invariants after every decision of random games with 2-5 players, round bounds and the cap."""

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import brux
from brux.games.lutece.invariants import DECISIONS, StepChecker, check_invariants, filtered_decks
from brux.games.lutece.kernel import layout as L

PARAMETER_SETS = {
    "default": {},
    "any_two": {"pair_rule": "any_two"},
    "bribe_cap_0": {"bribe_cap": 0},
    "bribe_cap_2": {"bribe_cap": 2, "pair_rule": "any_two"},
    "one_income": {"income_cards": 1},
    "no_income": {"income_cards": 0, "consolation": 0},
    "rich": {"start_coins": 15, "income_value": 6, "consolation": 3, "growth": 3, "land_coins": 6, "tavern_base": 10,
             "legion_bribe": 5, "max_rounds": 200},
    "poor": {"start_coins": 0, "income_value": 0, "consolation": 0, "growth": 0, "fortune_divisor": 1},
    "short": {"max_rounds": 10, "slots": [2, 2, 2, 2]},
    "scoring": {"majority_vp": [20, 20, 0], "legion_vp": 5, "prestige_resource_vp": 3, "prestige_colour_vp": 4,
                "statue_base": 6, "bazaar_vp": 12, "fortune_divisor": 10, "slots": [5, 5, 5, 5]},
}
GAMES = {"default": 12, "any_two": 4, "bribe_cap_0": 3, "bribe_cap_2": 3, "one_income": 3, "no_income": 3, "rich": 3,
         "poor": 3, "short": 3, "scoring": 3}


def stakes_ok(state):
    """Rules 7.1 on the state array itself: purses + stakes + display coins + bank = 66, none negative."""
    s = state.array
    n = state.game.players
    seats = [L.SEATS + p * L.SEAT_SIZE for p in range(n)]
    purses = [int(s[o + L.S_COINS]) for o in seats]
    stakes = [int(s[o + L.S_STAKE]) for o in seats]
    disp = [int(x) for x in s[L.SLOT_COINS: L.SLOT_COINS + 2 * L.MAX_SLOTS]]
    total = sum(purses) + sum(stakes) + sum(disp) + int(s[L.G_BANK])
    return total == 66 and min(purses + stakes + disp) >= 0


def round_bound(game):
    """Rules 7.6: the fewest rounds a game can last unless the cap ends it."""
    n, p = game.players, game.params
    slots = p["slots"][n - 2]
    k = min(n, slots) if p["pair_rule"] == "one_each" else min(2 * n, slots)
    return min((len(ids) - slots) // k + 1 for ids in filtered_decks(p, n).values())


def bids_of(name):
    """Hand cards bid on (letters / numerals) in a PLAY action name."""
    return [h for h in name.split()[1].split("+") if h != "$"]


def slot_key(hand):
    numerals = ("I", "II", "III", "IV", "V")
    return ("locations", numerals.index(hand)) if hand in numerals else ("characters", "ABCDE".index(hand))


def play_checked(game, seed, choice_seed):
    """One random game, every invariant checked after every decision; returns the decisions met and the rounds."""
    state = game.new_initial_state(seed=seed)
    steps = StepChecker(game.params)
    rnd = random.Random(choice_seed)
    decisions = Counter()
    start = state.to_dict()
    bids = {}  # seat -> hand cards bid on this round
    while True:
        view = state.to_dict()
        problems = check_invariants(state) + steps.observe(state)
        assert problems == [], f"seed {seed}, {sum(decisions.values())} decisions: {problems}"
        assert stakes_ok(state), f"seed {seed}: coins with stakes are not conserved"
        if view["over"] or view["round"] != start["round"]:
            # Rules 7.3 and 7.4 over the round that just ended.
            for p in range(game.players):
                gained = set(view["seats"][p]["tableau"]) - set(start["seats"][p]["tableau"])
                assert len(gained) <= len(bids.get(p, [])), f"seed {seed}: seat {p} gained {gained}"
            for hands in bids.values():
                for h in hands:
                    row, i = slot_key(h)
                    old = start["display"][row][i]["card"]
                    new = view["display"][row][i]
                    assert new is None or new["card"] != old, f"seed {seed}: {old} stayed on a slot bid on"
            start, bids = view, {}
        if state.is_terminal():
            break
        decisions[view["pending"]] += 1
        before = view["current_player"]
        a = rnd.choice(state.legal_actions())
        name = state.action_to_string(a)
        state.apply_action(a)
        if name.startswith("PLAY "):
            assert view["pending"] == "PLAY_CARDS"
            bids[before] = bids_of(name)
    rounds = view["round"]
    assert view["over"] and state.current_player() == -1 and state.legal_actions() == []
    assert view["current_player"] is None and view["pending"] is None
    assert 1 <= rounds <= game.params["max_rounds"]
    if rounds < game.params["max_rounds"]:
        assert rounds >= round_bound(game), f"seed {seed}: {rounds} rounds < {round_bound(game)}"
    result = state.result()
    assert len(result) == game.players
    assert abs(sum(r["win_share"] for r in result) - 1) < 1e-12
    return decisions, rounds


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("name", list(PARAMETER_SETS))
def test_invariants_in_random_games(name, players):
    game = brux.load_game("lutece", players=players, **PARAMETER_SETS[name])
    seen = Counter()
    for i in range(GAMES[name]):
        decisions, _ = play_checked(game, seed=1000 * players + i, choice_seed=i)
        seen += decisions
    assert seen["PLAY_CARDS"] > 0
    if name == "default":
        assert set(seen) == set(DECISIONS), f"decisions never met: {set(DECISIONS) - set(seen)}"


def random_overrides(r):
    """A random valid parameter set."""
    over = {
        "slots": [r.randint(2, 5) for _ in range(4)],
        "start_coins": r.randint(0, 15),
        "income_value": r.randint(0, 6),
        "income_cards": r.randint(0, 2),
        "consolation": r.randint(0, 3),
        "growth": r.randint(0, 3),
        "land_coins": r.randint(0, 6),
        "tavern_base": r.randint(0, 10),
        "legion_bribe": r.randint(0, 5),
        "legion_vp": r.randint(0, 5),
        "prestige_resource_vp": r.randint(0, 3),
        "prestige_colour_vp": r.randint(0, 4),
        "statue_base": r.randint(0, 6),
        "bazaar_vp": r.randint(0, 12),
        "fortune_divisor": r.randint(1, 10),
        "pair_rule": r.choice(["one_each", "any_two"]),
        "bribe_cap": r.choice(["none", 0, 1, 3, 10]),
        "max_rounds": r.randint(10, 60),
    }
    first = r.randint(0, 20)
    middle = r.randint(0, first)
    over["majority_vp"] = [first, middle, r.randint(0, middle)]
    return over


@pytest.mark.parametrize("block", range(3))
def test_invariants_with_random_parameters(block):
    r = random.Random(77 + block)
    for i in range(12):
        game = brux.load_game("lutece", players=r.randint(2, 5), **random_overrides(r))
        play_checked(game, seed=100 * block + i, choice_seed=i)


@pytest.mark.parametrize("pair_rule", ["one_each", "any_two"])
def test_round_bounds(pair_rule):
    """Rules 7.6 for 2-5 players over more random games (no per-decision checks)."""
    for players in (2, 3, 4, 5):
        game = brux.load_game("lutece", players=players, pair_rule=pair_rule)
        for seed in range(25):
            state = game.new_initial_state(seed=seed)
            rnd = random.Random(seed)
            while not state.is_terminal():
                state.apply_action(rnd.choice(state.legal_actions()))
            rounds = state.to_dict()["round"]
            assert round_bound(game) <= rounds <= 50


@pytest.mark.parametrize("players", [2, 5])
def test_max_rounds_cap(players):
    """Seats that always take income never end the game: the cap does, after exactly max_rounds rounds."""
    game = brux.load_game("lutece", players=players, max_rounds=10)
    state = game.new_initial_state(seed=3)
    rounds = []
    while not state.is_terminal():
        v = state.to_dict()
        if not rounds or rounds[-1] != v["round"]:
            rounds.append(v["round"])
        state.apply_action("PLAY $+$")
    v = state.to_dict()
    assert rounds == list(range(1, 11))
    assert v["over"] and v["round"] == 10
    assert check_invariants(state) == []
    # Every purse got 2 x 3 coins a round; the display cards grew for 10 rounds, then went to the bank.
    assert [sd["coins"] for sd in v["seats"]] == [5 + 10 * 6] * players
    assert v["bank"] == 66 - players * (5 + 60)
    slots = game.params["slots"][players - 2]
    assert v["removed"] == {"character": slots, "location": slots}


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), players=st.integers(2, 5), seed=st.integers(0, 2**40),
       rule=st.sampled_from(["one_each", "any_two"]), cap=st.sampled_from(["none", 0, 2]))
def test_invariants_property(data, players, seed, rule, cap):
    """Hypothesis picks the decisions (shrinking to a shortest failing game); invariants hold after each."""
    game = brux.load_game("lutece", players=players, pair_rule=rule, bribe_cap=cap, max_rounds=12)
    state = game.new_initial_state(seed=seed)
    steps = StepChecker(game.params)
    while not state.is_terminal():
        assert check_invariants(state) + steps.observe(state) == []
        assert stakes_ok(state)
        legal = state.legal_actions()
        state.apply_action(data.draw(st.sampled_from(legal)))
    assert check_invariants(state) + steps.observe(state) == []
    assert state.to_dict()["round"] <= 12


def test_views_are_checked_with_overrides_of_any_fields():
    """A view plus the overrides it was played under (even `cards`, `slots` and `max_rounds`) is checked like the
    state itself; a StepChecker accepts the same overrides."""
    game = brux.load_game("lutece", players=3)
    card = next(iter(game.params["cards"]))
    same_vp = {card: {"vp_base": game.params["cards"][card]["vp_base"]}}
    overrides = {"slots": [3, 3, 3, 3], "max_rounds": 30, "cards": same_vp}
    game = brux.load_game("lutece", players=3, **overrides)
    state = game.new_initial_state(seed=4)
    steps = StepChecker(overrides)
    rnd = random.Random(4)
    while not state.is_terminal():
        view = state.to_dict()
        assert check_invariants(view, overrides) == check_invariants(state) == []
        assert steps.observe(view) == []
        state.apply_action(rnd.choice(state.legal_actions()))
    broken = state.to_dict()
    broken["bank"] += 1
    assert any("coins" in p for p in check_invariants(broken, overrides))


def test_an_unused_play_naming_a_card_is_caught():
    """Bids are resolved over every play slot of a seat, so a slot past its plays must be -1."""
    game = brux.load_game("lutece", players=3)
    state = game.new_initial_state(seed=2)
    o = L.SEATS + L.SEAT_SIZE
    assert state.array[o + L.S_NPICK] == 0 and check_invariants(state) == []
    state.array[o + L.S_PICK + 1] = 3
    assert check_invariants(state) == ["SEATS[1].S_PICK[1] = 3 after its 0 plays (an unused play is -1)"]


@pytest.mark.parametrize("field, value, word", [
    ("S_COINS", -1, "SEATS[1].S_COINS = -1 outside 0 .. "),
    ("S_PICK", 2 * L.MAX_SLOTS, "SEATS[1].S_PICK[0] = 10 outside -1 .. 9"),
    ("S_SRC", -3, "SEATS[1].S_SRC[0] = -3 outside 0 .. "),
    ("G_OVER", 2, "G_OVER = 2 outside 0 .. 1"),
    ("LOC", L.MAX_PLAYERS, "LOC[0] = 5 outside -4 .. 4"),
    ("SLOT_COINS", -2, "SLOT_COINS[0] = -2 outside 0 .. "),
])
def test_a_field_outside_its_declared_bounds_is_caught(field, value, word):
    """The layout's schema bounds every field: a corrupted value is reported by name, with the bank adjusted so that
    coins are still conserved (a range problem, not a conservation one)."""
    game = brux.load_game("lutece", players=3)
    state = game.new_initial_state(seed=2)
    assert check_invariants(state) == []
    s = state.array
    at = L.SEATS + L.SEAT_SIZE + L.SCHEMA[field] if field.startswith("S_") else L.SCHEMA[field]
    if field in ("S_COINS", "SLOT_COINS"):
        s[L.G_BANK] += s[at] - value
    s[at] = value
    problems = check_invariants(state)
    assert any(p.startswith(word) for p in problems), problems
