"""Set-up (3), resolution steps without decisions (6.2, 6.4, 6.5), end of turn (7.1), final scoring (7.3), ranking."""

from brux.core.jit import JIT, njit

from . import codes as C
from . import layout as L
from .base import chance, draw_coloured, players, seat, shuffle, theatre_draw, theatre_shift


@njit(**JIT)
def set_strip_types(s):
    for r in range(C.BOARD_ROWS):
        base = L.P_STRIPS + (s[L.STRIP + r] * C.STRIP_SIDES + s[L.SIDE + r]) * C.BOARD_COLS
        for c in range(C.BOARD_COLS):
            s[L.SP_TYPE + r * C.BOARD_COLS + c] = s[base + c]


@njit(**JIT)
def deal_bonus(s):
    for c in range(C.BOARD_COLS):
        s[L.BON_STRIP + c] = s[L.BON_DECK + s[L.BON_POS]]
        s[L.BON_POS] += 1


@njit(**JIT)
def setup(s):
    """Rule 3 (chance order: strips, sides, theatre, Stock Exchange, coloured, black, starting works,
    compass, bonus cards)."""
    n = players(s)
    for r in range(C.BOARD_ROWS):
        s[L.STRIP + r] = r
    shuffle(s, L.STRIP, C.BOARD_ROWS)
    for r in range(C.BOARD_ROWS):
        side = s[L.P_STRIP_SIDE]
        s[L.SIDE + r] = chance(s, C.STRIP_SIDES) if side == C.SIDE_RANDOM else side
    set_strip_types(s)
    for sp in range(C.N_SPACES):
        s[L.SP_OCC + sp] = C.EMPTY
        s[L.SP_BOWN + sp] = -1
    for p in range(n):
        o = seat(p)
        s[o + L.S_MONEY] = s[L.P_MONEY_BASE] + p * s[L.P_MONEY_STEP]
        s[o + L.S_SUPPLY] = s[L.P_START_SUPPLY]
        s[o + L.S_COURT] = s[L.P_START_COURT]
        for t in range(C.N_TRACKS):
            s[o + L.S_TRACK + t] = 1
        for row in range(C.N_TILE_ROWS):
            s[o + L.S_TILES + row] = C.TILES_PER_ROW
        s[o + L.S_FIG + C.PF_BRUGMANN] = C.FIG_UPRIGHT
        s[o + L.S_OPEN] = -1
        s[o + L.S_OPEN + 1] = -1
    s[L.G_EXH_BY] = -1
    s[L.CURSOR + C.CUR_ROW] = C.CURSOR_START
    s[L.CURSOR + C.CUR_COL] = C.CURSOR_START
    k = 0
    for f in range(C.N_FIGURES):
        for _ in range(s[L.P_PF_DECK + f]):
            s[L.TH_DECK + k] = f
            k += 1
    s[L.TH_DN] = k
    shuffle(s, L.TH_DECK, k)
    for i in range(C.TH_SLOTS):
        s[L.TH_DISP + i] = theatre_draw(s)
    s[L.IP_FIG] = -1
    for i in range(C.N_SE):
        s[L.SE_DECK + i] = i
    shuffle(s, L.SE_DECK, C.N_SE)
    for i in range(C.N_COLOURED):
        s[L.CST + i] = i // C.WORKS_PER_COLOUR
    s[L.CST_N] = C.N_COLOURED
    shuffle(s, L.CST, C.N_COLOURED)
    for i in range(C.N_BLACK):
        s[L.KST + i] = C.BLACK
    s[L.KST_N] = C.N_BLACK
    for p in range(n):
        w = draw_coloured(s)
        s[seat(p) + L.S_WORKS + w] += 1
    for i in range(C.COMPASS_TILES):
        s[L.COMP + i] = i
    shuffle(s, L.COMP, C.COMPASS_TILES)
    s[L.NEEDLE] = 0
    s[L.NEEDLE + 1] = C.NEEDLE_B_START
    for i in range(C.N_BONUS):
        s[L.BON_DECK + i] = i
    shuffle(s, L.BON_DECK, C.N_BONUS)
    deal_bonus(s)
    s[L.G_FIRST] = 0
    for x in range(C.N_NOBLE):
        s[L.SUP + x] = C.NOBLE_START
    s[L.SUP + C.JOKER] = C.JOKER_START
    s[L.AREA_SHIELD] = -1
    s[L.G_ROUND] = 1


