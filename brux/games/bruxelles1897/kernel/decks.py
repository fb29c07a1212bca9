"""Decks and discard piles: canonical lists, shuffles, draws with reshuffle (docs section 2)."""

from brux.core.cards import shuffle_run
from brux.core.jit import JIT, njit

from . import codes as C
from . import layout as L
from .base import count, discard_at


@njit(**JIT)
def shuffle(s, off, n):
    """Shuffle s[off:off+n] from the game's chance stream (`brux.core.cards.shuffle_run`)."""
    shuffle_run(s, off, n, s, L.G_RNG_KEY, L.G_RNG_CTR)


@njit(**JIT)
def fill_canonical(s, d, counts_off, per_subtype):
    """Deck d := canonical list (counts from s[counts_off + sub], or per_subtype each when counts_off < 0), shuffled."""
    base = L.DECK + d * L.DECK_CAP
    n = 0
    for sub in range(C.DECK_SUBTYPES[d]):
        if counts_off >= 0:
            c = s[counts_off + sub]
        else:
            c = 0 if (d == C.DK_NOBLE and sub == C.N_BRUGMANN) else per_subtype  # Brugmann is never in the deck
        for _ in range(c):
            s[base + n] = sub
            n += 1
    s[L.DECK_LEN + d] = n
    shuffle(s, base, n)


@njit(**JIT)
def setup_deck(s, d, per_subtype):
    fill_canonical(s, d, -1, per_subtype)


@njit(**JIT)
def reshuffle(s, d):
    """Deck d is empty: its discard pile, if any, becomes the deck (canonical order, shuffled)."""
    disc = discard_at(d)
    if count(s, disc, C.DECK_SUBTYPES[d]) > 0:
        fill_canonical(s, d, disc, 0)
        for sub in range(C.DECK_SUBTYPES[d]):
            s[disc + sub] = 0


@njit(**JIT)
def draw(s, d):
    """Top card of deck d (reshuffling its discard pile when empty), or -1."""
    n = s[L.DECK_LEN + d]
    if n == 0:
        reshuffle(s, d)
        n = s[L.DECK_LEN + d]
        if n == 0:
            return -1
    s[L.DECK_LEN + d] = n - 1
    return s[L.DECK + d * L.DECK_CAP + ((n - 1) & L.DECK_MASK)]  # the mask: see layout.index_mask


@njit(**JIT)
def discard(s, d, sub):
    s[discard_at(d) + sub] += 1


@njit(**JIT)
def draw_two(s, d):
    """Draw up to two cards of deck d into the KEEP_ONE slots; returns how many."""
    n = 0
    for _ in range(C.KEEP_ONE_DRAW):
        sub = draw(s, d)
        if sub >= 0:
            s[L.C_DRAWN + n] = sub
            n += 1
    s[L.C_DRAWN_N] = n
    s[L.C_DRAW_KIND] = d
    return n
