"""Agents for Bruxelles 1897: evaluation features, persona weights and determinisation.

The generic search (random, one-step lookahead, flat Monte Carlo, MCTS) and the batch with agents are built by the
game kit (`brux.agents.kit`) from `kernel/hooks.py`, which exports the game-specific parts made here:

- `features`: a seat's evaluation features from the state array (VP so far and estimates of what the tableau and
  the position are worth at the end); an agent's evaluation is a weight vector over them (`WEIGHTS`).
- `determinise`: what a searching agent may not see is replaced by a sample from the agent's own stream: every deck
  (artwork, material, house, noble) is put in canonical order and shuffled, and the copy's chance stream is re-keyed.
  Deck composition is public (component totals minus everything visible; discard piles are face up).
"""

import numpy as np

from brux.core.hidden import hidden_views
from brux.core.jit import JIT, njit
from brux.core.phase_weights import last_twins, phase_weight

from .kernel import codes as C
from .kernel import layout as L
from .kernel.base import count, noble_upkeep, players, seat
from .kernel.majority import (
    FIELD_BITS,
    NEUTRAL_FIELD,
    area_majorities,
    brussels_winners,
    column_mask,
    field,
    space_value,
)
from .kernel.rounds import lower_half_vp

# ---------------------------------------------------------------------------------------------------------------
# Evaluation features (one value per seat; VP units where that makes sense)
# ---------------------------------------------------------------------------------------------------------------
BASE_FEATURES = (
    "vp",               # VP so far
    "house_vp",         # houses x architecture track (end scoring of the houses owned)
    "materials",        # material cards (1 VP each at the end, and the fuel for houses)
    "money",            # BEF
    "money_bonus",      # the money lower half if won: 3 VP per 2 BEF (after noble upkeep), at most 15
    "artworks",         # artwork cards
    "colours",          # different artwork colours (exhibitions, artwork-colour lower half)
    "nobles",           # kept nobles, Brugmann included (nobility lower half)
    "upkeep",           # minus the VP lost for nobles that could not be paid if the game ended now
    "house_types",      # different house types (house-type lower half)
    "arch_track",
    "noble_track",
    "prestige_track",
    "prison",           # architects in prison
    "hand",             # architects still in hand this round (turns left), 0 once passed
    "columns",          # VP value of the column bonuses led now (upper halves; in the last round + lower halves)
    "contested",        # the part of `columns` a seat not leading could still take with one architect this round
    "arms",             # VP of the complete coats of arms led now
    "exhibition",       # holds the exhibition card: its VP in the last round, else 1 (start player next round)
    "build_ready",      # 1 when the next house can be paid
    # 0 in the last round:
    "brussels",         # 1 when among the most architects in Brussels before the last round (one goes to prison)
    "arch_future",      # architecture track x rounds left after this one
    "prestige_future",  # prestige track x rounds left after this one
    "exhibit_future",   # artwork colours x rounds left after this one (exhibitions to come)
)
# `<feature>_last`: the feature in the last round, 0 before, for each feature the last round can hold (those before
# `brussels`). Its weight is added to the feature's in the last round, where what the end of the game scores differs
# from what a position is worth with rounds to come (money scores only through the lower halves, the tracks only
# through the houses and coats of arms they multiply, prison only in a tie-break).
LAST_ROUND_FEATURES = BASE_FEATURES[:BASE_FEATURES.index("brussels")]
FEATURES = BASE_FEATURES + last_twins(LAST_ROUND_FEATURES)
N_FEATURES = len(FEATURES)
F = {name: i for i, name in enumerate(FEATURES)}
# The index of each feature in a weight vector (module constants: the compiled evaluation reads them by name).
F_VP = F["vp"]
F_HOUSE_VP = F["house_vp"]
F_MATERIALS = F["materials"]
F_MONEY = F["money"]
F_MONEY_BONUS = F["money_bonus"]
F_ARTWORKS = F["artworks"]
F_COLOURS = F["colours"]
F_NOBLES = F["nobles"]
F_UPKEEP = F["upkeep"]
F_HOUSE_TYPES = F["house_types"]
F_ARCH_TRACK = F["arch_track"]
F_NOBLE_TRACK = F["noble_track"]
F_PRESTIGE_TRACK = F["prestige_track"]
F_PRISON = F["prison"]
F_HAND = F["hand"]
F_COLUMNS = F["columns"]
F_CONTESTED = F["contested"]
F_ARMS = F["arms"]
F_EXHIBITION = F["exhibition"]
F_BUILD_READY = F["build_ready"]
F_BRUSSELS = F["brussels"]
F_ARCH_FUTURE = F["arch_future"]
F_PRESTIGE_FUTURE = F["prestige_future"]
F_EXHIBIT_FUTURE = F["exhibit_future"]
LAST = len(BASE_FEATURES)  # F_X + LAST: the index of X_last (for X in LAST_ROUND_FEATURES)


