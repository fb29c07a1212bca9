"""Public API of Bruxelles 1893 (docs/bruxelles1893.md sections 4-7): names, parameters, views, state_from_dict,
records, results."""

import copy
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import brux
from brux.games.bruxelles1893 import params as P
from brux.games.bruxelles1893.kernel import hooks as H
from brux.games.bruxelles1893.kernel import layout as L
from brux.games.bruxelles1893.testing import redraw_hidden
from brux.testing import rule_params

from .scenario import fix, load, place, play, scenario, start_view, to_main


def test_registry_and_names():
    assert "bruxelles1893" in brux.list_games()
    game = load(3)
    names = [game.action_to_string(a) for a in range(game.num_actions)]
    assert len(set(names)) == len(names) == H.N_ACTIONS
    for name in ("SHIELD 22", "NEUTRAL r3c4", "AN r3c4", "BR market", "BR grand_plaza", "PASS", "BID 1", "BID 30",
                 "PERFORM", "SKIP", "KEEP yellow", "CURSOR r2c3", "SELL black", "PILE 2", "SLOT 3", "KEEP_FIGURE",
                 "DISCARD_FIGURE", "TAKE WS", "TAKE I", "TILE top", "PAY j0 m0", "PAY w1 s2 i0", "NEEDLE B",
                 "PLACE r1c5", "PARK C", "ACTIVATE PF7", "STOP", "GAIN iron", "POWER CT", "USE", "TUCK 4",
                 "PAY PF0"):
        assert name in names, name


def test_action_numbers_of_the_docs():
    game = load(3)
    fixed = {"SHIELD 11": 0, "NEUTRAL r1c1": 16, "AN r1c1": 41, "BR market": 66, "PASS": 70, "BID 1": 71,
             "PERFORM": 121, "KEEP yellow": 123, "CURSOR r2c2": 127, "SELL yellow": 152, "PILE 1": 157,
             "SLOT 0": 159, "KEEP_FIGURE": 163, "TAKE WW": 165, "TILE bottom": 174, "PAY j0 m0": 177,
             "PAY w0 s0 i0": 226, "NEEDLE A": 569, "PLACE r1c1": 571, "PARK W": 596, "ACTIVATE PF0": 601,
             "STOP": 609, "GAIN wood": 610, "POWER RP": 613, "USE": 617, "TUCK 1": 618, "PAY PF0": 622,
             "PAY PF7": 629}
    assert {name: game.string_to_action(name) for name in fixed} == fixed


def test_parameter_table_declares_the_rules_and_the_tables():
    names = [p.name for p in P.PARAMS]
    assert len(names) == 30 and set(P.DEFAULTS) == set(names) | set(P.TABLES)
    assert P.DEFAULTS["num_rounds"] == 5 and P.DEFAULTS["rpv"] == [1, 2, 2, 3, 3, 4, 5]
    assert set(P.DEFAULTS["figures"]) == set(P.FIGURE_IDS) and set(P.DEFAULTS["bonus"]) == set(P.BONUS_IDS)
    flat = P.flatten(P.resolve({"noble_vp": 2, "top_row_mode": "board", "secondary_enabled": False}), 3)
    assert flat[L.P_NOBLE_VP] == 2 and flat[L.P_TOP_ROW_BOARD] == 1 and flat[L.P_SECONDARY] == 0


@pytest.mark.parametrize("overrides, field", [
    ({"num_rounds": 6}, "num_rounds"), ({"bid_cap": 5}, "bid_cap"), ({"build_costs": [2, 3]}, "build_costs"),
    ({"build_costs": [1, 3, 4]}, "build_costs[0]"), ({"strip_side": "C"}, "strip_side"),
    ({"rpv": [3, 2, 2, 3, 3, 4, 5]}, "rpv"), ({"secondary_enabled": 1}, "secondary_enabled"),
    ({"nonsense": 1}, "nonsense"), ({"figures": {"PF1": {"in_deck": 4}}}, "figures.PF1.in_deck"),
    ({"bonus": {"B01": {"power": "XX"}}}, "bonus.B01.power"),
    ({"stock_exchange": {"SE01": {"shields": [["22", "55"]] * 4}}}, "stock_exchange.SE01.shields"),
    ({"strips": {"S1": {"A": "WSTMX"}}}, "strips.S1.A"),
])
def test_invalid_parameters_name_the_field(overrides, field):
    with pytest.raises(ValueError, match=field.replace("[", r"\[").replace("]", r"\]")):
        load(3, **overrides)


def test_overrides_change_the_kernel_block():
    a = load(4).flat
    b = load(4, brussels_k=1, chv=[2, 3, 4, 5, 6, 7, 9]).flat
    assert not np.array_equal(a, b)
    assert load(3, brussels_k=3).params["brussels_k"] == 3


