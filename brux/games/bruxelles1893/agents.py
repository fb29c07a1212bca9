"""Agents for Bruxelles 1893: evaluation features, persona weights and determinisation (docs/bruxelles1893.md,
section 10).

The generic search (random, one-step lookahead, flat Monte Carlo, MCTS) and the batch with agents are built by the
game kit (`brux.agents.kit`) from `kernel/hooks.py`, which exports the game-specific parts made here: `values` (a
weight vector over `FEATURES` per seat), `same_turn` and `determinise` (what a seat cannot see re-drawn
from its own stream).
"""

import numpy as np

from brux.core.hidden import hidden_views
from brux.core.jit import JIT, njit

from .kernel import codes as C
from .kernel import layout as L
from .kernel.base import seat

# hide: the coloured stack, the theatre deck, the undealt bonus cards and Stock Exchange cards in sorted order (their
# composition is public), the chance stream zeroed; determinise: the same re-dealt from the agent's stream (docs
# section 10), in this order, and the chance stream re-keyed. No seat sees them (layout.SCHEMA's runs).
hide, determinise = hidden_views(__name__, L.SCHEMA, order=("CST", "TH_DECK", "BON_DECK", "SE_DECK"))


FEATURES = ("vp", "money", "works", "figures", "tracks", "tiles_left", "nobles", "jokers", "supply", "courthouse",
            "columns", "exhibitions", "tucked")
_Z = (0.0, 0.0, 0.0)  # the personas do not weigh columns, exhibitions, tucked
WEIGHTS = {
    "greedy": np.array([1.0, 0.3, 0.8, 0.5, 1.5, -1.0, 0.6, 0.4, 0.3, -1.0, *_Z]),
    "builder": np.array([1.0, 0.2, 0.3, 0.3, 1.0, -3.0, 1.0, 0.8, 0.2, -0.5, *_Z]),
    "merchant": np.array([1.0, 0.5, 1.5, 0.3, 1.0, -0.5, 0.3, 0.2, 0.3, -0.5, *_Z]),
    # `value`: a conditional logit of the final win on the features, fitted to self-play positions
    # (`python -m brux.agents.fit`, docs/agents.md), scaled so that the win chance is a softmax of the values at
    # temperature 6, vmcts's default
    "value": np.array([0.52, 0.134, 2.72, -0.278, 1.02, -0.946, 0.322, 0.0542, -0.537, -1.97, 1.46, -0.169, 1.47]),
}


@njit(**JIT)
def _bids(s, q, col):
    """Seat q's total of bids in board column col (what decides the column's bonus card, rules 6.1)."""
    t = 0
    for r in range(5):
        sp = r * 5 + col
        if s[L.SP_OCC + sp] == q:
            t += s[L.SP_BID + sp]
    return t


@njit(**JIT)
def _column_leads(s):
    """The bonus cards each seat would take now (4 bits per seat): columns holding a card where the seat's bids are
    the strict maximum."""
    leads = 0
    for col in range(5):
        if s[L.BON_STRIP + col] < 0:
            continue
        best = 0
        who = -1
        for q in range(s[L.P_PLAYERS]):
            b = _bids(s, q, col)
            if b > best:
                best = b
                who = q
            elif b == best:
                who = -1  # a tie at the top (or no bid yet) takes nothing
        if who >= 0:
            leads += 1 << (4 * who)
    return leads


@njit(**JIT)
def values(s, w, out):
    """out[p] = w . features of seat p (FEATURES order)."""
    leads = _column_leads(s) if w[10] != 0.0 else 0
    for p in range(s[L.P_PLAYERS]):
        o = seat(p)
        works = 0
        for c in range(5):
            works += s[o + L.S_WORKS + c]
        figs = 0
        for f in range(C.N_FIGURES):
            figs += s[o + L.S_FIG + f] > 0
        tucked = 0
        for k in range(4):
            tucked += s[o + L.S_ROWN + k]
        f = (s[o + L.S_VP], s[o + L.S_MONEY], works, figs,
             s[o + L.S_TRACK] + s[o + L.S_TRACK + 1] + s[o + L.S_TRACK + 2],
             s[o + L.S_TILES] + s[o + L.S_TILES + 1] + s[o + L.S_TILES + 2],
             s[o + L.S_MAT] + s[o + L.S_MAT + 1] + s[o + L.S_MAT + 2], s[o + L.S_MAT + C.JOKER],
             s[o + L.S_SUPPLY], s[o + L.S_COURT],
             (leads >> (4 * p)) & 15, s[o + L.S_EXH], tucked)
        v = 0.0
        for k in range(13):
            v += w[k] * f[k]
        out[p] = v


def features(state: np.ndarray, seat_index: int) -> dict[str, float]:
    """The evaluation features of one seat (for notebooks, tests and `brux.agents.fit`): feature name -> value."""
    out = np.zeros(state[L.P_PLAYERS])
    names = {}
    for i, name in enumerate(FEATURES):
        w = np.zeros(len(FEATURES))
        w[i] = 1.0
        values(state, w, out)
        names[name] = float(out[seat_index])
    return names


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
