"""Seat balance: win share per seat with intervals, and the summary balance metrics.

Conventions (see the statistics section of the design):

* A seat's **win share** is ``sum(win_share) / games``: an outright win counts 1, a k-way tie for first counts
  1/k for each tied seat. **Outright wins** (``win_share == 1``) and **shared wins** (``0 < win_share < 1``) are
  also reported separately.
* Rows are grouped by ``players``, the agent **line-up** and ``seat``. The line-up is the seats' agent specs in
  seat order joined by ``" | "`` (e.g. ``"mcts:iters=200 | random | random"``); with no ``agent`` column it is null.
  When every seat always has the same agent the line-up is read per seat; otherwise it is found per game, a game
  being identified by ``game_id`` with ``run``, ``game``, ``params_id``, ``players`` and ``seed`` where present
  (tables that concatenate runs reusing game ids need a ``run`` column to tell them apart). A ``lineup`` column
  already in the table is used as is.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import polars as pl

from ._frame import Table, columns, finish, require, to_lazy
from .stats import share_interval, simultaneous_intervals, wilson_interval

LINEUP_SEPARATOR = " | "
GAME_KEY_CANDIDATES = ("run", "game", "params_id", "players", "game_id", "seed")
_OUTRIGHT_EPS = 1e-9


def _win_counts() -> list[pl.Expr]:
    ws = pl.col("win_share")
    return [
        pl.len().alias("games"),
        ws.sum().alias("wins"),
        (ws * ws).sum().alias("wins2"),
        (ws >= 1.0 - _OUTRIGHT_EPS).sum().alias("outright_wins"),
        ((ws > 0.0) & (ws < 1.0 - _OUTRIGHT_EPS)).sum().alias("shared_wins"),
    ]


def _ordered(out: pl.DataFrame) -> pl.DataFrame:
    first = ["players", "lineup", "seat"]
    return out.select(first + [c for c in out.columns if c not in first]).sort(first, nulls_last=True)


def _seat_counts(lf: pl.LazyFrame) -> pl.DataFrame:
    """Win counts per ``players`` x ``lineup`` x ``seat`` (see the module notes for how line-ups are found)."""
    cols = columns(lf)
    if "lineup" in cols:  # supplied by the caller
        return _ordered(lf.group_by("players", "lineup", "seat").agg(_win_counts()).collect())
    if "agent" not in cols:
        out = lf.group_by("players", "seat").agg(_win_counts()).collect()
        return _ordered(out.with_columns(pl.lit(None, dtype=pl.String).alias("lineup")))
    agent = pl.col("agent").cast(pl.String)
    per_seat = (
        lf.group_by("players", "seat")
        .agg(agent.n_unique().alias("n"), agent.first().alias("agent"), agent.unique().alias("agents"))
        .sort("players", "seat")
        .collect()
    )
    if per_seat.height == 0 or per_seat["n"].max() == 1:
        # every seat always has the same agent: one line-up per player count
        lineups = per_seat.group_by("players", maintain_order=True).agg(
            pl.col("agent").fill_null("?").str.join(LINEUP_SEPARATOR).alias("lineup"))
        out = lf.group_by("players", "seat").agg(_win_counts()).collect()
        return _ordered(out.join(lineups, on="players", how="left"))
    return _seat_counts_by_game(lf, cols, per_seat)


def _seat_counts_by_game(lf: pl.LazyFrame, cols: list[str], per_seat: pl.DataFrame) -> pl.DataFrame:
    """Line-ups that change between games: encode each game's line-up as an integer, in one pass."""
    key = [c for c in GAME_KEY_CANDIDATES if c in cols]
    if "game_id" not in key:
        raise ValueError("several agent line-ups are present but the table has no game_id column to group seats")
    names = sorted({a for lst in per_seat["agents"].to_list() for a in lst if a is not None})
    base = len(names) + 1  # digit 0: missing agent
    max_players = int(per_seat["players"].max())
    if base ** max_players >= 2**62:
        raise ValueError(f"too many distinct agents ({len(names)}) to tell {max_players}-player line-ups apart")
    code = pl.col("agent").cast(pl.String).replace_strict(
        {a: i + 1 for i, a in enumerate(names)}, default=0, return_dtype=pl.Int64
    ) * pl.lit(base, dtype=pl.Int64).pow(pl.col("seat").cast(pl.Int64))
    counts = (
        lf.with_columns(code.sum().over(key).alias("_code"), pl.len().over(key).alias("_rows"))
        .group_by("players", "_code", "seat")
        .agg(*_win_counts(), (pl.col("_rows") != pl.col("players").cast(pl.UInt32)).sum().alias("_bad"))
        .collect()
    )
    bad = int(counts["_bad"].sum())
    if bad:
        raise ValueError(
            f"{bad} row(s) belong to games that do not have exactly `players` rows for the key {key}; if the "
            "table concatenates several runs, add a `run` column that tells them apart"
        )
    labels = ["?", *names]

    def decode(players: int, value: int) -> str:
        digits = []
        for _ in range(players):
            value, d = divmod(value, base)
            digits.append(labels[d])
        return LINEUP_SEPARATOR.join(digits)

    pairs = counts.select("players", "_code").unique()
    lineups = pairs.with_columns(
        pl.Series("lineup", [decode(int(p), int(c)) for p, c in pairs.iter_rows()], dtype=pl.String)
    )
    return _ordered(counts.join(lineups, on=["players", "_code"], how="left").drop("_code", "_bad"))


