"""The accessor hooks every game reads the same way: the pending seat, the legal-action cache, the seat count and
the seat counters of the shared header (docs/adding-a-game.md, the hooks table); and the kernel helpers every game
writes with over the same header.

    seat, players, chance, set_pending = basics(__name__, L)
    player, nlegal, legal, nplayers, vp, source_vp, opening, length = accessors(__name__, L, seat)

`layout` is the game's layout module: it names MAX_PLAYERS, G_CUR, G_OVER, LEGAL_N, LEGAL, P_PLAYERS, G_DECISIONS
and the seat counters S_VP, S_SRC, S_OPEN; `seat(p)` is the offset of seat p's block. The accessors are small units
that LLVM inlines into their callers, so they cost nothing over hand-written ones; a game replaces one by assigning
its own (Bruxelles 1897's `legal` reads its closed-form MAIN decision).
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import NamedTuple

from .jit import JIT, njit_for
from .rng import randbelow


class Basics(NamedTuple):
    seat: Callable
    players: Callable
    chance: Callable
    set_pending: Callable


def basics(owner: str, layout: ModuleType) -> Basics:
    """The kernel helpers of the game whose kernel module is `owner`: `seat(p)` (the offset of seat p's block),
    `players(s)`, `chance(s, n)` (uniform in 0 .. n - 1 from the game's chance stream) and `set_pending(s, p, d)`
    (decision d pending for seat p)."""
    seats, seat_size, n_players = layout.SEATS, layout.SEAT_SIZE, layout.P_PLAYERS
    key, ctr, cur, pending = layout.G_RNG_KEY, layout.G_RNG_CTR, layout.G_CUR, layout.G_PENDING
    seat_mask = (1 << (layout.MAX_PLAYERS - 1).bit_length()) - 1  # covers every seat
    jit = njit_for(owner, **JIT)

    @jit
    def seat(p):
        """Offset of seat p's block (0 <= p < MAX_PLAYERS). The mask changes no seat; it tells the compiler the
        offset is not below the first block, which drops the negative-index adjustment of every access built on it."""
        return seats + (p & seat_mask) * seat_size

    @jit
    def players(s):
        return s[n_players]

    @jit
    def chance(s, n):
        return randbelow(s, key, ctr, n)

    @jit
    def set_pending(s, p, d):
        s[cur] = p
        s[pending] = d

    return Basics(seat, players, chance, set_pending)


class Accessors(NamedTuple):
    player: Callable
    nlegal: Callable
    legal: Callable
    nplayers: Callable
    vp: Callable
    source_vp: Callable
    opening: Callable
    length: Callable


def accessors(owner: str, layout: ModuleType, seat: Callable) -> Accessors:
    """The accessor hooks of the game whose hooks module is `owner`, over its `layout` and `seat` function."""
    cur, over, legal_n, legal_at, n_players, decisions = (layout.G_CUR, layout.G_OVER, layout.LEGAL_N, layout.LEGAL,
                                                          layout.P_PLAYERS, layout.G_DECISIONS)
    s_vp, s_src, s_open = layout.S_VP, layout.S_SRC, layout.S_OPEN
    jit = njit_for(owner, **JIT)

    @jit
    def player(s):
        """Seat whose decision is pending, -1 when the game is over."""
        return s[cur] if s[over] == 0 else -1

    @jit
    def nlegal(s):
        """Legal actions of the pending decision."""
        return s[legal_n]

    @jit
    def legal(s, i):
        """Legal action number i (ascending)."""
        return s[legal_at + i]

    @jit
    def nplayers(s):
        return s[n_players]

    @jit
    def vp(s, p):
        return s[seat(p) + s_vp]

    @jit
    def source_vp(s, p, j):
        """Seat p's VP from source j."""
        return s[seat(p) + s_src + j]

    @jit
    def opening(s, p, k):
        """Seat p's k-th opening code, -1 if none."""
        return s[seat(p) + s_open + k]

    @jit
    def length(s):
        """Decisions taken by players (automatic ones not counted)."""
        return s[decisions]

    return Accessors(player, nlegal, legal, nplayers, vp, source_vp, opening, length)
