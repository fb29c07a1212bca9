"""Majority phase, round preparation, the start of an action phase, and the end of the game."""

import numpy as np

from brux.core.jit import INLINE, JIT, njit

from . import codes as C
from . import layout as L
from .area import clear, deal_bonus, lay_out
from .base import (
    add_vp,
    bump_track_if,
    count,
    entry_owner,
    entry_type,
    next_active,
    noble_upkeep,
    players,
    seat,
    seat_after,
    set_pending,
)
from .decks import discard
from .flow import take_pass
from .majority import area_majorities, brussels_winners, column_mask, field

_BONUS_TRACK = np.array(C.BONUS_TRACK, np.int64)  # an array: a tuple indexed at run time compiles to a jump table


@njit(**JIT)
def start_action_phase(s):
    """Reset the round's per-seat counters and give the start player the first turn."""
    for p in range(players(s)):
        o = seat(p)
        s[o + L.S_PASSED] = 0
        s[o + L.S_TURNS] = 0
        s[o + L.S_FREED] = 0
        s[o + L.S_HAND0] = count(s, o + L.S_HAND, C.N_ARCH_TYPES)
    s[L.G_NPASSED] = 0
    s[L.C_ACTOR] = s[L.G_START]
    set_pending(s, s[L.G_START], C.D_MAIN)


@njit(**INLINE)
def next_turn(s):
    """Next turn to the next seat clockwise (from the turn's player) that has not passed, or the majority phase.
    A seat with no architect in hand can only pass: that decision is taken here (counted as automatic)."""
    while True:
        q = next_active(s, s[L.C_ACTOR])
        if q < 0:
            start_majority(s)
            return
        s[L.C_ACTOR] = q
        if count(s, seat(q) + L.S_HAND, C.N_ARCH_TYPES) > 0:
            set_pending(s, q, C.D_MAIN)
            return
        take_pass(s, q)
        s[L.G_AUTO] += 1


@njit(**INLINE)
def advance(s):
    """Run the continuation a decision handler asked for (next turn, or the rest of the majority phase)."""
    nxt = s[L.C_NEXT]
    s[L.C_NEXT] = C.NX_NONE
    if nxt == C.NX_END_TURN:
        next_turn(s)
    elif nxt == C.NX_MAJORITY:
        continue_majority(s)


@njit(**JIT)
def start_majority(s):
    s[L.C_MAJ_STEP] = C.MAJ_COLUMNS
    s[L.C_MAJ_COL] = 0
    s[L.C_MAJ_IDX] = 0
    s[L.C_MAJ_COLS], s[L.C_MAJ_ARMS] = area_majorities(s)  # the area does not change until the round ends
    continue_majority(s)


@njit(**JIT)
def continue_majority(s):
    """Run the majority phase until a decision is needed or it is over (rules 3.6)."""
    n = players(s)
    start = s[L.G_START]
    while s[L.C_MAJ_STEP] == C.MAJ_COLUMNS:
        col = s[L.C_MAJ_COL]
        if col == L.COLS:
            s[L.C_MAJ_STEP] = C.MAJ_ARMS
            break
        mask = column_mask(s[L.C_MAJ_COLS], col)
        bonus = s[L.BONUS + col]
        if bonus != C.BONUS_PRISON:
            track = _BONUS_TRACK[bonus]
            for p in range(n):
                bump_track_if(s, p, track, (mask >> p) & 1)
        else:
            while s[L.C_MAJ_IDX] < n:
                p = seat_after(s, start, s[L.C_MAJ_IDX])
                s[L.C_MAJ_IDX] += 1
                if (mask >> p) & 1 and count(s, seat(p) + L.S_PRISON, C.N_ARCH_TYPES) > 0:
                    s[L.C_FREE_FOR] = C.FREE_PRISON_BONUS
                    set_pending(s, p, C.D_FREE_PRISONER)
                    return
            s[L.C_MAJ_IDX] = 0
        s[L.C_MAJ_COL] = col + 1
    if s[L.C_MAJ_STEP] == C.MAJ_ARMS:
        arms = s[L.C_MAJ_ARMS]
        for p in range(L.MAX_PLAYERS):  # absent seats win nothing
            add_vp(s, p, C.VP_ARMS, field(arms, p) * s[seat(p) + L.S_TRACK + C.T_PRESTIGE])
        s[L.C_MAJ_STEP] = C.MAJ_BRUSSELS
        s[L.C_MAJ_WIN] = brussels_winners(s)
    if s[L.C_MAJ_STEP] == C.MAJ_BRUSSELS:
        while s[L.C_MAJ_IDX] < n:
            p = seat_after(s, start, s[L.C_MAJ_IDX])
            s[L.C_MAJ_IDX] += 1
            if (s[L.C_MAJ_WIN] >> p) & 1:
                set_pending(s, p, C.D_TO_PRISON)
                return
        s[L.C_MAJ_STEP] = C.MAJ_DONE
    end_round(s)


