"""The flow machine: a stack of continuations run until a decision is pending, and the decision handlers.

`run(s)` pops continuations (codes.K_*) until one sets a pending decision (or the game ends); `step(s, a)` applies
an action to the pending decision and pushes what follows. Section numbers: docs/bruxelles1893.md.
"""

from brux.core.jit import INLINE, JIT, njit

from . import codes as C
from . import layout as L
from .base import (
    brussels_cost,
    bump,
    draw_black,
    draw_coloured,
    gain_vp,
    in_area,
    n_colours,
    n_works,
    nobles_in_supply,
    players,
    push,
    seat,
    set_pending,
    shuffle,
    theatre_shift,
    upright_count,
)
from .rounds import brussels_majority, end_of_turn, final_scoring, new_first_player, score_shields

# ---------------------------------------------------------------------------------------------------------------
# effects
# ---------------------------------------------------------------------------------------------------------------


@njit(**JIT)
def give_joker(s, p, k):
    k = min(k, s[L.SUP + C.JOKER])
    s[L.SUP + C.JOKER] -= k
    s[seat(p) + L.S_MAT + C.JOKER] += k


@njit(**JIT)
def activate(s, p, f, tap):
    """5.7: tap (a held card) and apply figure f's effect for seat p."""
    o = seat(p)
    if tap:
        s[o + L.S_FIG + f] = C.FIG_TAPPED
    if f == C.PF_BRUGMANN:
        s[o + L.S_MONEY] += C.BRUGMANN_MONEY
    elif f == C.PF_HORTA:
        bump(s, p, C.TR_AR, 1)
    elif f == C.PF_BULS:
        bump(s, p, C.TR_CH, 1)
    elif f == C.PF_LEOPOLD:
        bump(s, p, C.TR_RP, 1)
    elif f == C.PF_VANDERVELDE:
        if s[o + L.S_COURT] > 0:
            s[o + L.S_COURT] -= 1
            s[o + L.S_SUPPLY] += 1
    elif f == C.PF_HANKAR:
        push(s, C.K_JOKER, p, 0)
        if nobles_in_supply(s) > 0:
            s[L.C_SRC] = C.GAIN_PF5
            set_pending(s, p, C.D_GAIN)
    elif f == C.PF_VAN_DE_VELDE:
        w = draw_coloured(s)
        if w >= 0:
            s[o + L.S_WORKS + w] += 1
    else:
        s[o + L.S_MONEY] += C.SOLVAY_MONEY


@njit(**JIT)
def apply_power(s, p, pw):
    """A bonus card's power (2.5); a power that cannot apply is wasted (A30)."""
    if pw == C.PW_RP:
        bump(s, p, C.TR_RP, 1)
    elif pw == C.PW_CH:
        bump(s, p, C.TR_CH, 1)
    elif pw == C.PW_AR:
        bump(s, p, C.TR_AR, 1)
    else:
        o = seat(p)
        if s[o + L.S_COURT] > 0:
            s[o + L.S_COURT] -= 1
            s[o + L.S_SUPPLY] += 1


@njit(**JIT)
def start_effect(s, p, t):
    """Perform the effect of action type t (5.2-5.6) for seat p."""
    o = seat(p)
    if t == C.T_W:
        k = 1 + s[o + L.S_EXH] * s[L.P_EXH_DRAW]
        got = 0
        for _ in range(k):
            w = draw_coloured(s)
            if w >= 0:
                s[L.IP_WORKS + w] += 1
                got += 1
        if got > 0:
            set_pending(s, p, C.D_WKEEP)
    elif t == C.T_S:
        s[L.C_PRE_SALE] = n_works(s, p)
        set_pending(s, p, C.D_CURSOR)
    elif t == C.T_T:
        set_pending(s, p, C.D_TSLOT)
    elif t == C.T_M:
        set_pending(s, p, C.D_MATERIALS)
    else:
        set_pending(s, p, C.D_BTILE)