def random_state(players, seed, steps):
    state = load(players).new_initial_state(seed=seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rnd.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_views_round_trip(players):
    game = load(players)
    checked = 0
    for seed in range(3):
        state = game.new_initial_state(seed=seed)
        rnd = random.Random(seed)
        while not state.is_terminal():
            v = state.to_dict()
            if v["pending"] in ("SHIELD", "MAIN"):
                assert game.state_from_dict(v, seed=seed + 7).to_dict() == v
                checked += 1
            state.apply_action(rnd.choice(state.legal_actions()))
    assert checked > 20


def test_view_schema_and_value_sets():
    v = random_state(3, 5, 60).to_dict()
    assert list(v) == ["game", "players", "round", "phase", "over", "first_player", "current_player", "pending",
                       "context", "stock_exchange", "area", "board", "bonus", "theatre", "works", "cursor", "compass",
                       "supply", "brussels", "exhibition", "in_play", "seats"]
    sd = v["seats"][0]
    assert list(sd["works"]) == ["yellow", "blue", "red", "green", "black"]
    assert list(sd["materials"]) == ["wood", "stone", "iron", "joker"]
    assert list(sd["figures"]) == [f"PF{k}" for k in range(8)]
    assert list(sd["vp_by_source"]) == list(load(3).vp_sources)


def mutate(view, path, value):
    v = copy.deepcopy(view)
    node = v
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return v


def main_view(game):
    v = to_main(start_view(game), "SE01", "31")
    place(v, "r1c3", 1, 2)
    return fix(game, v)


@pytest.mark.parametrize("path, value, words", [
    (("game",), "bruxelles1897", "game"), (("players",), 4, "players"), (("over",), True, "over"),
    (("pending",), "BID", "pending"), (("context",), {"space": "r1c1"}, "context"),
    (("in_play", "works"), ["red"], "in_play"), (("seats", 0, "tracks", "city_hall"), 8, "city_hall"),
    (("cursor",), [7, 4], "cursor"), (("compass", "needles"), {"A": 2, "B": 2}, "needles"),
    (("compass", "tiles"), ["wood"] * 6, "compass.tiles"), (("board", "strips", 0), "S2", "strips"),
    (("board", "spaces", 0, 0, "type"), "Q", "type"), (("area", "shield"), "44", "area.shield"),
    (("works", "coloured_stack"), 5, "coloured_stack"), (("seats", 0, "vp"), 3, "vp"),
    (("seats", 0, "vp_by_source", "nobles"), 2, "nobles"), (("theatre", "deck"), 3, "theatre"),
    (("bonus", "deck"), 3, "bonus"), (("seats", 0, "supply"), 4, "assistants"),
    (("exhibition", "taken_by"), 0, "exhibition"), (("seats", 2, "passed"), 1, "passed"),
    (("seats", 0, "bonus_won"), ["B01"], "bonus_won"), (("supply", "joker"), 14, "joker"),
])
def test_state_from_dict_rejects_inconsistent_views(path, value, words):
    game = load(3)
    v = main_view(game)
    game.state_from_dict(v)  # the unmodified view is accepted
    with pytest.raises(ValueError, match=words):
        game.state_from_dict(mutate(v, path, value))


def test_state_from_dict_rejects_more():
    game = load(3)
    v = main_view(game)
    bad = copy.deepcopy(v)
    bad["board"]["spaces"][0][2]["assistant"]["bid"] = 0
    with pytest.raises(ValueError, match="bid"):
        game.state_from_dict(bad)
    bad = copy.deepcopy(v)
    place(bad, "r5c5", 0)
    with pytest.raises(ValueError, match="outside the area"):
        game.state_from_dict(fix(game, bad))
    bad = copy.deepcopy(v)
    bad["board"]["spaces"][1][2]["assistant"] = {"owner": "neutral", "placed_by": 0, "bid": 0}
    with pytest.raises(ValueError, match="neutral"):
        game.state_from_dict(bad)
    bad = copy.deepcopy(v)
    bad["seats"][0]["rows"][0]["cards"] = [v["bonus"]["strip"][0]]
    with pytest.raises(ValueError, match="two places"):
        game.state_from_dict(fix(game, bad))
    bad = copy.deepcopy(v)
    del bad["seats"][1]["money"]
    with pytest.raises(ValueError, match="money"):
        game.state_from_dict(bad)
    shield = fix(game, start_view(game))  # SHIELD with an assistant on the board breaks the phase conditions
    place(shield, "r1c1", 0)
    with pytest.raises(ValueError):
        game.state_from_dict(shield)
    shield = fix(game, start_view(game))
    shield["brussels"]["market"] = {"uses": 1, "assistants": [0]}
    shield["seats"][0]["supply"] -= 1
    with pytest.raises(ValueError, match="Brussels"):
        game.state_from_dict(shield)


def test_a_single_option_main_is_taken_at_once():
    game = load(3)
    v = to_main(start_view(game), "SE01", "31", current=1)
    v["seats"][1]["money"] = 0
    v["seats"][1]["supply"] = 0
    v["seats"][1]["courthouse"] = 7
    state = scenario(game, v)
    d = state.to_dict()
    assert d["seats"][1]["passed"] and d["current_player"] == 2 and d["exhibition"]["taken_by"] == 1
    assert state.record()["actions"] == []


def test_record_and_replay(tmp_path):
    state = random_state(4, 3, 10_000)
    again = brux.replay(state.record())
    assert again.to_dict() == state.to_dict() and again.result() == state.result()
    game = load(3)
    sc = game.state_from_dict(main_view(game), seed=4)
    play(sc, "PASS", "BR market")
    again = brux.replay(sc.record())
    assert again.to_dict() == sc.to_dict()


def test_illegal_actions_leave_the_state_unchanged():
    state = random_state(3, 2, 30)
    before = state.to_dict()
    illegal = next(a for a in range(state.game.num_actions) if a not in state.legal_actions())
    with pytest.raises(brux.IllegalActionError):
        state.apply_action(illegal)
    with pytest.raises(brux.IllegalActionError):
        state.apply_action("NOT AN ACTION")
    assert state.to_dict() == before


def test_result_ranking_and_tie_break():
    for seed in range(6):
        state = random_state(4, seed, 10_000)
        res = state.result()
        keys = [(sd["vp"], -sd["courthouse"], sum(sd["tracks"].values()), sd["money"])
                for sd in state.to_dict()["seats"]]
        for r in res:
            assert r["rank"] == 1 + sum(k > keys[r["seat"]] for k in keys)
        firsts = [r for r in res if r["rank"] == 1]
        assert all(r["win_share"] == pytest.approx(1 / len(firsts)) for r in firsts)


def test_over_view():
    state = random_state(2, 1, 10_000)
    v = state.to_dict()
    assert (v["phase"], v["over"], v["current_player"], v["pending"], v["context"]) == ("over", True, None, None, {})
    assert all(sd["passed"] for sd in v["seats"]) and v["round"] == 5


def test_batch_matches_step_by_step_play_and_hooks():
    game = load(3)
    out = game.play_random(4, master_seed=9)
    from brux.core.rng import game_seed, seed_stream

    for g in range(4):
        seed = game_seed(9, g)
        rng = H.STATE_SIZE  # the kit keeps each seat's agent stream after the state
        s = np.zeros(rng + 2 * H.MAX_PLAYERS, np.int64)
        H.init(s, game.flat, seed)
        for p in range(3):
            seed_stream(s, rng + 2 * p, rng + 2 * p + 1, seed, 1 + p)
        while H.player(s) >= 0:  # the generic loop of the hooks
            p = H.player(s)
            from brux.core.rng import randbelow

            i = randbelow(s, rng + 2 * p, rng + 2 * p + 1, H.nlegal(s))
            H.apply(s, H.legal(s, i))
        assert [H.vp(s, p) for p in range(3)] == list(out["vp"][g])
        assert H.length(s) == out["length"][g]
        for p in range(3):
            assert sum(H.source_vp(s, p, j) for j in range(H.N_SOURCES)) == H.vp(s, p)
            assert [H.opening(s, p, k) for k in range(2)] == list(out["opening"][g, p])
            assert out["rank"][g, p] == 1 + sum(H.better(s, q, p) for q in range(3))
    labels = game.opening_labels()
    assert out["opening"].max() < len(labels) and out["opening"].min() >= 0


def test_determinise_keeps_the_public_view():
    state = random_state(3, 4, 40)
    s = state.array.copy()
    rng = np.array([12345, 0], np.int64)
    H.determinise(s, state.current_player(), rng, 0, 1)
    from brux.games.bruxelles1893.view import to_dict

    assert to_dict(s) == state.to_dict()
    assert not np.array_equal(s, state.array)
    assert rng[1] > 0
    other = redraw_hidden(state, random.Random(5)).array.copy()  # another hidden order: the same re-draw
    assert not np.array_equal(other, state.array)
    H.determinise(other, state.current_player(), np.array([12345, 0], np.int64), 0, 1)
    assert np.array_equal(other, s)


def test_same_turn_and_values():
    game = load(3)
    v = to_main(start_view(game), "SE01", "31")
    state = scenario(game, v)
    s = state.array
    assert not H.same_turn(s, 0)  # MAIN starts a turn
    play(state, "AN r1c2")
    assert H.same_turn(state.array, 0) and not H.same_turn(state.array, 1)
    out = np.zeros(3)
    H.values(state.array, H.WEIGHTS["greedy"], out)
    w = np.zeros(len(H.FEATURES))
    w[H.FEATURES.index("money")] = 1.0
    H.values(state.array, w, out)
    assert list(out) == [sd["money"] for sd in state.to_dict()["seats"]]
    assert set(H.WEIGHTS) >= {"greedy"} and all(len(x) == len(H.FEATURES) for x in H.WEIGHTS.values())


@settings(max_examples=5)
@given(overrides=rule_params("bruxelles1893"), players=st.integers(2, 5), seed=st.integers(0, 1000))
def test_views_round_trip_under_random_rules(overrides, players, seed):
    game = load(players, **overrides)
    state = game.new_initial_state(seed=seed)
    rnd = random.Random(seed)
    while not state.is_terminal():
        v = state.to_dict()
        if v["pending"] in ("SHIELD", "MAIN"):
            assert game.state_from_dict(v, seed=seed).to_dict() == v
        state.apply_action(rnd.choice(state.legal_actions()))
