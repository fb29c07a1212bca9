"""A game's cached agents' entry points, made from its hooks as `brux.core.entry` makes the random batch's."""

# ruff: noqa: F821 (the templates' globals are the ones `cached` gives them)

from __future__ import annotations

import types
from pathlib import Path

import numpy as np

from brux.core.entry import batch_arrays, cached, entry_points

from . import kit, policyfile, strongfile

POLICY_FILE = "policy.json"  # beside the game's code: the `policy` agent's fitted weights (brux.agents.imitate)

_made: dict[str, types.SimpleNamespace] = {}


def agent_entry_points(hooks: types.ModuleType) -> types.SimpleNamespace:
    """`play_batch`, `decide_one` and `after_features` of a game (made once per hooks module), cached with the agents'
    kit (`brux.agents.kit.build`) compiled in."""
    owner = hooks.__name__
    if owner not in _made:
        made = kit.build(hooks, entry_points(hooks).core)
        functions = {"_play_batch": made.play_batch, "_decide_one": made.decide_one,
                     "_after_features": made.after_features}
        kernel = cached(play_batch, owner, functions, nogil=True)
        work_size = entry_points(hooks).core.work_size

        def batch(params: np.ndarray, master_seed: int, first_index: int, n_games: int, kinds: np.ndarray,
                  iparams: np.ndarray, fparams: np.ndarray) -> tuple[np.ndarray, ...]:
            """The result arrays of games first_index.. of a run with agent (kinds[p], iparams[p], fparams[p]) in
            seat p: the random batch's, then the decisions taken by each seat."""
            s, arrays = batch_arrays(hooks, work_size, n_games, len(kinds))
            decisions = np.zeros((n_games, len(kinds)), np.int32)
            kernel(params, master_seed, first_index, kinds, iparams, fparams, s, *arrays, decisions)
            return (*arrays, decisions)

        _made[owner] = types.SimpleNamespace(
            play_batch=batch,
            decide_one=cached(decide_one, owner, functions),
            after_features=cached(after_features, owner, functions),
        )
    return _made[owner]


def game_agents(hooks: types.ModuleType, features: tuple[str, ...], weights: dict) -> kit.GameAgents:
    """The agents capability of a game (`Rules.agents`): its features and weights with its cached entry points, and
    the `policy` weights, their options and their measured strength stored in the game's folder (`POLICY_FILE`;
    none when it has no such file), and its lighter strong agent's record (`strongfile.STRONG_FILE`)."""
    made = agent_entry_points(hooks)
    folder = Path(hooks.__file__).parents[1]
    path = folder / POLICY_FILE
    return kit.GameAgents(features, weights, made.play_batch, made.decide_one, made.after_features,
                          policyfile.load(path, features), policyfile.load_strength(path),
                          policyfile.load_options(path), strongfile.load(folder / strongfile.STRONG_FILE))


# The templates: their globals are the game's agents' kit functions given to `cached`.


def play_batch(params, master_seed, first_index, kinds, iparams, fparams, s, seeds, vps, rk, share, src, opens,
               lengths, decisions):
    """The batch with one agent per seat (`brux.agents.kit.build`)."""
    _play_batch(params, master_seed, first_index, kinds, iparams, fparams, s, seeds, vps, rk, share, src, opens,
                lengths, decisions)


def decide_one(state, kind, ip, fp, rng):
    """A single decision of an agent (`brux.agents.kit.build`)."""
    return _decide_one(state, kind, ip, fp, rng)


def after_features(state, ip, fp, rng):
    """What the one-step lookahead sees of every legal action (`brux.agents.kit.build`)."""
    return _after_features(state, ip, fp, rng)
