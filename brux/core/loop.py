"""The engine loop every game shares: a new game, a decision applied, the single-option decisions taken.

    start, init, settle, apply = engine_loop(__name__, L, setup=setup, step=step, compute_legal=compute_legal,
                                             after=advance)

The game writes its rules: `setup(s)` (a new game's set-up, the state already zeroed past the parameter block and
seeded), `step(s, a)` (apply one decision's action), `compute_legal(s)` (fill the legal-action cache of the
pending decision, return how many) and the optional `after(s)` (run the game's flow on to its next decision after
a step) and `before_settle(s)` (the same before settling a position set up or built from a view). The kit makes:

- `start(s, params, seed)`: the parameter block copied in (none when `params` is empty: s holds it already, as
  after an earlier game, since no decision writes it), the rest of the state zeroed, G_SEED and the game's chance
  stream (stream 0 of the seed) set, then `setup`; the first decision is pending but its legal actions are not
  computed yet (a random play-out may start here).
- `init(s, params, seed)`: `start`, then `settle`.
- `settle(s)`: `before_settle`, then while the game is not over and the pending decision has one legal action,
  take it (`step`, `after`, one more automatic decision, G_AUTO); a finished game's cache is left empty.
- `apply(s, a)`: a player's action, then the automatic decisions that follow, counted in G_DECISIONS and G_AUTO.

`settle` and `apply` run one loop (`drive`), so a game's step and legal actions, however much of them is inlined,
are compiled into it once. `random_play_out` makes a game's own random play-out (its `PLAYOUT` hook) on the same
rules: the whole game in one loop, as fast as the game's inlined handlers make it.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import NamedTuple

import numpy as np

from .jit import INLINE, JIT, njit, njit_for
from .kit import PlayOut
from .rng import STREAM_WORDS, below, next_u64, randbelow, seed_stream


@njit(**INLINE)
def nothing(s):
    """No flow of the game's own between a step and the next decision."""
    return  # a statement past the docstring: Numba's debug info needs one


class Engine(NamedTuple):
    start: Callable
    init: Callable
    settle: Callable
    apply: Callable


def engine_loop(owner: str, layout: ModuleType, *, setup: Callable, step: Callable, compute_legal: Callable,
                after: Callable = nothing, before_settle: Callable = nothing,
                first_legal: Callable | None = None) -> Engine:
    """The engine entry points of the game whose engine module is `owner`, over its `layout` (the kit's header
    and legal cache, PARAMS_SIZE, STATE_SIZE) and rules. `first_legal(s)`: the single legal action once
    `compute_legal` returned 1 (default: the first of the cache, LEGAL)."""
    params_size, state_size = layout.PARAMS_SIZE, layout.STATE_SIZE
    seed_at, key, ctr = layout.G_SEED, layout.G_RNG_KEY, layout.G_RNG_CTR
    over, decisions, auto_count = layout.G_OVER, layout.G_DECISIONS, layout.G_AUTO
    legal_n, legal = layout.LEGAL_N, layout.LEGAL
    jit = njit_for(owner, **JIT)

    if first_legal is None:
        @njit_for(owner, **INLINE)
        def first_legal(s):
            return s[legal]

    @jit
    def start(s, params, seed):
        for i in range(params.shape[0]):
            s[i] = params[i]
        for i in range(params_size, state_size):
            s[i] = 0
        s[seed_at] = seed
        seed_stream(s, key, ctr, seed, 0)
        setup(s)

    @jit
    def drive(s, a, automatic):
        """Action a (none when a < 0; a player's decision unless `automatic`), then the single-option decisions that
        follow: the one copy of the game's step and legal actions that `settle` and `apply` share."""
        while True:
            if a >= 0:
                step(s, a)
                after(s)
                if automatic:
                    s[auto_count] += 1
                else:
                    s[decisions] += 1
                if s[over] != 0:
                    s[legal_n] = 0
                    return
            if compute_legal(s) != 1:
                return
            a = first_legal(s)
            automatic = True

    @njit_for(owner, **INLINE)
    def settle(s):
        before_settle(s)
        if s[over] != 0:
            s[legal_n] = 0
            return
        drive(s, -1, True)

    @njit_for(owner, **INLINE)
    def init(s, params, seed):
        start(s, params, seed)
        settle(s)

    @njit_for(owner, **INLINE)
    def apply(s, a):
        drive(s, a, False)

    return Engine(start, init, settle, apply)


def random_play_out(owner: str, layout: ModuleType, *, start: Callable, step: Callable, compute_legal: Callable,
                    after: Callable = nothing, before: Callable = nothing, draw_ahead: bool = True) -> PlayOut:
    """A game's own uniformly random play-out (its `PLAYOUT` hook), started from `start`: `play_out_random(s,
    rng_off)` finishes the game in s (as `start` or `init` left it), seat p drawing its choice from its agent stream
    at rng_off + 2p as below(next stream value, number of legal actions), the draw of `randbelow`. Player and
    automatic decisions are taken in this one loop, which compiles the game's step and legal actions into it (random
    play-outs never go through `apply`): the games of the kit's generic loop (`before(s)`: what settling runs first).

    `draw_ahead`: each seat's next stream value is drawn as soon as the last is used, into `work` slots after the
    streams (s[rng_off + 2 MAX_PLAYERS + p]), off the next decision's critical path; the same choices, one more value
    taken from each stream by the end."""
    max_players, players_at = layout.MAX_PLAYERS, layout.P_PLAYERS
    seat_mask = (1 << (max_players - 1).bit_length()) - 1  # changes no seat; tells the compiler it is not negative
    over, cur, decisions, auto_count = layout.G_OVER, layout.G_CUR, layout.G_DECISIONS, layout.G_AUTO
    legal_n, legal = layout.LEGAL_N, layout.LEGAL
    ahead = STREAM_WORDS * max_players  # the values drawn ahead, after the streams

    @njit_for(owner, **JIT)
    def play_out_random(s, rng_off):
        if draw_ahead:
            for p in range(s[players_at]):
                s[rng_off + ahead + p] = np.int64(next_u64(s, rng_off + STREAM_WORDS * p,
                                                           rng_off + STREAM_WORDS * p + 1))
        before(s)
        if s[over] != 0:
            s[legal_n] = 0
            return
        n = compute_legal(s)
        while True:
            player = n > 1
            i = 0
            if player:
                p = s[cur] & seat_mask
                key, ctr = rng_off + STREAM_WORDS * p, rng_off + STREAM_WORDS * p + 1
                if draw_ahead:
                    i = below(s[rng_off + ahead + p], n)
                    s[rng_off + ahead + p] = np.int64(next_u64(s, key, ctr))
                else:
                    i = randbelow(s, key, ctr, n)
            step(s, s[legal + i])
            after(s)
            s[decisions] += player
            s[auto_count] += 1 - player
            if s[over] != 0:
                s[legal_n] = 0
                return
            n = compute_legal(s)

    return PlayOut(play_out_random, max_players if draw_ahead else 0, start)
