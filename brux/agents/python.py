"""Python strategies in line-ups: a callable `policy(state, legal, rng) -> action` plays a seat next to the Numba
agents, with the same seeds and the same no-peeking guarantee.

A Python seat never sees the real state: at each decision it gets `state.resample(seat, u)`, a copy in which
everything it cannot see is re-drawn (the game's `determinise`), with `u` the next value of the seat's own stream
(seat p of the game with seed g uses stream `derive(g, 1 + p)`, as the Numba agents). `legal` is the list of legal
actions and `rng` a `random.Random(u)`. In a line-up, a Python seat is the callable itself, its import path
`"module:function"` or a file and a name in it, `"path/to/file.py:function"` (relative to the current folder).
Line-ups with a Python seat are played step by step in Python (the Numba seats through `decide_one` on their own
streams, so their decisions are the batch's for the same positions).
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import inspect
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from brux.core.rng import GOLDEN, MASK64, as_int64, derive_py, game_seed, mix_py
from brux.errors import IllegalActionError

from .kinds import NAMES

Policy = Callable[[Any, list[int], random.Random], int]


def is_python_entry(entry: Any) -> bool:
    """A line-up entry naming a Python strategy: a callable, or `module:function` whose module is not an agent."""
    if callable(entry):
        return True
    if not isinstance(entry, str) or ":" not in entry:
        return False
    module, _, func = entry.strip().rpartition(":")
    return module not in NAMES and func.isidentifier()


def load_policy(entry: Any) -> Policy:
    """The callable of a Python line-up entry; ValueError names an import path or file that does not resolve."""
    if callable(entry):
        return _checked(entry, repr(entry))
    module, _, func = entry.strip().rpartition(":")
    try:
        loaded = _module_from_file(module) if module.endswith(".py") else importlib.import_module(module)
        policy = getattr(loaded, func)
    except (ImportError, AttributeError, OSError, SyntaxError) as e:
        raise ValueError(f"agent {entry!r}: cannot import {func!r} from {module!r} ({e})") from None
    if not callable(policy):
        raise ValueError(f"agent {entry!r}: {module}.{func} is not callable")
    return _checked(policy, repr(entry))


def _module_from_file(path: str) -> ModuleType:
    """The module of Python file `path`, run once per process (later loads of the same file reuse it)."""
    file = Path(path).expanduser().resolve()
    name = "brux_strategy_" + hashlib.sha256(str(file).encode()).hexdigest()[:16]
    if name in sys.modules:
        return sys.modules[name]
    if not file.is_file():
        raise FileNotFoundError(f"no file {str(file)!r}")
    spec = importlib.util.spec_from_file_location(name, file)
    if spec is None or spec.loader is None:
        raise ImportError(f"{str(file)!r} is not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # before running it, as an import does (dataclasses and pickling look it up)
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


def _checked(policy: Any, name: str) -> Policy:
    """`policy` when it can be called as `policy(state, legal, rng)`; TypeError naming it otherwise."""
    try:
        signature = inspect.signature(policy)
    except (TypeError, ValueError):
        return policy  # no signature to check (some builtins): a wrong call fails at the first decision
    try:
        signature.bind(None, None, None)
    except TypeError:
        raise TypeError(f"agent {name}: not a strategy; a Python strategy is called as policy(state, legal, rng), "
                        f"and this one takes {signature}") from None
    return policy


def label(entry: Any) -> str:
    """The name of a Python line-up entry in results: its import path."""
    if isinstance(entry, str):
        return entry.strip()
    return f"{getattr(entry, '__module__', '?')}:{getattr(entry, '__qualname__', repr(entry))}"


class PythonAgent:
    """A Python strategy playing one seat of one game, drawing from the seat's stream (as `brux.agents.Agent`)."""

    def __init__(self, policy: Policy, seat: int, seed: int, name: str = "") -> None:
        self.policy, self.seat, self.name = policy, seat, name
        self.rng = np.array([as_int64(derive_py(int(seed), 1 + seat)), 0], np.int64)

    def choose(self, state: Any) -> int:
        self.rng[1] += 1
        u = mix_py(((int(self.rng[0]) & MASK64) + int(self.rng[1]) * GOLDEN) & MASK64) >> 1
        legal = state.legal_actions()
        action = self.policy(state.resample(self.seat, u), list(legal), random.Random(u))
        if isinstance(action, str):
            action = state.game.string_to_action(action)
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)) or int(action) not in legal:
            raise IllegalActionError(f"Python agent {self.name or self.policy!r} (seat {self.seat}) chose "
                                     f"{action!r}, not a legal action")
        return int(action)


def make_seat_agents(game: Any, entries: Sequence[Any], seed: int) -> list[Any]:
    """One agent per seat for the game with seed `seed`: PythonAgent for Python entries, brux.agents.Agent else."""
    from brux.agents import Agent

    return [PythonAgent(load_policy(e), p, seed, label(e)) if is_python_entry(e) else Agent(game, e, p, seed)
            for p, e in enumerate(entries)]


def play_python_lineup(game: Any, n_games: int, master_seed: int, first_index: int, entries: Sequence[Any]
                       ) -> dict[str, np.ndarray]:
    """The result arrays of `Game.play` (with `decisions`) for a line-up with Python seats, played step by step."""
    h = game.rules.hooks
    n, n_src, n_open = game.players, int(h.N_SOURCES), int(h.N_OPENINGS)
    out = {"seed": np.zeros(n_games, np.int64), "vp": np.zeros((n_games, n), np.int32),
           "rank": np.zeros((n_games, n), np.int8), "win_share": np.zeros((n_games, n), np.float64),
           "vp_by_source": np.zeros((n_games, n, n_src), np.int32),
           "opening": np.zeros((n_games, n, n_open), np.int16), "length": np.zeros(n_games, np.int32),
           "decisions": np.zeros((n_games, n), np.int32)}
    for g in range(n_games):
        seed = game_seed(master_seed, first_index + g)
        state = game.new_initial_state(seed)
        agents = make_seat_agents(game, entries, seed)
        while not state.is_terminal():
            p = state.current_player()
            out["decisions"][g, p] += 1
            state.game.rules.apply(state.array, agents[p].choose(state))
        out["seed"][g] = seed
        for r in state.result():
            p = r["seat"]
            out["vp"][g, p], out["rank"][g, p], out["win_share"][g, p] = r["vp"], r["rank"], r["win_share"]
            out["vp_by_source"][g, p] = list(r["vp_by_source"].values())
            out["opening"][g, p] = [h.opening(state.array, p, k) for k in range(n_open)]
        out["length"][g] = h.length(state.array)
    return out
