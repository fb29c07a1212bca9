"""Kernel entry points: create a game, apply a decision (then the automatic ones). The batches are built by the
game kit from `hooks.py`."""

from brux.core.jit import JIT, TINY, njit
from brux.core.rng import seed_stream

from . import codes as C
from . import layout as L
from .base import players, seat
from .cards import fill_slot, setup_deck
from .flow import advance, step
from .legal import compute_legal
from .rounds import begin_round, start_bid


@njit(**JIT)
def settle(s):
    """Take every single-option decision automatically; leave the legal-action cache filled."""
    while s[L.G_OVER] == 0:
        if compute_legal(s) != 1:
            return
        step(s, s[L.LEGAL])
        advance(s)
        s[L.G_AUTO] += 1


@njit(**JIT)
def clear_seats(s):
    for p in range(L.MAX_PLAYERS):
        o = seat(p)
        for j in range(L.SEAT_SIZE):
            s[o + j] = 0
        for j in range(C.PLAY_CARDS):
            s[o + L.S_PICK + j] = -1
            s[o + L.S_OPEN + j] = -1


@njit(**TINY)
def init(s, params, seed):
    """A new game in `s` from flattened parameters and a game seed (rules section 3)."""
    for i in range(L.PARAMS_SIZE):
        s[i] = params[i]
    reset(s, seed)


@njit(**JIT)
def reset(s, seed):
    """A new game in `s`, whose parameter block is already in place: everything after it is zeroed first."""
    for i in range(L.PARAMS_SIZE, L.STATE_SIZE):
        s[i] = 0
    s[L.G_SEED] = seed
    seed_stream(s, L.G_RNG_KEY, L.G_RNG_CTR, seed, 0)
    clear_seats(s)
    n = players(s)
    s[L.G_BANK] = C.TOTAL_COINS - n * s[L.P_START_COINS]
    for p in range(n):
        s[seat(p) + L.S_COINS] = s[L.P_START_COINS]
    for d in range(C.N_DECKS):
        setup_deck(s, d)
    for k in range(C.N_DECKS * L.MAX_SLOTS):
        s[L.SLOT_CARD + k] = -1
    for d in range(C.N_DECKS):
        for i in range(s[L.P_SLOTS]):
            fill_slot(s, d, i)
    s[L.G_ROUND] = 1
    start_bid(s)
    settle(s)


@njit(**JIT)
def resume(s):
    """A position built from a view (round start, no play fixed): run rules 4.1 from round 2 on, then settle."""
    if s[L.G_ROUND] > C.FIRST_ROUND:
        begin_round(s)
    else:
        start_bid(s)
    settle(s)


@njit(**JIT)
def apply(s, a):
    """Apply a legal action, then the automatic decisions that follow."""
    step(s, a)
    advance(s)
    s[L.G_DECISIONS] += 1
    settle(s)