@njit(**JIT)
def do_pass(s, p):
    """5.10."""
    o = seat(p)
    s[o + L.S_PASSED] = 1
    k = n_colours(s, p)
    if s[L.G_EXH_BY] < 0:
        s[L.G_EXH_BY] = p
        s[o + L.S_EXH] += 1
        s[o + L.S_MONEY] += s[L.P_FIRST_PASS_BF] + k
    else:
        s[o + L.S_MONEY] += k


@njit(**JIT)
def to_pile(s, k, w):
    base = L.PILE + k * L.PILE_CAP
    s[base + s[L.PILE_N + k]] = w
    s[L.PILE_N + k] += 1
    s[L.IP_WORKS + w] -= 1


@njit(**JIT)
def next_turn(s, start):
    """MAIN for the first seat clockwise from `start` (a seat) that has not passed; resolution when all have
    passed."""
    n = players(s)
    for k in range(n):
        p = start + k  # start < n: the seat k places after it, without a division
        p -= n * (p >= n)
        if s[seat(p) + L.S_PASSED] == 0:
            s[L.C_TURN] = p
            s[L.C_ACTOR] = p
            set_pending(s, p, C.D_MAIN)
            return
    s[L.G_PHASE] = C.PH_RES
    push(s, C.K_COL, 0, 0)


@njit(**JIT)
def neutral_space_exists(s):
    for sp in range(C.N_SPACES):
        if in_area(s, sp) and s[L.SP_OCC + sp] == C.EMPTY and s[L.SP_BOWN + sp] < 0:
            return True
    return False


@njit(**JIT)
def set_area(s, sh):
    """2.6: the largest area of shield sh (0..15)."""
    r = sh // C.SHIELD_SIDE + 1
    c = sh % C.SHIELD_SIDE + 1
    s[L.AREA_SHIELD] = sh
    if r <= C.AREA_LOW:
        s[L.AREA + C.AR_ROW0] = r
        s[L.AREA + C.AR_ROW1] = C.BOARD_ROWS - 1
    else:
        s[L.AREA + C.AR_ROW0] = 0
        s[L.AREA + C.AR_ROW1] = r - 1
    if c <= C.AREA_LOW:
        s[L.AREA + C.AR_COL0] = c
        s[L.AREA + C.AR_COL1] = C.BOARD_COLS - 1
    else:
        s[L.AREA + C.AR_COL0] = 0
        s[L.AREA + C.AR_COL1] = c - 1


# ---------------------------------------------------------------------------------------------------------------
# continuations
# ---------------------------------------------------------------------------------------------------------------


