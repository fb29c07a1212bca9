"""The forced-openings report: strongest and weakest forced first decision per seat, a forest plot and, given an
ordinary run of the same game, the observational difference of each opening and where the two disagree."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from ._dist import norm_ppf
from .io import ResultsError, collect, read_results
from .page import FORMATS, Block, write_page
from .plots import figure_png, plot_forced_openings

OBS_MIN_GAMES = 20  # an opening played fewer times in the ordinary run gets no observational difference


def observational_effects(results_dir: str | Path, game: str, players: int, confidence: float = 0.95,
                          min_games: int = OBS_MIN_GAMES) -> pl.DataFrame:
    """``seat, opening, obs_effect, obs_low, obs_high, obs_games`` (points) from an ordinary run's ``opening_1``.

    On the experiment's scale: a seat's win share in the games where it played the opening minus the unweighted
    mean of that share over the seat's openings (each played at least `min_games` times), with a normal interval
    simultaneous over the rows (Bonferroni). It compares positions as well as moves: the agents chose the opening.
    """
    lf, manifest = read_results(results_dir)
    if manifest.get("game") != game or int(manifest.get("players", 0)) != players:
        raise ResultsError(f"results folder '{results_dir}' holds {manifest.get('game')} with "
                           f"{manifest.get('players')} players, not {game} with {players}")
    df = collect(lf.select("players", "seat", "opening_1", "win_share"), results_dir)
    t = (df.filter(pl.col("players") == players).rename({"opening_1": "opening"})
         .group_by("seat", "opening").agg(pl.len().alias("obs_games"), pl.col("win_share").mean().alias("m"),
                                         pl.col("win_share").var().alias("v"))
         .filter(pl.col("obs_games") >= min_games).sort("seat", "opening"))
    t = t.with_columns((pl.col("v").fill_null(0.0) / pl.col("obs_games")).alias("se2"),
                       pl.len().over("seat").alias("k"))
    t = t.with_columns((pl.col("m") - pl.col("m").mean().over("seat")).alias("e"),
                       ((1 - 2 / pl.col("k")) * pl.col("se2")
                        + pl.col("se2").sum().over("seat") / pl.col("k") ** 2).sqrt().alias("se"))
    z = norm_ppf(1 - (1 - confidence) / (2 * max(t.height, 1)))
    return t.select("seat", "opening", (100 * pl.col("e")).alias("obs_effect"),
                    (100 * (pl.col("e") - z * pl.col("se"))).alias("obs_low"),
                    (100 * (pl.col("e") + z * pl.col("se"))).alias("obs_high"), "obs_games")


def with_observation(table: pl.DataFrame, observed: pl.DataFrame) -> pl.DataFrame:
    """The forced table with the observational columns and ``disagree``: the intervals do not overlap, or the
    estimates have opposite signs while one of the two intervals excludes 0 (null without an observation, or
    without a forced interval: a row seen on one deal only)."""
    t = table.join(observed.with_columns(pl.col("seat").cast(table["seat"].dtype)), on=["seat", "opening"],
                   how="left", maintain_order="left")
    apart = (pl.col("low") > pl.col("obs_high")) | (pl.col("obs_low") > pl.col("high"))
    excludes = (pl.col("low") > 0) | (pl.col("high") < 0) | (pl.col("obs_low") > 0) | (pl.col("obs_high") < 0)
    flipped = (pl.col("effect") * pl.col("obs_effect") < 0) & excludes
    unknown = pl.col("obs_effect").is_null() | pl.col("low").is_nan() | pl.col("high").is_nan()
    return t.with_columns(pl.when(unknown).then(None).otherwise(apart | flipped).alias("disagree"))


def _iv(lo: float, hi: float) -> str:
    return "none (one deal)" if lo != lo or hi != hi else f"{lo:+.1f} to {hi:+.1f}"


def _name(opening: str) -> str:
    return "(no decision)" if opening == "-" else opening


def sentences(table: pl.DataFrame, confidence: float = 0.95) -> list[str]:
    """Per seat: the strongest and weakest forced openings that their intervals set apart from the average."""
    out = []
    for (seat,), g in table.sort("seat").group_by("seat", maintain_order=True):
        g = g.sort(["effect", "opening"], descending=[True, False])
        n = int(g["deals"].max())
        best, worst = g.row(0, named=True), g.row(g.height - 1, named=True)
        above, below = best["low"] is not None and best["low"] > 0, worst["high"] is not None and worst["high"] < 0
        if not (above or below):
            out.append(f"Seat {seat}: no opening is distinguishable from the average of the deal's first decisions "
                       f"({g.height} openings, {n:,} deals; every {confidence:.0%} simultaneous interval contains "
                       f"0; estimates from {worst['effect']:+.1f} to {best['effect']:+.1f} points).")
            continue
        parts = []
        if above:
            parts.append(f"the strongest forced opening is {_name(best['opening'])}, {best['effect']:+.1f} points "
                         f"of win share over the deal's average first decision ({_iv(best['low'], best['high'])}, "
                         f"{best['deals']:,} deals)")
        else:
            parts.append("no opening is set above the average")
        if below:
            parts.append(f"the weakest is {_name(worst['opening'])}, {worst['effect']:+.1f} points "
                         f"({_iv(worst['low'], worst['high'])}, {worst['deals']:,} deals)")
        else:
            parts.append("none is set below it")
        out.append(f"Seat {seat} ({confidence:.0%} simultaneous intervals): " + "; ".join(parts) + ".")
    return out


def _shown(t: pl.DataFrame) -> pl.DataFrame:
    rows = []
    for r in t.iter_rows(named=True):
        row = {"Seat": r["seat"], "Opening": _name(r["opening"]), "Deals": f"{r['deals']:,}",
               "Effect (points)": f"{r['effect']:+.2f}",
               "Interval": "" if r["low"] is None or np.isnan(r["low"]) else _iv(r["low"], r["high"]),
               "VP effect": f"{r['vp_effect']:+.2f}"}
        if "obs_effect" in t.columns:
            row["Observed (points)"] = "" if r["obs_effect"] is None else f"{r['obs_effect']:+.2f}"
            row["Observed interval"] = "" if r["obs_effect"] is None else _iv(r["obs_low"], r["obs_high"])
        rows.append(row)
    return pl.DataFrame(rows)


def openings_blocks(table: pl.DataFrame, summary: Mapping[str, Any], confidence: float = 0.95,
                    heading: str = "Forced openings") -> tuple[str, list[Block]]:
    """The title and blocks (under an h2 `heading`) of the forced-openings report of `table` (with `summary`, the
    run's openings.json)."""
    blocks = [Block("h2", heading), Block("ul", sentences(table, confidence))]
    add = blocks.append
    sequential = summary.get("until_precision") is not None
    interval = ("always-valid confidence sequences (Hoeffding, Bonferroni over every possible row), valid "
                "however often the run looked" if sequential else "t intervals, Bonferroni over the rows")
    add(Block("p", f"{summary['game']}, {summary['players']} players, line-up {' | '.join(summary['agents'])}, "
                    f"{summary['deals_used']:,} deals (master seed {summary['master_seed']}). On every deal each "
                    "legal first decision of the seat is forced on a copy of the same position and the rest is "
                    "played by the line-up with the same chance and agent streams. Effect: the mean over deals of "
                    "the win share with the opening forced minus the deal's mean over its legal first decisions "
                    f"(points of win share); {confidence:.0%} simultaneous intervals: {interval}."))
    add(Block("image", figure_png(plot_forced_openings(table)), "Forced-opening effects"))
    if "obs_effect" in table.columns:
        add(Block("h3", "Experiment against observation"))
        off = table.filter(pl.col("disagree").fill_null(False))
        add(Block("p", "Observed: the seat's win share in the ordinary run's games where it played the opening "
                        "minus the mean over its openings (simultaneous normal intervals); it compares positions "
                        "as well as moves. Rows disagree when the intervals do not overlap, or the estimates have "
                        f"opposite signs while an interval excludes 0: {off.height} of "
                        f"{table['obs_effect'].is_not_null().sum()} compared rows."))
        if off.height:
            add(Block("table", _shown(off)))
    add(Block("h3", "Every forced opening"))
    add(Block("table", _shown(table)))
    return f"brux forced openings: {summary['game']}, {summary['players']} players", blocks


def write_openings_report(table: pl.DataFrame, summary: Mapping[str, Any], out_path: str | Path,
                          format: str = "html", confidence: float = 0.95) -> Path:
    """Write the forced-openings report (``format`` ``"html"`` or ``"md"``, the plot embedded) to `out_path`."""
    if format not in FORMATS:
        raise ValueError(f"format must be one of {FORMATS}, got {format!r}")
    title, blocks = openings_blocks(table, summary, confidence)
    return write_page(title, blocks, out_path, format)
