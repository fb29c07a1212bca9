"""Construction payments (5.6.1): which (jokers, money units, wood, stone, iron) vectors pay a tile."""

from brux.core.jit import INLINE, JIT, njit

from . import codes as C
from . import layout as L
from .base import seat


@njit(**INLINE)
def covers(t, x):
    """Compass tile t pays a unit of x (0 wood, 1 stone, 2 iron, 3 money)."""
    if t == C.CT_ANY:
        return x < C.N_NOBLE
    if t == C.CT_MONEY:
        return x == C.PAY_MONEY
    if t == C.CT_BLANK:
        return False
    return t == x


@njit(**JIT)
def pay_ok(ta, tb, cost, j, m, w, st, i):
    """The vector pays `cost` units under needle tiles ta, tb (5.6.1): some split rA + rB + J = cost is legal."""
    if j + m + w + st + i != cost:
        return False
    a_only = 0
    b_only = 0
    for x in range(C.N_PAY_KINDS):
        k = m if x == C.PAY_MONEY else (w if x == C.WOOD else (st if x == C.STONE else i))
        if k == 0:
            continue
        ca = covers(ta, x)
        cb = covers(tb, x)
        if not ca and not cb:
            return False
        if ca and not cb:
            a_only += k
        elif cb and not ca:
            b_only += k
    for ra in range(cost - j + 1):
        rb = cost - j - ra
        if ta == C.CT_BLANK:
            if ra != 0:
                continue
        elif tb == C.CT_BLANK:
            if rb != 0:
                continue
        else:
            if (ra == 0) + (rb == 0) > j:
                continue
        if a_only <= ra and b_only <= rb:
            return True
    return False


@njit(**INLINE)
def needle_tiles(s):
    return s[L.COMP + s[L.NEEDLE]], s[L.COMP + s[L.NEEDLE + 1]]


@njit(**JIT)
def affordable(s, p, j, m, w, st, i):
    o = seat(p)
    return (j <= s[o + L.S_MAT + C.JOKER] and m * s[L.P_MONEY_UNIT] <= s[o + L.S_MONEY] and w <= s[o + L.S_MAT + C.WOOD]
            and st <= s[o + L.S_MAT + C.STONE] and i <= s[o + L.S_MAT + C.IRON])


@njit(**JIT)
def payable_jm(s, p, cost, j, m):
    """Some (w, s, i) completes jokers j and money units m to a legal payment seat p can afford."""
    ta, tb = needle_tiles(s)
    rest = cost - j - m
    for w in range(rest + 1):
        for st in range(rest - w + 1):
            i = rest - w - st
            if affordable(s, p, j, m, w, st, i) and pay_ok(ta, tb, cost, j, m, w, st, i):
                return True
    return False


@njit(**INLINE)
def split_ok(ta, tb, ra, rb, j):
    """5.6.1: rA units of TA, rB of TB and j jokers are a legal split."""
    if ta == C.CT_BLANK:
        return ra == 0
    if tb == C.CT_BLANK:
        return rb == 0
    return (ra == 0) + (rb == 0) <= j


@njit(**JIT)
def covered(ta, ra, tb, rb, w, st, i, mu):
    """Holdings (w, st, i cubes, mu money units) pay rA units of tile TA and rB of tile TB."""
    nw = 0
    ns = 0
    ni = 0
    nm = 0
    na = 0
    for k in range(C.N_NEEDLES):
        t = ta if k == 0 else tb
        r = ra if k == 0 else rb
        if r == 0:
            continue
        if t == C.CT_BLANK:
            return False
        if t == C.CT_ANY:
            na += r
        elif t == C.CT_MONEY:
            nm += r
        elif t == C.CT_WOOD:
            nw += r
        elif t == C.CT_STONE:
            ns += r
        else:
            ni += r
    if nw > w or ns > st or ni > i or nm > mu:
        return False
    return (w - nw) + (st - ns) + (i - ni) >= na


@njit(**JIT)
def row_payable(s, p, row):
    """Some legal payment of a tile of this row is covered by seat p's holdings (split enumeration, 5.6.1)."""
    cost = s[L.P_BUILD_COST + row]
    o = seat(p)
    w = s[o + L.S_MAT + C.WOOD]
    st = s[o + L.S_MAT + C.STONE]
    i = s[o + L.S_MAT + C.IRON]
    jk = s[o + L.S_MAT + C.JOKER]
    mu = s[o + L.S_MONEY] // s[L.P_MONEY_UNIT]
    if w + st + i + jk + mu < cost:
        return False
    ta, tb = needle_tiles(s)
    for ra in range(cost + 1):
        for rb in range(cost - ra + 1):
            j = cost - ra - rb
            if j <= jk and split_ok(ta, tb, ra, rb, j) and covered(ta, ra, tb, rb, w, st, i, mu):
                return True
    return False


@njit(**JIT)
def buildable_rows(s, p):
    """Bit mask of the rows seat p may build now (5.6 tile rule: bottom first, then middle or top)."""
    o = seat(p) + L.S_TILES
    if s[o] > 0:
        return 1 if row_payable(s, p, C.ROW_BOTTOM) else 0
    mask = 0
    for row in (C.ROW_MIDDLE, C.ROW_TOP):
        if s[o + row] > 0 and row_payable(s, p, row):
            mask |= 1 << row
    return mask