def seat_balance(df: Table, confidence: float = 0.95, *, as_pandas: bool = False) -> Any:
    """Win share per seat, with a score interval and simultaneous (Goodman) intervals across seats.

    One row per ``players`` x ``lineup`` x ``seat``. Columns:

    * ``games`` - rows (games) of that seat; ``wins`` - sum of ``win_share``; ``win_share`` = wins / games.
    * ``win_share_low``/``win_share_high`` - score interval at ``confidence`` with the per-game variance of the
      win shares (:func:`analysis.stats.share_interval`: Wilson's interval when no game is tied; a tie's
      fractional credit has less variance than a 0/1 outcome, which Wilson's interval would overstate).
    * ``outright_wins`` (``win_share == 1``), ``shared_wins`` (first place shared with others), ``outright_rate``
      = outright_wins / games.
    * ``outright_sim_low``/``outright_sim_high`` - simultaneous intervals for the *outright*-win probability
      (``outright_rate``, not the win share) of every seat: per group,
      the games form one multinomial sample with the cells "seat 0 won outright", ..., "seat n-1 won outright",
      "tie for first" (counts: each seat's ``outright_wins`` and ``games - sum(outright_wins)``), passed to
      ``multinomial_proportions_confint(method="goodman")``; all n + 1 intervals hold jointly at ``confidence``.
    * ``fair_share`` = 1 / players; ``ratio_to_fair`` = win_share / fair_share.
    """
    lf = to_lazy(df)
    require(lf, ("players", "seat", "win_share"), "seat_balance")
    counts = _seat_counts(lf)
    out = _finish_balance(counts, confidence)
    return finish(out, as_pandas)


