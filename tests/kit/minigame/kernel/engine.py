"""The rules: set-up, the bid of a round, its resolution and the end (rules in ../__init__.py)."""

from brux.core.accessors import basics
from brux.core.cards import shuffle_run
from brux.core.jit import JIT, njit
from brux.core.loop import engine_loop

from . import layout as L

PASS, RAISE = 0, 1


seat = basics(__name__, L).seat  # the kit's kernel helpers (brux.core.accessors)


@njit(**JIT)
def compute_legal(s):
    """Fill the legal-action cache of the pending bid (rules 2); its size."""
    s[L.LEGAL] = PASS
    n = 1
    if s[seat(s[L.G_CUR]) + L.S_COINS] > s[L.BID]:
        s[L.LEGAL + 1] = RAISE
        n = 2
    s[L.LEGAL_N] = n
    return n


@njit(**JIT)
def turn_up(s):
    """A new round (rules 2): the top card face up, every seat in, the start seat to bid; or the end (rules 3)."""
    n = s[L.P_PLAYERS]
    if s[L.DECK_POS] == s[L.P_DECK]:
        s[L.CARD] = 0
        s[L.G_OVER] = 1
        s[L.G_CUR] = -1
        s[L.G_PENDING] = -1
        s[L.LEGAL_N] = 0
        for p in range(n):
            o = seat(p)
            left = s[o + L.S_COINS] // s[L.P_COINS_PER_VP]
            s[o + L.S_SRC + 1] = left
            s[o + L.S_VP] += left
        return
    s[L.CARD] = s[L.DECK + s[L.DECK_POS]]
    s[L.DECK_POS] += 1
    s[L.G_ROUND] += 1
    s[L.BID] = 0
    s[L.BIDDER] = -1
    for p in range(n):
        s[seat(p) + L.S_OUT] = 0
    s[L.G_CUR] = (s[L.G_ROUND] - 1) % n
    s[L.G_PENDING] = 0


@njit(**JIT)
def step(s, a):
    """Seat G_CUR passes or raises; then the next seat to bid, or the round resolved."""
    n = s[L.P_PLAYERS]
    p = s[L.G_CUR]
    o = seat(p)
    if s[o + L.S_OPEN] < 0:
        s[o + L.S_OPEN] = s[L.BID] + 1 if a == RAISE else 0
    if a == RAISE:
        s[L.BID] += 1
        s[L.BIDDER] = p
    else:
        s[o + L.S_OUT] = 1
    for k in range(1, n + 1):
        q = (p + k) % n
        if s[seat(q) + L.S_OUT] == 0 and q != s[L.BIDDER]:
            s[L.G_CUR] = q
            return
    w = s[L.BIDDER]
    if w < 0:
        s[L.DISCARDED] += 1
    else:
        ow = seat(w)
        s[ow + L.S_COINS] -= s[L.BID]
        s[ow + L.S_CARDS] += 1
        s[ow + L.S_SRC] += s[L.CARD]
        s[ow + L.S_VP] += s[L.CARD]
    turn_up(s)


@njit(**JIT)
def setup(s):
    """A new game (rules 1), the state zeroed past the parameters and seeded: the deck shuffled, the coins dealt,
    the first card turned up."""
    for k in range(s[L.P_DECK]):
        s[L.DECK + k] = k + 1
    shuffle_run(s, L.DECK, s[L.P_DECK], s, L.G_RNG_KEY, L.G_RNG_CTR)
    for p in range(s[L.P_PLAYERS]):
        s[seat(p) + L.S_COINS] = s[L.P_START_COINS]
    for p in range(L.MAX_PLAYERS):
        s[seat(p) + L.S_OPEN] = -1
    turn_up(s)


start, init, settle, apply = engine_loop(__name__, L, setup=setup, step=step, compute_legal=compute_legal)
