"""The Python API of Bruxelles 1897 beyond the contract every game meets (tests/contract): its parameters and
action names, records under overrides, scenario views and the openings of a batch."""

import copy
import json
import random

import pytest

import brux
from brux.agents import make_agents
from brux.games.bruxelles1897.invariants import check_invariants

from .scenario import base_view


def load(players=3, **overrides):
    return brux.load_game("bruxelles1897", players=players, **overrides)


def random_play(state, rnd, max_decisions=None):
    n = 0
    while not state.is_terminal() and (max_decisions is None or n < max_decisions):
        state.apply_action(rnd.choice(state.legal_actions()))
        n += 1
    return state


# ---------------------------------------------------------------------------------------------------------------
# Parameters, games and player counts
# ---------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("overrides,field", [
    ({"foo": 1}, "foo"),
    ({"components": {"gold": 1}}, "components.gold"),
    ({"bonus_lower": {"castle": "money"}}, "bonus_lower.castle"),
    ({"rounds": "4"}, "rounds"),
    ({"rounds": 4.0}, "rounds"),
    ({"may_decline": 1}, "may_decline"),
    ({"start_money": [4, 5, 6]}, "start_money"),
    ({"start_money": [4, 5, 6, "7"]}, r"start_money\[3\]"),
    ({"components": 3}, "components"),
    ({"rounds": 0}, "rounds"),
    ({"track_max": 0}, "track_max"),
    ({"sale_money": -1}, "sale_money"),
    ({"money_bonus_per": 0}, "money_bonus_per"),
    ({"cards_per_type": [3, 3, 0]}, r"cards_per_type\[2\]"),
    ({"components": {"houses_per_type": 11}}, "components.houses_per_type"),
    ({"exhibition_mode": "everyone"}, "exhibition_mode"),
    ({"bonus_lower": {"nobility": "money"}}, "bonus_lower"),  # money twice, nobles never
    ({"bonus_lower": {"nobility": "gold"}}, "bonus_lower.nobility"),
    ({"prison_start": [[0, 0, 2], [0, 1, 1], [0, 1, 1]]}, r"prison_start\[0\]\[2\]"),
    ({"architect_counts": [4, 0, 1]}, r"prison_start\[1\]\[1\]"),  # the 3-4 player prison holds a 2/4
    ({"architect_counts": [0, 0, 0], "prison_start": [[0, 0, 0]] * 3}, "architect_counts"),
    ({"architect_faces": [[3, 3], [2, 4], [2, 5]]}, r"architect_faces\[0\]"),
    ({"architect_faces": [[1, 3], [4, 2], [2, 5]]}, r"architect_faces\[1\]"),
    ({"architect_faces": [[1, 3], [2, 4]]}, "architect_faces"),
])
def test_invalid_parameters_name_the_field(overrides, field):
    with pytest.raises(ValueError, match=field):
        load(3, **overrides)


def test_valid_overrides_are_kept():
    game = load(4, rounds=2, bonus_lower={"nobility": "money", "prison": "nobles"})
    assert game.params["rounds"] == 2
    assert game.params["bonus_lower"] == {"nobility": "money", "architecture": "house_types",
                                          "prestige": "artwork_colours", "prison": "nobles"}
    assert game.params_id != load(4).params_id
    assert load(4).params_id == load(4).params_id


# ---------------------------------------------------------------------------------------------------------------
# Records, action names
# ---------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players,overrides", [(3, {"may_decline": True}), (4, {"rounds": 3})])
def test_record_replay_under_overrides(players, overrides):
    game = load(players, **overrides)
    state = random_play(game.new_initial_state(seed=21), random.Random(5))
    record = json.loads(json.dumps(state.record()))
    assert record["overrides"] == overrides
    again = brux.replay(record)
    assert again.game.params == game.params
    assert again.to_dict() == state.to_dict() and again.result() == state.result()


def test_record_replay_of_an_edited_scenario():
    game, view = base_view(3, seed=9)
    view["seats"][1]["money"] = 12
    view["round"] = 3
    state = game.state_from_dict(view, seed=77)
    random_play(state, random.Random(4))
    record = json.loads(json.dumps(state.record()))
    assert record["scenario"] == view and record["seed"] == 77
    again = brux.replay(record)
    assert again.to_dict() == state.to_dict()
    assert again.result() == state.result()


def test_action_names():
    """docs section 3: 160 actions; names follow the architect faces of the parameters."""
    assert load(3).num_actions == 160
    assert load(3).action_to_string(99) == "PASS"
    assert load(3).action_to_string(2 * 6 + 2 * 2 + 1) == "AN r0c2 2/5@5"
    game = load(2, architect_faces=[[0, 1], [1, 2], [2, 9]])
    all_names = [game.action_to_string(a) for a in range(game.num_actions)]
    assert len(set(all_names)) == game.num_actions
    assert [game.string_to_action(name) for name in all_names] == list(range(game.num_actions))
    assert game.action_to_string(2 * 6 + 2 * 2 + 1) == "AN r0c2 2/5@9"


# ---------------------------------------------------------------------------------------------------------------
# state_from_dict
# ---------------------------------------------------------------------------------------------------------------