@njit(**INLINE)
def cont(s, k, a, b):
    n = players(s)
    if k == C.K_ROUND:
        s[L.SE_CARD] = s[L.SE_DECK + s[L.G_ROUND] - 1]
        s[L.G_PHASE] = C.PH_SE
        set_pending(s, s[L.G_FIRST], C.D_SHIELD)
    elif k == C.K_NEUTRAL:
        if neutral_space_exists(s):
            s[L.G_PHASE] = C.PH_NEUTRAL
            set_pending(s, (s[L.G_FIRST] + a) % n, C.D_NEUTRAL)
    elif k == C.K_ACTIONS:
        s[L.G_PHASE] = C.PH_ACTIONS
        next_turn(s, s[L.G_FIRST])
    elif k == C.K_NEXT:
        nxt = s[L.C_TURN] + 1
        next_turn(s, nxt - n * (nxt >= n))
    elif k == C.K_SECONDARY:
        secondary(s, a, b)
    elif k == C.K_GP:
        if s[L.C_GP_LEFT] > 0 and upright_count(s, a) > 0:
            set_pending(s, a, C.D_GPLAZA)
    elif k == C.K_JOKER:
        give_joker(s, a, 1)
    elif k == C.K_TKEEP:
        set_pending(s, a, C.D_TKEEP)
    elif k == C.K_TSHIFT:
        theatre_shift(s)
    elif k == C.K_COL:
        column(s, a)
    elif k == C.K_DISCARD_COL:
        s[L.BON_STRIP + a] = -1
        s[L.BON_DISC] += 1
    elif k == C.K_POWER:
        o = L.P_BON + a * C.BONUS_FIELDS
        p = b // C.N_POWER_REASONS
        if s[o + C.BF_POWER2] >= 0:
            s[L.C_CARD] = a
            s[L.C_REASON] = b % C.N_POWER_REASONS
            set_pending(s, p, C.D_POWER)
        else:
            for _ in range(s[o + C.BF_TIMES]):
                apply_power(s, p, s[o + C.BF_POWER1])
    elif k == C.K_FIRST:
        new_first_player(s)
        push(s, C.K_SHIELDS, 0, 0)
        push(s, C.K_BONUS, 0, 0)
    elif k == C.K_BONUS:
        if a < n:
            p = (s[L.G_FIRST] + a) % n
            if s[seat(p) + L.S_BWN] == 0:
                push(s, C.K_BONUS, a + 1, 0)
            else:
                s[L.C_ORDER] = a
                s[L.C_CARD] = s[seat(p) + L.S_BW]
                set_pending(s, p, C.D_BONUS)
    elif k == C.K_POPBW:
        pop_won(s, a)
        s[L.BON_DISC] += 1
    elif k == C.K_SHIELDS:
        score_shields(s)
        brussels_majority(s)
        if s[L.G_ROUND] < s[L.P_ROUNDS]:
            end_of_turn(s)
            push(s, C.K_ROUND, 0, 0)
        else:
            push(s, C.K_FINAL, 0, 0)
    elif k == C.K_FINAL:
        s[L.G_PHASE] = C.PH_FINAL
        if a == n:
            push(s, C.K_FINAL_END, 0, 0)
        else:
            p = (s[L.G_FIRST] + a) % n
            push(s, C.K_FINAL, a + 1, 0)
            o = seat(p)
            owed = 0
            for f in range(C.N_FIGURES):
                if s[o + L.S_FIG + f] > 0:
                    owed += s[L.P_PF_COST + f]
            if owed <= s[o + L.S_MONEY]:
                s[o + L.S_MONEY] -= owed
                for f in range(C.N_FIGURES):
                    if s[o + L.S_FIG + f] > 0:
                        s[o + L.S_PAID] |= 1 << f
            else:
                push(s, C.K_PAYFIG, p, 0)
    elif k == C.K_PAYFIG:
        o = seat(a)
        for f in range(C.N_FIGURES):
            if s[o + L.S_FIG + f] > 0 and not (s[o + L.S_PAID] >> f) & 1 and s[L.P_PF_COST + f] <= s[o + L.S_MONEY]:
                set_pending(s, a, C.D_PAYFIG)
                break
    elif k == C.K_FINAL_END:
        final_scoring(s)
        s[L.G_OVER] = 1
        s[L.G_PHASE] = C.PH_OVER
        set_pending(s, -1, C.D_NONE)


@njit(**JIT)
def pop_won(s, p):
    """Remove the first card of seat p's bonus_won."""
    o = seat(p)
    k = s[o + L.S_BWN]
    for i in range(k - 1):
        s[o + L.S_BW + i] = s[o + L.S_BW + i + 1]
    s[o + L.S_BW + k - 1] = -1
    s[o + L.S_BWN] = k - 1


@njit(**INLINE)
def column(s, col):
    """6.1 for column col (0-based), then the next column or step 2."""
    n = players(s)
    if col == C.BOARD_COLS:
        push(s, C.K_FIRST, 0, 0)
        return
    push(s, C.K_COL, col + 1, 0)
    card = s[L.BON_STRIP + col]
    for p in range(n):
        s[L.SCR + p] = 0
    for r in range(C.BOARD_ROWS):
        sp = r * C.BOARD_COLS + col
        q = s[L.SP_OCC + sp]
        if 0 <= q < C.NEUTRAL:
            s[L.SCR + q] += s[L.SP_BID + sp]
    best = 0
    for p in range(n):
        best = max(best, s[L.SCR + p])
    if best == 0 or card < 0:
        return
    tied = 0
    for p in range(n):
        tied += s[L.SCR + p] == best
    first = s[L.G_FIRST]
    if tied == 1:
        for p in range(n):
            if s[L.SCR + p] == best:
                o = seat(p)
                s[o + L.S_BW + s[o + L.S_BWN]] = card
                s[o + L.S_BWN] += 1
                s[o + L.S_MPC] += s[L.P_BON + card * C.BONUS_FIELDS + C.BF_MP]
        s[L.BON_STRIP + col] = -1
        return
    push(s, C.K_DISCARD_COL, col, 0)
    for k in range(n - 1, -1, -1):  # pushed last first: applied in turn order from the first player
        p = (first + k) % n
        if s[L.SCR + p] == best:
            push(s, C.K_POWER, card, C.N_POWER_REASONS * p + C.POWER_TIE)


