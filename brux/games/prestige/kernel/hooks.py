"""Prestige's kernel hooks: what the game kit (`brux.core.kit`, `brux.agents.kit`) builds the batches, the ranking
and the searches from (docs/adding-a-game.md)."""

from numba import njit

from brux.core.jit import JIT

from ..agents import FEATURES, WEIGHTS, determinise, same_turn, values
from . import codes as C
from . import layout as L
from .base import better as _better
from .base import players, seat
from .engine import apply as _apply
from .engine import init as _init
from .engine import play_out_random as _play_out_random

STATE_SIZE = L.STATE_SIZE
N_ACTIONS = C.N_ACTIONS
N_SOURCES = C.N_SOURCES
N_OPENINGS = C.N_OPENINGS
MAX_PLAYERS = C.MAX_PLAYERS

@njit(**JIT)
def init(s, params, seed):
    _init(s, params, seed)


@njit(**JIT)
def apply(s, a):
    _apply(s, a)


@njit(**JIT)
def player(s):
    return s[L.G_CUR] if s[L.G_OVER] == 0 else -1


@njit(**JIT)
def nlegal(s):
    return s[L.LEGAL_N]


@njit(**JIT)
def legal(s, i):
    return s[L.LEGAL + i]


@njit(**JIT)
def nplayers(s):
    return players(s)


@njit(**JIT)
def vp(s, p):
    return s[seat(p) + L.S_VP]


@njit(**JIT)
def source_vp(s, p, j):
    return s[seat(p) + L.S_SRC + j]


@njit(**JIT)
def opening(s, p, k):
    return s[seat(p) + L.S_OPEN + k]


@njit(**JIT)
def length(s):
    return s[L.G_DECISIONS]


@njit(**JIT)
def better(s, p, q):
    return _better(s, p, q)


@njit(**JIT)
def play_out_random(s, rng_off):
    _play_out_random(s, rng_off)


__all__ = ["FEATURES", "MAX_PLAYERS", "N_ACTIONS", "N_OPENINGS", "N_SOURCES", "STATE_SIZE", "WEIGHTS", "apply",
           "better", "determinise", "init", "legal", "length", "nlegal", "nplayers", "opening", "play_out_random",
           "player", "same_turn", "source_vp", "values", "vp"]
