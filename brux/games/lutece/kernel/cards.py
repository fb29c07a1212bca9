"""Decks, the display and tableaux: shuffles, draws, gaining and losing cards."""

from brux.core.cards import shuffle_run
from brux.core.jit import JIT, njit

from . import codes as C
from . import layout as L
from .base import card, seat


@njit(**JIT)
def setup_deck(s, d):
    """Deck d := its cards in the game (table order), shuffled (Fisher-Yates from the end); index 0 is the top."""
    base = L.DECK_ORDER + d * L.DECK_CAP
    n = 0
    for i in range(s[L.P_DECK_N + d]):
        c = d * L.DECK_CAP + i
        if card(s, c, L.CF_USED):
            s[base + n] = c
            s[L.LOC + c] = C.LOC_DECK
            n += 1
        else:
            s[L.LOC + c] = C.LOC_UNUSED
    for i in range(s[L.P_DECK_N + d], L.DECK_CAP):
        s[L.LOC + d * L.DECK_CAP + i] = C.LOC_UNUSED
    shuffle_run(s, base, n, s, L.G_RNG_KEY, L.G_RNG_CTR)
    s[L.DECK_POS + d] = 0
    s[L.DECK_END + d] = n
    s[L.DECK_SIZE + d] = n


@njit(**JIT)
def fill_slot(s, d, i):
    """Top card of deck d into slot i of row d, with no coins."""
    c = s[L.DECK_ORDER + d * L.DECK_CAP + s[L.DECK_POS + d]]
    s[L.DECK_POS + d] += 1
    s[L.SLOT_CARD + d * L.MAX_SLOTS + i] = c
    s[L.SLOT_COINS + d * L.MAX_SLOTS + i] = 0
    s[L.LOC + c] = C.LOC_DISPLAY


@njit(**JIT)
def remove_card(s, c):
    """Card c leaves the game for good."""
    s[L.LOC + c] = C.LOC_REMOVED
    s[L.REMOVED + c // L.DECK_CAP] += 1


@njit(**JIT)
def tableau_change(s, p, c, sign):
    """Add (sign 1) or take away (sign -1) card c's symbols, colour and pillars to seat p's counts."""
    o = seat(p)
    for x in range(C.N_RESOURCES):
        s[o + L.S_RES + x] += sign * card(s, c, L.CF_RES + x)
    s[o + L.S_COL + card(s, c, L.CF_COLOUR)] += sign
    s[o + L.S_PILLARS] += sign * card(s, c, L.CF_PILLARS)
    s[o + L.S_NCARDS] += sign
    if card(s, c, L.CF_KIND) == C.K_LEGION:
        s[o + L.S_LEGIONS] += sign


@njit(**JIT)
def gain_card(s, p, c):
    s[L.LOC + c] = p
    tableau_change(s, p, c, 1)


@njit(**JIT)
def use_legions(s, p, k):
    """Seat p's k committed legions leave the game: its legion cards in ascending card order (A6)."""
    if k == 0:
        return
    for c in range(L.N_CARDS):
        if k == 0:
            return
        if s[L.LOC + c] == p and card(s, c, L.CF_KIND) == C.K_LEGION:
            tableau_change(s, p, c, -1)
            remove_card(s, c)
            k -= 1
