"""The lookahead's `samples=k` option (greedy, heuristic, policy): k determinised copies of the state drawn from the
agent's own stream, every legal action evaluated on each, the evaluations summed as integers (micro-units) and the
first action with the largest sum taken; samples=1 (the default) is the plain one-step lookahead."""


import numpy as np
import pytest

import brux
from brux.agents import Agent, choose, encode, parse_spec
from brux.agents import search as S
from brux.agents.kinds import BY_NAME
from brux.games.bruxelles1897 import agents as GA

from . import stepwise


def random_states(name, players, seed, every):
    """States of a seeded uniformly random game of `name`, one every `every` decisions."""
    return stepwise.random_states(brux.load_game(name, players=players), seed, every)


def with_option(spec, item):
    return spec + ("," if ":" in spec else ":") + item


def lookahead_specs(game):
    """greedy, every heuristic persona, policy (the kinds that take `samples`)."""
    return [n for n in game.agent_names() if n.partition(":")[0] in ("greedy", "heuristic", "policy")]


def one_copy(game, spec):
    """The spec plays one copy when it does not say (a stored `policy` may play more: Lutèce's plays two)."""
    return Agent(game, spec, 0, game_seed=0).ip[S.IP_N] == 1


def scaled(v):
    """An evaluation in integer micro-units, clipped to +-1e12 (round half to even, as Python's round)."""
    return np.rint(np.clip(v, -1e12, 1e12) * 1e6).astype(np.int64)


def summed_scores(game, state, ip, fp, rng, k):
    """The lookahead's integer score of every legal action summed over k determinised copies, each drawn from `rng`
    by one call of the game's `after_features` (the features per legal action and seat on one copy)."""
    p = state.current_player()
    w = fp[S.FP_W:]
    total = np.zeros(len(state.legal_actions()), np.int64)
    for _ in range(k):
        z = game.rules.agents.after_features(state.array, ip, fp, rng) @ w  # (legal action, seat)
        v = z[:, p]
        if fp[S.FP_REL] != 0.0:
            v = v - np.delete(z, p, axis=1).max(axis=1)
        total += scaled(v)
    return total


# ---- parsing and codes ------------------------------------------------------------------------------------------

def test_samples_is_an_option_of_the_lookahead_kinds_only():
    assert [k.name for k in BY_NAME.values() if "samples" in k.by_name] == ["greedy", "heuristic", "policy"]
    for text in ("flatmc:samples=2", "mcts:samples=2", "vmcts:samples=2"):
        with pytest.raises(ValueError, match="unknown option 'samples'"):
            parse_spec(text)


@pytest.mark.parametrize("text, canonical", [
    ("greedy", "greedy"),
    ("greedy:samples=3", "greedy:samples=3"),
    ("greedy:samples=1", "greedy:samples=1"),
    ("greedy:eps=0.1,samples=4,rel=0", "greedy:rel=0,samples=4,eps=0.1"),
    ("heuristic:noble", "heuristic:noble"),
    ("heuristic:noble,samples=2,w_money=1", "heuristic:noble,samples=2,w_money=1"),
    ("policy:samples=10000", "policy:samples=10000"),
])
def test_samples_is_in_the_canonical_spec_only_when_given(text, canonical):
    assert str(parse_spec(text, GA.FEATURES, GA.PERSONAS)) == canonical


@pytest.mark.parametrize("text, message", [
    ("greedy:samples=0", "option samples='0' must be in 1..10000"),
    ("greedy:samples=10001", "option samples='10001' must be in 1..10000"),
    ("heuristic:builder,samples=-2", "option samples='-2' must be in 1..10000"),
    ("greedy:samples=abc", "option samples='abc' must be an integer"),
    ("policy:samples=2.5", "option samples='2.5' must be an integer"),
])
def test_bad_samples_are_refused_naming_the_option(text, message):
    with pytest.raises(ValueError, match=message.replace(".", r"\.")):
        parse_spec(text, GA.FEATURES, GA.PERSONAS)


def test_samples_goes_to_the_count_slot():
    game = brux.load_game("bruxelles1897", players=3)
    weights = game.rules.agents.weight_table(3)
    for spec in ("greedy", "heuristic:builder", "policy"):
        plain = encode(parse_spec(spec), GA.FEATURES, weights)
        one = encode(parse_spec(with_option(spec, "samples=1")), GA.FEATURES, weights)
        many = encode(parse_spec(with_option(spec, "samples=7")), GA.FEATURES, weights)
        assert plain[1][S.IP_N] == 1 and many[1][S.IP_N] == 7
        assert all(np.array_equal(a, b) for a, b in zip(plain, one, strict=True))
        assert plain[0] == many[0] and np.array_equal(plain[2], many[2])
        assert np.array_equal(np.delete(plain[1], S.IP_N), np.delete(many[1], S.IP_N))
    assert game.parse_agents("greedy:samples=2,random,heuristic:noble") == ("greedy:samples=2", "random",
                                                                              "heuristic:noble")


# ---- samples=1 is the plain lookahead -----------------------------------------------------------------------------

@pytest.mark.parametrize("name, players", [("bruxelles1893", 3), ("bruxelles1897", 3), ("lutece", 3),
                                           ("lutece", 4), ("prestige", 2)])
