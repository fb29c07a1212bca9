"""Applying one decision of a seat's sealed play (docs section 3). Handlers never run the round machinery
themselves: when the last seat has fixed its play they set the continuation C_NEXT (see `advance`)."""

from brux.core.jit import INLINE, JIT, njit

from . import codes as C
from . import layout as L
from .base import players, seat, set_pending
from .rounds import end_bid


@njit(**INLINE)
def opening_bribe(s, o):
    """Opening code of a round-1 play's coin bribes."""
    npick = s[o + L.S_NPICK]
    if npick == 0:
        return C.OPEN_NO_BID
    b1 = min(s[o + L.S_BRIBE], C.OPEN_BRIBE_MAX)
    if npick == 1:
        return C.OPEN_ONE + b1
    b2 = min(s[o + L.S_BRIBE + 1], C.OPEN_BRIBE_MAX)
    return C.OPEN_TWO + b1 * (C.OPEN_BRIBE_MAX + 1) + b2


@njit(**JIT)
def finish_play(s, p):
    """Seat p's play is fixed: the next seat plays, or (last seat) the reveal follows."""
    o = seat(p)
    s[o + L.S_COMMITTED] = 1
    if s[L.G_ROUND] == 1:
        s[o + L.S_OPEN + 1] = opening_bribe(s, o)
    s[L.C_STEP] = 0
    s[L.C_ACC] = 0
    if p + 1 < players(s):
        set_pending(s, p + 1, C.D_CARDS)
    else:
        s[L.C_NEXT] = C.NX_REVEAL


@njit(**JIT)
def after_bribes(s, p):
    s[L.C_STEP] = 0
    if s[seat(p) + L.S_NPICK] > 0:
        set_pending(s, p, C.D_LEGIONS)
    else:
        finish_play(s, p)


@njit(**INLINE)
def do_cards(s, p, code):
    o = seat(p)
    if s[L.G_ROUND] == 1:
        s[o + L.S_OPEN] = code
    n = 0
    inc = 0
    for h in (C.PAIR_U[code], C.PAIR_V[code]):
        if h == C.HAND_INCOME:
            inc += 1
        else:
            s[o + L.S_PICK + n] = h
            n += 1
    s[o + L.S_NPICK] = n
    s[o + L.S_INCOME] = inc
    s[L.C_STEP] = 0
    s[L.C_ACC] = 0
    if n > 0:
        set_pending(s, p, C.D_BRIBE)
    else:
        finish_play(s, p)


@njit(**JIT)
def do_bribe(s, p, a):
    if a == C.A_BRIBE_MORE:
        s[L.C_ACC] += C.BRIBE_STEP
        return
    o = seat(p)
    k = s[L.C_STEP]
    b = s[L.C_ACC] + a - C.A_BRIBE
    s[L.C_ACC] = 0
    s[o + L.S_BRIBE + k] = b
    s[o + L.S_COINS] -= b
    s[o + L.S_STAKE] += b
    if k + 1 < s[o + L.S_NPICK]:
        s[L.C_STEP] = k + 1
    else:
        after_bribes(s, p)


@njit(**JIT)
def do_legions(s, p, g):
    o = seat(p)
    k = s[L.C_STEP]
    s[o + L.S_LEG + k] = g
    if k + 1 < s[o + L.S_NPICK]:
        s[L.C_STEP] = k + 1
    else:
        finish_play(s, p)


@njit(**INLINE)
def step(s, a):
    """Apply legal action `a` of the pending decision."""
    p = s[L.G_CUR]
    d = s[L.G_PENDING]
    if d == C.D_CARDS:
        do_cards(s, p, a - C.A_CARDS)
    elif d == C.D_BRIBE:
        do_bribe(s, p, a)
    else:
        do_legions(s, p, a - C.A_LEGIONS)


@njit(**INLINE)
def advance(s):
    """Run the continuation a decision handler asked for (the reveal and the rest of the round)."""
    nxt = s[L.C_NEXT]
    s[L.C_NEXT] = C.NX_NONE
    if nxt == C.NX_REVEAL:
        end_bid(s)
