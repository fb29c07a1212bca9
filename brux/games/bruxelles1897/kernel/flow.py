"""Applying one decision: the action phase, its sub-decisions and what follows each (docs section 3).

Indices decoded from an action or read from the state are masked to their range (the `layout.*_MASK` constants,
see `layout.index_mask`: no-ops for valid values) so the compiler knows they are not negative and drops the
negative-index adjustments.
"""

from brux.core.jit import INLINE, JIT, njit

from . import codes as C
from . import layout as L
from .area import take_space
from .base import (
    add_vp,
    build_cost,
    bump_track,
    can_pay_house,
    count,
    discard_at,
    entry,
    exhibit_options,
    face,
    players,
    seat,
    seat_after,
    set_pending,
    untapped_noble,
)
from .build import build_gain
from .decks import discard, draw_two
from .legal import art_nouveau_at, listed_at


@njit(**JIT)
def end_turn(s):
    """The turn is over: the next turn (or the majority phase) starts once the handler returns."""
    s[L.C_NEXT] = C.NX_END_TURN


@njit(**INLINE)
def start_build(s, p, house):
    """A house taken: BUILD decisions if it can be paid, else it is discarded."""
    if can_pay_house(s, p):
        s[L.C_HOUSE] = house
        s[L.C_BUILD_N] = build_cost(s, p)
        s[L.C_BUILD_K] = 0
        set_pending(s, p, C.D_BUILD)
    else:
        discard(s, C.DK_HOUSE, house)
        end_turn(s)


@njit(**JIT)
def after_noble_effect(s, p):
    if s[L.C_NOBLE_SRC] == C.SRC_CARD:
        set_pending(s, p, C.D_NOBLE_KEEP)
    else:
        continue_city_hall(s, p)


@njit(**INLINE)
def start_noble(s, p, noble, src):
    """Apply a noble's effect; a noble from a card (src CARD) is pending until NOBLE_KEEP."""
    s[L.C_NOBLE] = noble if src == C.SRC_CARD else -1
    s[L.C_NOBLE_SRC] = src
    o = seat(p)
    if noble == C.N_BRUGMANN:
        s[o + L.S_MONEY] += s[L.P_BRUGMANN_MONEY]
    elif noble == C.N_ALBERT:
        bump_track(s, p, C.T_NOBLE)
    elif noble == C.N_BULS:
        bump_track(s, p, C.T_PRESTIGE)
    elif noble == C.N_HORTA:
        bump_track(s, p, C.T_ARCHITECTURE)
    elif noble == C.N_HANKAR:
        if draw_two(s, C.DK_MATERIAL) > 0:
            s[L.C_DRAW_FOR] = C.DRAW_HANKAR
            set_pending(s, p, C.D_KEEP_ONE)
            return
    elif noble == C.N_VANDERVELDE:
        if count(s, o + L.S_PRISON, C.N_ARCH_TYPES) > 0:
            s[L.C_FREE_FOR] = C.FREE_VANDERVELDE
            set_pending(s, p, C.D_FREE_PRISONER)
            return
    after_noble_effect(s, p)


@njit(**JIT)
def continue_city_hall(s, p):
    if s[L.C_CH_DONE] >= s[L.C_CH_LEFT] or not untapped_noble(s, p):
        end_turn(s)
    else:
        set_pending(s, p, C.D_CITY_HALL)


@njit(**JIT)
def continue_exhibition(s):
    """Go round the table until nobody can add a colour or all four are shown; then the turn ends."""
    while s[L.C_EXH_ACTIVE] != 0 and s[L.C_EXH_SHOWN] != C.ALL_COLOURS:
        q = s[L.C_EXH_SEAT]
        if (s[L.C_EXH_ACTIVE] >> q) & 1:
            if exhibit_options(s, q) == 0:
                s[L.C_EXH_ACTIVE] &= ~(1 << q)
            else:
                set_pending(s, q, C.D_EXHIBIT)
                return
        s[L.C_EXH_SEAT] = seat_after(s, q, 1)
    end_turn(s)


