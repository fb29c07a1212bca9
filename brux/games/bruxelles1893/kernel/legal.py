"""Legal actions of the pending decision (docs/bruxelles1893.md sections 3-4), written ascending to the legal cache."""

from brux.core.jit import INLINE, JIT, njit

from . import codes as C
from . import layout as L
from .base import empty_space_exists, nobles_in_supply, seat, shop_blocks
from .build import affordable, buildable_rows, needle_tiles, pay_ok, payable_jm

SPACE_MASK = 31  # all-ones over the 25 board spaces: keeps a space index, tells the compiler it is not negative


@njit(**JIT)
def add(s, n, a):
    s[L.LEGAL + n] = a
    return n + 1


@njit(**INLINE)
def can_perform(s, p, t):
    """5.1: the effect of type t can be performed by seat p."""
    o = seat(p)
    if t == C.T_W:
        if s[L.CST_N] > 0:
            return True
        for k in range(C.N_PILES):
            for i in range(s[L.PILE_N + k] - 1):
                if s[L.PILE + k * L.PILE_CAP + i] != C.BLACK:
                    return True
        return False
    if t == C.T_S:
        for w in range(C.N_COLOURS):
            if s[o + L.S_WORKS + w] > 0 and not shop_blocks(s, w):
                return True
        return False
    if t == C.T_T:
        for i in range(C.TH_SLOTS):
            if s[L.TH_DISP + i] >= 0 and s[L.P_SLOT_COST + i] <= s[o + L.S_MONEY]:
                return True
        return False
    if t == C.T_M:
        return nobles_in_supply(s) > 0
    return buildable_rows(s, p) != 0 and empty_space_exists(s)


