"""Kernel entry points: create a game, apply a decision (then the automatic ones), ranking, the fast random
play-out and replays. The batches are built by the game kit from `hooks.py`."""

import numpy as np

from brux.core.jit import INLINE, JIT, njit
from brux.core.loop import engine_loop
from brux.core.rng import STREAM_WORDS, below, next_u64

from . import codes as C
from . import layout as L
from .area import deal_bonus, lay_out
from .base import players, seat
from .decks import setup_deck
from .flow import main_step, step
from .legal import compute_legal, legal_at, main_legal
from .rounds import advance, start_action_phase

PLAYOUT_WORK = L.MAX_PLAYERS  # work slots after the agent streams: each stream's next value, drawn ahead


@njit(**JIT)
def setup(s):
    """A new game's set-up, the state zeroed past the parameters and seeded; the first decision is pending but its
    legal actions are not computed yet (see `init`)."""
    n = players(s)
    for p in range(n):
        o = seat(p)
        s[o + L.S_MONEY] = s[L.P_START_MONEY + p]
        for track in range(C.N_TRACKS):
            s[o + L.S_TRACK + track] = 1
        for t in range(C.N_ARCH_TYPES):
            s[o + L.S_PRISON + t] = s[L.P_PRISON_START + t]
            s[o + L.S_HAND + t] = s[L.P_ARCH_COUNTS + t] - s[L.P_PRISON_START + t]
        s[o + L.S_NOBLE + C.N_BRUGMANN] = C.NOBLE_UNTAPPED
        for k in range(L.OPENINGS_PER_SEAT):
            s[o + L.S_OPEN + k] = -1
    s[L.G_MONEY_DECK] = s[L.P_MONEY_CARDS]
    s[L.G_EXH_HOLDER] = -1
    s[L.G_ROUND] = 1
    s[L.C_NOBLE] = -1
    s[L.C_HOUSE] = -1
    for sp in range(L.MAX_SPACES):
        s[L.A_KIND + sp] = C.SP_EMPTY
    if n == L.NEUTRAL_PLAYERS:  # the bottom corners
        for sp in ((s[L.P_ROWS] - 1) * L.COLS, s[L.P_ROWS] * L.COLS - 1):
            s[L.A_KIND + sp] = C.SP_NEUTRAL
            s[L.A_OWNER + sp] = -1
            s[L.A_VALUE + sp] = s[L.P_NEUTRAL_VALUE]
    for d in range(C.N_DECKS):
        setup_deck(s, d, s[L.P_COMPONENTS + d])
    lay_out(s)
    deal_bonus(s)
    start_action_phase(s)


@njit(**INLINE)
def first_legal(s):
    return legal_at(s, 0)


# start: the set-up without the first legal actions (the random play-out's start); apply: the decision handlers
# compiled into its one loop
start, init, settle, apply = engine_loop(__name__, L, setup=setup, step=step, compute_legal=compute_legal,
                                         after=advance, first_legal=first_legal)


@njit(**JIT)
def play_out_random(s, rng_off):
    """Finish the game in work array s (as `init` or `start` left it) with every seat playing uniformly at random:
    seat p draws from its agent stream at rng_off + 2 p, whose next value is kept drawn ahead at rng_off
    + 2 MAX_PLAYERS + p. Player and automatic decisions are taken in this one loop, which compiles the decision
    handlers into it (random play-outs never go through `apply`). Gives the games of the generic loop (pick =
    legal_at(s, randbelow(stream of p, n))), from `start` (the random batch) or `init`. The loop of
    `brux.core.loop.random_play_out` with MAIN's legal actions inlined and MAIN's step taken apart from the other
    decisions' (`main_step`: no action number made and decoded, no second dispatch on the decision), written out:
    made by the factory it ran 4 % slower in this game (A/B, 7 alternating runs on one core)."""
    nxt = rng_off + STREAM_WORDS * L.MAX_PLAYERS
    for p in range(players(s)):
        s[nxt + p] = np.int64(next_u64(s, rng_off + STREAM_WORDS * p, rng_off + STREAM_WORDS * p + 1))
    while s[L.G_OVER] == 0:
        main = s[L.G_PENDING] == C.D_MAIN
        n = main_legal(s) if main else compute_legal(s)
        player = n > 1
        i = 0
        if player:
            # The seat's next stream value was drawn ahead, off this decision's critical path.
            p = s[L.G_CUR] & L.SEAT_MASK  # a seat (the mask: see layout.index_mask)
            i = below(s[nxt + p], n)
            s[nxt + p] = np.int64(next_u64(s, rng_off + STREAM_WORDS * p, rng_off + STREAM_WORDS * p + 1))
        if main:
            main_step(s, i)
        else:
            step(s, legal_at(s, i))
        advance(s)
        s[L.G_DECISIONS] += player
        s[L.G_AUTO] += 1 - player


@njit(**JIT)
def replay_game(s, params, seed, actions, start, end):
    """Play game `seed` in s with the decisions actions[start:end]."""
    init(s, params, seed)
    for i in range(start, end):
        apply(s, actions[i])


@njit(cache=True, nogil=True)
def replay_batch(params, seeds, actions, starts):
    """Replay games from their seeds and decisions (game g's decisions are actions[starts[g]:starts[g + 1]]).

    Returns the final VP per game and seat; used to time the kernel on exactly the games another engine plays.
    """
    n_games = seeds.shape[0]
    vp = np.zeros((n_games, params[L.P_PLAYERS]), np.int32)
    s = np.zeros(L.STATE_SIZE, np.int64)
    for g in range(n_games):
        replay_game(s, params, seeds[g], actions, starts[g], starts[g + 1])
        for p in range(players(s)):
            vp[g, p] = s[seat(p) + L.S_VP]
    return vp
