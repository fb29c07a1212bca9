"""Agents of every game never peek: re-drawing what the seat to move cannot see leaves a decision unchanged, and a
determinised copy is the same drawn from the state or from its hidden view."""

import random

import numpy as np

from brux.agents import choose


def test_agents_never_peek(case):
    if not case.agents:  # random only: nothing that could look
        assert case.game.agent_names() == ["random"]
        return
    rnd = random.Random(case.game.players)
    checked = 0
    for state in case.sample(10):
        other = case.testing.redraw_hidden(state, rnd)
        if other is None:
            continue
        assert other.to_dict() == state.to_dict()  # the same public information
        for spec in case.agents + ["greedy:answer=2"] * ("greedy" in case.agents):  # and the next seat's answer
            assert choose(other, spec, seed=123) == choose(state, spec, seed=123), (spec, state.to_dict()["pending"])
        checked += 1
    assert checked >= 5


def test_a_determinised_copy_depends_only_on_what_its_seat_sees(case):
    """determinise(hide(s, p), p) is determinise(s, p), bit for bit, at every state of a game and for every seat
    (the searches hide a state once and draw their many copies from that)."""
    hooks = case.game.rules.hooks
    for k, state in enumerate(case.states):
        for p in range(case.game.players):
            plain, hidden = state.array.copy(), state.array.copy()
            hooks.hide(hidden, p)
            rngs = np.array([k * 31 + p + 1, 0], np.int64), np.array([k * 31 + p + 1, 0], np.int64)
            hooks.determinise(plain, p, rngs[0], 0, 1)
            hooks.determinise(hidden, p, rngs[1], 0, 1)
            assert np.array_equal(plain, hidden), (k, p, np.nonzero(plain != hidden)[0])
            assert np.array_equal(rngs[0], rngs[1])
