"""Prestige agents' part of the game kit (docs/adding-a-game.md step 6): evaluation features and weights, the
seat's value of a position, which decisions continue a turn, and the re-draw of what a seat cannot see."""

import numpy as np

from brux.core.cards import resample_run, sort_run
from brux.core.hidden import hidden_views
from brux.core.jit import JIT, njit
from brux.core.phase_weights import last_twins, phase_weight

from .kernel import codes as C
from .kernel import layout as L
from .kernel.base import players, score, seat
from .kernel.flow import AFTER_LAND

BASE_FEATURES = ("vp", "outer", "inner", "goods_value", "income_steps", "supply_workers", "experience", "craftsmen")
# `<feature>_last`: the feature in the last year, 0 before; its weight is added to the feature's there, where what
# the end of the game scores differs from what a position is worth with years to come (income steps, workers and
# experience pay only in the seasons still to be played).
FEATURES = BASE_FEATURES + last_twins(BASE_FEATURES)
LAST = len(BASE_FEATURES)  # the index of feature i's `_last` twin is i + LAST


def _weights(*base: float) -> np.ndarray:
    """A weight vector over FEATURES: `base` over BASE_FEATURES, no `_last` weights."""
    return np.array([*base, *[0.0] * LAST])


WEIGHTS = {
    # VP now counts gold at 1/gold_per_pp, so alone it never invests: income steps, craftsmen and goods are what
    # later seasons turn into building PP.
    "greedy": _weights(1.0, 0.0, 0.0, 0.2, 1.5, 0.1, 0.2, 0.5),
    "builder": _weights(1.0, 0.3, 0.0, 0.1, 0.5, 0.2, 0.3, 0.5),
    "decorator": _weights(1.0, 0.0, 0.3, 0.1, 0.5, 0.2, 0.0, 1.0),
    "landlord": _weights(1.0, 0.0, 0.0, 0.2, 2.0, 0.1, 0.0, 0.2),
    # `value`: a conditional logit of the final win on the features, fitted to self-play positions
    # (`python -m brux.agents.fit`, docs/agents.md), scaled so that the win chance is a softmax of the values at
    # temperature 6, vmcts's default
    "value": _weights(0.384, 1.52, 0.671, 1.42, 6.18, 0.316, 5.06, 1.37),
}


@njit(**JIT)
def _redeal(s, rng, ko, co, shuffle):
    """Gather what no seat can see (face-down event cards; face-down dark tiles), put each group in canonical order
    and, if `shuffle`, shuffle it from the stream; deal it back. The scratch area is left zeroed."""
    scratch = L.LEGAL + L.LEGAL_CAP - 16  # the legal cache's tail is unused while a decision is pending
    ss_left = s[L.EV_SS_N] - s[L.EV_SS_POS]
    aw_left = s[L.EV_AW_N] - s[L.EV_AW_POS]
    if s[L.P_FIRST_GAME]:
        sort_run(s, L.EV_SS + s[L.EV_SS_POS], ss_left)
        sort_run(s, L.EV_AW + s[L.EV_AW_POS], aw_left)
        if shuffle:
            resample_run(s, L.EV_SS + s[L.EV_SS_POS], ss_left, rng, ko, co)
            resample_run(s, L.EV_AW + s[L.EV_AW_POS], aw_left, rng, ko, co)
    else:
        k = 0
        for i in range(ss_left):
            s[scratch + k] = s[L.EV_SS + s[L.EV_SS_POS] + i]
            k += 1
        for i in range(aw_left):
            s[scratch + k] = s[L.EV_AW + s[L.EV_AW_POS] + i]
            k += 1
        for i in range(2):
            s[scratch + k] = s[L.EV_OUT + i]
            k += 1
        if shuffle:
            resample_run(s, scratch, k, rng, ko, co)
        else:
            sort_run(s, scratch, k)
        k = 0
        for i in range(ss_left):
            s[L.EV_SS + s[L.EV_SS_POS] + i] = s[scratch + k]
            k += 1
        for i in range(aw_left):
            s[L.EV_AW + s[L.EV_AW_POS] + i] = s[scratch + k]
            k += 1
        for i in range(2):
            s[L.EV_OUT + i] = s[scratch + k]
            k += 1
    k = 0
    for c in range(C.N_COLS):
        if not s[L.DREV + c]:
            s[scratch + k] = s[L.DB + c]
            k += 1
    for d in range(10, 20):  # dark tiles in no column are unseen too
        used = False
        for c in range(C.N_COLS):
            if s[L.DB + c] == d:
                used = True
        if not used:
            s[scratch + k] = d
            k += 1
    if shuffle:
        resample_run(s, scratch, k, rng, ko, co)
    else:
        sort_run(s, scratch, k)
    k = 0
    for c in range(C.N_COLS):
        if not s[L.DREV + c]:
            s[L.DB + c] = s[scratch + k]
            k += 1
    for i in range(16):
        s[scratch + i] = 0


