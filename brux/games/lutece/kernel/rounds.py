"""The round after the bid (rules 4.3-4.6): reveal, resolution in slot order, value growth; refill and the end."""

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from brux.core.jit import INLINE, JIT, njit

from . import codes as C
from . import layout as L
from .base import card, deck_left, players, seat, set_pending
from .cards import fill_slot, gain_card, remove_card, use_legions
from .score import score_all


@njit(**JIT)
def start_bid(s):
    """Seat 0 fixes its play first. (VP are written at the end; the view scores a copy during play.)"""
    set_pending(s, 0, C.D_CARDS)


@njit(**JIT)
def end_game(s):
    """Rules 5.1: the display is discarded (its coins to the bank), the game is scored."""
    for k in range(C.N_DECKS * L.MAX_SLOTS):
        c = s[L.SLOT_CARD + k]
        if c >= 0:
            remove_card(s, c)
            s[L.G_BANK] += s[L.SLOT_COINS + k]
            s[L.SLOT_CARD + k] = -1
            s[L.SLOT_COINS + k] = 0
    s[L.G_ROUND] -= 1
    score_all(s)
    s[L.G_OVER] = 1
    s[L.G_CUR] = -1
    s[L.G_PENDING] = -1
    s[L.LEGAL_N] = 0


@njit(**JIT)
def begin_round(s):
    """Rules 4.1 for round G_ROUND >= 2: the end trigger, else the refill; then the bid."""
    n_slots = s[L.P_SLOTS]
    end = s[L.G_ROUND] - 1 >= s[L.P_MAX_ROUNDS]
    for d in range(C.N_DECKS):
        empty = 0
        for i in range(n_slots):
            empty += s[L.SLOT_CARD + d * L.MAX_SLOTS + i] < 0
        if empty > deck_left(s, d):
            end = True
    if end:
        end_game(s)
        return
    for d in range(C.N_DECKS):
        for i in range(n_slots):
            if s[L.SLOT_CARD + d * L.MAX_SLOTS + i] < 0:
                fill_slot(s, d, i)
    start_bid(s)


@njit(**INLINE)
def acquire(s, p, k, bribe):
    """Seat p won slot k with a staked bribe: pays and takes the card, or cannot pay and loses it (rules 4.4.4)."""
    o = seat(p)
    c = s[L.SLOT_CARD + k]
    cost = card(s, c, L.CF_COST)
    s[o + L.S_STAKE] -= bribe
    s[L.G_BANK] += bribe
    if s[o + L.S_COINS] >= cost:
        s[o + L.S_COINS] -= cost
        s[L.G_BANK] += cost
        gain_card(s, p, c)
        gain = s[L.SLOT_COINS + k] + card(s, c, L.CF_COINS)
        if card(s, c, L.CF_KIND) == C.K_TAVERN:
            gain += s[o + L.S_RES + C.R_BEER]
        s[L.G_BANK] -= gain - s[L.SLOT_COINS + k]
        s[o + L.S_COINS] += gain
    else:
        remove_card(s, c)
        s[L.G_BANK] += s[L.SLOT_COINS + k]


@njit(**INLINE)
def resolve_slot(s, k):
    """Rules 4.4 for the slot with hand-card number k (row * MAX_SLOTS + slot), which some seat played a card for.
    The bids are compared without branches (whether a play is for slot k is as random as the plays)."""
    n = players(s)
    legion = s[L.P_LEGION_BRIBE]
    best = -1
    n_best = 0
    winner = -1
    for p in range(n):
        o = seat(p)
        for j in range(C.PLAY_CARDS):  # an unused play is -1
            hit = s[o + L.S_PICK + j] == k
            e = (s[o + L.S_BRIBE + j] + legion * s[o + L.S_LEG + j]) if hit else -1  # a bid is >= 0
            more = e > best
            n_best = 1 if more else n_best + ((e == best) & hit)
            winner = p if more else winner
            best = max(best, e)
    if n_best > 1:
        winner = -1
        remove_card(s, s[L.SLOT_CARD + k])
        s[L.G_BANK] += s[L.SLOT_COINS + k]
    consolation = s[L.P_CONSOLATION]
    for p in range(n):
        o = seat(p)
        for j in range(C.PLAY_CARDS):  # an unused play is -1
            hit = s[o + L.S_PICK + j] == k
            b = s[o + L.S_BRIBE + j]
            if hit & (p == winner):
                acquire(s, p, k, b)
            else:
                lost = np.int64(hit)
                s[o + L.S_STAKE] -= lost * b
                s[o + L.S_COINS] += lost * (b + consolation)
                s[L.G_BANK] -= lost * consolation
    s[L.SLOT_CARD + k] = -1
    s[L.SLOT_COINS + k] = 0


@njit(**INLINE)
def end_bid(s):
    """Every seat has fixed its play: reveal (legions out, income), resolve A.. then I.., growth, next round."""
    n = players(s)
    for p in range(n):
        o = seat(p)
        use_legions(s, p, s[o + L.S_LEG] + s[o + L.S_LEG + 1])
        inc = s[o + L.S_INCOME] * s[L.P_INCOME_VALUE]
        s[o + L.S_COINS] += inc
        s[L.G_BANK] -= inc
    picked = 0  # the slots some seat played a card for; the others have nothing to resolve
    for p in range(n):
        o = seat(p)
        for j in range(C.PLAY_CARDS):  # an unused play is -1
            k = s[o + L.S_PICK + j]
            picked |= np.int64(k >= 0) << max(k, 0)
    while picked:  # in slot order: A.. then I..
        resolve_slot(s, trailing_zeros(picked))
        picked &= picked - 1
    for d in range(C.N_DECKS):
        for i in range(s[L.P_SLOTS]):
            k = d * L.MAX_SLOTS + i
            growth = (s[L.SLOT_CARD + k] >= 0) * s[L.P_GROWTH]
            s[L.SLOT_COINS + k] += growth
            s[L.G_BANK] -= growth
    for p in range(n):
        o = seat(p)
        s[o + L.S_COMMITTED] = 0
        s[o + L.S_NPICK] = 0
        s[o + L.S_INCOME] = 0
        for j in range(C.PLAY_CARDS):
            s[o + L.S_PICK + j] = -1
            s[o + L.S_BRIBE + j] = 0
            s[o + L.S_LEG + j] = 0
    s[L.G_ROUND] += 1
    begin_round(s)