@njit(**INLINE)
def compute_legal(s):
    """Fill the legal-action cache for the pending decision; return how many actions it holds."""
    p = s[L.G_CUR]
    d = s[L.G_PENDING]
    o = seat(p)
    n = 0
    if d == C.D_SHIELD:
        a1 = s[L.P_SE_SHIELD + C.SHIELD_OPTIONS * s[L.SE_CARD]]
        a2 = s[L.P_SE_SHIELD + C.SHIELD_OPTIONS * s[L.SE_CARD] + 1]
        n = add(s, n, C.A_SHIELD + min(a1, a2))
        if a1 != a2:
            n = add(s, n, C.A_SHIELD + max(a1, a2))
    elif d == C.D_NEUTRAL or d == C.D_MAIN:
        an = d == C.D_NEUTRAL or (s[o + L.S_SUPPLY] >= 1 and s[o + L.S_MONEY] >= s[L.P_MIN_BID])
        base = C.A_NEUTRAL if d == C.D_NEUTRAL else C.A_AN
        if an and d == C.D_MAIN:
            # Without branches (which the board makes unpredictable): each space is written at n and kept by
            # advancing n; the slot after the last one kept is overwritten by the PASS action below.
            for r in range(s[L.AREA + C.AR_ROW0], s[L.AREA + C.AR_ROW1] + 1):
                for c in range(s[L.AREA + C.AR_COL0], s[L.AREA + C.AR_COL1] + 1):
                    sp = (r * C.BOARD_COLS + c) & SPACE_MASK
                    s[L.LEGAL + n] = base + sp
                    n += s[L.SP_OCC + sp] == C.EMPTY
        elif an:
            for r in range(s[L.AREA + C.AR_ROW0], s[L.AREA + C.AR_ROW1] + 1):
                for c in range(s[L.AREA + C.AR_COL0], s[L.AREA + C.AR_COL1] + 1):
                    sp = r * C.BOARD_COLS + c
                    if s[L.SP_OCC + sp] == C.EMPTY and s[L.SP_BOWN + sp] < 0:
                        n = add(s, n, base + sp)
        if d == C.D_MAIN:
            room = s[L.P_K] * s[o + L.S_SUPPLY]  # brussels_cost(s, b) <= supply, without a division
            for b in range(C.N_BRUSSELS):
                if s[L.BR_USES + b] < room:
                    n = add(s, n, C.A_BR + b)
            n = add(s, n, C.A_PASS)
    elif d == C.D_BID:
        for b in range(s[L.P_MIN_BID], min(s[o + L.S_MONEY], s[L.P_BID_CAP]) + 1):
            n = add(s, n, C.A_BID + b - 1)
    elif d == C.D_PERFORM:
        if can_perform(s, p, s[L.C_EFFECT]):
            n = add(s, n, C.A_PERFORM)
        n = add(s, n, C.A_SKIP)
    elif d == C.D_WKEEP:
        for w in range(C.N_COLOURED_KINDS):
            if s[L.IP_WORKS + w] > 0:
                n = add(s, n, C.A_KEEP + w)
    elif d == C.D_CURSOR:
        steps = s[L.C_PRE_SALE]
        for cr in range(C.CURSOR_MIN, C.CURSOR_MAX + 1):
            for cc in range(C.CURSOR_MIN, C.CURSOR_MAX + 1):
                if abs(cr - s[L.CURSOR + C.CUR_ROW]) + abs(cc - s[L.CURSOR + C.CUR_COL]) <= steps:
                    n = add(s, n, C.A_CURSOR + (cr - C.CURSOR_MIN) * C.CURSOR_SPAN + cc - C.CURSOR_MIN)
    elif d == C.D_SELL:
        for w in range(C.N_COLOURS):
            if s[o + L.S_WORKS + w] > 0 and not shop_blocks(s, w):
                n = add(s, n, C.A_SELL + w)
    elif d == C.D_PILE:
        n = add(s, n, C.A_PILE)
        n = add(s, n, C.A_PILE + 1)
    elif d == C.D_TSLOT:
        for i in range(C.TH_SLOTS):
            if s[L.TH_DISP + i] >= 0 and s[L.P_SLOT_COST + i] <= s[o + L.S_MONEY]:
                n = add(s, n, C.A_SLOT + i)
    elif d == C.D_TKEEP:
        if s[o + L.S_FIG + s[L.IP_FIG]] == 0:
            n = add(s, n, C.A_KEEPFIG)
        n = add(s, n, C.A_DISCFIG)
    elif d == C.D_MATERIALS:
        total = nobles_in_supply(s)
        for x in range(C.N_TAKES):
            ma = C.TAKE_A[x]
            mb = C.TAKE_B[x]
            if mb >= 0:
                pair = C.MATERIALS_TAKE
                if total >= pair and (s[L.SUP + ma] >= pair if ma == mb else s[L.SUP + ma] >= 1 and s[L.SUP + mb] >= 1):
                    n = add(s, n, C.A_TAKE + x)
            elif total == 1 and s[L.SUP + ma] == 1:
                n = add(s, n, C.A_TAKE + x)
    elif d == C.D_BTILE:
        mask = buildable_rows(s, p)
        for row in range(C.N_TILE_ROWS):
            if (mask >> row) & 1:
                n = add(s, n, C.A_TILE + row)
    elif d == C.D_BJOKERS:
        cost = s[L.P_BUILD_COST + s[L.C_TILE]]
        for j in range(cost + 1):
            for m in range(cost - j + 1):
                if payable_jm(s, p, cost, j, m):
                    n = add(s, n, C.A_PAYJM + j * C.PAY_BASE + m)
    elif d == C.D_BNOBLES:
        cost = s[L.P_BUILD_COST + s[L.C_TILE]]
        j = s[L.C_J]
        m = s[L.C_M]
        ta, tb = needle_tiles(s)
        rest = cost - j - m
        for w in range(rest + 1):
            for st in range(rest - w + 1):
                i = rest - w - st
                if affordable(s, p, j, m, w, st, i) and pay_ok(ta, tb, cost, j, m, w, st, i):
                    n = add(s, n, C.A_PAYWSI + (w * C.PAY_BASE + st) * C.PAY_BASE + i)
    elif d == C.D_NEEDLE:
        for k in range(C.N_NEEDLES):
            if (s[L.NEEDLE + k] + 1) % C.COMPASS_TILES != s[L.NEEDLE + 1 - k]:
                n = add(s, n, C.A_NEEDLE + k)
    elif d == C.D_PLACE:
        for sp in range(C.N_SPACES):
            if s[L.SP_OCC + sp] == C.EMPTY and s[L.SP_BOWN + sp] < 0:
                n = add(s, n, C.A_PLACE + sp)
    elif d == C.D_PARK:
        for t in range(C.N_TYPES):
            n = add(s, n, C.A_PARK + t)
    elif d == C.D_GPLAZA or d == C.D_SECFIG:
        for f in range(C.N_FIGURES):
            if s[o + L.S_FIG + f] == C.FIG_UPRIGHT:
                n = add(s, n, C.A_ACTIVATE + f)
        n = add(s, n, C.A_STOP)
    elif d == C.D_GAIN:
        for m in range(C.N_NOBLE):
            if s[L.SUP + m] > 0:
                n = add(s, n, C.A_GAIN + m)
    elif d == C.D_POWER:
        b = L.P_BON + s[L.C_CARD] * C.BONUS_FIELDS
        p1 = s[b + C.BF_POWER1]
        p2 = s[b + C.BF_POWER2]
        n = add(s, n, C.A_POWER + min(p1, p2))
        n = add(s, n, C.A_POWER + max(p1, p2))
    elif d == C.D_BONUS:
        n = add(s, n, C.A_USE)
        if s[L.P_BON + s[L.C_CARD] * C.BONUS_FIELDS + C.BF_VP] >= 1:
            for k in range(C.PERSONAL_ROWS):
                if s[o + L.S_TUCKED + k] == 0:
                    n = add(s, n, C.A_TUCK + k)
    elif d == C.D_PAYFIG:
        for f in range(C.N_FIGURES):
            if s[o + L.S_FIG + f] > 0 and not (s[o + L.S_PAID] >> f) & 1 and s[L.P_PF_COST + f] <= s[o + L.S_MONEY]:
                n = add(s, n, C.A_PAYFIG + f)
    s[L.LEGAL_N] = n
    return n

