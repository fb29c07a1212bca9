"""Score sources: how much VP each scoring source brings, and how strongly it separates winners from the rest."""

from __future__ import annotations

from typing import Any

import polars as pl

from ._frame import (
    SOURCE_PREFIX,
    Table,
    columns,
    finish,
    require,
    source_columns,
    to_lazy,
)
from .stats import correlation_pvalue

_STATS = ("mean", "std", "win_mean", "other_mean", "corr")


def score_sources(df: Table, *, by_seat: bool = True, as_pandas: bool = False) -> Any:
    """Mean VP per scoring source, its share of all VP, and its link with winning.

    Sources are the ``vp_*`` columns other than ``vp`` (``source`` is the name without the prefix). A seat *wins*
    when it finishes first, shared first places included (``rank == 1``; ``win_share > 0`` if there is no ``rank``
    column). One row per ``players`` x ``seat`` x ``source`` (with ``by_seat=False``: per ``players`` x ``source``
    over all seats, ``seat`` null). Columns:

    * ``games`` - rows in the group; ``mean_vp``, ``std_vp`` (sample std) of the source's VP.
    * ``share`` - mean_vp / sum of the group's source means (the source's fraction of all VP; sums to 1 per group;
      a source with negative VP, such as a penalty, has a negative share).
    * ``mean_winners``, ``mean_others`` - mean VP of the source among winning and non-winning rows;
      ``diff_winners`` = mean_winners - mean_others.
    * ``corr_win`` - point-biserial correlation between the source's VP and the 0/1 win indicator (the Pearson
      correlation, as ``scipy.stats.pointbiserialr``); ``corr_p`` its two-sided p-value (null when undefined).
    """
    lf = to_lazy(df)
    cols = columns(lf)
    sources = source_columns(cols)
    if not sources:
        raise ValueError(f"score_sources needs vp_<source> columns; the table has {cols}")
    require(lf, ("players", "seat"), "score_sources")
    if "rank" in cols:
        won = (pl.col("rank") == 1).cast(pl.Float64)
    else:
        require(lf, ("win_share",), "score_sources")
        won = (pl.col("win_share") > 0).cast(pl.Float64)
    keys = ["players", "seat"] if by_seat else ["players"]
    aggs = [pl.len().alias("games")]
    for s in sources:
        v = pl.col(s).cast(pl.Float64)
        aggs += [
            v.mean().alias(f"{s}\x00mean"),
            v.std().alias(f"{s}\x00std"),
            v.filter(pl.col("_won") == 1.0).mean().alias(f"{s}\x00win_mean"),
            v.filter(pl.col("_won") == 0.0).mean().alias(f"{s}\x00other_mean"),
            pl.corr(v, pl.col("_won")).alias(f"{s}\x00corr"),
        ]
    wide = lf.with_columns(won.alias("_won")).group_by(keys).agg(aggs).sort(keys).collect()
    if not by_seat:
        wide = wide.with_columns(pl.lit(None, dtype=pl.Int8).alias("seat"))
    parts = []
    for s in sources:
        parts.append(
            wide.select(
                "players",
                pl.col("seat").cast(pl.Int8),
                pl.lit(s[len(SOURCE_PREFIX):]).alias("source"),
                "games",
                *[pl.col(f"{s}\x00{k}").alias(k) for k in _STATS],
            )
        )
    if not parts or wide.height == 0:
        long = pl.DataFrame(
            schema={"players": wide.schema["players"], "seat": pl.Int8, "source": pl.String, "games": pl.UInt32,
                    **{k: pl.Float64 for k in _STATS}}
        )
    else:
        long = pl.concat(parts)
    corr = long["corr"].to_numpy().astype(float)
    pvals = correlation_pvalue(corr, long["games"].to_numpy().astype(float))
    out = (
        long.with_columns(
            (pl.col("mean") / pl.col("mean").sum().over("players", "seat")).alias("share"),
            (pl.col("win_mean") - pl.col("other_mean")).alias("diff_winners"),
            pl.Series("corr_p", pvals).fill_nan(None),
            pl.col("corr").fill_nan(None),
        )
        .select(
            "players", "seat", "source", "games",
            pl.col("mean").alias("mean_vp"), pl.col("std").alias("std_vp"), "share",
            pl.col("win_mean").alias("mean_winners"), pl.col("other_mean").alias("mean_others"), "diff_winners",
            pl.col("corr").alias("corr_win"), "corr_p",
        )
    )
    # sources keep the table's column order inside each group
    order = {s[len(SOURCE_PREFIX):]: i for i, s in enumerate(sources)}
    out = (
        out.with_columns(pl.col("source").replace_strict(order, return_dtype=pl.Int32).alias("_o"))
        .sort("players", "seat", "_o", nulls_last=True)
        .drop("_o")
    )
    return finish(out, as_pandas)
