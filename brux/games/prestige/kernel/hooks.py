"""Prestige's kernel hooks: what the game kit (`brux.core.kit`, `brux.agents.kit`) builds the batches, the ranking
and the searches from (docs/adding-a-game.md)."""

from brux.core.jit import JIT, njit

from ..agents import FEATURES, WEIGHTS, determinise, hide, same_turn, values
from . import codes as C
from . import layout as L
from .base import better as _better
from .base import players, seat
from .engine import PLAYOUT_WORK
from .engine import apply as _apply
from .engine import init as _init
from .engine import play_out_random as _play_out_random

STATE_SIZE = L.STATE_SIZE
N_ACTIONS = C.N_ACTIONS
N_SOURCES = C.N_SOURCES
N_OPENINGS = C.N_OPENINGS
MAX_PLAYERS = C.MAX_PLAYERS
OBS_SIZE = L.STATE_SIZE + 1  # observation: the state array with what the seat cannot see in canonical form, the seat

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


@njit(cache=True)
def observe(s, p, out):
    """Seat p's observation into float32 `out` (OBS_SIZE): out[:STATE_SIZE] is the state (kernel/layout.py) with
    `hide(., p)` applied (what p cannot see in canonical form), out[STATE_SIZE] = p."""
    t = s.copy()
    hide(t, p)
    for i in range(L.STATE_SIZE):
        out[i] = t[i]
    out[L.STATE_SIZE] = p


__all__ = ["FEATURES", "MAX_PLAYERS", "N_ACTIONS", "N_OPENINGS", "N_SOURCES", "OBS_SIZE", "PLAYOUT_WORK", "STATE_SIZE",
           "WEIGHTS", "apply", "better", "determinise", "hide", "init", "legal", "length", "nlegal", "nplayers",
           "observe", "opening", "play_out_random", "player", "same_turn", "source_vp", "values", "vp"]