def test_samples_one_is_the_plain_lookahead(name, players):
    game = brux.load_game(name, players=players)
    specs = [spec for spec in lookahead_specs(game) if one_copy(game, spec)]
    assert len(specs) >= 3
    checked = 0
    for state in random_states(name, players, seed=31, every=5)[:30]:
        for spec in specs:
            assert choose(state, with_option(spec, "samples=1"), seed=5) == choose(state, spec, seed=5), spec
            checked += 1
    assert checked >= 75


@pytest.mark.parametrize("players", [3, 4])
def test_lutece_policy_plays_its_stored_two_copies(players):
    game = brux.load_game("lutece", players=players)
    assert not one_copy(game, "policy") and Agent(game, "policy", 0, game_seed=0).ip[S.IP_N] == 2
    states = random_states("lutece", players, seed=31, every=5)[:20]
    assert len(states) >= 10
    for state in states:
        assert choose(state, "policy", seed=5) == choose(state, "policy:samples=2", seed=5)
    assert any(choose(state, "policy", seed=5) != choose(state, "policy:samples=1", seed=5) for state in states)


@pytest.mark.parametrize("name", ["bruxelles1897", "lutece"])
def test_samples_one_is_the_argmax_on_one_copy(name):
    """The plain lookahead picks a best action on the one copy `after_features` draws with the same stream (the
    reference the k-sample test below extends)."""
    game = brux.load_game(name, players=3)
    checked = 0
    for state in random_states(name, 3, seed=12, every=4)[:30]:
        p = state.current_player()
        agent = Agent(game, "greedy", p, game_seed=8)
        rng = agent.rng.copy()
        score = summed_scores(game, state, agent.ip, agent.fp, rng, 1)
        a = agent.choose(state)
        assert np.array_equal(agent.rng, rng)  # the decision drew one copy, as after_features did
        assert score[state.legal_actions().index(a)] >= score.max() - 1
        checked += 1
    assert checked >= 15


# ---- samples=k: the argmax of the summed scores over k copies ----------------------------------------------------

@pytest.mark.parametrize("name, players, spec, k", [
    ("lutece", 3, "greedy", 3),
    ("lutece", 3, "heuristic:fortune", 2),
    ("lutece", 4, "policy", 3),
    ("lutece", 3, "greedy:finish=0,rel=0", 4),
    ("bruxelles1897", 3, "greedy", 3),
    ("bruxelles1897", 3, "heuristic:builder,rel=0", 3),
    ("bruxelles1893", 3, "greedy", 3),
    ("prestige", 3, "heuristic:landlord", 2),
])
def test_samples_k_is_the_argmax_of_the_summed_scores(name, players, spec, k):
    """Reproduced from `after_features` called k times on the agent's stream (nothing else in a lookahead draws from
    it) and the weights: the decision is the first legal action with the largest sum of scaled evaluations, and the
    agent's stream ends where the k draws leave it."""
    game = brux.load_game(name, players=players)
    decided = 0
    for i, state in enumerate(random_states(name, players, seed=20 + players, every=3)[:40]):
        p = state.current_player()
        agent = Agent(game, with_option(spec, f"samples={k}"), p, game_seed=100 + i)
        assert agent.ip[S.IP_N] == k
        rng = agent.rng.copy()
        score = summed_scores(game, state, agent.ip, agent.fp, rng, k)
        expected = state.legal_actions()[int(np.argmax(score))]
        assert agent.choose(state) == expected, (i, state.to_dict()["pending"])
        assert np.array_equal(agent.rng, rng)
        decided += 1
    assert decided >= 20


def test_samples_draw_different_copies_and_change_decisions():
    """In Lutèce the copies differ (the sealed plays of earlier seats and the decks are re-drawn), so a decision on
    k copies is not the decision on one: the test above is not the one-copy lookahead k times over."""
    game = brux.load_game("lutece", players=3)
    copies_differ = differs = checked = 0
    for state in random_states("lutece", 3, seed=44, every=2):
        p = state.current_player()
        if p == 0:
            continue
        agent = Agent(game, "greedy", p, game_seed=3)
        rng = agent.rng.copy()
        first = game.rules.agents.after_features(state.array, agent.ip, agent.fp, rng)
        second = game.rules.agents.after_features(state.array, agent.ip, agent.fp, rng)
        copies_differ += not np.array_equal(first, second)
        differs += choose(state, "greedy:samples=5", seed=3) != choose(state, "greedy", seed=3)
        checked += 1
    assert checked >= 20
    assert copies_differ >= 5
    assert differs >= 1


def test_samples_k_is_reproducible_and_the_batch_is_step_by_step_play():
    """A seed fixes a k-sample decision; the kernel batch reads samples from its codes, as step-by-step play does."""
    for state in random_states("lutece", 3, seed=9, every=5)[:10]:
        assert choose(state, "heuristic:majorities,samples=3", seed=4) == choose(state, "heuristic:majorities,"
                                                                                  "samples=3", seed=4)
    game = brux.load_game("lutece", players=3)
    lineup = ["greedy:samples=3", "heuristic:prestige,samples=2", "greedy"]
    res = game.play(2, master_seed=13, agents=lineup)
    again = game.play(2, master_seed=13, agents=lineup)
    assert all(np.array_equal(res[key], again[key]) for key in res)
    stepwise.assert_step_by_step_is_the_batch(game, lineup, res)
    plain = game.play(2, master_seed=13, agents=["greedy", "heuristic:prestige", "greedy"])
    assert np.array_equal(plain["seed"], res["seed"])  # the same deals: samples draw only from the agents' streams