@njit(**JIT)
def new_first_player(s):
    """6.2: most MP icons (cards taken this round, + EXHIBITION_MP for this round's tile); ties scanned clockwise
    from the left of the current first player, who is checked last."""
    n = players(s)
    first = s[L.G_FIRST]
    best = -1
    for p in range(n):
        v = s[seat(p) + L.S_MPC] + (s[L.P_EXH_MP] if s[L.G_EXH_BY] == p else 0)
        best = max(best, v)
    for k in range(1, n + 1):
        p = (first + k) % n
        v = s[seat(p) + L.S_MPC] + (s[L.P_EXH_MP] if s[L.G_EXH_BY] == p else 0)
        if v == best:
            s[L.G_FIRST] = p
            return


@njit(**JIT)
def score_shields(s):
    """6.4 with the neutral rule of 8.3."""
    n = players(s)
    for r in range(C.SHIELD_SIDE):
        for c in range(C.SHIELD_SIDE):
            full = True
            for p in range(n):
                s[L.SCR + p] = 0
            neutral = 0
            sp0 = r * C.BOARD_COLS + c
            for sp in (sp0, sp0 + 1, sp0 + C.BOARD_COLS, sp0 + C.BOARD_COLS + 1):
                q = s[L.SP_OCC + sp]
                if q == C.EMPTY:
                    full = False
                elif q >= C.NEUTRAL:
                    neutral += 1
                else:
                    s[L.SCR + q] += 1
            if not full:
                continue
            best = 0
            for p in range(n):
                best = max(best, s[L.SCR + p])
            if neutral > best or (neutral == best and s[L.P_NEUTRAL_TIE] == 1):
                continue
            for p in range(n):
                if s[L.SCR + p] == best:
                    v = s[L.P_CHV + s[seat(p) + L.S_TRACK + C.TR_CH] - 1]
                    s[seat(p) + L.S_VP] += v
                    s[seat(p) + L.S_SRC + C.V_SHIELDS] += v


@njit(**JIT)
def brussels_majority(s):
    """6.5: every seat with the most assistants on the Brussels actions (at least 1) sends one to the Courthouse."""
    n = players(s)
    for p in range(n):
        s[L.SCR + p] = 0
    for b in range(C.N_BRUSSELS):
        for i in range(s[L.BR_N + b]):
            s[L.SCR + s[L.BR_LIST + b * L.BR_CAP + i]] += 1
    best = 0
    for p in range(n):
        best = max(best, s[L.SCR + p])
    if best == 0:
        return
    for p in range(n):
        if s[L.SCR + p] != best:
            continue
        for b in range(C.N_BRUSSELS):
            base = L.BR_LIST + b * L.BR_CAP
            k = s[L.BR_N + b]
            last = -1
            for i in range(k):
                if s[base + i] == p:
                    last = i
            if last >= 0:
                for i in range(last, k - 1):
                    s[base + i] = s[base + i + 1]
                s[L.BR_N + b] = k - 1
                s[seat(p) + L.S_COURT] += 1
                break


