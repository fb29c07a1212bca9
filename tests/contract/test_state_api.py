"""The State API of every game: decisions, illegal actions, clones, names, results, records and scenarios."""

import copy
import json

import numpy as np
import pytest

import brux

from .conftest import play_randomly


def snapshot(state):
    return state.array.copy(), state.to_dict(), list(state.history), state.legal_actions()


def assert_unchanged(state, before):
    array, view, history, legal = before
    assert np.array_equal(state.array, array)
    assert state.to_dict() == view
    assert state.history == history
    assert state.legal_actions() == legal


def assert_rejected(state, action):
    before = snapshot(state)
    with pytest.raises(brux.IllegalActionError):
        state.apply_action(action)
    assert_unchanged(state, before)


def test_play_leaves_the_rule_parameters_alone(case):
    """The state's first PARAMS_SIZE entries are the game's flattened parameters, and no decision changes them (the
    searches' state copies rely on it: they skip that block)."""
    size = case.game.rules.hooks.PARAMS_SIZE
    first = case.states[0].array[:size].copy()
    assert size > 0 and np.array_equal(first, case.game.flat[:size])
    for state in case.states[1:] + [case.final]:
        assert np.array_equal(state.array[:size], first)


def test_decisions_and_views(case):
    game = case.game
    for state in case.states:
        p = state.current_player()
        legal = state.legal_actions()
        assert 0 <= p < game.players and not state.is_terminal()
        assert legal and legal == sorted(set(legal)) and all(type(a) is int for a in legal)
        assert 0 <= legal[0] and legal[-1] < game.num_actions
        mask = state.legal_mask()
        assert mask.dtype == bool and mask.shape == (game.num_actions,)
        assert np.flatnonzero(mask).tolist() == legal
        view = state.to_dict()
        assert view["current_player"] == p and view["over"] is False
        assert json.loads(json.dumps(view)) == view
        with pytest.raises(ValueError):
            state.result()
    final = case.final
    assert final.is_terminal() and final.current_player() == -1 and final.legal_actions() == []
    assert not final.legal_mask().any()
    assert final.to_dict()["over"] is True
    assert len(final.history) == len(case.states)


def test_the_seed_fixes_the_game(case):
    again = brux.load_game(case.game.name, players=case.game.players).new_initial_state(seed=1000 + case.game.players)
    assert np.array_equal(again.array, case.states[0].array)
    assert again.to_dict() == case.states[0].to_dict()
    views = {json.dumps(case.game.new_initial_state(seed=s).to_dict()) for s in (0, 1, 2, 2**40 + 3, 2**63 - 1)}
    assert len(views) > 1


