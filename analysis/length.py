"""Game length: distribution summary of the ``length`` column per player count."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import polars as pl

from ._frame import Table, finish, require, to_lazy

DEFAULT_QUANTILES = (0.05, 0.25, 0.5, 0.75, 0.95)


def _qname(q: float) -> str:
    return f"q{round(q * 100):02d}" if abs(q * 100 - round(q * 100)) < 1e-9 else f"q{q * 100:g}".replace(".", "_")


def game_length(
    df: Table, quantiles: Sequence[float] = DEFAULT_QUANTILES, *, as_pandas: bool = False
) -> Any:
    """Summary of game length (decisions taken by players) per ``players``.

    Each game counts once: ``length`` is a per-game value repeated on every seat row, so only the seat-0 rows are
    used. Columns: ``players``, ``games``, ``mean``, ``std`` (sample), ``min``, one column per quantile named
    ``qNN`` (``q05``, ``q25``, ``q50`` ...; linear interpolation, as ``numpy.quantile``), ``max``.
    """
    for q in quantiles:
        if not 0.0 <= q <= 1.0:
            raise ValueError(f"quantiles must be in [0, 1], got {q}")
    lf = to_lazy(df)
    require(lf, ("players", "seat", "length"), "game_length")
    x = pl.col("length").cast(pl.Float64)
    out = (
        lf.filter(pl.col("seat") == 0)
        .group_by("players")
        .agg(
            pl.len().alias("games"),
            x.mean().alias("mean"),
            x.std().alias("std"),
            pl.col("length").min().alias("min"),
            *[x.quantile(q, interpolation="linear").alias(_qname(q)) for q in quantiles],
            pl.col("length").max().alias("max"),
        )
        .sort("players")
        .collect()
    )
    return finish(out, as_pandas)
