"""The per-game kernel hooks the shared game kit builds on (constants and @njit functions over the state).

Required: STATE_SIZE, N_ACTIONS, N_SOURCES, N_OPENINGS, MAX_PLAYERS; init, apply, player, nlegal, legal, nplayers,
vp, source_vp, opening, length, better. Agents: determinise, values, same_turn, FEATURES, WEIGHTS. Optional:
play_out_random.
"""

import numpy as np
from numba import njit

from brux.core.jit import JIT, TINY
from brux.core.rng import next_u64, randbelow

from . import codes as C
from . import layout as L
from .base import seat
from .engine import apply, init, play_out_random
from .rounds import better

STATE_SIZE = L.STATE_SIZE
N_ACTIONS = C.N_ACTIONS
N_SOURCES = C.N_SOURCES
N_OPENINGS = C.N_OPENINGS
MAX_PLAYERS = L.MAX_PLAYERS

__all__ = ["FEATURES", "MAX_PLAYERS", "N_ACTIONS", "N_OPENINGS", "N_SOURCES", "STATE_SIZE", "WEIGHTS", "apply",
           "better", "determinise", "init", "legal", "length", "nlegal", "nplayers", "opening", "play_out_random",
           "player", "same_turn", "source_vp", "values", "vp"]


@njit(**TINY)
def player(s):
    return s[L.G_CUR] if s[L.G_OVER] == 0 else -1


@njit(**TINY)
def nlegal(s):
    return s[L.LEGAL_N]


@njit(**TINY)
def legal(s, i):
    return s[L.LEGAL + i]


@njit(**TINY)
def nplayers(s):
    return s[L.P_PLAYERS]


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


@njit(**JIT)
def _shuffle_agent(s, off, n, rng, ko, co):
    for i in range(n - 1, 0, -1):
        j = randbelow(rng, ko, co, i + 1)
        t = s[off + i]
        s[off + i] = s[off + j]
        s[off + j] = t


@njit(**JIT)
def determinise(s, rng, ko, co):
    """Resample what no seat can see (docs section 10): the coloured stack order, the theatre deck order, the
    undealt bonus cards and Stock Exchange cards; then re-key the chance stream from the agent's stream."""
    _shuffle_agent(s, L.CST, s[L.CST_N], rng, ko, co)
    _shuffle_agent(s, L.TH_DECK, s[L.TH_DN], rng, ko, co)
    _shuffle_agent(s, L.BON_DECK + s[L.BON_POS], C.N_BONUS - s[L.BON_POS], rng, ko, co)
    r = s[L.G_ROUND]
    _shuffle_agent(s, L.SE_DECK + r, C.N_SE - r, rng, ko, co)
    s[L.G_RNG_KEY] = np.int64(next_u64(rng, ko, co))
    s[L.G_RNG_CTR] = 0


FEATURES = ("vp", "money", "works", "figures", "tracks", "tiles_left", "nobles", "jokers", "supply", "courthouse")
WEIGHTS = {
    "greedy": np.array([1.0, 0.3, 0.8, 0.5, 1.5, -1.0, 0.6, 0.4, 0.3, -1.0]),
    "builder": np.array([1.0, 0.2, 0.3, 0.3, 1.0, -3.0, 1.0, 0.8, 0.2, -0.5]),
    "merchant": np.array([1.0, 0.5, 1.5, 0.3, 1.0, -0.5, 0.3, 0.2, 0.3, -0.5]),
}


@njit(**JIT)
def values(s, w, out):
    """out[p] = w . features of seat p (FEATURES order)."""
    for p in range(s[L.P_PLAYERS]):
        o = seat(p)
        works = 0
        for c in range(5):
            works += s[o + L.S_WORKS + c]
        figs = 0
        for f in range(C.N_FIGURES):
            figs += s[o + L.S_FIG + f] > 0
        f = (s[o + L.S_VP], s[o + L.S_MONEY], works, figs,
             s[o + L.S_TRACK] + s[o + L.S_TRACK + 1] + s[o + L.S_TRACK + 2],
             s[o + L.S_TILES] + s[o + L.S_TILES + 1] + s[o + L.S_TILES + 2],
             s[o + L.S_MAT] + s[o + L.S_MAT + 1] + s[o + L.S_MAT + 2], s[o + L.S_MAT + C.JOKER],
             s[o + L.S_SUPPLY], s[o + L.S_COURT])
        v = 0.0
        for k in range(10):
            v += w[k] * f[k]
        out[p] = v


@njit(**JIT)
def same_turn(s, p):
    """The pending decision continues seat p's turn: a sub-decision of its Action-phase turn, the power of a card
    it uses, or a further payment of its figures."""
    if s[L.G_OVER] or s[L.G_CUR] != p:
        return False
    d = s[L.G_PENDING]
    if d == C.D_POWER:
        return s[L.C_REASON] == 1
    if d == C.D_PAYFIG:
        return s[seat(p) + L.S_PAID] != 0
    if d in (C.D_SHIELD, C.D_NEUTRAL, C.D_MAIN, C.D_BONUS):
        return False
    return s[L.C_TURN] == p