@njit(**JIT)
def end_of_turn(s):
    """7.1, then the next round's counters."""
    n = players(s)
    for sp in range(C.N_SPACES):
        q = s[L.SP_OCC + sp]
        if 0 <= q < C.NEUTRAL:
            s[seat(q) + L.S_SUPPLY] += 1
        s[L.SP_OCC + sp] = C.EMPTY
        s[L.SP_BID + sp] = 0
    for b in range(C.N_BRUSSELS):
        for i in range(s[L.BR_N + b]):
            s[seat(s[L.BR_LIST + b * L.BR_CAP + i]) + L.S_SUPPLY] += 1
        s[L.BR_N + b] = 0
        s[L.BR_USES + b] = 0
    for p in range(n):
        o = seat(p)
        for f in range(C.N_FIGURES):
            if s[o + L.S_FIG + f] == C.FIG_TAPPED:
                s[o + L.S_FIG + f] = C.FIG_UPRIGHT
        s[o + L.S_PASSED] = 0
        s[o + L.S_MPC] = 0
        for k in range(C.PERSONAL_ROWS):
            s[o + L.S_TUCKED + k] = 0
    s[L.G_EXH_BY] = -1
    f0 = s[L.TH_DISP]
    if f0 >= 0:
        s[L.TH_DISC + s[L.TH_DISCN]] = f0
        s[L.TH_DISCN] += 1
        s[L.TH_DISP] = -1
    theatre_shift(s)
    for c in range(C.BOARD_COLS):
        if s[L.BON_STRIP + c] >= 0:
            s[L.BON_DISC] += 1
    deal_bonus(s)
    s[L.AREA_SHIELD] = -1
    s[L.G_ROUND] += 1


@njit(**JIT)
def final_scoring(s):
    """7.3.1 discards and penalties, then items 2-5."""
    n = players(s)
    for p in range(n):
        o = seat(p)
        for f in range(C.N_FIGURES):
            if s[o + L.S_FIG + f] > 0 and not (s[o + L.S_PAID] >> f) & 1:
                s[o + L.S_FIG + f] = 0
                if f > 0:
                    s[L.TH_DISC + s[L.TH_DISCN]] = f
                    s[L.TH_DISCN] += 1
                gain(s, p, C.V_UNPAID, -s[L.P_UNPAID_VP])
        built = (C.START_TILES - s[o + L.S_TILES + C.ROW_BOTTOM] - s[o + L.S_TILES + C.ROW_MIDDLE]
                 - s[o + L.S_TILES + C.ROW_TOP])
        gain(s, p, C.V_BUILDINGS, built * s[L.P_ARV + s[o + L.S_TRACK + C.TR_AR] - 1])
        works = 0
        for c in range(C.N_COLOURS):
            works += s[o + L.S_WORKS + c]
        figs = 0
        for f in range(C.N_FIGURES):
            figs += s[o + L.S_FIG + f] > 0
        free = max(0, s[L.P_TOTAL] - s[o + L.S_COURT] - s[L.P_ROW4_FREE])
        amounts = (s[o + L.S_MONEY] // s[L.P_ROW1_DIV], works, figs, free)
        for k in range(C.PERSONAL_ROWS):
            gain(s, p, C.V_ROW_MONEY + k, amounts[k] * multiplier(s, p, k))
        nobles = s[o + L.S_MAT + C.WOOD] + s[o + L.S_MAT + C.STONE] + s[o + L.S_MAT + C.IRON]
        gain(s, p, C.V_NOBLES, nobles * s[L.P_NOBLE_VP])
        if s[L.G_FIRST] == p:
            gain(s, p, C.V_MP, s[L.P_MP_VP])


@njit(**JIT)
def gain(s, p, src, v):
    o = seat(p)
    s[o + L.S_VP] += v
    s[o + L.S_SRC + src] += v


@njit(**JIT)
def multiplier(s, p, k):
    """m_k = 1 + VP symbols of the cards tucked under row k (6.3)."""
    o = seat(p)
    m = 1
    for i in range(s[o + L.S_ROWN + k]):
        m += s[L.P_BON + s[o + L.S_ROWS + k * C.ROW_CAP + i] * C.BONUS_FIELDS + C.BF_VP]
    return m
