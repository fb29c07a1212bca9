"""Synthetic per-seat result tables and results folders with the documented schema (docs/results.md).

VP per source is Poisson, openings are drawn uniformly, and an optional *planted* opening adds VP to the first
source of the seats that play it, so it wins more often than that seat's other openings. Everything is driven by
a NumPy generator at a fixed seed. Also usable from the command line to make a large folder::

    python tests/analysis/synthetic.py /tmp/results --games 1000000 --players 3
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import polars as pl

SOURCES = ("build", "exhibit", "majority", "money")
SOURCE_MEANS = (8.0, 5.0, 3.0, 2.0)
OPENINGS_1 = tuple(f"AN r{r}c{c}" for r in range(2) for c in range(4))  # 8 labels
OPENINGS_2 = ("BR bank", "BR stock_exchange", "PASS", "-")
#: (seat, opening_1 label, bonus VP) used by the tests' planted-opening tables
PLANTED = (1, OPENINGS_1[3], 2)


def make_table(
    games: int,
    players: int = 3,
    seed: int = 0,
    *,
    planted: tuple[int, str, int] | None = None,
    seat_bonus: Sequence[int] | None = None,
    agents: Sequence[str] | None = None,
    sources: Sequence[str] = SOURCES,
    source_means: Sequence[float] = SOURCE_MEANS,
    openings_1: Sequence[str] = OPENINGS_1,
    openings_2: Sequence[str] = OPENINGS_2,
    first_game_id: int = 0,
    game: str = "synthetic",
    params_id: str = "0123456789ab",
) -> pl.DataFrame:
    """One row per seat for ``games`` games.

    ``planted=(seat, opening_1 label, bonus)`` adds ``bonus`` VP (first source) to that seat when it opens with
    that label; ``seat_bonus[s]`` adds VP to seat ``s`` in every game.
    """
    if len(sources) != len(source_means):
        raise ValueError("sources and source_means must have the same length")
    rng = np.random.default_rng(seed)
    n, p = games, players
    by_source = np.stack([rng.poisson(m, size=(n, p)) for m in source_means])  # (S, n, p)
    o1 = rng.integers(0, len(openings_1), size=(n, p))
    o2 = rng.integers(0, len(openings_2), size=(n, p))
    if planted is not None:
        seat, label, bonus = planted
        by_source[0, :, seat] += np.where(o1[:, seat] == list(openings_1).index(label), bonus, 0)
    if seat_bonus is not None:
        by_source[0] += np.asarray(seat_bonus, dtype=by_source.dtype)[None, :]
    vp = by_source.sum(axis=0)
    rank = 1 + (vp[:, None, :] > vp[:, :, None]).sum(axis=2)
    top = vp == vp.max(axis=1, keepdims=True)
    win_share = top / top.sum(axis=1, keepdims=True)
    length = np.repeat(rng.integers(40, 90, size=n)[:, None], p, axis=1)
    game_id = np.repeat(np.arange(first_game_id, first_game_id + n, dtype=np.int64), p)
    rows = n * p
    agents = list(agents) if agents is not None else ["random"] * p
    cols: dict[str, pl.Series] = {
        "game_id": pl.Series(game_id),
        "seed": pl.Series(game_id * 2654435761 % (1 << 62)),
        "game": pl.Series([game]).gather(np.zeros(rows, dtype=np.int64)),
        "params_id": pl.Series([params_id]).gather(np.zeros(rows, dtype=np.int64)),
        "players": pl.Series(np.full(rows, p, dtype=np.int8)),
        "seat": pl.Series(np.tile(np.arange(p, dtype=np.int8), n)),
        "agent": pl.Series(agents).gather(np.tile(np.arange(p), n)),
        "vp": pl.Series(vp.ravel().astype(np.int32)),
        "rank": pl.Series(rank.ravel().astype(np.int8)),
        "win_share": pl.Series(win_share.ravel().astype(np.float64)),
    }
    for i, s in enumerate(sources):
        cols[f"vp_{s}"] = pl.Series(by_source[i].ravel().astype(np.int32))
    cols["opening_1"] = pl.Series(list(openings_1)).gather(o1.ravel())
    cols["opening_2"] = pl.Series(list(openings_2)).gather(o2.ravel())
    cols["length"] = pl.Series(length.ravel().astype(np.int32))
    return pl.DataFrame(cols)


def write_results_folder(
    path: str | Path,
    games: int,
    players: int = 3,
    *,
    chunk_size: int = 50_000,
    seed: int = 0,
    agents: Sequence[str] | None = None,
    overrides: dict | None = None,
    **table_kwargs,
) -> Path:
    """Write ``manifest.json`` and ``chunk-NNNNNN.parquet`` files for ``games`` synthetic games."""
    folder = Path(path)
    folder.mkdir(parents=True, exist_ok=True)
    agents = list(agents) if agents is not None else ["random"] * players
    sources = table_kwargs.get("sources", SOURCES)
    manifest = {
        "format": 1, "brux_version": "0.1.0", "game": "synthetic", "players": players,
        "overrides": overrides or {}, "params": {"rounds": 4}, "params_id": "0123456789ab",
        "agents": agents, "master_seed": seed, "games": games, "chunk_size": chunk_size,
        "vp_sources": list(sources), "games_done": games,
    }
    (folder / "manifest.json").write_text(json.dumps(manifest, indent=1))
    for i, start in enumerate(range(0, games, chunk_size)):
        n = min(chunk_size, games - start)
        table = make_table(n, players, seed=seed * 100_003 + i, agents=agents, first_game_id=start, **table_kwargs)
        table.write_parquet(folder / f"chunk-{i:06d}.parquet")
    return folder


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="write a synthetic results folder")
    ap.add_argument("path")
    ap.add_argument("--games", type=int, default=1_000_000)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--chunk-size", type=int, default=50_000)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    write_results_folder(a.path, a.games, a.players, chunk_size=a.chunk_size, seed=a.seed,
                         planted=(1, OPENINGS_1[3], 2))
    print(a.path)


if __name__ == "__main__":
    main()
