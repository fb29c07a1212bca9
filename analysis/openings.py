"""Opening strength: win share per seat and opening, compared with the rest of the seat's games and corrected.

One table is one correction family: every seat x opening row of the returned table (one opening column, all
seats and player counts in it). With the default Bonferroni correction the intervals of the difference are
simultaneous over the family (all hold together at the confidence level) and a row is significant exactly when
its interval excludes 0. The other corrections draw each interval at the level the correction used to decide the
row (:func:`analysis.stats.adjusted_levels`): they agree with the decisions but are not simultaneous. Rows are
ranked by an empirical-Bayes shrunken difference, which keeps rarely played openings with large raw differences
from rising to the top on noise.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import polars as pl

from ._dist import norm_ppf
from ._frame import Table, columns, finish, opening_columns, require, to_lazy
from .stats import adjust_pvalues, adjusted_levels, share_interval, shrink, ztest_welch

DEPTH_SEPARATOR = " / "
REFERENCES = ("seat", "rest")
DEFAULT_CORRECTION = "bonferroni"
SIMULTANEOUS = ("bonferroni",)  # the corrections whose intervals hold jointly over the table


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
    correction: str = DEFAULT_CORRECTION,
    confidence: float = 0.95,
    reference: str = "rest",
    as_pandas: bool = False,
) -> Any:
    """Win share per ``players`` x ``seat`` x opening, compared with the seat's other games, corrected.

    Line-ups are pooled (filter the table first to study one line-up). Openings played fewer than ``min_games``
    times are dropped before the correction, and so is a "-" row of ``opening_k`` that holds the same games as a
    row of an earlier opening column (:func:`implied_no_decision`; each game counted once). Columns:

    * ``opening`` - the label (``depth > 1``: ``opening_1 / opening_2 / ...``); ``games``; ``frequency`` = games /
      all games of that seat; ``wins`` (sum of ``win_share``); ``win_share`` with the score interval
      ``win_share_low``/``win_share_high`` (per-game variance, as in :func:`seat_balance`).
    * ``reference_share`` - ``reference="rest"`` (default): the seat's win share in the games where it played
      another opening; ``reference="seat"``: the seat's average over all its games (which includes the opening).
    * ``delta`` = win_share - reference_share with ``se`` (from the per-game variance of the win share in each
      group, unequal variances; the reference average counts as known for ``"seat"``), ``z``, ``p_value``
      (two-sided z test; equals statsmodels ``CompareMeans.ztest_ind(usevar="unequal")`` for ``"rest"``).
    * ``p_adjusted``, ``significant`` - ``multipletests`` with ``correction`` (``"bonferroni"``, default;
      ``"holm"``, ``"fdr_bh"`` or ``"none"``) over every row of the returned table (the table is one family) at
      alpha = 1 - ``confidence``.
    * ``level`` - the error level at which the correction decided the row; ``delta_low``/``delta_high`` - the
      interval ``delta +- z(level) se``, which excludes 0 exactly when ``significant``. Bonferroni: level =
      alpha / rows, so the intervals are simultaneous over the table; the others are not (see
      :func:`corrected_intervals`).
    * ``shrunk`` - empirical-Bayes shrunken delta (:func:`analysis.stats.shrink`); the table is sorted by it.
    * ``lift`` = win_share / reference_share.
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
        .agg(pl.len().alias("games"), pl.col("win_share").sum().alias("wins"),
             (pl.col("win_share") * pl.col("win_share")).sum().alias("wins2"))
        .with_columns(
            pl.col("games").sum().over("players", "seat").alias("seat_games"),
            pl.col("wins").sum().over("players", "seat").alias("seat_wins"),
            pl.col("wins2").sum().over("players", "seat").alias("seat_wins2"),
        )
        .filter(pl.col("games") >= min_games)
        .sort("players", "seat", "opening")
        .collect()
    )
    implied = implied_no_decision(lf, column) if depth == 1 else None
    if implied is not None and implied.height:
        per_opening = per_opening.join(implied.with_columns(pl.lit("-").alias("opening")),
                                       on=["players", "seat", "opening"], how="anti")
    out = _finish_openings(per_opening, correction, confidence, reference)
    return finish(out, as_pandas)