@njit(**JIT)
def start_exhibition(s, p):
    s[L.G_EXH_HOLDER] = p
    active = 0
    for q in range(players(s)):
        if not s[seat(q) + L.S_PASSED]:
            active |= 1 << q
    s[L.C_EXH_ACTIVE] = active
    s[L.C_EXH_SHOWN] = 0
    s[L.C_EXH_SEAT] = p
    continue_exhibition(s)


@njit(**INLINE)
def take_card(s, p, kind, sub):
    """Resolve an action card taken from the area (rules 3.5 A)."""
    o = seat(p)
    if kind == C.K_ARTWORK:
        s[o + L.S_ART + sub] += 1
        end_turn(s)
    elif kind == C.K_MONEY:
        s[L.G_MONEY_DECK] += 1
        if count(s, o + L.S_ART, C.N_COLOURS) > 0:
            set_pending(s, p, C.D_SELL)
        else:
            end_turn(s)
    elif kind == C.K_MATERIAL:
        s[o + L.S_MAT + sub] += 1
        end_turn(s)
    elif kind == C.K_HOUSE:
        start_build(s, p, sub)
    elif kind == C.K_NOBLE:
        start_noble(s, p, sub, C.SRC_CARD)
    else:
        start_exhibition(s, p)


@njit(**INLINE)
def start_turn_action(s, p, code):
    """Count seat p's turn and record its opening code when it is one of its first two in round 1."""
    o = seat(p)
    if s[L.G_ROUND] == 1 and s[o + L.S_NOPEN] < L.OPENINGS_PER_SEAT:
        s[o + L.S_OPEN + s[o + L.S_NOPEN]] = code
        s[o + L.S_NOPEN] += 1
    s[o + L.S_TURNS] += 1


@njit(**INLINE)
def take_pass(s, p):
    """Seat p passes (the turn's end is left to the caller)."""
    start_turn_action(s, p, C.OPEN_PASS)
    o = seat(p)
    s[o + L.S_PASSED] = 1
    s[o + L.S_MONEY] += s[L.P_FIRST_PASS] if s[L.G_NPASSED] == 0 else s[L.P_LATER_PASS]
    s[L.G_NPASSED] += 1


@njit(**INLINE)
def take_art_nouveau(s, p, sp, off):
    """Seat p's architect of (type, face) offset `off` (N_FACES * type + face) to space sp, which gives its card."""
    kind = s[L.A_KIND + sp]
    start_turn_action(s, p, kind * C.AN_PER_SPACE + off)
    o = seat(p)
    t = off // C.N_FACES
    v = face(s, t, off % C.N_FACES)
    s[o + L.S_MONEY] -= v
    s[o + L.S_HAND + t] -= 1
    sub = s[L.A_SUB + sp] & L.SUB_MASK
    take_space(s, sp)
    s[L.A_KIND + sp] = C.SP_ARCHITECT
    s[L.A_SUB + sp] = t
    s[L.A_OWNER + sp] = p
    s[L.A_VALUE + sp] = v
    take_card(s, p, kind, sub)


