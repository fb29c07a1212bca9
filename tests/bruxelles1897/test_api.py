"""The Python API of the game (DESIGN.md): errors, parameters, records, clones, scenarios, determinism, batches."""

import copy
import json
import random

import numpy as np
import pytest

import brux
from brux.core.rng import GOLDEN, MASK64, derive_py, game_seed, mix_py
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


def names(state):
    return [state.action_to_string(a) for a in state.legal_actions()]


# ---------------------------------------------------------------------------------------------------------------
# Illegal actions
# ---------------------------------------------------------------------------------------------------------------

def positions(players=3, seed=0, count=40):
    """States at the first `count` decisions of a random game."""
    state = load(players).new_initial_state(seed=seed)
    rnd = random.Random(seed)
    out = []
    while not state.is_terminal() and len(out) < count:
        out.append(state.clone())
        state.apply_action(rnd.choice(state.legal_actions()))
    return out


def assert_rejected(state, action):
    view, legal, history = state.to_dict(), state.legal_actions(), list(state.history)
    with pytest.raises(brux.IllegalActionError):
        state.apply_action(action)
    assert state.to_dict() == view
    assert state.legal_actions() == legal
    assert state.history == history


@pytest.mark.parametrize("players", [2, 3, 4])
def test_illegal_actions_leave_the_state_unchanged(players):
    game = load(players)
    all_names = [game.action_to_string(a) for a in range(game.num_actions)]
    for state in positions(players, seed=players):
        legal = set(state.legal_actions())
        for bad in (game.num_actions, 200, -1, 10**9):
            assert_rejected(state, bad)
        # Names of actions that exist but are not legal now (other decisions, other spaces).
        elsewhere = [name for a, name in enumerate(all_names) if a not in legal]
        for name in elsewhere[:: max(1, len(elsewhere) // 8)]:
            assert_rejected(state, name)
        assert_rejected(state, "FOO")
        assert_rejected(state, "pass")  # names are case-sensitive
        assert_rejected(state, "AN r9c9 1/3@1")


def test_actions_after_the_end_are_rejected():
    game = load(2)
    state = random_play(game.new_initial_state(seed=3), random.Random(3))
    assert state.is_terminal()
    for action in (99, "PASS", 0, "FOO", 500):
        assert_rejected(state, action)
    assert state.current_player() == -1 and state.legal_actions() == []


def test_illegal_action_error_is_a_value_error():
    assert issubclass(brux.IllegalActionError, ValueError)
    state = load().new_initial_state(seed=0)
    with pytest.raises(ValueError):
        state.apply_action("KEEP_NOBLE")


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


def test_unknown_game():
    with pytest.raises(brux.UnknownGameError) as err:
        brux.load_game("bruxelles1896", players=3)
    assert isinstance(err.value, ValueError)
    for name in brux.list_games():
        assert name in str(err.value)
    assert "bruxelles1897" in brux.list_games()


@pytest.mark.parametrize("players", [1, 5, 0, "3", True, 3.0])
def test_bad_player_counts(players):
    with pytest.raises(ValueError, match="players"):
        brux.load_game("bruxelles1897", players=players)


@pytest.mark.parametrize("seed", [-1, "1", 1.5, True])
def test_bad_seeds(seed):
    with pytest.raises(ValueError, match="seed"):
        load().new_initial_state(seed=seed)


# ---------------------------------------------------------------------------------------------------------------
# Records and replay
# ---------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players,overrides", [(2, {}), (3, {"may_decline": True}), (4, {"rounds": 3})])
def test_record_replay(players, overrides, tmp_path):
    game = load(players, **overrides)
    state = random_play(game.new_initial_state(seed=21), random.Random(5))
    record = state.record(agents=["random"] * players)
    assert record["overrides"] == overrides and record["seed"] == 21
    assert len(record["actions"]) == len(state.history) > 0
    for rec in (record, json.loads(json.dumps(record))):
        again = brux.replay(rec)
        assert again.is_terminal()
        assert again.to_dict() == state.to_dict()
        assert again.result() == state.result()
        assert again.record() == state.record()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    assert brux.replay(path).to_dict() == state.to_dict()
    assert brux.replay(str(path)).result() == state.result()


def test_record_replay_of_an_unfinished_game():
    state = random_play(load(3).new_initial_state(seed=2), random.Random(2), max_decisions=37)
    again = brux.replay(json.loads(json.dumps(state.record())))
    assert again.to_dict() == state.to_dict()
    assert again.legal_actions() == state.legal_actions()


def test_record_replay_of_a_scenario():
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


def test_replay_rejects_bad_records():
    state = random_play(load(2).new_initial_state(seed=1), random.Random(1), max_decisions=10)
    record = state.record()
    with pytest.raises(ValueError, match="format"):
        brux.replay({**record, "format": 99})
    with pytest.raises(ValueError, match="seed"):
        brux.replay({k: v for k, v in record.items() if k != "seed"})
    bad = {**record, "actions": record["actions"][:3] + ["FOO"]}
    with pytest.raises(ValueError, match="action 3"):
        brux.replay(bad)


# ---------------------------------------------------------------------------------------------------------------
# Clones, names, masks
# ---------------------------------------------------------------------------------------------------------------

def test_clone_independence():
    rnd = random.Random(8)
    for state in positions(4, seed=8, count=30)[::3]:
        view, legal = state.to_dict(), state.legal_actions()
        history = list(state.history)
        other = state.clone()
        assert other.to_dict() == view and other.history == history
        random_play(other, rnd, max_decisions=15)
        assert state.to_dict() == view and state.legal_actions() == legal and state.history == history
        other_view, other_history = other.to_dict(), list(other.history)
        random_play(state, rnd, max_decisions=15)
        assert other.to_dict() == other_view and other.history == other_history
        assert other_history[: len(history)] == history


def test_action_names_are_unique_and_round_trip():
    for game in (load(3), load(2, architect_faces=[[0, 1], [1, 2], [2, 9]])):
        all_names = [game.action_to_string(a) for a in range(game.num_actions)]
        assert len(set(all_names)) == game.num_actions == 160
        for a, name in enumerate(all_names):
            assert game.string_to_action(name) == a
    assert load(3).action_to_string(99) == "PASS"
    assert load(3).action_to_string(2 * 6 + 2 * 2 + 1) == "AN r0c2 2/5@5"


@pytest.mark.parametrize("players", [2, 4])
def test_legal_actions_by_name_and_mask(players):
    for state in positions(players, seed=11, count=60):
        legal = state.legal_actions()
        mask = state.legal_mask()
        assert mask.dtype == bool and mask.shape == (160,)
        assert np.flatnonzero(mask).tolist() == legal
        for a in legal:
            by_number, by_name = state.clone(), state.clone()
            by_number.apply_action(a)
            by_name.apply_action(state.action_to_string(a))
            assert by_name.to_dict() == by_number.to_dict()
            assert by_name.history == by_number.history == state.history + [a]


# ---------------------------------------------------------------------------------------------------------------
# state_from_dict
# ---------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_state_from_dict_round_trip(players):
    game = load(players)
    checked = 0
    for seed in range(6):
        state = game.new_initial_state(seed=seed)
        rnd = random.Random(seed)
        while not state.is_terminal():
            view = state.to_dict()
            if view["pending"] == "MAIN" and rnd.random() < 0.3:
                rebuilt = game.state_from_dict(copy.deepcopy(view), seed=seed + 1)
                assert rebuilt.to_dict() == view
                assert rebuilt.legal_actions() == state.legal_actions()
                assert check_invariants(rebuilt) == []
                # The rebuilt state plays on to a finished game.
                random_play(rebuilt, random.Random(seed))
                assert rebuilt.is_terminal() and check_invariants(rebuilt) == []
                checked += 1
            state.apply_action(rnd.choice(state.legal_actions()))
    assert checked >= 20


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
# Determinism
# ---------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_same_seed_same_decisions_same_game(players):
    game = load(players)
    for seed in (0, 1, 2**40 + 3):
        a, b = game.new_initial_state(seed=seed), load(players).new_initial_state(seed=seed)
        rnd = random.Random(seed)
        while not a.is_terminal():
            assert a.to_dict() == b.to_dict()
            assert a.legal_actions() == b.legal_actions()
            name = a.action_to_string(rnd.choice(a.legal_actions()))
            a.apply_action(name)
            b.apply_action(name)
        assert b.is_terminal() and a.to_dict() == b.to_dict() and a.result() == b.result()


def test_different_seeds_give_different_areas():
    game = load(3)
    areas = set()
    for seed in range(50):
        v = game.new_initial_state(seed=seed).to_dict()
        areas.add(json.dumps(v["area"]))
    assert len(areas) >= 48


# ---------------------------------------------------------------------------------------------------------------
# Batches of random games
# ---------------------------------------------------------------------------------------------------------------

class AgentStream:
    """An agent's random stream (docs section 1): key derive(game_seed, 1 + seat), counter from 0."""

    def __init__(self, seed: int, seat: int) -> None:
        self.key = derive_py(seed, 1 + seat)
        self.counter = 0

    def randbelow(self, n: int) -> int:
        self.counter += 1
        x = mix_py((self.key + self.counter * GOLDEN) & MASK64)
        return ((x >> 32) * n) >> 32


def play_like_batch(game, seed):
    """A uniformly random game through the State API: each seat picks legal[randbelow(len(legal))] from its own
    agent stream. Returns the final state and each seat's two opening labels (docs "Openings")."""
    state = game.new_initial_state(seed=seed)
    streams = [AgentStream(seed, p) for p in range(game.players)]
    openings = [[] for _ in range(game.players)]
    passed = [False] * game.players
    while not state.is_terminal():
        v = state.to_dict()
        p = state.current_player()
        legal = state.legal_actions()
        a = legal[streams[p].randbelow(len(legal))]
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
    return state, [(o + ["-", "-"])[:2] for o in openings]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_play_random_batch(players):
    game = load(players)
    n, master = 40, 12345
    out = game.play_random(n, master_seed=master)
    assert out["vp"].shape == (n, players) and out["vp_by_source"].shape == (n, players, len(game.vp_sources))
    assert out["seed"].tolist() == [game_seed(master, i) for i in range(n)]
    assert (out["vp_by_source"].sum(axis=2) == out["vp"]).all()
    assert np.allclose(out["win_share"].sum(axis=1), 1.0)
    for g in range(n):
        vp, rank = out["vp"][g], out["rank"][g]
        for a in range(players):
            for b in range(players):
                if vp[a] > vp[b]:
                    assert rank[a] < rank[b]
        firsts = int((rank == 1).sum())
        assert firsts >= 1
        assert np.allclose(out["win_share"][g], np.where(rank == 1, 1.0 / firsts, 0.0))
    # Later games of the same run, asked for on their own.
    part = game.play_random(10, master_seed=master, first_index=30)
    for key in out:
        assert np.array_equal(part[key], out[key][30:40]), key
    # The same games through the State API.
    labels = game.opening_labels()
    for g in range(0, n, 4):
        state, openings = play_like_batch(game, int(out["seed"][g]))
        result = state.result()
        assert out["vp"][g].tolist() == [r["vp"] for r in result]
        assert out["rank"][g].tolist() == [r["rank"] for r in result]
        assert out["win_share"][g].tolist() == [r["win_share"] for r in result]
        assert out["vp_by_source"][g].tolist() == [[r["vp_by_source"][k] for k in game.vp_sources] for r in result]
        assert int(out["length"][g]) == len(state.history)
        got = [[labels[c] if c >= 0 else "-" for c in seat] for seat in out["opening"][g].tolist()]
        assert got == openings


def test_play_random_depends_on_the_master_seed():
    game = load(3)
    a, b = game.play_random(20, master_seed=1), game.play_random(20, master_seed=2)
    assert not np.array_equal(a["vp"], b["vp"])
    assert np.array_equal(a["vp"], game.play_random(20, master_seed=1)["vp"])