def test_state_from_dict_hidden_order_comes_from_the_seed():
    game, view = base_view(3, seed=2)
    a, b = game.state_from_dict(view, seed=5), game.state_from_dict(view, seed=5)
    assert a.to_dict() == b.to_dict() == view
    play = ["BR park", "COMMIT 1/3", "PARK create"]
    for s in (a, b):
        for name in play:
            s.apply_action(name)
    assert a.to_dict() == b.to_dict()  # the same seed draws the same cards
    draws = set()
    for seed in range(12):
        s = game.state_from_dict(view, seed=seed)
        for name in play:
            s.apply_action(name)
        draws.add(json.dumps(s.to_dict()["pending_cards"]))
    assert len(draws) > 1


def mid_view(players=3):
    """A MAIN view of round 2 with architects in the area and in Brussels."""
    game = load(players)
    for seed in range(200):
        state = game.new_initial_state(seed=seed)
        rnd = random.Random(seed)
        while not state.is_terminal():
            v = state.to_dict()
            placed = any(s and "architect" in s for row in v["area"]["spaces"] for s in row)
            if v["round"] == 2 and v["pending"] == "MAIN" and placed and v["brussels"]["stock_exchange"]:
                return game, v
            state.apply_action(rnd.choice(state.legal_actions()))
    raise AssertionError("no suitable view")


def _give_artwork(v):
    v["seats"][0]["artworks"]["red"] += 4


def _extra_entry(v):
    lst = v["brussels"]["stock_exchange"]
    owner = lst[0]["owner"]
    v["seats"][owner]["hand"][lst[0]["type"]] -= 1
    lst.append(dict(lst[0]))
    if v["seats"][owner]["hand"][lst[0]["type"]] < 0:  # keep the architect count right: take one from prison
        v["seats"][owner]["hand"][lst[0]["type"]] += 1
        v["seats"][owner]["prison"][lst[0]["type"]] -= 1


INCONSISTENT = {
    "architect count": (lambda v: v["seats"][1]["hand"].__setitem__("1/3", v["seats"][1]["hand"]["1/3"] + 1),
                        "architects of type 1/3"),
    "too many artworks": (_give_artwork, "more artwork cards"),
    "deck count": (lambda v: v["decks"].__setitem__("house", v["decks"]["house"] + 1), "decks.house"),
    "money deck": (lambda v: v["decks"].__setitem__("money", v["decks"]["money"] + 1), "decks.money"),
    "Brussels length": (_extra_entry, "stock_exchange"),
    "vp_by_source": (lambda v: v["seats"][2].__setitem__("vp", v["seats"][2]["vp"] + 1), "vp_by_source"),
    "negative money": (lambda v: v["seats"][0].__setitem__("money", -2), "money"),
    "track out of range": (lambda v: v["seats"][0]["tracks"].__setitem__("prestige", 6), "prestige"),
    "round out of range": (lambda v: v.__setitem__("round", 5), "round"),
    "no Brugmann": (lambda v: v["seats"][0]["nobles"].__setitem__("brugmann", None), "brugmann"),
    "not MAIN": (lambda v: v.__setitem__("pending", "BUILD"), "pending"),
    "wrong player count": (lambda v: v.__setitem__("players", 4), "players"),
    "bad architect value": (lambda v: v["area"]["spaces"][0].__setitem__(
        0, {"architect": {"owner": 0, "type": "1/3", "value": 2}}), "value"),
}


@pytest.mark.parametrize("what", list(INCONSISTENT))
def test_state_from_dict_rejects_inconsistent_views(what):
    game, view = mid_view()
    assert game.state_from_dict(copy.deepcopy(view)).to_dict() == view
    edit, message = INCONSISTENT[what]
    bad = copy.deepcopy(view)
    edit(bad)
    assert check_invariants(bad) != [] or what in ("not MAIN",)
    with pytest.raises(ValueError, match=message):
        game.state_from_dict(bad)


# ---------------------------------------------------------------------------------------------------------------
# Set-up
# ---------------------------------------------------------------------------------------------------------------

def test_different_seeds_give_different_areas():
    game = load(3)
    areas = set()
    for seed in range(50):
        v = game.new_initial_state(seed=seed).to_dict()
        areas.add(json.dumps(v["area"]))
    assert len(areas) >= 48


# ---------------------------------------------------------------------------------------------------------------
# Openings of a batch
# ---------------------------------------------------------------------------------------------------------------

def openings_of(game, seed):
    """Each seat's two opening labels (docs "Openings") in the uniformly random game of the batch with this seed."""
    state = game.new_initial_state(seed=seed)
    agents = make_agents(game, "random", seed)
    openings = [[] for _ in range(game.players)]
    passed = [False] * game.players
    while not state.is_terminal():
        v = state.to_dict()
        p = state.current_player()
        a = agents[p].choose(state)
        if v["round"] == 1 and v["pending"] == "MAIN":
            name = state.action_to_string(a)
            if name.startswith("AN"):
                space, face = name.split()[1:]
                kind = v["area"]["spaces"][int(space[1])][int(space[3])]["card"]
                openings[p].append(f"AN:{kind}:{face}")
            elif name.startswith("BR"):
                openings[p].append(f"BR:{name.split()[1]}")
            else:
                openings[p].append("PASS")
                passed[p] = True
        state.apply_action(a)
    for p in range(game.players):
        if not passed[p]:  # the seat's round-1 pass was its only option, taken automatically
            openings[p].append("PASS")
    return [(o + ["-", "-"])[:2] for o in openings]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_batch_openings(players):
    game = load(players)
    out = game.play_random(12, master_seed=12345)
    labels = game.opening_labels()
    for g in range(0, 12, 3):
        got = [[labels[c] if c >= 0 else "-" for c in seat] for seat in out["opening"][g].tolist()]
        assert got == openings_of(game, int(out["seed"][g]))