@njit(**JIT)
def secondary(s, sp, owner):
    """5.9 / 2.3: the building owner's secondary action for the type of space sp."""
    t = s[L.SP_TYPE + sp]
    o = seat(owner)
    if t == C.T_W:
        w = draw_black(s)
        if w >= 0:
            s[o + L.S_WORKS + w] += 1
    elif t == C.T_S:
        s[o + L.S_MONEY] += C.SALE_SECONDARY_MONEY
    elif t == C.T_T:
        if upright_count(s, owner) > 0:
            s[L.C_SPACE] = sp
            set_pending(s, owner, C.D_SECFIG)
    elif t == C.T_M:
        if nobles_in_supply(s) > 0:
            s[L.C_SRC] = C.GAIN_SECONDARY
            set_pending(s, owner, C.D_GAIN)
    else:
        give_joker(s, owner, 1)


@njit(**JIT)
def run(s):
    """Pop continuations until a decision is pending or the game is over."""
    while s[L.G_PENDING] == C.D_NONE and s[L.G_OVER] == 0 and s[L.STACK_N] > 0:
        s[L.STACK_N] -= 1
        i = L.STACK + C.K_FIELDS * s[L.STACK_N]
        cont(s, s[i + C.KF_CODE], s[i + C.KF_A], s[i + C.KF_B])


# ---------------------------------------------------------------------------------------------------------------
# decisions
# ---------------------------------------------------------------------------------------------------------------


@njit(**JIT)
def opening(s, p, code):
    o = seat(p)
    if s[L.G_ROUND] == 1 and s[o + L.S_NTURN] < C.N_OPENINGS:
        s[o + L.S_OPEN + s[o + L.S_NTURN]] = code
        s[o + L.S_NTURN] += 1


@njit(**INLINE)
def do_main(s, p, a):
    o = seat(p)
    if a == C.A_PASS:
        push(s, C.K_NEXT, 0, 0)
        opening(s, p, C.OP_PASS)
        do_pass(s, p)
    elif a < C.A_BR:
        sp = a - C.A_AN
        opening(s, p, s[L.SP_TYPE + sp])
        s[L.C_SPACE] = sp
        set_pending(s, p, C.D_BID)
    else:
        b = a - C.A_BR
        opening(s, p, C.OP_BR + b)
        push(s, C.K_NEXT, 0, 0)
        cost = brussels_cost(s, b)
        s[o + L.S_SUPPLY] -= cost
        base = L.BR_LIST + b * L.BR_CAP
        for _ in range(cost):
            s[base + s[L.BR_N + b]] = p
            s[L.BR_N + b] += 1
        s[L.BR_USES + b] += 1
        if b == C.BR_MARKET:
            give_joker(s, p, s[L.P_MARKET_JOKERS])
        elif b == C.BR_SE:
            s[o + L.S_MONEY] += s[L.P_SE_BF + s[L.SE_CARD]]
        elif b == C.BR_PARK:
            set_pending(s, p, C.D_PARK)
        else:
            s[L.C_GP_LEFT] = s[L.P_RPV + s[o + L.S_TRACK + C.TR_RP] - 1]
            push(s, C.K_GP, p, 0)


@njit(**JIT)
def do_build_pay(s, p):
    """BUILD_NOBLES applied: pay (cubes and jokers to the supply, money), then 5.6.2 VP."""
    o = seat(p)
    j = s[L.C_J]
    s[o + L.S_MAT + C.JOKER] -= j
    s[L.SUP + C.JOKER] += j
    s[o + L.S_MONEY] -= s[L.C_M] * s[L.P_MONEY_UNIT]
    if j == 0:
        gain_vp(s, p, C.V_NOJOKER, s[L.P_NO_JOKER_VP])
    if s[L.C_TILE] == C.ROW_TOP and s[L.P_TOP_ROW_BOARD] == 0:
        gain_vp(s, p, C.V_TOPROW, s[L.P_TOP_ROW_VP])