@njit(**JIT)
def _canonical(s, me):
    """The face-down event cards and dark tiles in sorted order (no shuffle: no stream is read)."""
    _redeal(s, s, 0, 0, False)


@njit(**JIT)
def _redeal_from(s, me, rng, ko, co):
    """The face-down event cards and dark tiles re-dealt from the agent's stream."""
    _redeal(s, rng, ko, co, True)


# hide: the face-down event cards (per stack for the first-game set-up, else together with the two out of the game)
# and the face-down dark tiles (the smallest of those unseen in the unrevealed columns) in sorted order, the chance
# stream zeroed; determinise: the same re-dealt from the agent's stream, the chance stream re-keyed. No seat sees
# them, so `me` is unused; the kit adds the stream (brux.core.hidden).
hide, determinise = hidden_views(__name__, L.SCHEMA, own_hide=_canonical, own_determinise=_redeal_from)


@njit(**JIT)
def same_turn(s, p):
    """The pending decision continues seat p's turn (a chain decision after its placement)."""
    if s[L.G_OVER] or s[L.G_CUR] != p:
        return False
    d = s[L.G_PENDING]
    if d == C.D_YELLOW:
        return s[L.C_YAFTER] == AFTER_LAND and s[L.G_PHASE] == C.PH_TURNS
    return d >= C.D_START and d <= C.D_PLANT


@njit(**JIT)
def values(s, w, out):
    """out[p] = w . features of seat p (FEATURES order); the score is the current one (section 8.4 formula). In the
    last year every feature also counts at the weight of its `_last` twin."""
    last = s[L.G_ROUND] > C.ROUNDS - C.N_SEASONS
    for p in range(players(s)):
        score(s, p)
        o = seat(p)
        st = o + L.S_STOCK
        goods = s[st] + 3 * s[st + C.MARBLE] + 2 * s[st + C.GLASS] + s[st + C.WOOD] + s[st + C.LIME]
        inc = s[o + L.S_INC] + s[o + L.S_INC + 1] + s[o + L.S_INC + 2] + s[o + L.S_INC + 3]
        crafts = 0
        for j in range(5):
            crafts += s[o + L.S_CRAFT + j]
        f0 = s[o + L.S_VP]
        out[p] = (phase_weight(w, 0, last, LAST) * f0 + phase_weight(w, 1, last, LAST) * s[o + L.S_OUTER]
                  + phase_weight(w, 2, last, LAST) * s[o + L.S_INNER] + phase_weight(w, 3, last, LAST) * goods / 4.0
                  + phase_weight(w, 4, last, LAST) * inc + phase_weight(w, 5, last, LAST) * s[o + L.S_SUPPLY]
                  + phase_weight(w, 6, last, LAST) * s[o + L.S_EXP] + phase_weight(w, 7, last, LAST) * crafts)


def features(state: np.ndarray, seat_index: int) -> dict[str, float]:
    """The evaluation features of one seat (for notebooks, tests and `brux.agents.fit`): feature name -> value."""
    out = np.zeros(players(state))
    names = {}
    for i, name in enumerate(FEATURES):
        w = np.zeros(len(FEATURES))
        w[i] = 1.0
        values(state.copy(), w, out)
        names[name] = float(out[seat_index])
    return names


__all__ = ["FEATURES", "WEIGHTS", "determinise", "features", "hide", "same_turn", "values"]