@njit(**INLINE)
def do_main(s, p, a):
    if a == C.A_PASS:
        take_pass(s, p)
        end_turn(s)
    elif a >= C.A_BR:
        card = a - C.A_BR
        start_turn_action(s, p, C.OPEN_BR + card)
        s[L.C_BR_CARD] = card
        s[L.C_BR_LEFT] = s[L.BRU_USES + card] + 1
        set_pending(s, p, C.D_BR_CARD)
        commit_forced(s, p)
    else:
        take_art_nouveau(s, p, (a // C.AN_PER_SPACE) & L.SPACE_MASK, a % C.AN_PER_SPACE)


@njit(**INLINE)
def main_step(s, i):
    """`step` for a pending MAIN decision given legal action number i: an Art Nouveau action is taken from its
    (space, offset) without making its action number."""
    p = s[L.G_CUR] & L.SEAT_MASK
    m = s[L.LEGAL_AN]
    if i >= m:
        do_main(s, p, listed_at(s, i, m))
    else:
        sp, off = art_nouveau_at(s, i)
        take_art_nouveau(s, p, sp, off)


@njit(**JIT)
def resolve_brussels(s, p, card):
    s[L.BRU_USES + card] += 1
    if card == C.BR_STOCK_EXCHANGE:
        s[seat(p) + L.S_MONEY] += s[L.P_SE_MONEY]
        end_turn(s)
    elif card == C.BR_CITY_HALL:
        s[L.C_CH_LEFT] = s[seat(p) + L.S_TRACK + C.T_NOBLE]
        s[L.C_CH_DONE] = 0
        continue_city_hall(s, p)
    else:
        set_pending(s, p, C.D_PARK)


@njit(**INLINE)
def commit(s, p, t):
    """One architect of type t from seat p's hand to the Brussels card being committed to."""
    card = s[L.C_BR_CARD]
    s[seat(p) + L.S_HAND + t] -= 1
    s[L.BRU_LIST + card * L.BRU_CAP + s[L.BRU_LEN + card]] = entry(p, t)
    s[L.BRU_LEN + card] += 1
    s[L.C_BR_LEFT] -= 1


@njit(**INLINE)
def commit_forced(s, p):
    """Take the BR_CARD decisions that have a single option (one architect type in hand) at once, each counted as
    an automatic decision; resolve the card when every architect is committed."""
    o = seat(p) + L.S_HAND
    while s[L.C_BR_LEFT] > 0:
        h0 = s[o + C.ARCH_1_3] > 0
        h1 = s[o + C.ARCH_2_4] > 0
        if h0 + h1 + (s[o + C.ARCH_2_5] > 0) != 1:
            return
        commit(s, p, C.ARCH_1_3 if h0 else (C.ARCH_2_4 if h1 else C.ARCH_2_5))
        s[L.G_AUTO] += 1
    resolve_brussels(s, p, s[L.C_BR_CARD])


@njit(**INLINE)
def do_commit(s, p, t):
    commit(s, p, t)
    commit_forced(s, p)


@njit(**INLINE)
def do_keep_one(s, p, sub):
    d = s[L.C_DRAW_KIND]
    if s[L.C_DRAWN_N] == C.KEEP_ONE_DRAW:
        other = s[L.C_DRAWN + 1] if s[L.C_DRAWN] == sub else s[L.C_DRAWN]
        discard(s, d, other)
    s[L.C_DRAWN_N] = 0
    o = seat(p)
    if s[L.C_DRAW_FOR] == C.DRAW_HANKAR:
        s[o + L.S_MAT + sub] += 1
        after_noble_effect(s, p)
    elif d == C.DK_ARTWORK:
        s[o + L.S_ART + sub] += 1
        end_turn(s)
    elif d == C.DK_MATERIAL:
        s[o + L.S_MAT + sub] += 1
        end_turn(s)
    elif d == C.DK_HOUSE:
        start_build(s, p, sub)
    else:
        start_noble(s, p, sub, C.SRC_CARD)


@njit(**INLINE)
def finish_build(s, p, built):
    """Pay with the chosen cards and keep the house, or (declined) return them and discard the house."""
    o = seat(p)
    if built:
        add_vp(s, p, C.VP_BUILD, build_gain(s, s[L.C_BUILD_N]))
        s[o + L.S_HOUSE + s[L.C_HOUSE]] += 1
    else:
        discard(s, C.DK_HOUSE, s[L.C_HOUSE])
    for m in range(C.N_PAIRS):
        if built:
            s[discard_at(C.DK_MATERIAL) + m] += s[L.C_PAY + m]
        else:
            s[o + L.S_MAT + m] += s[L.C_PAY + m]
        s[L.C_PAY + m] = 0
    s[L.C_HOUSE] = -1
    s[L.C_BUILD_K] = 0
    end_turn(s)


@njit(**JIT)
def do_free(s, p, t):
    o = seat(p)
    s[o + L.S_PRISON + t] -= 1
    s[o + L.S_HAND + t] += 1
    s[o + L.S_FREED] += 1
    if s[L.C_FREE_FOR] == C.FREE_VANDERVELDE:
        after_noble_effect(s, p)
    else:
        s[L.C_NEXT] = C.NX_MAJORITY


@njit(**JIT)
def do_to_prison(s, p, t):
    """The last entry of seat p and type t in the first Brussels list that has one goes to prison."""
    e = entry(p, t)
    for card in range(C.N_BRUSSELS):
        base = L.BRU_LIST + card * L.BRU_CAP
        n = s[L.BRU_LEN + card]
        for i in range(n - 1, -1, -1):
            if s[base + i] == e:
                for j in range(i, n - 1):
                    s[base + j] = s[base + j + 1]
                s[L.BRU_LEN + card] = n - 1
                s[seat(p) + L.S_PRISON + t] += 1
                s[L.C_NEXT] = C.NX_MAJORITY
                return


@njit(**INLINE)
def step(s, a):
    """Apply legal action `a` of the pending decision."""
    p = s[L.G_CUR] & L.SEAT_MASK
    d = s[L.G_PENDING]
    o = seat(p)
    if d == C.D_MAIN:
        do_main(s, p, a)
    elif d == C.D_BR_CARD:
        do_commit(s, p, (a - C.A_COMMIT) & L.TYPE_MASK)
    elif d == C.D_PARK:
        opt = a - C.A_PARK
        if opt == C.PARK_SALE:
            set_pending(s, p, C.D_SELL)
        else:
            draw_two(s, C.PARK_DECK[opt])
            s[L.C_DRAW_FOR] = C.DRAW_PARK
            set_pending(s, p, C.D_KEEP_ONE)
    elif d == C.D_KEEP_ONE:
        do_keep_one(s, p, (a - C.A_KEEP - C.KEEP_BASE[s[L.C_DRAW_KIND]]) & L.SUB_MASK)
    elif d == C.D_SELL:
        if a != C.A_DECLINE_SALE:
            c = (a - C.A_SELL) & L.COLOUR_MASK
            s[o + L.S_ART + c] -= 1
            discard(s, C.DK_ARTWORK, c)
            s[o + L.S_MONEY] += s[L.P_SALE_MONEY]
        end_turn(s)
    elif d == C.D_BUILD:
        if a == C.A_STOP_PAYING:
            finish_build(s, p, True)
        elif a == C.A_DECLINE_BUILD:
            finish_build(s, p, False)
        else:
            m = (a - C.A_PAY) & L.SUB_MASK
            s[o + L.S_MAT + m] -= 1
            s[L.C_PAY + m] += 1
            s[L.C_BUILD_K] += 1
    elif d == C.D_NOBLE_KEEP:
        if a == C.A_KEEP_NOBLE:
            s[o + L.S_NOBLE + s[L.C_NOBLE]] = C.NOBLE_TAPPED
        else:
            discard(s, C.DK_NOBLE, s[L.C_NOBLE])
        s[L.C_NOBLE] = -1
        end_turn(s)
    elif d == C.D_FREE_PRISONER:
        do_free(s, p, (a - C.A_FREE) & L.TYPE_MASK)
    elif d == C.D_CITY_HALL:
        if a == C.A_STOP_ACTIVATING:
            end_turn(s)
        else:
            k = (a - C.A_ACTIVATE) & L.SUB_MASK
            s[o + L.S_NOBLE + k] = C.NOBLE_TAPPED
            s[L.C_CH_DONE] += 1
            start_noble(s, p, k, C.SRC_CITY_HALL)
    elif d == C.D_EXHIBIT:
        s[L.C_EXH_SHOWN] |= 1 << (a - C.A_EXHIBIT)
        add_vp(s, p, C.VP_EXHIBIT, s[L.P_EXHIBIT_VP])
        if s[L.P_EXH_MODE] == C.EXH_ONE_EACH:
            s[L.C_EXH_ACTIVE] &= ~(1 << p)
        s[L.C_EXH_SEAT] = seat_after(s, p, 1)
        continue_exhibition(s)
    else:
        do_to_prison(s, p, (a - C.A_PRISON) & L.TYPE_MASK)