def _weights(**w: float) -> np.ndarray:
    v = np.zeros(N_FEATURES)
    for name, x in w.items():
        v[F[name]] = x
    return v


# `greedy`: VP so far plus the end-game VP of the current tableau: houses, materials, noble upkeep, the exhibition
# card, exhibitions to come of the colours owned, and the lower halves at the chance of winning them (about one in
# three). No positional terms (turns left, majorities, Brussels, track futures).
_GREEDY = _weights(vp=1, house_vp=1, materials=1, money_bonus=0.33, colours=0.67, nobles=0.67, upkeep=1,
                   house_types=0.67, exhibition=1, exhibit_future=1)

# Personas add positional terms (turns left, column and coat-of-arms leads, Brussels risk, future track value).
# `balanced` holds the shared weights (tuned by self-play: one seat with a changed weight against two copies of the
# current weights, kept when it won clearly); the style personas tilt them towards a way of scoring.
_BASE = dict(vp=1, house_vp=1.2, materials=0.96, money=0.15, money_bonus=0.3, artworks=0.3, colours=0.3, nobles=0.9,
             upkeep=1, house_types=1.0, noble_track=0.3, prestige_track=0.5, prison=-0.5, hand=1.5, columns=0.9,
             arms=1.5, exhibition=1, brussels=-1.5, arch_future=0.72, prestige_future=0.75, exhibit_future=0.6,
             build_ready=2.0)
WEIGHTS = {
    "greedy": _GREEDY,
    "builder": _weights(**{**_BASE, "house_vp": 1.4, "materials": 1.5, "house_types": 1.4, "arch_future": 1.2,
                           "build_ready": 3.0, "colours": 0.2, "exhibit_future": 0.3, "arms": 1.0}),
    "collector": _weights(**{**_BASE, "artworks": 0.8, "colours": 1.2, "exhibit_future": 1.6, "prestige_future": 1.1,
                             "arms": 2.0, "materials": 0.7, "arch_future": 0.4, "build_ready": 1.0}),
    "noble": _weights(**{**_BASE, "nobles": 1.6, "noble_track": 1.0, "money": 0.3, "money_bonus": 0.6,
                         "upkeep": 1.3, "brussels": -0.7, "prison": -0.3, "house_vp": 1.0}),
    "balanced": _weights(**_BASE),
    # `value`: a conditional logit of the final win on the features, fitted to self-play positions
    # (`python -m brux.agents.fit`); VP units, the win chance is a softmax of the values at temperature about 6
    "value": _weights(vp=1, house_vp=0.714, materials=1.08, money=0.55, money_bonus=0.0318, artworks=0.202,
                      colours=1.27, nobles=0.598, upkeep=0.265, house_types=0.738, arch_track=0.698,
                      noble_track=0.704, prestige_track=2, prison=-2.28, hand=2.05, columns=0.72, arms=1.17,
                      exhibition=1.17, brussels=-1.93, arch_future=-0.422, prestige_future=0.869,
                      exhibit_future=0.49, build_ready=0.492),
}
PERSONAS = ("builder", "collector", "noble", "balanced")


@njit(**JIT)
def weight(w, f, last):
    """The weight of feature f (in LAST_ROUND_FEATURES): in the last round plus the weight of f's `_last`."""
    return phase_weight(w, f, last, LAST)


@njit(**JIT)
def best_face(s, q):
    """The highest face seat q can play now: of an architect type in hand, at most its BEF (0 if none)."""
    o = seat(q)
    money = s[o + L.S_MONEY]
    best = 0
    for t in range(C.N_ARCH_TYPES):
        if s[o + L.S_HAND + t] > 0:
            for f in range(C.N_FACES):
                face = s[L.P_FACES + C.N_FACES * t + f]
                if face <= money:
                    best = max(best, face)
    return best