def test_illegal_actions_leave_the_state_unchanged(case):
    game = case.game
    names = [game.action_to_string(a) for a in range(game.num_actions)]
    for state in case.sample(12):
        legal = set(state.legal_actions())
        for bad in (game.num_actions, game.num_actions + 7, -1, -game.num_actions, 10**9, 2**70, None, b"0", [0],
                    True, False, 1.0, 0.0, np.float64(min(legal)), float(min(legal)), np.bool_(True)):
            assert_rejected(state, bad)
        for a in sorted(set(range(game.num_actions)) - legal)[::7]:
            assert_rejected(state, a)
            assert_rejected(state, np.int64(a))
        elsewhere = [name for a, name in enumerate(names) if a not in legal]
        for name in elsewhere[:: max(1, len(elsewhere) // 12)]:  # names legal in other positions
            assert_rejected(state, name)
        legal_name = names[min(legal)]
        for name in ("", "FOO", " " + legal_name, legal_name + " ", legal_name + "?", str(min(legal))):
            assert_rejected(state, name)
        for name in {legal_name.lower(), legal_name.upper(), legal_name.swapcase()} - set(names):
            assert_rejected(state, name)  # names are case-sensitive
    for bad in (0, game.num_actions - 1, names[0], names[-1], "FOO", -1, True):
        assert_rejected(case.final, bad)


def test_actions_by_number_and_name_agree(case):
    for state in case.sample(10):
        for a in state.legal_actions()[:6]:
            by_number, by_name, by_numpy = state.clone(), state.clone(), state.clone()
            by_number.apply_action(a)
            by_name.apply_action(state.action_to_string(a))
            by_numpy.apply_action(np.int64(a))
            assert np.array_equal(by_number.array, by_name.array) and np.array_equal(by_number.array, by_numpy.array)
            assert by_number.history == by_name.history == by_numpy.history == state.history + [a]


def test_action_names_are_unique_and_invert(case):
    game = case.game
    names = [game.action_to_string(a) for a in range(game.num_actions)]
    assert all(isinstance(name, str) and name for name in names)
    assert len(set(names)) == game.num_actions
    assert [game.string_to_action(name) for name in names] == list(range(game.num_actions))
    assert [case.states[0].action_to_string(a) for a in range(game.num_actions)] == names
    for bad in ("", "FOO", names[0] + "x"):
        with pytest.raises(brux.IllegalActionError):
            game.string_to_action(bad)


def test_clone_independence(case):
    for k, shared in enumerate(case.sample(6)):
        state = shared.clone()  # the case's states stay as they are for the tests after this one
        before = snapshot(state)
        other = state.clone()
        assert_unchanged(other, before)
        play_randomly(other, choice_seed=k, max_decisions=15)
        assert_unchanged(state, before)
        other_before = snapshot(other)
        play_randomly(state, choice_seed=k + 100, max_decisions=15)
        assert_unchanged(other, other_before)
        assert other.history[: len(before[2])] == before[2]


def test_result_of_a_finished_game(case):
    game, final = case.game, case.final
    result = final.result()
    assert [r["seat"] for r in result] == list(range(game.players))
    for r in result:
        assert set(r) == {"seat", "vp", "rank", "win_share", "vp_by_source"}
        assert list(r["vp_by_source"]) == list(game.vp_sources)
        assert sum(r["vp_by_source"].values()) == r["vp"]
        assert 1 <= r["rank"] <= game.players
    firsts = [r for r in result if r["rank"] == 1]
    assert firsts
    assert sum(r["win_share"] for r in result) == pytest.approx(1.0)
    for r in result:
        assert r["win_share"] == (1.0 / len(firsts) if r["rank"] == 1 else 0.0)
        assert r["rank"] == 1 + sum(q["rank"] < r["rank"] for q in result)
        for q in result:
            if r["vp"] > q["vp"]:
                assert r["rank"] < q["rank"]


def assert_same_state(a, b):
    assert np.array_equal(a.array, b.array)
    assert a.to_dict() == b.to_dict()
    assert a.history == b.history
    assert a.legal_actions() == b.legal_actions()
    if a.is_terminal():
        assert a.result() == b.result()


def test_record_replay(case, tmp_path):
    game = case.game
    unfinished = case.states[len(case.states) // 2]
    for state in (case.final, unfinished, case.states[0]):
        record = state.record(agents=["random"] * game.players)
        assert (record["game"], record["players"], record["seed"]) == (game.name, game.players, state.seed)
        assert record["overrides"] == {} and len(record["actions"]) == len(state.history)
        for rec in (record, json.loads(json.dumps(record))):
            again = brux.replay(rec)
            assert_same_state(again, state)
            assert again.record() == state.record()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(case.final.record()))
    assert_same_state(brux.replay(path), case.final)
    assert_same_state(brux.replay(str(path)), case.final)


def test_replay_rejects_bad_records(case):
    record = case.states[10].record()
    with pytest.raises(ValueError, match="format"):
        brux.replay({**record, "format": 99})
    for key in ("game", "players", "seed", "actions"):
        with pytest.raises(ValueError, match=key):
            brux.replay({k: v for k, v in record.items() if k != key})
    with pytest.raises(ValueError, match="action 3"):
        brux.replay({**record, "actions": record["actions"][:3] + ["FOO"]})
    with pytest.raises(ValueError, match="action 3"):  # a name that exists but is not legal there
        legal = case.states[3].legal_actions()
        illegal = next(a for a in range(case.game.num_actions) if a not in legal)
        brux.replay({**record, "actions": record["actions"][:3] + [case.game.action_to_string(illegal)]})


def scenario_positions(case, k):
    """About k of the game's states at positions state_from_dict rebuilds (the game's documented scenarios)."""
    found = [s for s in case.states if case.testing.is_scenario_position(s.to_dict())]
    assert found, "a random game passes through at least one scenario position"
    return found[:: max(1, len(found) // k)]


def test_state_from_dict_round_trip(case):
    game = case.game
    for k, state in enumerate(scenario_positions(case, 8)):
        view = state.to_dict()
        rebuilt = game.state_from_dict(copy.deepcopy(view), seed=k)
        assert rebuilt.to_dict() == view
        assert rebuilt.legal_actions() == state.legal_actions()
        assert rebuilt.current_player() == state.current_player()
        assert case.testing.check_invariants(rebuilt) == []
        twin = game.state_from_dict(copy.deepcopy(view), seed=k)
        assert np.array_equal(twin.array, rebuilt.array)  # hidden information drawn from the seed
        play_randomly(rebuilt, choice_seed=k)
        assert rebuilt.is_terminal() and case.testing.check_invariants(rebuilt) == []
        play_randomly(twin, choice_seed=k)
        assert_same_state(twin, rebuilt)


def test_record_replay_of_a_scenario(case):
    game = case.game
    view = scenario_positions(case, 3)[-1].to_dict()
    state = play_randomly(game.state_from_dict(copy.deepcopy(view), seed=77), choice_seed=4)
    record = json.loads(json.dumps(state.record()))
    assert record["scenario"] == view and record["seed"] == 77
    assert_same_state(brux.replay(record), state)


def _tables(value, path=""):
    """(path, table) of every table in a view, the view itself first."""
    if isinstance(value, dict):
        yield path, value
        for key, item in value.items():
            yield from _tables(item, f"{path}.{key}" if path else key)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _tables(item, f"{path}[{i}]")


def test_state_from_dict_refuses_an_unknown_key_anywhere(case):
    view = scenario_positions(case, 1)[0].to_dict()
    tables = list(_tables(view))
    assert len(tables) > 5
    for path, _ in tables:
        bad = copy.deepcopy(view)
        table = next(t for p, t in _tables(bad) if p == path)
        table["mony"] = 50
        where = f"{path}.mony" if path else "mony"
        with pytest.raises(brux.ScenarioError) as info:
            case.game.state_from_dict(bad)
        message = str(info.value)
        # the unknown key named, unless the game's own check already refuses that table (named too)
        named = path and (f"{path}:" in message or f"{path} " in message)
        assert f"{where}: unknown key" in message or named, message
    bad = copy.deepcopy(view)
    bad["seats"][0]["mony"] = 50
    with pytest.raises(ValueError) as info:
        case.game.state_from_dict(bad)
    assert str(info.value).startswith("state_from_dict: seats[0].mony: unknown key")
