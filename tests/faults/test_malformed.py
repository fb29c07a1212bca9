"""Malformed game records, state views, seeds and actions: a ValueError subclass naming the field, never a crash;
on the command line one `brux: error:` line. NumPy integers are accepted wherever Python ints are."""

from __future__ import annotations

import copy
import functools
import json
import random
from typing import Any

import numpy as np
import pytest

import brux
import sims
from brux.errors import RecordError, ScenarioError
from brux.testing.hooks import game_testing

from .conftest import GAME

GAMES = brux.list_games()
BAD = {"list": [], "table": {}, "int": 5, "string": "x", "null": None}


def _deep(n: int) -> Any:
    v: Any = []
    for _ in range(n):
        v = [v]
    return v


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    state = brux.load_game(GAME, 3).new_initial_state(seed=3)
    for _ in range(4):
        state.apply_action(state.legal_actions()[0])
    return state.record(agents=["random"] * 3)


RECORD_CASES = {
    "overrides a list": ({"overrides": [1, 2]}, "'overrides'"),
    "overrides with int keys": ({"overrides": {1: 2}}, "'overrides'"),
    "overrides unknown": ({"overrides": {"colour": "red"}}, "colour"),
    "actions 5": ({"actions": 5}, "'actions'"),
    "actions null": ({"actions": None}, "'actions'"),
    "actions of lists": ({"actions": [[1]]}, "'actions'"),
    "action -1": ({"actions": [-1]}, "action 0"),
    "action unknown name": ({"actions": ["FLY"]}, "action 0"),
    "seed 2**70": ({"seed": 2**70}, "'seed'"),
    "seed 2**63": ({"seed": 2**63}, "'seed'"),
    "seed negative": ({"seed": -1}, "'seed'"),
    "seed null": ({"seed": None}, "'seed'"),
    "seed true": ({"seed": True}, "'seed'"),
    "seed a string": ({"seed": "3"}, "'seed'"),
    "scenario a string": ({"scenario": "abc"}, "'scenario'"),
    "scenario a list": ({"scenario": [1]}, "'scenario'"),
    "scenario inconsistent": ({"scenario": {"game": GAME}}, "state_from_dict"),
    "agents 5": ({"agents": 5}, "'agents'"),
    "agents of ints": ({"agents": [1, 2, 3]}, "'agents'"),
    "players a string": ({"players": "3"}, "'players'"),
    "players 9": ({"players": 9}, "players"),
    "game 5": ({"game": 5}, "'game'"),
    "game chess": ({"game": "chess"}, "unknown game"),
    "format 2": ({"format": 2}, "format"),
    "deeply nested": ({"overrides": {"rounds": _deep(100_000)}}, "nested"),
}


@pytest.mark.parametrize("case", list(RECORD_CASES))
def test_malformed_record(case, record, tmp_path, error):
    patch, field = RECORD_CASES[case]
    bad = {**record, **patch}
    with pytest.raises(ValueError, match=None) as info:
        brux.replay(bad)
    assert field in str(info.value)
    assert isinstance(info.value, (RecordError, ScenarioError, brux.UnknownGameError)) or "colour" in field \
        or "players" in field
    if case == "overrides with int keys":
        return  # JSON object keys are strings: not writable as a file
    path = tmp_path / "r.json"
    path.write_text(json.dumps(bad) if case != "deeply nested" else
                    json.dumps({**record, "overrides": None})[:-1] + ', "x": ' + "[" * 100_000 + "]" * 100_000 + "}")
    line = error(["replay", str(path)])
    assert field.strip("'") in line or "nested" in line


@pytest.mark.parametrize("text", ["", "{", "[1, 2]", "null", "\xff\xfe", "[" * 100_000 + "]" * 100_000],
                         ids=["empty", "broken", "a list", "null", "not utf-8", "deep"])
def test_unreadable_record_file(text, tmp_path, error):
    path = tmp_path / "r.json"
    path.write_bytes(text.encode("latin-1") if text == "\xff\xfe" else text.encode())
    line = error(["replay", str(path)])
    assert "r.json" in line


