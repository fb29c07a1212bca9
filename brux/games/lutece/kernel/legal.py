"""Legal actions of the pending decision, written in ascending order to the state's legal-action cache."""

from brux.core.jit import JIT, njit

from . import codes as C
from . import layout as L
from .base import seat


@njit(**JIT)
def compute_legal(s):
    """Fill the legal-action cache for the pending decision and return how many actions it holds."""
    p = s[L.G_CUR]
    d = s[L.G_PENDING]
    o = seat(p)
    n = 0
    if d == C.D_CARDS:
        n = s[L.P_NPAIRS]
        for i in range(n):
            s[L.LEGAL + i] = C.A_CARDS + s[L.P_PAIRS + i]
    elif d == C.D_BRIBE:
        acc = s[L.C_ACC]
        m = min(s[o + L.S_COINS], s[L.P_BRIBE_CAP]) - acc  # largest further bribe on this card
        top = min(m, C.BRIBE_STEP - 1)
        for b in range(top + 1):
            s[L.LEGAL + n] = C.A_BRIBE + b
            n += 1
        if m >= C.BRIBE_STEP:
            s[L.LEGAL + n] = C.A_BRIBE_MORE
            n += 1
    elif d == C.D_LEGIONS:
        left = s[o + L.S_LEGIONS]
        for j in range(s[L.C_STEP]):
            left -= s[o + L.S_LEG + j]
        for g in range(min(left, C.MAX_LEGIONS) + 1):
            s[L.LEGAL + n] = C.A_LEGIONS + g
            n += 1
    s[L.LEGAL_N] = n
    return n
