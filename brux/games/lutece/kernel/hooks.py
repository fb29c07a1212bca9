"""Lutèce's kernel hooks: what the game kit (`brux.core.kit`, `brux.agents.kit`) builds the batches, the ranking
and the searches from (docs/adding-a-game.md)."""

from brux.core.jit import TINY, njit

from ..agents import FEATURES, WEIGHTS, determinise, hide, same_turn, values
from . import codes as C
from . import layout as L
from .base import players as nplayers
from .base import seat
from .engine import apply, init
from .score import better

# The accessors below are inlined into their callers (TINY): no compile unit of their own.
STATE_SIZE = L.STATE_SIZE
N_ACTIONS = C.N_ACTIONS
N_SOURCES = L.N_SOURCES
N_OPENINGS = 2
MAX_PLAYERS = L.MAX_PLAYERS
OBS_SIZE = L.STATE_SIZE + 1  # observation: the state array with what the seat cannot see in canonical form, the seat


@njit(**TINY)
def player(s):
    """Seat whose decision is pending, -1 when the game is over."""
    return s[L.G_CUR]


@njit(**TINY)
def nlegal(s):
    return s[L.LEGAL_N]


@njit(**TINY)
def legal(s, i):
    return s[L.LEGAL + i]


@njit(**TINY)
def vp(s, p):
    return s[seat(p) + L.S_VP]


@njit(**TINY)
def source_vp(s, p, j):
    return s[seat(p) + L.S_SRC + j]


@njit(**TINY)
def opening(s, p, k):
    return s[seat(p) + L.S_OPEN + k]


@njit(**TINY)
def length(s):
    return s[L.G_DECISIONS]


@njit(cache=True)
def observe(s, p, out):
    """Seat p's observation into float32 `out` (OBS_SIZE): out[:STATE_SIZE] is the state (kernel/layout.py) with
    `hide(., p)` applied (what p cannot see in canonical form), out[STATE_SIZE] = p."""
    t = s.copy()
    hide(t, p)
    for i in range(L.STATE_SIZE):
        out[i] = t[i]
    out[L.STATE_SIZE] = p


__all__ = ["FEATURES", "MAX_PLAYERS", "N_ACTIONS", "N_OPENINGS", "N_SOURCES", "OBS_SIZE", "STATE_SIZE", "WEIGHTS",
           "apply", "better", "determinise", "hide", "init", "legal", "length", "nlegal", "nplayers", "observe",
           "opening", "player", "same_turn", "source_vp", "values", "vp"]
