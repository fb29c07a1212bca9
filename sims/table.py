"""Result arrays of a batch of games -> the per-seat result table of docs/results.md (one row per game and seat)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import polars as pl


def result_columns(vp_sources: Sequence[str]) -> list[str]:
    """The table's columns in order, for a game with these scoring sources."""
    return [
        "game_id", "seed", "game", "params_id", "players", "seat", "agent", "vp", "rank", "win_share",
        *(f"vp_{s}" for s in vp_sources), "opening_1", "opening_2", "length",
    ]


def result_table(
    arrays: Mapping[str, np.ndarray],
    *,
    first_index: int,
    game: str,
    params_id: str,
    agents: Sequence[str],
    vp_sources: Sequence[str],
    opening_labels: Sequence[str],
) -> pl.DataFrame:
    """Per-seat rows (game-major, seat-minor) of games ``first_index ..`` from ``Game.play_random``-style arrays."""
    players = len(agents)
    n = len(arrays["seed"])
    rows = n * players
    seat = np.tile(np.arange(players, dtype=np.int8), n)
    labels = pl.Series(["-", *opening_labels], dtype=pl.String)
    opening = np.asarray(arrays["opening"], dtype=np.int64) + 1  # code -1 ("-") -> 0
    src = np.asarray(arrays["vp_by_source"], dtype=np.int32)
    columns = [
        pl.Series("game_id", np.repeat(np.arange(first_index, first_index + n, dtype=np.int64), players)),
        pl.Series("seed", np.repeat(np.asarray(arrays["seed"], dtype=np.int64), players)),
        pl.repeat(game, rows, dtype=pl.String, eager=True).alias("game"),
        pl.repeat(params_id, rows, dtype=pl.String, eager=True).alias("params_id"),
        pl.repeat(players, rows, dtype=pl.Int8, eager=True).alias("players"),
        pl.Series("seat", seat),
        pl.Series("agent", list(agents), dtype=pl.String).gather(seat).alias("agent"),
        pl.Series("vp", np.asarray(arrays["vp"], dtype=np.int32).ravel()),
        pl.Series("rank", np.asarray(arrays["rank"], dtype=np.int8).ravel()),
        pl.Series("win_share", np.asarray(arrays["win_share"], dtype=np.float64).ravel()),
        *(pl.Series(f"vp_{s}", src[:, :, j].ravel()) for j, s in enumerate(vp_sources)),
        labels.gather(opening[:, :, 0].ravel()).alias("opening_1"),
        labels.gather(opening[:, :, 1].ravel()).alias("opening_2"),
        pl.Series("length", np.repeat(np.asarray(arrays["length"], dtype=np.int32), players)),
    ]
    return pl.DataFrame(columns)
