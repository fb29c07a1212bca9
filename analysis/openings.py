"""Opening strength: win share per seat and opening, tested against the seat's average and corrected."""

from __future__ import annotations

from typing import Any

import numpy as np
import polars as pl

from ._frame import Table, columns, finish, opening_columns, require, to_lazy
from .stats import adjust_pvalues, wilson_interval, ztest_two_sample, ztest_vs_value

DEPTH_SEPARATOR = " / "
REFERENCES = ("seat", "rest")


def opening_labels(lf: pl.LazyFrame, column: str = "opening_1", depth: int = 1) -> tuple[pl.Expr, list[str]]:
    """The expression giving each row's opening label, and the opening columns it uses.

    ``depth=1`` uses ``column``; ``depth=k > 1`` joins ``opening_1 .. opening_k`` with ``" / "``. Missing values
    become ``"-"`` (no decision), as in the results schema.
    """
    cols = columns(lf)
    if depth < 1:
        raise ValueError(f"depth must be >= 1, got {depth}")
    if depth == 1:
        used = [column]
    else:
        if column != "opening_1":
            raise ValueError("depth > 1 combines opening_1 .. opening_<depth>; leave column at its default")
        used = [f"opening_{i}" for i in range(1, depth + 1)]
    missing = [c for c in used if c not in cols]
    if missing:
        raise ValueError(f"opening column(s) {missing} not in the table; opening columns present: "
                         f"{opening_columns(cols)}")
    parts = [pl.col(c).cast(pl.String).fill_null("-") for c in used]
    label = parts[0] if len(parts) == 1 else pl.concat_str(parts, separator=DEPTH_SEPARATOR)
    return label.alias("opening"), used


def opening_strength(
    df: Table,
    column: str = "opening_1",
    *,
    depth: int = 1,
    min_games: int = 100,
    correction: str = "holm",
    confidence: float = 0.95,
    reference: str = "seat",
    as_pandas: bool = False,
) -> Any:
    """Win share per ``players`` x ``seat`` x opening, with a Wilson interval and a corrected test.

    Line-ups are pooled (filter the table first to study one line-up). Openings played fewer than ``min_games``
    times are dropped before the correction. Columns:

    * ``opening`` - the label (``depth > 1``: ``opening_1 / opening_2 / ...``); ``games``; ``frequency`` = games /
      all games of that seat; ``wins`` (sum of ``win_share``); ``win_share`` with the Wilson interval
      ``win_share_low``/``win_share_high`` (as in :func:`seat_balance`).
    * ``seat_win_share`` - the seat's average win share over all its games; ``delta`` = win_share -
      seat_win_share; ``lift`` = win_share / seat_win_share.
    * ``z``, ``p_value`` - two-sided z test. ``reference="seat"`` (default): one-sample score test of the
      opening's win share against the seat's average taken as known,
      ``z = (win_share - seat_win_share) / sqrt(seat_win_share (1 - seat_win_share) / games)``
      (= ``statsmodels`` ``proportions_ztest(wins, games, value=s, prop_var=s)``). ``reference="rest"``: pooled
      two-sample z test of the opening against the seat's other games. The variance p(1 - p) is that of a 0/1
      outcome; tie shares only make the true variance smaller, so ties make the test conservative.
    * ``p_adjusted``, ``significant`` - ``multipletests`` with ``correction`` (``"holm"``, ``"fdr_bh"``,
      ``"bonferroni"`` or ``"none"``) over every row of the returned table at alpha = 1 - ``confidence``.

    The seat average includes every opening, so one strong and frequent opening raises it and, with enough games,
    the seat's other openings test as significantly *below* the average (which they are).
    """
    if reference not in REFERENCES:
        raise ValueError(f"reference must be one of {REFERENCES}, got {reference!r}")
    if min_games < 1:
        raise ValueError(f"min_games must be >= 1, got {min_games}")
    lf = to_lazy(df)
    require(lf, ("players", "seat", "win_share"), "opening_strength")
    label, _ = opening_labels(lf, column, depth)
    per_opening = (
        lf.select("players", "seat", "win_share", label)
        .group_by("players", "seat", "opening")
        .agg(pl.len().alias("games"), pl.col("win_share").sum().alias("wins"))
        .with_columns(
            pl.col("games").sum().over("players", "seat").alias("seat_games"),
            pl.col("wins").sum().over("players", "seat").alias("seat_wins"),
        )
        .filter(pl.col("games") >= min_games)
        .sort("players", "seat", "opening")
        .collect()
    )
    out = _finish_openings(per_opening, correction, confidence, reference)
    return finish(out, as_pandas)


def _finish_openings(t: pl.DataFrame, correction: str, confidence: float, reference: str) -> pl.DataFrame:
    games = t["games"].to_numpy().astype(float)
    wins = t["wins"].to_numpy().astype(float)
    seat_games = t["seat_games"].to_numpy().astype(float)
    seat_wins = t["seat_wins"].to_numpy().astype(float)
    low, high = wilson_interval(wins, games, confidence)
    with np.errstate(divide="ignore", invalid="ignore"):
        seat_share = seat_wins / seat_games
    if reference == "seat":
        z, p = ztest_vs_value(wins, games, seat_share)
    else:
        z, p = ztest_two_sample(wins, games, seat_wins - wins, seat_games - games)
    reject, p_adj = adjust_pvalues(p, correction, confidence)
    return (
        t.with_columns(
            (pl.col("games") / pl.col("seat_games")).alias("frequency"),
            (pl.col("wins") / pl.col("games")).alias("win_share"),
            pl.Series("win_share_low", low, dtype=pl.Float64),
            pl.Series("win_share_high", high, dtype=pl.Float64),
            pl.Series("seat_win_share", seat_share, dtype=pl.Float64),
            pl.Series("z", z, dtype=pl.Float64),
            pl.Series("p_value", p, dtype=pl.Float64),
            pl.Series("p_adjusted", p_adj, dtype=pl.Float64),
            pl.Series("significant", reject, dtype=pl.Boolean),
        )
        .with_columns(
            (pl.col("win_share") - pl.col("seat_win_share")).alias("delta"),
            (pl.col("win_share") / pl.col("seat_win_share")).alias("lift"),
        )
        .select(
            "players", "seat", "opening", "games", "frequency", "wins", "win_share", "win_share_low",
            "win_share_high", "seat_win_share", "delta", "lift", "z", "p_value", "p_adjusted", "significant",
        )
        .sort(["players", "seat", "win_share"], descending=[False, False, True])
    )
