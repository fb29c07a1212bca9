"""Kernel entry points: create a game, apply a decision (then the automatic ones), from the kit's engine loop
(`brux.core.loop`). The batches are built by the game kit from `hooks.py`."""

from brux.core.jit import JIT, njit
from brux.core.loop import engine_loop

from . import codes as C
from . import layout as L
from .base import players, seat
from .cards import fill_slot, setup_deck
from .flow import advance, step
from .legal import compute_legal
from .rounds import begin_round, start_bid


@njit(**JIT)
def clear_seats(s):
    for p in range(L.MAX_PLAYERS):
        o = seat(p)
        for j in range(L.SEAT_SIZE):
            s[o + j] = 0
        for j in range(C.PLAY_CARDS):
            s[o + L.S_PICK + j] = -1
            s[o + L.S_OPEN + j] = -1


@njit(**JIT)
def setup(s):
    """A new game's set-up (rules section 3), the state zeroed past the parameters and seeded."""
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


start, init, settle, apply = engine_loop(__name__, L, setup=setup, step=step, compute_legal=compute_legal,
                                         after=advance)


@njit(**JIT)
def resume(s):
    """A position built from a view (round start, no play fixed): run rules 4.1 from round 2 on, then settle."""
    if s[L.G_ROUND] > C.FIRST_ROUND:
        begin_round(s)
    else:
        start_bid(s)
    settle(s)