def _finish_balance(counts: pl.DataFrame, confidence: float) -> pl.DataFrame:
    games = counts["games"].to_numpy().astype(float)
    wins = counts["wins"].to_numpy().astype(float)
    low, high = share_interval(wins, counts["wins2"].to_numpy().astype(float), games, confidence)
    outright_sim_low = np.full(counts.height, np.nan)
    outright_sim_high = np.full(counts.height, np.nan)
    keys = list(zip(counts["players"].to_list(), counts["lineup"].to_list()))
    index = {k: i for i, k in enumerate(dict.fromkeys(keys))}
    group_ids = np.array([index[k] for k in keys], dtype=int)
    outright = counts["outright_wins"].to_numpy().astype(float)
    for g in np.unique(group_ids):
        idx = np.flatnonzero(group_ids == g)
        n_games = games[idx].max()
        ties = max(n_games - outright[idx].sum(), 0.0)
        lo, hi = simultaneous_intervals(np.append(outright[idx], ties), confidence)
        outright_sim_low[idx], outright_sim_high[idx] = lo[:-1], hi[:-1]
    fair = 1.0 / counts["players"].cast(pl.Float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        share = np.where(games > 0, wins / games, np.nan)
        outright_rate = np.where(games > 0, outright / games, np.nan)
    return counts.with_columns(
        pl.Series("win_share", share),
        pl.Series("win_share_low", low),
        pl.Series("win_share_high", high),
        pl.Series("outright_rate", outright_rate),
        pl.Series("outright_sim_low", outright_sim_low),
        pl.Series("outright_sim_high", outright_sim_high),
        fair.alias("fair_share"),
    ).with_columns((pl.col("win_share") / pl.col("fair_share")).alias("ratio_to_fair")).select(
        "players", "lineup", "seat", "games", "wins", "win_share", "win_share_low", "win_share_high",
        "outright_wins", "shared_wins", "outright_rate", "outright_sim_low", "outright_sim_high", "fair_share",
        "ratio_to_fair",
    )


def metrics_from_seat_balance(table: Table, confidence: float = 0.95, *, as_pandas: bool = False) -> Any:
    """:func:`balance_metrics` computed from a :func:`seat_balance` table (no pass over the results)."""
    sb = to_lazy(table).collect()
    per_group = (
        sb.sort("seat")
        .group_by("players", "lineup", maintain_order=True)
        .agg(
            pl.col("games").max().alias("games"),
            pl.col("outright_wins").sum().alias("outright"),
            (pl.col("win_share").max() - pl.col("win_share").min()).alias("max_gap"),
            pl.col("seat").get(pl.col("win_share").arg_max()).alias("best_seat"),
            pl.col("seat").get(pl.col("win_share").arg_min()).alias("worst_seat"),
            pl.col("win_share").filter(pl.col("seat") == 0).first().alias("seat0_share"),
            pl.col("fair_share").first().alias("fair_share"),
        )
        .sort("players", "lineup", nulls_last=True)
        .with_columns((pl.col("games") - pl.col("outright")).clip(lower_bound=0).alias("tie_games"))
    )
    games = per_group["games"].to_numpy().astype(float)
    ties = per_group["tie_games"].to_numpy().astype(float)
    low, high = wilson_interval(ties, games, confidence)
    out = per_group.with_columns(
        (pl.col("seat0_share") - pl.col("fair_share")).alias("seat0_excess"),
        (pl.col("tie_games") / pl.col("games")).alias("shared_first_rate"),
        pl.Series("shared_first_low", low),
        pl.Series("shared_first_high", high),
    ).select(
        "players", "lineup", "games", "max_gap", "best_seat", "worst_seat", "seat0_share", "fair_share",
        "seat0_excess", "shared_first_rate", "shared_first_low", "shared_first_high", "tie_games",
    )
    return finish(out, as_pandas)


def balance_metrics(df: Table, confidence: float = 0.95, *, as_pandas: bool = False) -> Any:
    """Summary balance figures per ``players`` x ``lineup``.

    * ``max_gap`` - the largest difference between two seats' win shares (best seat minus worst seat);
      ``best_seat``/``worst_seat`` name them (its bootstrap interval: :func:`analysis.fairness.bootstrap_gap`).
    * ``seat0_share`` - the start seat's win share; ``seat0_excess`` = seat0_share - fair_share (1/players),
      in win share (0 = no start-seat advantage).
    * ``shared_first_rate`` - fraction of games whose first place is shared (``tie_games / games``), with a
      Wilson interval ``shared_first_low``/``shared_first_high``.

    These are deliberately not named after Ludii's metrics (``Evaluation/src/metrics/single/outcome/`` in the
    Ludii sources): there *AdvantageP1* is player 1's win rate with draws and multi-player ranks as partial
    wins (its fair value depends on those rank utilities), *Balance* is a similarity of the players' win rates
    and *Drawishness* is the fraction of games in which no player won or lost. Here a game always has a winner
    and a shared first place counts 1/k per tied seat.
    """
    return metrics_from_seat_balance(seat_balance(df, confidence), confidence, as_pandas=as_pandas)
