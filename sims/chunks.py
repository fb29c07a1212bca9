"""Chunk planning: chunk ``i`` of a run holds games ``i * chunk_size .. min((i + 1) * chunk_size, games) - 1``."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Chunk:
    """Games ``first .. first + count - 1`` of a run, stored as chunk file number `index`."""

    index: int
    first: int
    count: int


def plan_chunks(games: int, chunk_size: int) -> list[Chunk]:
    """Every chunk of a run of `games` games, in order."""
    return [Chunk(i, first, min(chunk_size, games - first)) for i, first in enumerate(range(0, games, chunk_size))]