@njit(**JIT)
def end_round(s):
    if s[L.G_ROUND] < s[L.P_ROUNDS]:
        prepare_round(s)
    else:
        end_game(s)


@njit(**JIT)
def prepare_round(s):
    """Rules 3.1: start player, architects home, area cleared, nobles untapped, new area and bonus cards."""
    n = players(s)
    s[L.G_ROUND] += 1
    if s[L.G_EXH_HOLDER] >= 0:
        s[L.G_START] = s[L.G_EXH_HOLDER]
        s[L.G_EXH_HOLDER] = -1
    else:
        s[L.G_START] = seat_after(s, s[L.G_START], 1)
    for card in range(C.N_BRUSSELS):
        base = L.BRU_LIST + card * L.BRU_CAP
        for i in range(s[L.BRU_LEN + card]):
            e = s[base + i]
            s[seat(entry_owner(e)) + L.S_HAND + entry_type(e)] += 1
        s[L.BRU_LEN + card] = 0
        s[L.BRU_USES + card] = 0
    clear(s)
    for p in range(n):
        o = seat(p) + L.S_NOBLE
        for k in range(C.NOBLE_TYPES):
            s[o + k] -= s[o + k] == C.NOBLE_TAPPED  # to NOBLE_UNTAPPED, without a branch
    lay_out(s)
    deal_bonus(s)
    start_action_phase(s)


@njit(**JIT)
def lower_half_vp(s, p, lower, money):
    """VP of a bonus card's lower half for seat p (the money half counts `money`)."""
    o = seat(p)
    if lower == C.LOWER_MONEY:
        return s[L.P_MB_VP] * min(money // s[L.P_MB_PER], s[L.P_MB_CAP])
    kinds = 0
    if lower == C.LOWER_NOBLES:
        for k in range(C.NOBLE_TYPES):
            kinds += s[o + L.S_NOBLE + k] != C.NOBLE_NOT_KEPT
    elif lower == C.LOWER_HOUSE_TYPES:
        for k in range(C.N_HOUSE_TYPES):
            kinds += s[o + L.S_HOUSE + k] > 0
    else:
        for k in range(C.N_COLOURS):
            kinds += s[o + L.S_ART + k] > 0
    return s[L.P_TYPE_BONUS_VP] * kinds


@njit(**JIT)
def end_game(s):
    """Rules section 4, steps 1-5."""
    n = players(s)
    for p in range(n):
        o = seat(p)
        kept, paid = noble_upkeep(s, p)
        s[o + L.S_MONEY] -= paid * s[L.P_UPKEEP]
        unpaid = kept - paid
        add_vp(s, p, C.VP_NOBLE_PENALTY, -unpaid * s[L.P_UNPAID_PENALTY])
        for k in range(C.FIRST_DECK_NOBLE, C.NOBLE_TYPES):  # the unpaid nobles are discarded, in noble order
            if unpaid > 0 and s[o + L.S_NOBLE + k] != C.NOBLE_NOT_KEPT:
                s[o + L.S_NOBLE + k] = C.NOBLE_NOT_KEPT
                discard(s, C.DK_NOBLE, k)
                unpaid -= 1
    for p in range(n):
        o = seat(p)
        add_vp(s, p, C.VP_HOUSES, count(s, o + L.S_HOUSE, C.N_HOUSE_TYPES) * s[o + L.S_TRACK + C.T_ARCHITECTURE])
        add_vp(s, p, C.VP_MATERIALS, count(s, o + L.S_MAT, C.N_PAIRS) * s[L.P_MATERIAL_END_VP])
    if s[L.G_EXH_HOLDER] >= 0:
        add_vp(s, s[L.G_EXH_HOLDER], C.VP_EXHIBITION_CARD, s[L.P_HOLDER_VP])
    columns = s[L.C_MAJ_COLS]  # the last majority phase's: the area has not changed since
    for col in range(L.COLS):
        mask = column_mask(columns, col)
        bonus = s[L.BONUS + col]
        for p in range(n):
            if (mask >> p) & 1:
                vp = lower_half_vp(s, p, s[L.P_BONUS_LOWER + bonus], s[seat(p) + L.S_MONEY])
                add_vp(s, p, C.VP_BONUS_NOBILITY + bonus, vp)
    s[L.G_OVER] = 1
    s[L.G_CUR] = -1
    s[L.G_PENDING] = -1
    s[L.LEGAL_N] = 0
    s[L.LEGAL_AN] = 0
