"""Kernel entry points: create a game, apply a decision (then the automatic ones), results, batches."""

import numpy as np
from numba import njit

from brux.core.batch import batch_game_seed, result_arrays
from brux.core.jit import JIT
from brux.core.rng import randbelow, seed_stream

from . import codes as C
from . import layout as L
from .base import players, seat
from .cards import fill_slot, setup_deck
from .flow import advance, step
from .legal import compute_legal
from .rounds import begin_round, start_bid
from .score import n_first, rank

AGENT_RNG = L.STATE_SIZE  # batch work arrays keep each seat's agent stream (key, counter) after the state
WORK_SIZE = L.STATE_SIZE + 2 * L.MAX_PLAYERS


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
        for j in range(2):
            s[o + L.S_PICK + j] = -1
            s[o + L.S_OPEN + j] = -1


@njit(**JIT)
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
    for d in range(2):
        setup_deck(s, d)
    for k in range(2 * L.MAX_SLOTS):
        s[L.SLOT_CARD + k] = -1
    for d in range(2):
        for i in range(s[L.P_SLOTS]):
            fill_slot(s, d, i)
    s[L.G_ROUND] = 1
    start_bid(s)
    settle(s)


@njit(**JIT)
def resume(s):
    """A position built from a view (round start, no play fixed): run rules 4.1 from round 2 on, then settle."""
    if s[L.G_ROUND] >= 2:
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


@njit(cache=True)
def legal_actions(s):
    """The legal actions of the pending decision, ascending (empty when the game is over)."""
    return s[L.LEGAL: L.LEGAL + s[L.LEGAL_N]].copy()


@njit(**JIT)
def play_out_random(s):
    """Finish the game in work array s with every seat playing uniformly at random from its agent stream."""
    while s[L.G_OVER] == 0:
        p = s[L.G_CUR]
        i = randbelow(s, AGENT_RNG + 2 * p, AGENT_RNG + 2 * p + 1, s[L.LEGAL_N])
        apply(s, s[L.LEGAL + i])


@njit(cache=True, nogil=True)
def play_random_batch(params, master_seed, first_index, n_games):
    """Play games first_index .. first_index + n_games - 1 of a run with uniformly random agents.

    Each seat picks uniformly among the legal actions of every decision with at least two options, from its agent
    stream (1 + seat). No Python runs per decision. Returns per game its seed and length, and per seat VP, rank,
    win share, VP by source and the two opening codes.
    """
    n = params[L.P_PLAYERS]
    seeds, vp, rk, share, src, opening, length = result_arrays(n_games, n, L.N_SOURCES)
    s = np.zeros(WORK_SIZE, np.int64)
    for i in range(L.PARAMS_SIZE):
        s[i] = params[i]
    for g in range(n_games):
        seed = batch_game_seed(master_seed, first_index + g)
        seeds[g] = seed
        reset(s, seed)
        for p in range(n):
            seed_stream(s, AGENT_RNG + 2 * p, AGENT_RNG + 2 * p + 1, seed, 1 + p)
        play_out_random(s)
        record_result(s, g, vp, rk, share, src, opening, length)
    return seeds, vp, rk, share, src, opening, length


@njit(**JIT)
def record_result(s, g, vp, rk, share, src, opening, length):
    k = n_first(s)
    for p in range(players(s)):
        o = seat(p)
        vp[g, p] = s[o + L.S_VP]
        r = rank(s, p)
        rk[g, p] = r
        share[g, p] = 1.0 / k if r == 1 else 0.0
        for j in range(L.N_SOURCES):
            src[g, p, j] = s[o + L.S_SRC + j]
        opening[g, p, 0] = s[o + L.S_OPEN]
        opening[g, p, 1] = s[o + L.S_OPEN + 1]
    length[g] = s[L.G_DECISIONS]