@njit(**JIT)
def contested_columns(s):
    """Bit per column whose lead another seat could still take this round: a seat not among its leaders that has
    not passed, with one architect at the highest face it can pay on a space of the column that still holds an
    action card, would have more than the leaders (a tie would share the bonus)."""
    n = players(s)
    reach = 0  # bit per column: it has a free space
    for sp in range(s[L.P_ROWS] * L.COLS):
        if 0 <= s[L.A_KIND + sp] < C.SP_ARCHITECT:
            reach |= 1 << (sp % L.COLS)
    threat = 0  # a tally of the face each seat could still add (0 once passed); faces fit a field (majority.py)
    for q in range(n):
        if s[seat(q) + L.S_PASSED] == 0:
            threat += best_face(s, q) << (FIELD_BITS * q)
    out = 0
    for col in range(L.COLS):
        if not (reach >> col) & 1:
            continue
        tally = 0
        for r in range(s[L.P_ROWS]):
            tally += space_value(s, r * L.COLS + col)
        best = field(tally, NEUTRAL_FIELD)
        for q in range(n):
            best = max(best, field(tally, q))
        for q in range(n):
            mine = field(tally, q)
            if mine < best and mine + field(threat, q) > best:
                out |= 1 << col
                break
    return out


@njit(**JIT)
def shared_terms(s, w):
    """What every seat's evaluation reads alike, computed once per state: the column winners and coats of arms
    (`area_majorities`), the columns whose lead can still be taken (`contested_columns`) and the Brussels leaders
    (`brussels_winners`: only seats have architects there), each only when w weighs it and the game is not over."""
    on = s[L.G_OVER] == 0
    last = s[L.G_ROUND] >= s[L.P_ROUNDS]
    contest = weight(w, F_CONTESTED, last) != 0.0
    majorities = contest or weight(w, F_COLUMNS, last) != 0.0 or weight(w, F_ARMS, last) != 0.0
    columns, arms = area_majorities(s) if on and majorities else (0, 0)
    contested = contested_columns(s) if on and contest else 0
    leaders = brussels_winners(s) if on and not last and w[F_BRUSSELS] != 0.0 else 0
    return columns, arms, contested, leaders


