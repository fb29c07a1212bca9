"""brux.testing as users run it: strategies, invariant checks and the fuzzer, for every game."""

import json

import pytest
from hypothesis import given, settings

import brux
import brux.testing as bt
from brux.testing.fuzz import InvariantViolation, fuzz, play_checked

GAMES = brux.list_games()


@pytest.mark.parametrize("game", GAMES)
def test_fuzz_finds_no_violation(game, tmp_path):
    """Random games under random valid parameters, as many as the hypothesis profile allows (ci 25, long 100,000)."""
    examples = settings.default.max_examples
    report = fuzz(game, examples=examples, out_dir=tmp_path)
    print(f"\nfuzz {game}: {report.examples} examples, {report.decisions} decisions, {report.seconds:.0f} s")
    assert report.ok, (report.problems, report.record_path)
    assert report.examples == examples
    assert report.decisions > examples  # games are really played
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("game", GAMES)
@given(data=__import__("hypothesis").strategies.data())
def test_played_states_hold_invariants(game, data):
    state = data.draw(bt.played_states(game, params="random"))
    assert bt.check_invariants(state) == []
    if not state.is_terminal():
        assert len(state.legal_actions()) >= 2


@pytest.mark.parametrize("game", GAMES)
@given(data=__import__("hypothesis").strategies.data())
def test_rule_params_are_valid(game, data):
    overrides = data.draw(bt.rule_params(game))
    rules = brux.games.get_rules(game)
    brux.load_game(game, players=rules.max_players, **overrides)  # raises if invalid


def test_a_broken_engine_is_caught_and_its_record_replays(tmp_path, monkeypatch):
    """Sabotage the view so an invariant breaks mid-game: the fuzzer reports it and writes a record that replays."""
    from brux.games.bruxelles1897 import view

    real = view.to_dict

    def broken(s):
        d = real(s)
        if d["round"] >= 2:
            d["seats"][0]["money"] = -1
        return d

    monkeypatch.setattr(view, "to_dict", broken)
    report = fuzz("bruxelles1897", players=3, examples=5, params="default", out_dir=tmp_path)
    assert not report.ok
    assert any("money" in p for p in report.problems)
    record = json.loads(report.record_path.read_text())
    monkeypatch.setattr(view, "to_dict", real)
    state = brux.replay(record)
    assert state.to_dict()["round"] == 2  # shrunk to the first decision that reaches round 2


def test_play_checked_raises_with_a_record(monkeypatch):
    from brux.games.bruxelles1897 import view

    real = view.to_dict
    monkeypatch.setattr(view, "to_dict", lambda s: {**real(s), "round": 99})
    with pytest.raises(InvariantViolation) as info:
        play_checked("bruxelles1897", 2, {}, 1, [])
    assert info.value.record["actions"] == []