@njit(**INLINE)
def step(s, a):
    """Apply action a to the pending decision (legal, checked by the caller)."""
    p = s[L.G_CUR]
    d = s[L.G_PENDING]
    o = seat(p)
    s[L.G_PENDING] = C.D_NONE
    if d == C.D_SHIELD:
        set_area(s, a - C.A_SHIELD)
        push(s, C.K_ACTIONS, 0, 0)
        if s[L.P_NEUTRAL]:
            push(s, C.K_NEUTRAL, 1, 0)
            push(s, C.K_NEUTRAL, 0, 0)
    elif d == C.D_NEUTRAL:
        s[L.SP_OCC + a - C.A_NEUTRAL] = C.NEUTRAL + p
    elif d == C.D_MAIN:
        do_main(s, p, a)
    elif d == C.D_BID:
        sp = s[L.C_SPACE]
        b = a - C.A_BID + 1
        s[L.SP_OCC + sp] = p
        s[L.SP_BID + sp] = b
        s[o + L.S_MONEY] -= b
        s[o + L.S_SUPPLY] -= 1
        push(s, C.K_NEXT, 0, 0)
        owner = s[L.SP_BOWN + sp]
        if s[L.P_SECONDARY] and owner >= 0 and owner != p:
            push(s, C.K_SECONDARY, sp, owner)
        s[L.C_EFFECT] = s[L.SP_TYPE + sp]
        set_pending(s, p, C.D_PERFORM)
    elif d == C.D_PERFORM:
        if a == C.A_PERFORM:
            start_effect(s, p, s[L.C_EFFECT])
    elif d == C.D_PARK:
        s[L.C_SPACE] = -1
        s[L.C_EFFECT] = a - C.A_PARK
        set_pending(s, p, C.D_PERFORM)
    elif d == C.D_WKEEP:
        w = a - C.A_KEEP
        s[o + L.S_WORKS + w] += 1
        s[L.IP_WORKS + w] -= 1
        for c in range(C.N_COLOURED_KINDS):
            for _ in range(s[L.IP_WORKS + c]):
                s[L.CST + s[L.CST_N]] = c
                s[L.CST_N] += 1
            s[L.IP_WORKS + c] = 0
        shuffle(s, L.CST, s[L.CST_N])
    elif d == C.D_CURSOR:
        x = a - C.A_CURSOR
        s[L.CURSOR + C.CUR_ROW] = x // C.CURSOR_SPAN + C.CURSOR_MIN
        s[L.CURSOR + C.CUR_COL] = x % C.CURSOR_SPAN + C.CURSOR_MIN
        set_pending(s, p, C.D_SELL)
    elif d == C.D_SELL:
        w = a - C.A_SELL
        s[o + L.S_WORKS + w] -= 1
        r = s[L.CURSOR + C.CUR_ROW] + s[L.P_DOT + C.DOT_FIELDS * w + C.DOT_DR]
        c = s[L.CURSOR + C.CUR_COL] + s[L.P_DOT + C.DOT_FIELDS * w + C.DOT_DC]
        s[o + L.S_MONEY] += s[L.P_WMONEY + (r - 1) * C.WORKSHOP + c - 1]
        gain_vp(s, p, C.V_SALE, s[L.P_WVP + c - 1])
        s[L.IP_WORKS + w] += 1
        if s[L.PILE_N] == 0:
            to_pile(s, 0, w)
        elif s[L.PILE_N + 1] == 0:
            to_pile(s, 1, w)
        else:
            set_pending(s, p, C.D_PILE)
    elif d == C.D_PILE:
        for w in range(C.N_COLOURS):
            if s[L.IP_WORKS + w] > 0:
                to_pile(s, a - C.A_PILE, w)
                break
    elif d == C.D_TSLOT:
        i = a - C.A_SLOT
        s[o + L.S_MONEY] -= s[L.P_SLOT_COST + i]
        f = s[L.TH_DISP + i]
        s[L.TH_DISP + i] = -1
        s[L.IP_FIG] = f
        push(s, C.K_TSHIFT, 0, 0)
        push(s, C.K_TKEEP, p, 0)
        activate(s, p, f, False)
    elif d == C.D_TKEEP:
        f = s[L.IP_FIG]
        s[L.IP_FIG] = -1
        if a == C.A_KEEPFIG:
            s[o + L.S_FIG + f] = C.FIG_TAPPED
        else:
            s[L.TH_DISC + s[L.TH_DISCN]] = f
            s[L.TH_DISCN] += 1
    elif d == C.D_MATERIALS:
        x = a - C.A_TAKE
        for m in (C.TAKE_A[x], C.TAKE_B[x]):
            if m >= 0:
                s[L.SUP + m] -= 1
                s[o + L.S_MAT + m] += 1
    elif d == C.D_BTILE:
        s[L.C_TILE] = a - C.A_TILE
        set_pending(s, p, C.D_BJOKERS)
    elif d == C.D_BJOKERS:
        x = a - C.A_PAYJM
        s[L.C_J] = x // C.PAY_BASE
        s[L.C_M] = x % C.PAY_BASE
        set_pending(s, p, C.D_BNOBLES)
    elif d == C.D_BNOBLES:
        x = a - C.A_PAYWSI
        cubes = (x // (C.PAY_BASE * C.PAY_BASE), (x // C.PAY_BASE) % C.PAY_BASE, x % C.PAY_BASE)
        for m in range(C.N_NOBLE):
            s[o + L.S_MAT + m] -= cubes[m]
            s[L.SUP + m] += cubes[m]
        do_build_pay(s, p)
        set_pending(s, p, C.D_NEEDLE)
    elif d == C.D_NEEDLE:
        k = a - C.A_NEEDLE
        s[L.NEEDLE + k] = (s[L.NEEDLE + k] + 1) % C.COMPASS_TILES
        set_pending(s, p, C.D_PLACE)
    elif d == C.D_PLACE:
        sp = a - C.A_PLACE
        row = s[L.C_TILE]
        s[L.SP_BOWN + sp] = p
        s[L.SP_BTILE + sp] = row
        s[o + L.S_TILES + row] -= 1
        if row == C.ROW_TOP and s[L.P_TOP_ROW_BOARD] == 1 and sp < C.BOARD_COLS:
            gain_vp(s, p, C.V_TOPROW, s[L.P_TOP_ROW_VP])
    elif d == C.D_GPLAZA:
        if a != C.A_STOP:
            s[L.C_GP_LEFT] -= 1
            push(s, C.K_GP, p, 0)
            activate(s, p, a - C.A_ACTIVATE, True)
    elif d == C.D_SECFIG:
        if a != C.A_STOP:
            activate(s, p, a - C.A_ACTIVATE, True)
    elif d == C.D_GAIN:
        m = a - C.A_GAIN
        s[L.SUP + m] -= 1
        s[o + L.S_MAT + m] += 1
    elif d == C.D_POWER:
        apply_power(s, p, a - C.A_POWER)
    elif d == C.D_BONUS:
        card = s[o + L.S_BW]
        push(s, C.K_BONUS, s[L.C_ORDER], 0)
        if a == C.A_USE:
            push(s, C.K_POPBW, p, 0)
            push(s, C.K_POWER, card, C.N_POWER_REASONS * p + C.POWER_USE)
        else:
            k = a - C.A_TUCK
            pop_won(s, p)
            s[o + L.S_ROWS + k * C.ROW_CAP + s[o + L.S_ROWN + k]] = card
            s[o + L.S_ROWN + k] += 1
            s[o + L.S_TUCKED + k] = 1
    elif d == C.D_PAYFIG:
        f = a - C.A_PAYFIG
        s[o + L.S_MONEY] -= s[L.P_PF_COST + f]
        s[o + L.S_PAID] |= 1 << f
        push(s, C.K_PAYFIG, p, 0)
