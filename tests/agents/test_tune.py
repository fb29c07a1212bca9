"""The `policy` weights tuned for strength (brux.agents.tune): the coordinate search, the spec that plays a weight
vector, the scoring tournament, and what the tuned weights store."""

import json

import numpy as np
import pytest

import brux
from brux.agents import encode, parse_spec, policyfile, tune
from brux.agents import search as S
from brux.games.bruxelles1897 import agents as GA


def test_the_spec_plays_the_weights_to_six_digits():
    w = np.linspace(-2.5, 3.25, len(GA.FEATURES))
    _, _, fp = encode(parse_spec(tune.spec(GA.FEATURES, w), GA.FEATURES), GA.FEATURES, GA.WEIGHTS)
    assert np.allclose(fp[S.FP_W:], w, rtol=5e-6, atol=0)  # six significant digits


def test_the_search_keeps_only_changes_that_score_better_by_the_margin():
    target = np.array([2.0, 1.0, -1.0])

    def score(w):  # highest at target
        return float(-np.abs(w - target).sum())

    w, best, trials = tune.search(score, np.array([1.0, 1.0, -1.0]), ["a", "b", "c"], ["a", "b", "c"], 0.5, 0.01, 2,
                                  log=lambda s: None)
    assert w.tolist() == [2.25, 1.0, -1.0] and best == score(w)  # a: 1 -> 1.5 -> 2.25; b, c stay
    assert len(trials) == 12 and trials[0] == {"feature": "a", "weight": 1.5, "win_share": -0.5}
    # a margin larger than any gain keeps the start
    w, best, _ = tune.search(score, np.array([1.0, 1.0, -1.0]), ["a", "b", "c"], ["a"], 0.5, 0.6, 1,
                             log=lambda s: None)
    assert w.tolist() == [1.0, 1.0, -1.0] and best == -1.0


def test_win_share_plays_every_seat_order():
    game = brux.load_game("bruxelles1897", players=3)
    w = game.rules.agents.policy[3]
    a = tune.win_share(game, GA.FEATURES, w, "random", 2, 5)
    assert a == tune.win_share(game, GA.FEATURES, w, "random", 2, 5)  # seeded
    assert 0.5 < a <= 1.0  # the lookahead beats random play


@pytest.mark.parametrize("args, named", [(["--features", "nope"], "unknown features nope"),
                                         (["--step", "1.5"], "--step must be between 0 and 1, got 1.5"),
                                         (["--games", "0"], "--games must be at least 1, got 0"),
                                         (["--passes", "0"], "--passes must be at least 1, got 0"),
                                         (["--against", "nope"], "unknown agent 'nope'"),
                                         (["--game", "lutece", "--players", "2"],
                                          "lutece has no fitted policy for 2 players"),
                                         (["--start", "nope"], "--start: bruxelles1897 has no weights 'nope'")])
def test_bad_input_is_named(args, named, capsys):
    with pytest.raises(SystemExit) as e:
        tune.main(args)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("brux: error: ") and named in err and err.count("\n") == 1


def test_stored_about_is_kept_beside_new_weights(tmp_path):
    path = tmp_path / "policy.json"
    assert policyfile.load_about(path, 3) == {}
    policyfile.write(path, 3, ["a", "b"], np.array([1.0, 2.0]), {"command": "fit", "decisions": 5})
    about = policyfile.load_about(path, 3)
    assert about == {"command": "fit", "decisions": 5}
    policyfile.write(path, 3, ["a", "b"], np.array([1.5, 2.0]), {**about, "tuned": [{"command": "tune"}]})
    entry = json.loads(path.read_text())["players"]["3"]
    assert entry["weights"] == {"a": 1.5, "b": 2.0} and entry["tuned"] == [{"command": "tune"}]
    assert entry["command"] == "fit"


def test_every_tuning_run_since_the_fit_is_listed_and_the_strength_dropped():
    fit = {"command": "imitate", "decisions": 9, "strength": {"win_share": 0.2}}
    one = tune.stored_about(fit, {"command": "tune 1"})
    assert one == {"command": "imitate", "decisions": 9, "tuned": [{"command": "tune 1"}]}
    two = tune.stored_about({**one, "strength": {"win_share": 0.3}}, {"command": "tune 2"})
    assert two["tuned"] == [{"command": "tune 1"}, {"command": "tune 2"}] and "strength" not in two


def test_an_unwritable_policy_file_is_one_line_and_keeps_the_weights_shown(monkeypatch, capsys):
    monkeypatch.setattr(tune, "search", lambda score, w0, *a, **k: (np.asarray(w0), 0.25, []))

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(policyfile, "write", refuse)
    with pytest.raises(SystemExit) as e:
        tune.main(["--write"])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("brux: error: cannot write ") and "Permission denied" in err and err.count("\n") == 1
    assert "columns=" in err  # the tuned weights are not lost


def test_options_are_played_with_the_weights_and_stored_beside_them():
    w = np.linspace(-1.0, 1.0, len(GA.FEATURES))
    text = tune.spec(GA.FEATURES, w, "answer=2")
    assert text.startswith("policy:answer=2,w_")
    kind, ip, fp = encode(parse_spec(text, GA.FEATURES), GA.FEATURES, GA.WEIGHTS)
    assert ip[S.IP_ANSWER] == 2 and np.allclose(fp[S.FP_W:], w, rtol=5e-6, atol=0)
    about = tune.stored_about({"command": "imitate", "decisions": 9}, {"command": "tune"}, {"answer": 2})
    assert about == {"command": "imitate", "decisions": 9, "options": {"answer": 2}, "tuned": [{"command": "tune"}]}
    assert "options" not in tune.stored_about({"command": "imitate"}, {"command": "tune"}, {})
    game = brux.load_game("bruxelles1897", players=3)
    assert tune.tuned_options(game, {"answer": 2}, None) == {"answer": 2}  # the stored ones, else
    assert tune.tuned_options(game, {"answer": 2}, "answer=3,rel=0") == {"answer": 3, "rel": 0}  # given ones win
    assert tune.tuned_options(game, {}, None) == {}


@pytest.mark.parametrize("options, named", [("iters=30", "unknown option 'iters'"),
                                            ("answer=200", "option answer='200' must be in 0..100"),
                                            ("w_vp=2", "--options takes the policy's options, not weights")])
def test_bad_options_are_named(options, named, capsys):
    with pytest.raises(SystemExit) as e:
        tune.main(["--options", options])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("brux: error: ") and named in err and err.count("\n") == 1


def test_start_value_tunes_the_value_weights_and_begins_the_entry(monkeypatch, capsys):
    started, written = [], []
    monkeypatch.setattr(tune, "search", lambda score, w0, *a, **k: (started.append(np.array(w0)) or np.asarray(w0),
                                                                     0.5, []))
    monkeypatch.setattr(policyfile, "write", lambda path, players, features, w, about: written.append(
        (players, list(features), np.array(w), about)))
    assert tune.main(["--game", "lutece", "--players", "2", "--start", "value", "--games", "1", "--write"]) == 0
    value = brux.load_game("lutece", players=2).rules.agents.weights["value"]
    assert np.array_equal(started[0], value)  # no fitted policy for 2 players is needed
    players, _, w, about = written[0]
    assert players == 2 and np.array_equal(w, value) and "`value` weights" in about["command"]
    assert about["tuned"][0]["command"].endswith("--start value --write") and "strength" not in about
