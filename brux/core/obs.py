"""Observation layouts: a game's float32 observation vector described once as consecutive named pieces.

A piece is either a copy of public state fields (`source`: the state offset, kernel/layout.py) or values the game's
`observe` hook computes itself (`source=None`: parts of arrays that are partly hidden, counts, one-hot codes). The
docs' tables (`ObsLayout.markdown`), the OpenSpiel tensors, the vector environment and the tests all read the same
description: `layout.slice(name)` is where a piece lies in the vector.

    OBS = ObsLayout(
        Piece("seat", 4, "one-hot: the observing seat", low=0, high=1),
        Piece("round", 1, "round being played", source=L.G_ROUND),
    )
    copy_pieces(s, out, OBS.copies)   # inside the game's observe hook: every `source` piece, allocation-free
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from brux.core.jit import INLINE, njit

Bound = float | tuple[float, ...]


@dataclass(frozen=True)
class Piece:
    """`size` consecutive observation values named `name`; `source` is the state offset they are copied from
    (None: written by the game's observe hook). Every value lies within `low .. high` (inclusive; one bound for
    the whole piece or one per value; a state schema's `piece` gives those of the fields it copies)."""

    name: str
    size: int
    meaning: str
    source: int | None = None
    low: Bound = -np.inf
    high: Bound = np.inf

    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """(low, high) of each value, float32."""
        lo, hi = (np.broadcast_to(np.asarray(b, np.float64), (self.size,)) for b in (self.low, self.high))
        if (lo > hi).any():
            raise ValueError(f"observation piece {self.name!r}: low above high")
        return lo.astype(np.float32), hi.astype(np.float32)


class ObsLayout:
    """Consecutive pieces of an observation vector; `size` values in all, each within `low .. high` (float32
    arrays: the bounds of the pieces)."""

    def __init__(self, *pieces: Piece) -> None:
        names = [p.name for p in pieces]
        if len(set(names)) != len(names):
            raise ValueError(f"observation pieces must have distinct names: {names}")
        self.pieces = pieces
        self.offset: dict[str, int] = {}
        at = 0
        for p in pieces:
            if p.size < 1:
                raise ValueError(f"observation piece {p.name!r} must have a positive size")
            self.offset[p.name] = at
            at += p.size
        self.size = at
        bounds = [p.bounds() for p in pieces]
        self.low = np.concatenate([b[0] for b in bounds]) if pieces else np.zeros(0, np.float32)
        self.high = np.concatenate([b[1] for b in bounds]) if pieces else np.zeros(0, np.float32)
        # (observation offset, state offset, size) of every piece copied from the state, for copy_pieces
        self.copies = np.array([(self.offset[p.name], p.source, p.size) for p in pieces if p.source is not None],
                               np.int64).reshape(-1, 3)

    def slice(self, name: str) -> slice:
        """Where piece `name` lies in the observation vector."""
        if name not in self.offset:
            raise KeyError(f"no observation piece {name!r}; pieces: {', '.join(self.offset)}")
        o = self.offset[name]
        return slice(o, o + self.piece(name).size)

    def piece(self, name: str) -> Piece:
        return self.pieces[list(self.offset).index(name)]

    def split(self, obs: np.ndarray) -> dict[str, np.ndarray]:
        """An observation vector as {piece name: its values}."""
        return {p.name: obs[self.slice(p.name)] for p in self.pieces}

    def markdown(self) -> str:
        """The layout as a Markdown table (offset, size, name, range of its values, meaning)."""
        rows = ["| offset | size | piece | range | meaning |", "|---|---|---|---|---|"]
        rows += [f"| {self.offset[p.name]} | {p.size} | `{p.name}` | {_range(p)} | {p.meaning} |" for p in self.pieces]
        return "\n".join(rows)


def _range(p: Piece) -> str:
    """`low .. high` of a piece's values (the widest when they differ per value)."""
    lo, hi = p.bounds()
    return " .. ".join(f"{x:.0f}" if np.isfinite(x) else f"{x}" for x in (float(lo.min()), float(hi.max())))


@njit(**INLINE)
def copy_pieces(s, out, copies):
    """out[o : o + n] = s[src : src + n] (as float32) for every row (o, src, n) of `copies` (ObsLayout.copies)."""
    for k in range(copies.shape[0]):
        o = copies[k, 0]
        src = copies[k, 1]
        for j in range(copies[k, 2]):
            out[o + j] = s[src + j]


@njit(**INLINE)
def one_hot(out, o, n, k):
    """out[o : o + n] = the one-hot vector of k (all zero when k is outside 0 .. n - 1)."""
    for j in range(n):
        out[o + j] = 1.0 if j == k else 0.0
