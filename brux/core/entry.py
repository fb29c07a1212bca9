"""A game's cached kernel entry points, made by the kit from its hooks: no game writes them.

Numba caches a function under its source file, qualified name and bytecode, and resolves the globals it calls
when it compiles. `cached(template, owner, functions)` gives each game its own copy of a template function below:
the same code, with the game's kit functions (`brux.core.kit.build`) as its globals, named after the game (so its
on-disk cache entry and its compiled symbol are the game's own, see brux.core.jit) and in the game's hooks module
(so compiles are reported per game). Each entry point is compiled and cached with everything it calls compiled in.
"""

# ruff: noqa: F821 (the templates' globals are the ones `cached` gives them)

from __future__ import annotations

import types
from collections.abc import Callable
from typing import Any

import numpy as np

from brux.core import kit
from brux.core.jit import njit_for

_made: dict[str, types.SimpleNamespace] = {}


def cached(template: Callable, owner: str, functions: dict[str, Any], **options: Any) -> Any:
    """`template`'s code as a cached Numba function of `owner` (a game's hooks module name) whose globals are
    `functions`."""
    scope = dict(functions, __name__=owner, __builtins__=__builtins__)
    fn = types.FunctionType(template.__code__, scope, template.__name__, template.__defaults__)
    fn.__qualname__ = template.__qualname__
    fn.__doc__ = template.__doc__
    return njit_for(owner, cache=True, **options)(fn)


def entry_points(hooks: types.ModuleType) -> types.SimpleNamespace:
    """The cached entry points of a game (made once per hooks module): `play_random_batch`, `legal_actions`,
    `state_step`, `vec_reset`, `vec_step`, `vec_random_actions`, and `core`, the kit (`brux.core.kit.build(hooks)`); and
    `random_batch`, the random batch with its arrays made (`batch_arrays`)."""
    owner = hooks.__name__
    if owner not in _made:
        core = kit.build(hooks)
        functions = {
            "_random_batch": core.play_random_batch,
            "_legal_actions": core.legal_actions,
            "_vec_reset": core.vec_reset,
            "_vec_step": core.vec_step,
            "_vec_random": core.vec_random_actions,
            "_init": hooks.init,
            "_apply": hooks.apply,
        }
        _made[owner] = types.SimpleNamespace(
            core=core,
            play_random_batch=cached(play_random_batch, owner, functions, nogil=True,
                                      scalar=hooks.PLAYOUT is not None and not hooks.PLAYOUT.vectorize),
            legal_actions=cached(legal_actions, owner, functions),
            state_step=cached(state_step, owner, functions),
            vec_reset=cached(vec_reset, owner, functions, nogil=True),
            vec_step=cached(vec_step, owner, functions, nogil=True),
            vec_random_actions=cached(vec_random_actions, owner, functions, nogil=True),
        )
        made = _made[owner]

        def random_batch(params: np.ndarray, players: int, master_seed: int, first_index: int,
                         n_games: int) -> tuple[np.ndarray, ...]:
            """The result arrays (`brux.core.kit.BATCH_KEYS`) of random games first_index.. of a run."""
            s, arrays = batch_arrays(hooks, core.work_size, n_games, players)
            made.play_random_batch(params, master_seed, first_index, s, *arrays)
            return arrays

        made.random_batch = random_batch
    return _made[owner]


def batch_arrays(hooks: types.ModuleType, work_size: int, n_games: int,
                 players: int) -> tuple[np.ndarray, tuple[np.ndarray, ...]]:
    """A batch's work array and zeroed result arrays (`brux.core.kit.result_arrays`), made here so that the kernels
    allocate nothing."""
    return np.zeros(work_size, np.int64), kit.result_arrays(n_games, players, hooks.N_SOURCES, hooks.N_OPENINGS)


# The templates: their globals are the game's kit functions given to `cached`.


def play_random_batch(params, master_seed, first_index, s, seeds, vps, rk, share, src, opens, lengths):
    """The random batch (`brux.core.kit.build`)."""
    _random_batch(params, master_seed, first_index, s, seeds, vps, rk, share, src, opens, lengths)


def legal_actions(s):
    """The legal actions of the pending decision, ascending."""
    return _legal_actions(s)


def state_step(s, params, seed, action):
    """The State API's moves, one entry point (the game's code optimised and compiled once): action < 0, a new game
    in s from `params` and `seed` (the game's `init`); else the action applied (its `apply`)."""
    if action < 0:
        _init(s, params, seed)
    else:
        _apply(s, action)


def vec_reset(params, master_seed, next_index, states, obs, masks, players):
    """Start a vector of games (`brux.core.vector`)."""
    _vec_reset(params, master_seed, next_index, states, obs, masks, players)


def vec_step(params, master_seed, next_index, states, actions, obs, masks, rewards, done, players):
    """One action in each game of a vector (`brux.core.vector`)."""
    return _vec_step(params, master_seed, next_index, states, actions, obs, masks, rewards, done, players)


def vec_random_actions(states, rng, actions):
    """A uniformly random legal action for each game of a vector."""
    _vec_random(states, rng, actions)
