"""The Art Nouveau area: laying it out, its index of card spaces, clearing it, the bonus cards."""

import numpy as np

from brux.core.jit import INLINE, JIT, njit

from . import codes as C
from . import layout as L
from .base import popcount, seat
from .decks import draw, shuffle

# Scratch used while laying out the area (the legal-action cache is rebuilt right after): the cards dealt, coded
# kind << CARD_SUB_BITS | subtype, and the open spaces.
DEAL_CAP = 64  # cards dealt at most: K_EXHIBITION kinds x cards_per_type (at most 8) + the exhibition card
_CARDS = L.LEGAL
_OPEN = L.LEGAL + DEAL_CAP
CARD_SUB_BITS = 3
_CARD_SUB_MASK = (1 << CARD_SUB_BITS) - 1
assert C.MAX_SUBTYPES <= 1 << CARD_SUB_BITS and _OPEN + L.MAX_SPACES <= L.LEGAL + L.LEGAL_CAP


@njit(**JIT)
def n_spaces(s):
    return s[L.P_ROWS] * L.COLS


# Where an action card leaving the area is counted, by kind (plus its subtype): its discard pile or the money deck.
_RETURN_AT = np.array([L.G_MONEY_DECK if kind == C.K_MONEY else L.DISCARD + C.DECK_OF_KIND[kind] * C.MAX_SUBTYPES
                       for kind in range(C.K_EXHIBITION)], np.int64)


@njit(**JIT)
def return_card(s, kind, sub):
    """An action card leaving the area goes back to its pile (the exhibition card has none; money cards have
    subtype 0)."""
    if kind != C.K_EXHIBITION:
        s[_RETURN_AT[kind & L.SUB_MASK] + (sub & L.SUB_MASK)] += 1  # masks: see layout.index_mask


@njit(**JIT)
def lay_out(s):
    """Deal a new area (docs section 2.3); every non-neutral space must be empty."""
    k = s[L.P_K]
    nc = 0
    for kind in range(C.K_EXHIBITION):  # k cards of every kind but the exhibition card
        for _ in range(k):
            if kind == C.K_MONEY:
                if s[L.G_MONEY_DECK] > 0:
                    s[L.G_MONEY_DECK] -= 1
                    s[_CARDS + nc] = C.K_MONEY << CARD_SUB_BITS
                    nc += 1
            else:
                sub = draw(s, C.DECK_OF_KIND[kind])
                if sub >= 0:
                    s[_CARDS + nc] = (kind << CARD_SUB_BITS) | sub
                    nc += 1
    s[_CARDS + nc] = C.K_EXHIBITION << CARD_SUB_BITS
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
        sp = s[_OPEN + i] & L.SPACE_MASK
        s[L.A_KIND + sp] = code >> CARD_SUB_BITS
        s[L.A_SUB + sp] = code & _CARD_SUB_MASK
    for i in range(no, nc):
        code = s[_CARDS + i]
        return_card(s, code >> CARD_SUB_BITS, code & _CARD_SUB_MASK)
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
        lst |= card * (sp << (L.PACK_BITS * n))
        n += card
    s[L.A_CARDS] = mask
    s[L.A_NCARDS] = n
    s[L.A_CARD_LIST] = lst


@njit(**INLINE)
def take_space(s, sp):
    """Space sp no longer holds an action card: drop it from the index."""
    mask = s[L.A_CARDS]
    j = popcount(mask & ((1 << sp) - 1))  # its position in the list
    lst = s[L.A_CARD_LIST]
    n = s[L.A_NCARDS] - 1
    b = L.PACK_BITS * j
    kept = (lst & ((1 << b) - 1)) | (((lst >> b) >> L.PACK_BITS) << b)
    s[L.A_CARD_LIST] = kept & ((1 << (L.PACK_BITS * n)) - 1)
    s[L.A_CARDS] = mask & ~(1 << sp)
    s[L.A_NCARDS] = n


@njit(**JIT)
def clear(s):
    """Round preparation: action cards still in the area return to their piles, area architects to hands."""
    lst = s[L.A_CARD_LIST]
    for j in range(s[L.A_NCARDS]):
        sp = (lst >> (L.PACK_BITS * j)) & L.PACK_MASK
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
