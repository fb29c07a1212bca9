"""Helpers of the agent tests: states of random games, and step-by-step play checked against the kernel batch."""

import random

from brux.agents import make_agents


def random_states(game, seed, every):
    """States of a seeded uniformly random game of `game`, one every `every` decisions."""
    state = game.new_initial_state(seed=seed)
    rnd = random.Random(seed)
    out = []
    k = 0
    while not state.is_terminal():
        if k % every == 0:
            out.append(state.clone())
        state.apply_action(rnd.choice(state.legal_actions()))
        k += 1
    return out


def assert_step_by_step_is_the_batch(game, lineup, res):
    """Each game of the batch result `res` replayed decision by decision with `make_agents` gives its VP and length."""
    for g in range(len(res["seed"])):
        seed = int(res["seed"][g])
        state = game.new_initial_state(seed=seed)
        agents = make_agents(game, lineup, seed)
        while not state.is_terminal():
            state.apply_action(agents[state.current_player()].choose(state))
        assert [r["vp"] for r in state.result()] == list(res["vp"][g])
        assert len(state.history) == res["length"][g]