def implied_no_decision(lf: pl.LazyFrame, column: str) -> pl.DataFrame | None:
    """The ``players`` x ``seat`` whose "-" (no decision) row of ``opening_k`` repeats a row of an earlier column.

    When every game without a k-th decision has the same ``opening_j`` (j < k) label, and that label has no other
    games (say ``opening_1`` PASS ends the opening), the "-" row of ``opening_k`` holds exactly the games of that
    earlier row: it is dropped so that no games are counted twice. ``None`` for ``opening_1`` or other columns.
    """
    prefix = "opening_"
    if not column.startswith(prefix) or not column[len(prefix):].isdigit() or int(column[len(prefix):]) < 2:
        return None
    cols = columns(lf)
    earlier = [f"{prefix}{j}" for j in range(1, int(column[len(prefix):])) if f"{prefix}{j}" in cols]
    keys = ["players", "seat"]
    found = []
    for col in earlier:
        label = pl.col(col).cast(pl.String).fill_null("-")
        missing = (lf.filter(pl.col(column).cast(pl.String).fill_null("-") == "-").group_by(keys)
                   .agg(pl.len().alias("n"), label.n_unique().alias("labels"), label.first().alias("label")))
        totals = lf.group_by(*keys, label.alias("label")).agg(pl.len().alias("total"))
        found.append(missing.join(totals, on=[*keys, "label"]).filter(
            (pl.col("labels") == 1) & (pl.col("n") == pl.col("total"))).select(keys))
    if not found:
        return None
    return pl.concat(pl.collect_all(found)).unique()


def _var(total: np.ndarray, total2: np.ndarray, n: np.ndarray) -> np.ndarray:
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(n > 1, (total2 - total * total / n) / (n - 1), 0.0)


def corrected_intervals(delta, se, p, correction: str = DEFAULT_CORRECTION, confidence: float = 0.95
                        ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``(significant, p_adjusted, level, low, high)`` of one family of differences ``delta`` with ``se``, ``p``.

    Each interval is ``delta +- z(level) se`` at the level the correction decided its row on, so it excludes 0
    exactly when the row is significant. Only ``"bonferroni"`` (level alpha / m) gives intervals that hold
    simultaneously; Holm's step-down levels and the Benjamini-Hochberg false-coverage levels do not.
    """
    delta, se, p = (np.asarray(a, dtype=float) for a in (delta, se, p))
    reject, p_adj = adjust_pvalues(p, correction, confidence)
    level = adjusted_levels(p, correction, confidence)
    zl = norm_ppf(1 - level / 2) if level.size else level
    return reject, p_adj, level, delta - zl * se, delta + zl * se


def _finish_openings(t: pl.DataFrame, correction: str, confidence: float, reference: str) -> pl.DataFrame:
    games, wins, wins2, seat_games, seat_wins, seat_wins2 = (
        t[c].to_numpy().astype(float) for c in ("games", "wins", "wins2", "seat_games", "seat_wins", "seat_wins2"))
    low, high = share_interval(wins, wins2, games, confidence)
    with np.errstate(divide="ignore", invalid="ignore"):
        share = wins / games
        if reference == "rest":
            rest_n = seat_games - games
            ref = (seat_wins - wins) / rest_n
            delta, se, p = ztest_welch(share, _var(wins, wins2, games), games, ref,
                                       _var(seat_wins - wins, seat_wins2 - wins2, rest_n), rest_n)
        else:
            ref = seat_wins / seat_games
            delta, se, p = ztest_welch(share, _var(wins, wins2, games), games, ref, 0.0, 1.0)
    p = np.where(np.isfinite(p), p, 1.0)
    reject, p_adj, level, d_low, d_high = corrected_intervals(delta, se, p, correction, confidence)
    shrunk, _ = shrink(np.nan_to_num(delta), np.nan_to_num(se))
    with np.errstate(divide="ignore", invalid="ignore"):
        z = np.where(se > 0, delta / se, 0.0)
    return (
        t.with_columns(
            (pl.col("games") / pl.col("seat_games")).alias("frequency"),
            pl.Series("win_share", share, dtype=pl.Float64),
            pl.Series("win_share_low", low, dtype=pl.Float64),
            pl.Series("win_share_high", high, dtype=pl.Float64),
            pl.Series("reference_share", ref, dtype=pl.Float64),
            pl.Series("delta", delta, dtype=pl.Float64),
            pl.Series("se", se, dtype=pl.Float64),
            pl.Series("z", z, dtype=pl.Float64),
            pl.Series("p_value", p, dtype=pl.Float64),
            pl.Series("p_adjusted", p_adj, dtype=pl.Float64),
            pl.Series("significant", reject, dtype=pl.Boolean),
            pl.Series("level", level, dtype=pl.Float64),
            pl.Series("delta_low", d_low, dtype=pl.Float64),
            pl.Series("delta_high", d_high, dtype=pl.Float64),
            pl.Series("shrunk", shrunk, dtype=pl.Float64),
        )
        .with_columns((pl.col("win_share") / pl.col("reference_share")).alias("lift"))
        .select(
            "players", "seat", "opening", "games", "frequency", "wins", "win_share", "win_share_low",
            "win_share_high", "reference_share", "delta", "se", "delta_low", "delta_high", "level", "shrunk", "lift",
            "z", "p_value", "p_adjusted", "significant",
        )
        .sort(["players", "seat", "shrunk"], descending=[False, False, True])
    )
