"""Bruxelles 1893's agent ladder through the game kit: batch = step-by-step, random = play_random, and no peeking
at the stacks, decks or the chance stream."""

import random

import numpy as np
import pytest

import brux
from brux.agents import choose, make_agents
from brux.games.bruxelles1893 import agents as BA
from brux.games.bruxelles1893.testing import redraw_hidden


def test_the_ladder_is_offered():
    game = brux.load_game("bruxelles1893", players=3)
    assert game.agent_names() == ["random", "greedy", "heuristic:builder", "heuristic:merchant", "flatmc", "mcts",
                                  "vmcts"]
    assert all(w.shape == (len(BA.FEATURES),) for w in BA.WEIGHTS.values())


def test_batch_equals_step_by_step_and_random_equals_play_random():
    game = brux.load_game("bruxelles1893", players=3)
    lineup = ["greedy", "mcts:iters=10", "heuristic:builder"]
    out = game.play(2, master_seed=9, first_index=4, agents=lineup)
    for g in range(2):
        seed = int(out["seed"][g])
        state = game.new_initial_state(seed=seed)
        agents = make_agents(game, lineup, seed)
        while not state.is_terminal():
            a = agents[state.current_player()].choose(state)
            assert a in state.legal_actions()
            state.apply_action(a)
        assert [r["vp"] for r in state.result()] == out["vp"][g].tolist()
        assert len(state.history) == out["length"][g] == out["decisions"][g].sum()
    rand = game.play(30, master_seed=2, agents="random")
    ref = game.play_random(30, master_seed=2)
    assert all(np.array_equal(rand[k], ref[k]) for k in ref)


def _states(players, seed, k):
    state = brux.load_game("bruxelles1893", players=players).new_initial_state(seed=seed)
    rnd = random.Random(seed)
    out = []
    while not state.is_terminal():
        out.append(state.clone())
        state.apply_action(rnd.choice(state.legal_actions()))
    return out[:: max(1, len(out) // k)]


@pytest.mark.parametrize("spec", ["greedy", "heuristic:merchant", "flatmc:n=2", "mcts:iters=40"])
def test_no_peeking_at_stacks_decks_or_chance(spec):
    rnd = random.Random(3)
    for players in (2, 4):
        for state in _states(players, seed=10 + players, k=8):
            other = redraw_hidden(state, rnd)
            assert other.to_dict() == state.to_dict() and not np.array_equal(other.array, state.array)
            assert choose(other, spec, seed=77) == choose(state, spec, seed=77)


def test_the_hidden_information_matters():
    """Playing the same actions from a re-drawn position leads elsewhere (so the invariance above is not vacuous)."""
    rnd = random.Random(5)
    differs = 0
    for state in _states(3, seed=21, k=10):
        other = redraw_hidden(state, rnd)
        a, b = state.clone(), other
        for _ in range(30):
            if a.is_terminal():
                break
            action = rnd.choice(a.legal_actions())
            if action not in b.legal_actions():
                break
            a.apply_action(action)
            b.apply_action(action)
        differs += a.to_dict() != b.to_dict()
    assert differs >= 3
