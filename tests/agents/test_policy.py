"""The `policy` agent: its spec, its stored weights per game and player count, reproducible play, and the
imitation fit that makes the weights (brux.agents.imitate)."""

import json

import numpy as np
import pytest

import brux
from brux.agents import Agent, encode, imitate, parse_spec, policyfile
from brux.agents import search as S
from brux.games.bruxelles1897 import agents as GA


@pytest.fixture(scope="module")
def game():
    return brux.load_game("bruxelles1897", players=3)


def test_spec_parses_to_the_policy_kind():
    spec = parse_spec("policy:eps=0.1,rel=0", GA.FEATURES)
    assert str(spec) == "policy:rel=0,eps=0.1"
    kind, ip, fp = encode(spec, GA.FEATURES, {**GA.WEIGHTS, "policy": np.arange(len(GA.FEATURES), dtype=float)})
    assert kind == S.POLICY and fp[S.FP_REL] == 0.0 and fp[S.FP_EPS] == 0.1 and ip[S.IP_FINISH] == 1
    assert list(fp[S.FP_W:]) == list(range(len(GA.FEATURES)))


@pytest.mark.parametrize("text, message", [
    ("policy:iters=30", "unknown option 'iters'"),
    ("policy:rel=2", "option rel='2' must be in 0..1"),
    ("policy:eps=x", "option eps='x' must be a number"),
    ("policy:builder", "option 'builder' must be key=value"),
    ("policy:w_nope=1", "unknown weight 'w_nope'"),
])
def test_bad_options_are_named(text, message):
    with pytest.raises(ValueError, match=message):
        parse_spec(text, GA.FEATURES)


def test_stored_weights_load_with_the_features_shape(game):
    stored = game.rules.agents.policy
    assert 3 in stored and stored[3].shape == (len(GA.FEATURES),) and np.isfinite(stored[3]).all()
    agent = Agent(game, "policy", 0, game_seed=5)
    assert np.array_equal(agent.fp[S.FP_W:], stored[3])


def test_without_fitted_weights_policy_plays_value(game):
    two = brux.load_game("bruxelles1897", players=2)
    assert 2 not in two.rules.agents.policy
    assert np.array_equal(Agent(two, "policy", 0, game_seed=5).fp[S.FP_W:], GA.WEIGHTS["value"])


def test_a_seeded_policy_game_is_reproducible(game):
    a = game.play(6, master_seed=9, agents="policy,vmcts:iters=20,greedy")
    b = game.play(6, master_seed=9, agents="policy,vmcts:iters=20,greedy")
    for key in ("vp", "rank", "length", "decisions"):
        assert np.array_equal(a[key], b[key])
    assert (a["decisions"][:, 0] > 0).all()


def test_policy_file_round_trip_and_mismatch(tmp_path):
    path = tmp_path / "policy.json"
    assert policyfile.load(path, ["a", "b"]) == {}
    policyfile.write(path, 3, ["a", "b"], np.array([1.0, -2.5]), {"command": "x"})
    policyfile.write(path, 2, ["a", "b"], np.array([0.5, 0.25]), {"command": "y"})
    loaded = policyfile.load(path, ["a", "b"])
    assert sorted(loaded) == [2, 3] and list(loaded[3]) == [1.0, -2.5]
    assert list(json.loads(path.read_text())["players"]) == ["2", "3"]
    with pytest.raises(ValueError, match="not the game's features"):
        policyfile.load(path, ["a", "c"])


def test_after_features_are_the_lookaheads_view(game):
    state = game.new_initial_state(seed=3)
    _, ip, fp = encode(parse_spec("greedy:finish=0"), GA.FEATURES, GA.WEIGHTS)
    out = game.rules.agents.after_features(state.array, ip, fp, np.array([11, 0], np.int64))
    assert out.shape == (len(state.legal_actions()), 3, len(GA.FEATURES))
    # the lookahead's choice is the action with the best value minus the best opponent's on these features
    w = GA.WEIGHTS["greedy"]
    z = out @ w
    score = z[:, state.current_player()] - np.delete(z, state.current_player(), axis=1).max(axis=1)
    lookahead = Agent(game, "greedy:finish=0", state.current_player(), game_seed=3)
    assert score.max() - score[state.legal_actions().index(lookahead.choose(state))] < 1e-6


def test_fit_recovers_a_known_choice_rule():
    rng = np.random.default_rng(0)
    w_true = np.array([2.0, -1.0, 0.5])
    xs, starts, labels = [], [0], []
    for _ in range(300):
        n = int(rng.integers(2, 7))
        x = rng.normal(size=(n, 3, 3)).astype(np.float32)
        z = x @ w_true
        score = z[:, 0] - z[:, 1:].max(axis=1)
        xs.append(x)
        starts.append(starts[-1] + n)
        labels.append(int(np.argmax(score)))
    d = imitate.Decisions(np.concatenate(xs), np.array(starts), np.array(labels), np.arange(300))
    w = imitate.fit(d, l2=1e-6)
    assert imitate.agreement(w, d) > 0.95
    assert imitate.log_loss(w, d) < 0.5 * imitate.log_loss(np.zeros(3), d)
    assert len(d.take(d.game % 5 == 0)) == 60


def test_imitate_rejects_bad_input():
    with pytest.raises(SystemExit) as e:
        imitate.main(["--games", "2"])
    assert e.value.code == 2
    with pytest.raises(SystemExit) as e:
        imitate.main(["--teacher", "nope"])
    assert e.value.code == 2


def test_recording_is_seeded_and_sees_what_the_lookahead_sees(game):
    w = GA.WEIGHTS["value"]
    a = imitate.record(game, "heuristic:value", "heuristic:value", 2, 40, w)
    b = imitate.record(game, "heuristic:value", "heuristic:value", 2, 40, w)
    assert np.array_equal(a.x, b.x) and np.array_equal(a.label, b.label) and np.array_equal(a.start, b.start)
    assert a.x.shape[1:] == (3, len(GA.FEATURES)) and len(a) == len(a.start) - 1 == len(a.game)
    # the teacher is the lookahead on the same weights: only its own determinisation can make it differ
    assert imitate.agreement(w, a) > 0.9


@pytest.mark.parametrize("name, players", [("bruxelles1893", 3), ("bruxelles1897", 3), ("prestige", 3), ("lutece", 3),
                                           ("lutece", 4)])
def test_every_fitted_game_loads_its_weights_and_policy_plays_them(name, players):
    game = brux.load_game(name, players=players)
    stored = game.rules.agents.policy[players]
    features = game.rules.agents.features
    assert stored.shape == (len(features),) and np.isfinite(stored).all()
    assert np.array_equal(Agent(game, "policy", 0, game_seed=5).fp[S.FP_W:], stored)
    assert not np.array_equal(stored, game.rules.agents.weight_table(players)["value"])  # its own fit, not `value`