def _mutations(view: dict[str, Any]) -> dict[str, Any]:
    """Views with one part replaced by a value of the wrong type."""
    out: dict[str, Any] = {"view null": None, "view a list": [], "view a string": "x", "view 5": 5}
    for key, value in view.items():
        if isinstance(value, (dict, list)):
            for name, bad in BAD.items():
                if type(bad) is not type(value):
                    out[f"{key} {name}"] = {**view, key: bad}
    seat = view["seats"][0]
    for key, value in seat.items():
        if isinstance(value, (dict, list)):
            for name in ("list", "int", "string"):
                if type(BAD[name]) is not type(value):
                    v = copy.deepcopy(view)
                    v["seats"][0][key] = BAD[name]
                    out[f"seats[0].{key} {name}"] = v
            if isinstance(value, dict) and value:
                v = copy.deepcopy(view)
                v["seats"][0][key][next(iter(value))] = "many"
                out[f"seats[0].{key} holding a string"] = v
    for name in ("int", "string", "table"):
        v = copy.deepcopy(view)
        v["seats"][0] = BAD[name]
        out[f"seats[0] {name}"] = v
    out["seat count as an int"] = {**view, "seats": 3}
    if isinstance(view.get("area"), dict) and "spaces" in view["area"]:  # a game with an area of spaces
        v = copy.deepcopy(view)
        v["area"]["spaces"][0][0] = "card"
        out["space holding a string"] = v
        v = copy.deepcopy(view)
        v["area"]["spaces"][0] = "row"
        out["row a string"] = v
    if "display" in view:
        for key in view["display"]:
            v = copy.deepcopy(view)
            v["display"][key] = [5] * len(view["display"][key])
            out[f"display.{key} of ints"] = v
    return out


@functools.cache
def scenario_view(game_name: str) -> dict[str, Any]:
    """The view of the first position of a seeded random 3-player game that `state_from_dict` rebuilds (the
    game's documented scenario positions; for some games the initial state)."""
    game = brux.load_game(game_name, 3)
    is_scenario = game_testing(game_name).is_scenario_position
    state = game.new_initial_state(seed=1)
    rnd = random.Random(1)
    while not is_scenario(state.to_dict()):
        state.apply_action(rnd.choice(state.legal_actions()))
    return state.to_dict()


VIEW_CASES = []
for _game in GAMES:
    _view = scenario_view(_game)
    VIEW_CASES += [(_game, name) for name in _mutations(_view)]


@pytest.mark.parametrize("game_name,case", VIEW_CASES, ids=[f"{g}-{c}" for g, c in VIEW_CASES])
def test_malformed_view_is_refused_or_ignored(game_name, case):
    game = brux.load_game(game_name, 3)
    view = copy.deepcopy(scenario_view(game_name))
    good = game.state_from_dict(view, seed=1)
    bad = _mutations(view)[case]
    try:
        state = game.state_from_dict(bad, seed=1)
    except ScenarioError as e:
        assert str(e).startswith("state_from_dict: ")
    else:  # a key the scenario does not read (e.g. a derived count): the same position
        assert np.array_equal(state.array, good.array), case


@pytest.mark.parametrize("game_name", GAMES)
@pytest.mark.parametrize("seed", [None, 2**70, 2**63, -1, True, "1", 1.0])
def test_bad_scenario_seed(game_name, seed):
    game = brux.load_game(game_name, 3)
    view = game.new_initial_state(seed=1).to_dict()
    with pytest.raises(ScenarioError, match="seed"):
        game.state_from_dict(view, seed=seed)


@pytest.mark.parametrize("game_name", GAMES)
@pytest.mark.parametrize("seed", [2**63, 2**70, -1, None, True, "1", 1.5])
def test_bad_seed(game_name, seed):
    with pytest.raises(ValueError, match="seed must be an integer from 0 to 2\\*\\*63 - 1"):
        brux.load_game(game_name, 3).new_initial_state(seed=seed)


@pytest.mark.parametrize("game_name", GAMES)
@pytest.mark.parametrize("action", [-1, "n", 10**9, None, 1.0, np.int64(-1)])
def test_bad_action_number(game_name, action):
    game = brux.load_game(game_name, 3)
    state = game.new_initial_state(seed=1)
    if action == "n":
        action = game.num_actions
    with pytest.raises(ValueError, match="action must be an integer from 0 to"):
        state.action_to_string(action)


@pytest.mark.parametrize("game_name", GAMES)
def test_numpy_integers_are_accepted(game_name):
    game = brux.load_game(game_name, players=np.int64(3))
    assert game.players == 3 and type(game.players) is int
    state = game.new_initial_state(seed=np.uint32(5))
    a = np.int64(state.legal_actions()[0])
    assert state.action_to_string(a) == state.action_to_string(int(a))
    state.apply_action(a)
    assert brux.replay(state.record()).history == state.history
    assert game.state_from_dict(copy.deepcopy(scenario_view(game_name)), seed=np.int64(1)).seed == 1
    r = sims.run(game_name, np.int64(3), np.int64(20), seed=np.int64(2), chunk_size=np.int64(10), jobs=1)
    assert r.manifest["master_seed"] == 2 and type(r.manifest["players"]) is int and r.table().height == 60
