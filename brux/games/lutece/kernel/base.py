"""Small kernel helpers shared by the rule modules: seats, card fields, chance draws."""

from brux.core.accessors import basics
from brux.core.jit import INLINE, njit

from . import codes as C
from . import layout as L

seat, players, chance, set_pending = basics(__name__, L)  # the kit's kernel helpers (brux.core.accessors)


@njit(**INLINE)
def withdraw_sealed_play(a, o, first_round):
    """Undo the sealed play in the seat block at offset o of `a` (a state, or an observation copying the seat
    blocks): the stake back to the coins, no picks, bribes, legions or income and, in round 1, no opening codes
    (they record the play). What other seats see of it."""
    a[o + L.S_COINS] += a[o + L.S_STAKE]
    a[o + L.S_STAKE] = 0
    a[o + L.S_NPICK] = 0
    a[o + L.S_INCOME] = 0
    for j in range(C.PLAY_CARDS):
        a[o + L.S_PICK + j] = -1
        a[o + L.S_BRIBE + j] = 0
        a[o + L.S_LEG + j] = 0
        if first_round:
            a[o + L.S_OPEN + j] = -1


@njit(**INLINE)
def card(s, c, field):
    """Field `field` (layout.CF_*) of card c."""
    return s[L.P_CARDS + c * L.CF_SIZE + field]


@njit(**INLINE)
def deck_left(s, d):
    return s[L.DECK_END + d] - s[L.DECK_POS + d]
