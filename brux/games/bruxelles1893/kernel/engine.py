"""Kernel entry points: create a game, apply a decision (then the automatic ones), random batches."""

import numpy as np
from numba import njit

from brux.core.batch import batch_game_seed, result_arrays
from brux.core.jit import JIT
from brux.core.rng import randbelow, seed_stream

from . import codes as C
from . import layout as L
from .base import players, push, seat
from .flow import run, step
from .legal import compute_legal
from .rounds import rank, setup

AGENT_RNG = L.STATE_SIZE  # batch work arrays keep each seat's agent stream (key, counter) after the state
WORK_SIZE = L.STATE_SIZE + 2 * L.MAX_PLAYERS


@njit(**JIT)
def settle(s):
    """Run the machine; take every single-option decision automatically (9.1); leave the legal cache filled."""
    run(s)
    while s[L.G_OVER] == 0:
        if compute_legal(s) != 1:
            return
        step(s, s[L.LEGAL])
        s[L.G_AUTO] += 1
        run(s)
    s[L.LEGAL_N] = 0


@njit(**JIT)
def init(s, params, seed):
    """A new game in `s` from flattened parameters and a game seed (rule 3)."""
    for i in range(L.PARAMS_SIZE):
        s[i] = params[i]
    reset(s, seed)


@njit(**JIT)
def reset(s, seed):
    """A new game in `s` whose parameter block is already in place."""
    for i in range(L.PARAMS_SIZE, L.STATE_SIZE):
        s[i] = 0
    s[L.G_SEED] = seed
    seed_stream(s, L.G_RNG_KEY, L.G_RNG_CTR, seed, 0)
    setup(s)
    s[L.G_PENDING] = C.D_NONE
    push(s, C.K_ROUND, 0, 0)
    settle(s)


@njit(**JIT)
def apply(s, a):
    """Apply a legal action, then the automatic decisions that follow."""
    step(s, a)
    s[L.G_DECISIONS] += 1
    settle(s)


@njit(cache=True)
def legal_actions(s):
    """The legal actions of the pending decision, ascending (empty when the game is over)."""
    return s[L.LEGAL: L.LEGAL + s[L.LEGAL_N]].copy()


@njit(**JIT)
def play_out_random(s, rng_off):
    """Finish the game with every seat playing uniformly at random from its agent stream at rng_off + 2p."""
    while s[L.G_OVER] == 0:
        p = s[L.G_CUR]
        i = randbelow(s, rng_off + 2 * p, rng_off + 2 * p + 1, s[L.LEGAL_N])
        apply(s, s[L.LEGAL + i])


@njit(cache=True, nogil=True)
def play_random_batch(params, master_seed, first_index, n_games):
    """Games first_index .. first_index + n_games - 1 of a run with uniformly random agents (stream 1 + seat)."""
    n = params[L.P_PLAYERS]
    seeds, vp, rk, share, src, opening, length = result_arrays(n_games, n, C.N_SOURCES)
    s = np.zeros(WORK_SIZE, np.int64)
    for i in range(L.PARAMS_SIZE):
        s[i] = params[i]
    for g in range(n_games):
        seed = batch_game_seed(master_seed, first_index + g)
        seeds[g] = seed
        reset(s, seed)
        for p in range(n):
            seed_stream(s, AGENT_RNG + 2 * p, AGENT_RNG + 2 * p + 1, seed, 1 + p)
        play_out_random(s, AGENT_RNG)
        record_result(s, g, vp, rk, share, src, opening, length)
    return seeds, vp, rk, share, src, opening, length


@njit(**JIT)
def record_result(s, g, vp, rk, share, src, opening, length):
    n = players(s)
    k = 0
    for p in range(n):
        k += rank(s, p) == 1
    for p in range(n):
        o = seat(p)
        vp[g, p] = s[o + L.S_VP]
        r = rank(s, p)
        rk[g, p] = r
        share[g, p] = 1.0 / k if r == 1 else 0.0
        for j in range(C.N_SOURCES):
            src[g, p, j] = s[o + L.S_SRC + j]
        opening[g, p, 0] = s[o + L.S_OPEN]
        opening[g, p, 1] = s[o + L.S_OPEN + 1]
    length[g] = s[L.G_DECISIONS]
