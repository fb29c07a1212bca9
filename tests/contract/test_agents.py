"""Agents of every game never peek: re-drawing what the seat to move cannot see leaves a decision unchanged."""

import random

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
