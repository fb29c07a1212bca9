"""The Art Nouveau area: laying it out, its index of card spaces, clearing it, the bonus cards."""

import numpy as np
from numba import njit

from brux.core.jit import JIT, TINY

from . import codes as C
from . import layout as L
from .base import popcount, seat
from .decks import draw, shuffle

# Scratch used while laying out the area (the legal-action cache is rebuilt right after).
_CARDS = L.LEGAL
_OPEN = L.LEGAL + 64


@njit(**TINY)
def n_spaces(s):
    return s[L.P_ROWS] * L.COLS


# Where an action card leaving the area is counted, by kind (plus its subtype): its discard pile or the money deck.
_RETURN_AT = np.array([L.DISCARD + C.DK_ARTWORK * 6, L.G_MONEY_DECK, L.DISCARD + C.DK_MATERIAL * 6,
                       L.DISCARD + C.DK_HOUSE * 6, L.DISCARD + C.DK_NOBLE * 6], np.int64)


@njit(**TINY)
def return_card(s, kind, sub):
    """An action card leaving the area goes back to its pile (the exhibition card has none; money cards have
    subtype 0)."""
    if kind != C.K_EXHIBITION:
        s[_RETURN_AT[kind & 7] + (sub & 7)] += 1  # masks: see flow.py


@njit(**JIT)
def lay_out(s):
    """Deal a new area (docs section 2.3); every non-neutral space must be empty."""
    k = s[L.P_K]
    nc = 0
    for kind in range(5):
        for _ in range(k):
            if kind == C.K_MONEY:
                if s[L.G_MONEY_DECK] > 0:
                    s[L.G_MONEY_DECK] -= 1
                    s[_CARDS + nc] = C.K_MONEY * 8
                    nc += 1
            else:
                sub = draw(s, C.DECK_OF_KIND[kind])
                if sub >= 0:
                    s[_CARDS + nc] = kind * 8 + sub
                    nc += 1
    s[_CARDS + nc] = C.K_EXHIBITION * 8
    nc += 1
    shuffle(s, _CARDS, nc)
    no = 0
    for sp in range(n_spaces(s)):
        s[_OPEN + no] = sp
        no += s[L.A_KIND + sp] != C.SP_NEUTRAL
    if nc < no:
        shuffle(s, _OPEN, no)
    for i in range(min(nc, no)):
        code = s[_CARDS + i]
        sp = s[_OPEN + i] & 15
        s[L.A_KIND + sp] = code >> 3
        s[L.A_SUB + sp] = code & 7
    for i in range(no, nc):
        code = s[_CARDS + i]
        return_card(s, code >> 3, code & 7)
    index_cards(s)


@njit(**JIT)
def index_cards(s):
    """Rebuild the index of the spaces holding an action card (after the area is dealt or set)."""
    mask = 0
    n = 0
    lst = 0
    for sp in range(n_spaces(s)):
        kind = s[L.A_KIND + sp]
        card = (kind >= 0) & (kind <= C.K_EXHIBITION)
        mask |= card << sp
        lst |= card * (sp << (4 * n))
        n += card
    s[L.A_CARDS] = mask
    s[L.A_NCARDS] = n
    s[L.A_CARD_LIST] = lst


@njit(**TINY)
def take_space(s, sp):
    """Space sp no longer holds an action card: drop it from the index."""
    mask = s[L.A_CARDS]
    j = popcount(mask & ((1 << sp) - 1))  # its position in the list
    lst = s[L.A_CARD_LIST]
    n = s[L.A_NCARDS] - 1
    kept = (lst & ((1 << (4 * j)) - 1)) | (((lst >> (4 * j)) >> 4) << (4 * j))
    s[L.A_CARD_LIST] = kept & ((1 << (4 * n)) - 1)
    s[L.A_CARDS] = mask & ~(1 << sp)
    s[L.A_NCARDS] = n


@njit(**JIT)
def clear(s):
    """Round preparation: action cards still in the area return to their piles, area architects to hands."""
    lst = s[L.A_CARD_LIST]
    for j in range(s[L.A_NCARDS]):
        sp = (lst >> (4 * j)) & 15
        return_card(s, s[L.A_KIND + sp], s[L.A_SUB + sp])
    for sp in range(n_spaces(s)):
        kind = s[L.A_KIND + sp]
        arch = kind == C.SP_ARCHITECT
        # adds 0 to seat 0's first hand field when the space holds no architect: no data-dependent branch
        s[seat(s[L.A_OWNER + sp] * arch) + L.S_HAND + s[L.A_SUB + sp] * arch] += arch
        neutral = kind == C.SP_NEUTRAL  # neutral architects stay
        s[L.A_KIND + sp] = C.SP_NEUTRAL if neutral else C.SP_EMPTY
        s[L.A_SUB + sp] = 0
        s[L.A_OWNER + sp] = -neutral
        s[L.A_VALUE + sp] *= neutral
    s[L.A_CARDS] = 0
    s[L.A_NCARDS] = 0
    s[L.A_CARD_LIST] = 0


@njit(**JIT)
def deal_bonus(s):
    for c in range(L.COLS):
        s[L.BONUS + c] = c
    shuffle(s, L.BONUS, L.COLS)