@njit(**JIT)
def seat_value(s, p, w, columns, arms, contested, leaders):
    """w . features(s, p): the evaluation of seat p with weight vector w (see FEATURES); columns, arms, contested
    and leaders from `shared_terms(s, w)`."""
    o = seat(p)
    rl = max(s[L.P_ROUNDS] - s[L.G_ROUND], 0)
    last = rl == 0
    over = s[L.G_OVER] != 0
    money = s[o + L.S_MONEY]
    houses = count(s, o + L.S_HOUSE, C.N_HOUSE_TYPES)
    if s[L.C_HOUSE] >= 0 and s[L.G_PENDING] == C.D_BUILD and s[L.G_CUR] == p:
        houses += 1  # the house being paid for
    arch = s[o + L.S_TRACK + C.T_ARCHITECTURE]
    ntrack = s[o + L.S_TRACK + C.T_NOBLE]
    prest = s[o + L.S_TRACK + C.T_PRESTIGE]
    mats = count(s, o + L.S_MAT, C.N_PAIRS)
    prison = count(s, o + L.S_PRISON, C.N_ARCH_TYPES)
    kept, paid = noble_upkeep(s, p)  # as the end of the game would settle it now
    nobles = kept + (s[o + L.S_NOBLE + C.N_BRUGMANN] != C.NOBLE_NOT_KEPT)
    money_after = money - paid * s[L.P_UPKEEP]
    colours = 0
    arts = 0
    for c in range(C.N_COLOURS):
        colours += s[o + L.S_ART + c] > 0
        arts += s[o + L.S_ART + c]
    htypes = 0
    for k in range(C.N_HOUSE_TYPES):
        htypes += s[o + L.S_HOUSE + k] > 0
    v = weight(w, F_VP, last) * s[o + L.S_VP]
    if over:
        return v
    v += weight(w, F_HOUSE_VP, last) * houses * arch
    v += weight(w, F_MATERIALS, last) * mats
    v += weight(w, F_MONEY, last) * money
    v += weight(w, F_MONEY_BONUS, last) * s[L.P_MB_VP] * min(money_after // s[L.P_MB_PER], s[L.P_MB_CAP])
    v += weight(w, F_ARTWORKS, last) * arts
    v += weight(w, F_COLOURS, last) * colours
    v += weight(w, F_NOBLES, last) * nobles
    v -= weight(w, F_UPKEEP, last) * (kept - paid) * s[L.P_UNPAID_PENALTY]
    v += weight(w, F_HOUSE_TYPES, last) * htypes
    v += (weight(w, F_ARCH_TRACK, last) * arch + weight(w, F_NOBLE_TRACK, last) * ntrack
          + weight(w, F_PRESTIGE_TRACK, last) * prest)
    v += weight(w, F_PRISON, last) * prison
    if s[o + L.S_PASSED] == 0:
        v += weight(w, F_HAND, last) * count(s, o + L.S_HAND, C.N_ARCH_TYPES)
    tmax = s[L.P_TRACK_MAX]
    w_columns = weight(w, F_COLUMNS, last)
    w_contested = weight(w, F_CONTESTED, last)
    if w_columns != 0.0 or w_contested != 0.0:
        cols = 0.0
        open_cols = 0.0
        for col in range(L.COLS):
            if (column_mask(columns, col) >> p) & 1:
                b = s[L.BONUS + col]
                x = 0.0
                if b == C.BONUS_ARCHITECTURE:
                    x = (houses + rl) if arch < tmax else 0.0
                elif b == C.BONUS_PRESTIGE:
                    x = (rl + 1.0) if prest < tmax else 0.0
                elif b == C.BONUS_NOBILITY:
                    x = 0.5 if ntrack < tmax else 0.0
                elif prison > 0 and not last:
                    x = 2.0
                if last:
                    x += lower_half_vp(s, p, s[L.P_BONUS_LOWER + b], money_after)
                cols += x
                if (contested >> col) & 1:
                    open_cols += x
        v += w_columns * cols + w_contested * open_cols
    v += weight(w, F_ARMS, last) * field(arms, p) * prest
    if s[L.G_EXH_HOLDER] == p:
        v += weight(w, F_EXHIBITION, last) * (s[L.P_HOLDER_VP] if last else 1)
    if w[F_BRUSSELS] != 0.0 and not last and (leaders >> p) & 1:
        v += w[F_BRUSSELS]
    v += w[F_ARCH_FUTURE] * arch * rl + w[F_PRESTIGE_FUTURE] * prest * rl + w[F_EXHIBIT_FUTURE] * colours * rl
    if mats >= (houses + 2) // 2:  # the next house (houses + 1 symbols) can be paid
        v += weight(w, F_BUILD_READY, last)
    return v


# ---------------------------------------------------------------------------------------------------------------
# The game's functions handed to the generic search (through kernel/hooks.py)
# ---------------------------------------------------------------------------------------------------------------
@njit(**JIT)
def g_values(s, w, out):
    columns, arms, contested, leaders = shared_terms(s, w)
    for p in range(players(s)):
        out[p] = seat_value(s, p, w, columns, arms, contested, leaders)


@njit(**JIT)
def g_same_turn(s, p):
    """The pending decision continues seat p's turn (a sub-decision, not a new MAIN turn)."""
    return s[L.G_OVER] == 0 and s[L.G_CUR] == p and s[L.G_PENDING] != C.D_MAIN


# hide: every deck in its canonical (sorted) order (its composition is public), the chance stream zeroed;
# determinise: every deck re-dealt from the agent's stream and the copy's chance stream re-keyed, so reshuffles and
# future areas cannot follow the real game's. Every seat sees the same (layout.SCHEMA's runs).
hide, determinise = hidden_views(__name__, L.SCHEMA)


def features(state: np.ndarray, seat_index: int) -> dict[str, float]:
    """The evaluation features of one seat (for notebooks and tests): feature name -> value."""
    out = {}
    for i, name in enumerate(FEATURES):
        w = np.zeros(N_FEATURES)
        w[i] = 1.0
        out[name] = float(seat_value(state, seat_index, w, *shared_terms(state, w)))
    return out


__all__ = ["FEATURES", "PERSONAS", "WEIGHTS", "determinise", "features", "hide", "g_same_turn", "g_values"]
