"""Plots of the analysis tables (matplotlib, no pyplot state; safe with the Agg backend).

Every function takes either the raw per-seat results table or the matching analysis table (so a table already
computed is not recomputed), returns a :class:`matplotlib.figure.Figure` that renders inline in Jupyter, and saves
a PNG when ``path`` is given.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter

from ._frame import Table, columns, require, to_lazy
from .balance import seat_balance
from .openings import opening_strength
from .sources import score_sources
from .stats import points

SIGNIFICANT_COLOUR = "#c0392b"
_PCT = FuncFormatter(lambda v, _: f"{100 * v:.1f}%")
_PTS = FuncFormatter(lambda v, _: f"{100 * v:+.1f}")
PLAIN_COLOUR = "#7f8c8d"
MAX_PANELS = 6


class AnalysisFigure(Figure):
    """A matplotlib Figure with its own Agg canvas and a PNG representation for Jupyter."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        FigureCanvasAgg(self)

    def _repr_png_(self) -> bytes:
        return figure_png(self)


def figure_png(fig: Figure, dpi: int = 100) -> bytes:
    """The figure rendered as PNG bytes."""
    if fig.canvas is None or not hasattr(fig.canvas, "print_figure"):
        FigureCanvasAgg(fig)
    buf = io.BytesIO()  # constrained layout already fits the labels: no second "tight" drawing pass
    fig.savefig(buf, format="png", dpi=dpi, pil_kwargs={"compress_level": 3})
    return buf.getvalue()


def _forest(rows: int) -> tuple[Figure, Any]:
    """A figure and axes for a forest plot of `rows` rows (one line of height per row)."""
    fig = AnalysisFigure(figsize=(10.0, max(2.0, 0.3 * rows + 1.3)), layout="constrained")
    return fig, fig.subplots()


def _done(fig: Figure, path: str | Path | None) -> Figure:
    if path is not None:
        fig.savefig(Path(path), format="png", dpi=100, bbox_inches="tight")
    return fig


def _panels(n: int, width: float, height: float) -> tuple[Figure, np.ndarray]:
    n = max(1, min(n, MAX_PANELS))
    fig = AnalysisFigure(figsize=(width * n, height), layout="constrained")
    return fig, fig.subplots(1, n, squeeze=False)[0]


def _has(data: Table, needed: tuple[str, ...]) -> bool:
    return set(needed) <= set(columns(to_lazy(data)))


def _collected(data: Table) -> pl.DataFrame:
    return to_lazy(data).collect()


def _group_title(players: Any, lineup: Any) -> str:
    title = f"{players} players"
    return f"{title}\n{lineup}" if lineup else title


def plot_seat_balance(data: Table, *, confidence: float = 0.95, margin: float | None = None,
                      interval: str = "", path: str | Path | None = None) -> Figure:
    """Win share per seat as dots with score intervals (per-game variance) around the fair-share line, one panel
    per line-up.

    ``data`` is a results table or a :func:`seat_balance` table. The axis is zoomed to the data (not from 0), so
    a gap of a few points is visible; ``margin`` shades the band ``fair share +- margin`` (the verdict applies the
    margin to seat differences); ``interval`` is added to the legend to say what the intervals are.
    """
    sb = _collected(data) if _has(data, ("win_share_low", "fair_share")) else seat_balance(data, confidence)
    groups = sb.partition_by("players", "lineup", maintain_order=True, as_dict=True) if sb.height else {}
    fig, axes = _panels(len(groups), 4.6 if len(groups) > 1 else 7.0, 3.4)
    for ax, ((players, lineup), g) in zip(axes, groups.items()):
        seats = g["seat"].to_numpy()
        share = g["win_share"].to_numpy()
        err = np.vstack([share - g["win_share_low"].to_numpy(), g["win_share_high"].to_numpy() - share])
        fair = float(g["fair_share"][0])
        if margin:
            ax.axhspan(fair - margin, fair + margin, color="#d5f5e3", zorder=0, label=f"fair ± {points(margin)}")
        ax.axhline(fair, color="black", linestyle="--", linewidth=1, label="fair share")
        ax.errorbar(seats, share, yerr=err, fmt="o", color="#2e86c1", ecolor="#2e86c1", capsize=5, markersize=7,
                    linewidth=1.5,
                    label=f"win share, {confidence:.0%} interval" + (f" ({interval})" if interval else ""))
        lo = min(float(np.nanmin(share - err[0])), fair - (margin or 0))
        hi = max(float(np.nanmax(share + err[1])), fair + (margin or 0))
        pad = max(0.15 * (hi - lo), 0.002)
        ax.set_ylim(lo - pad, hi + pad)
        ax.yaxis.set_major_formatter(_PCT)
        ax.set_xticks(seats, [f"seat {s}" for s in seats])
        ax.set_xlim(seats.min() - 0.5, seats.max() + 0.5)
        ax.set_ylabel("win share")
        ax.set_title(_group_title(players, lineup), fontsize=9)
        ax.legend(loc="best", fontsize=8)
        ax.grid(axis="y", alpha=0.3)
    if not groups:
        axes[0].text(0.5, 0.5, "no games", ha="center", va="center")
    return _done(fig, path)


def plot_seat_differences(diffs: pl.DataFrame, *, confidence: float = 0.95, margin: float | None = None,
                          interval: str = "", path: str | Path | None = None) -> Figure:
    """Paired seat differences (``seat a - seat b``) with simultaneous intervals, from
    :func:`analysis.fairness.seat_differences`; ``margin`` shades the band ``+- margin`` of the fairness verdict
    (fair when every interval lies inside it); ``interval`` is added to the axis label."""
    n = diffs.height
    fig = AnalysisFigure(figsize=(7.0, max(1.8, 0.45 * n + 1.1)), layout="constrained")
    ax = fig.subplots()
    y = np.arange(n)[::-1]
    d = diffs["diff"].to_numpy()
    err = np.vstack([d - diffs["low"].to_numpy(), diffs["high"].to_numpy() - d])
    if margin:
        ax.axvspan(-margin, margin, color="#d5f5e3", zorder=0, label=f"± {points(margin)} (fairness margin)")
    ax.axvline(0, color="black", linestyle="--", linewidth=1)
    ax.errorbar(d, y, xerr=err, fmt="o", color="#2e86c1", capsize=4, markersize=6)
    ax.set_yticks(y, [f"seat {a} − seat {b}" for a, b in zip(diffs["seat_a"], diffs["seat_b"])])
    ax.xaxis.set_major_formatter(_PTS)
    ax.set_xlabel(f"difference in win share (points), paired within games, {confidence:.0%} simultaneous"
                  + (f",\n{interval}" if interval else ""))
    if margin:
        ax.legend(loc="best", fontsize=8)
    ax.grid(axis="x", alpha=0.3)
    return _done(fig, path)


def plot_source_effects(effects: pl.DataFrame, shares: pl.DataFrame, *, interval: str = "",
                        path: str | Path | None = None) -> Figure:
    """Two panels per source: its share of all VP, and its within-game association with winning (odds ratio per
    within-game SD, with interval) from :func:`analysis.sources.source_effects`; ``interval`` is added to the axis
    label."""
    if "model" in effects.columns:  # the one-at-a-time fits (the joint fit is in the report's table)
        effects = effects.filter(pl.col("model") == "alone")
    players = effects["players"][0] if effects.height else None
    e = effects.filter(pl.col("players") == players).sort("or_per_sd") if effects.height else effects
    sh = dict(zip(*shares.filter(pl.col("players") == players).select("source", "share"))) if shares.height else {}
    n = e.height
    fig = AnalysisFigure(figsize=(10.0, max(2.2, 0.36 * n + 1.2)), layout="constrained")
    ax1, ax2 = fig.subplots(1, 2, sharey=True, width_ratios=[1, 1.4])
    y = np.arange(n)
    names = e["source"].to_list()
    ax1.barh(y, [100 * (sh.get(s) or 0.0) for s in names], color="#85c1e9")
    ax1.set_yticks(y, names, fontsize=8)
    ax1.set_xlabel("share of all VP (%)")
    orr = e["or_per_sd"].to_numpy()
    err = np.vstack([orr - e["or_sd_low"].to_numpy(), e["or_sd_high"].to_numpy() - orr])
    ax2.axvline(1, color="black", linestyle="--", linewidth=1)
    ax2.errorbar(orr, y, xerr=np.nan_to_num(err), fmt="o", color="#1f618d", capsize=3, markersize=5)
    ax2.set_xlabel("odds ratio of winning per within-game SD of the source" + (f",\n{interval}" if interval else ""))
    ax2.grid(axis="x", alpha=0.3)
    ax1.grid(axis="x", alpha=0.3)
    return _done(fig, path)


def plot_score_sources(data: Table, *, stacked: bool = True, path: str | Path | None = None) -> Figure:
    """Mean VP by source for each seat (stacked bars, or grouped with ``stacked=False``), one panel per player count.

    ``data`` is a results table or a :func:`score_sources` table.
    """
    ss = _collected(data) if _has(data, ("source", "mean_vp")) else score_sources(data)
    groups = ss.partition_by("players", maintain_order=True, as_dict=True) if ss.height else {}
    fig, axes = _panels(len(groups), 4.5, 3.4)
    for ax, ((players,), g) in zip(axes, groups.items()):
        sources = list(dict.fromkeys(g["source"].to_list()))
        seat_keys = list(dict.fromkeys(g["seat"].to_list()))
        x = np.arange(len(seat_keys))
        bottom = np.zeros(len(seat_keys))
        width = 0.7 if stacked else 0.8 / max(len(sources), 1)
        for i, src in enumerate(sources):
            sub = g.filter(pl.col("source") == src)
            means = dict(zip(sub["seat"].to_list(), sub["mean_vp"].to_list()))
            h = np.array([means.get(s, 0.0) or 0.0 for s in seat_keys])
            if stacked:
                ax.bar(x, h, width, bottom=bottom, label=src, color=f"C{i % 10}")
                bottom += h
            else:
                ax.bar(x - 0.4 + width * (i + 0.5), h, width, label=src, color=f"C{i % 10}")
        ax.set_xticks(x, ["all" if s is None else str(s) for s in seat_keys])
        ax.set_xlabel("seat")
        ax.set_ylabel("mean VP")
        ax.set_title(f"{players} players", fontsize=9)
        ax.legend(fontsize=7, ncols=2 if len(sources) > 5 else 1)
    if not groups:
        axes[0].text(0.5, 0.5, "no games", ha="center", va="center")
    return _done(fig, path)


def vp_counts(df: Table) -> pl.DataFrame:
    """Number of rows per ``players`` x ``seat`` x ``vp`` value (the data behind :func:`plot_vp_distribution`)."""
    lf = to_lazy(df)
    require(lf, ("players", "seat", "vp"), "vp_counts")
    return lf.group_by("players", "seat", "vp").agg(pl.len().alias("count")).sort("players", "seat", "vp").collect()


def plot_vp_distribution(data: Table, *, path: str | Path | None = None) -> Figure:
    """Histogram of final VP per seat (fraction of games per VP value), one panel per player count.

    ``data`` is a results table or a :func:`vp_counts` table; the histogram is drawn from aggregated counts.
    """
    counts = _collected(data) if _has(data, ("vp", "count")) else vp_counts(data)
    groups = counts.partition_by("players", maintain_order=True, as_dict=True) if counts.height else {}
    fig, axes = _panels(len(groups), 4.5 if len(groups) > 1 else 8.0, 3.4)
    for ax, ((players,), g) in zip(axes, groups.items()):
        lo, hi = int(g["vp"].min()), int(g["vp"].max())
        edges = np.arange(lo, hi + 2) - 0.5
        for seat, sg in g.partition_by("seat", maintain_order=True, as_dict=True).items():
            h = np.zeros(hi - lo + 1)
            np.add.at(h, sg["vp"].to_numpy().astype(int) - lo, sg["count"].to_numpy())
            ax.stairs(h / max(h.sum(), 1), edges, label=f"seat {seat[0]}", linewidth=1.4)
        ax.set_xlabel("final VP")
        ax.set_ylabel("fraction of games")
        ax.set_title(f"{players} players", fontsize=9)
        ax.legend(fontsize=8)
    if not groups:
        axes[0].text(0.5, 0.5, "no games", ha="center", va="center")
    return _done(fig, path)


def select_openings(table: pl.DataFrame, max_rows: int) -> pl.DataFrame:
    """At most ``max_rows`` rows of an :func:`opening_strength` table: the strongest and weakest by the shrunken
    effect (half each), in table order."""
    if table.height <= max_rows:
        return table
    ordered = table.sort("shrunk", descending=True)
    top = ordered.head(max_rows - max_rows // 2)
    return pl.concat([top, ordered.tail(max_rows // 2)]).sort("shrunk", descending=True)


def plot_opening_strength(
    data: Table,
    *,
    column: str = "opening_1",
    max_rows: int = 30,
    interval: str = "",
    path: str | Path | None = None,
    **opening_kwargs: Any,
) -> Figure:
    """Forest plot of each opening's difference from the rest of its seat, with the corrected interval.

    The intervals are drawn at the level the correction used for each row (``delta_low``/``delta_high`` of
    :func:`opening_strength`; simultaneous over the table with the default Bonferroni correction) and coloured by
    the same decision, so an interval is red exactly when it excludes 0.
    ``data`` is a results table (``column`` and ``opening_kwargs`` go to :func:`opening_strength`) or an
    :func:`opening_strength` table; at most ``max_rows`` rows are shown (:func:`select_openings`); ``interval`` is
    added to the axis label.
    """
    if _has(data, ("opening", "p_adjusted")):
        table = _collected(data)
    else:
        table = opening_strength(data, column, **opening_kwargs)
    table = select_openings(table, max_rows)
    n = table.height
    fig, ax = _forest(n)
    if n == 0:
        ax.text(0.5, 0.5, "no opening with enough games", ha="center", va="center")
        return _done(fig, path)
    y = np.arange(n)[::-1]
    d = table["delta"].to_numpy()
    err = np.vstack([d - table["delta_low"].to_numpy(), table["delta_high"].to_numpy() - d])
    sig = table["significant"].to_numpy()
    ax.axvline(0, color="black", linestyle="--", linewidth=1)
    for mask, c, label in ((~sig, PLAIN_COLOUR, "not significant"), (sig, SIGNIFICANT_COLOUR, "significant")):
        if mask.any():
            ax.errorbar(d[mask], y[mask], xerr=err[:, mask], fmt="o", color=c, ecolor=c, capsize=2, markersize=4,
                        label=f"{label} (corrected interval)")
    multi_players = table["players"].n_unique() > 1
    labels = [
        (f"{p}p " if multi_players else "") + f"seat {s}: {o} (n={g:,})"
        for p, s, o, g in zip(table["players"].to_list(), table["seat"].to_list(), table["opening"].to_list(),
                              table["games"].to_list())
    ]
    ax.set_yticks(y, labels, fontsize=8)
    ax.xaxis.set_major_formatter(_PTS)
    ax.set_xlabel("win share minus the rest of the seat's games (points)" + (f", {interval}" if interval else ""))
    ax.legend(fontsize=8, loc="best")
    ax.grid(axis="x", alpha=0.3)
    return _done(fig, path)


def plot_forced_openings(table: pl.DataFrame, *, max_rows: int = 40, path: str | Path | None = None) -> Figure:
    """Forest plot of forced-opening effects (:func:`analysis.forced_openings.opening_effects`, in points).

    Each row is a seat's forced first decision against the deal's average one, with its simultaneous interval, red
    when the interval excludes 0. With an ``obs_effect`` column (an observational comparison), the observational
    difference and its interval are drawn as hollow markers beside it. At most ``max_rows`` rows are shown: the
    strongest and weakest (half each).
    """
    if table.height > max_rows:
        ordered = table.sort("effect", "seat", "opening", descending=[True, False, False])
        table = pl.concat([ordered.head(max_rows - max_rows // 2), ordered.tail(max_rows // 2)])
    table = table.sort(["seat", "effect", "opening"], descending=[False, True, False])
    n = table.height
    fig, ax = _forest(n)
    if n == 0:
        ax.text(0.5, 0.5, "no forced opening", ha="center", va="center")
        return _done(fig, path)
    y = np.arange(n)[::-1].astype(float)
    d, lo, hi = (table[c].fill_null(np.nan).to_numpy() for c in ("effect", "low", "high"))
    err = np.nan_to_num(np.vstack([d - lo, hi - d]))
    sig = (lo > 0) | (hi < 0)
    ax.axvline(0, color="black", linestyle="--", linewidth=1)
    for mask, c, label in ((~sig, PLAIN_COLOUR, "interval contains 0"), (sig, SIGNIFICANT_COLOUR, "excludes 0")):
        if mask.any():
            ax.errorbar(d[mask], y[mask], xerr=err[:, mask], fmt="o", color=c, ecolor=c, capsize=2, markersize=4,
                        label=f"forced ({label})")
    if "obs_effect" in table.columns:
        o, olo, ohi = (table[c].fill_null(np.nan).to_numpy() for c in ("obs_effect", "obs_low", "obs_high"))
        ok = np.isfinite(o)
        if ok.any():
            ax.errorbar(o[ok], y[ok] - 0.3, xerr=np.nan_to_num(np.vstack([o - olo, ohi - o]))[:, ok], fmt="o",
                        mfc="white", color="#2e86c1", ecolor="#2e86c1", capsize=2, markersize=4,
                        label="observed in an ordinary run")
    labels = [f"seat {s}: {o} (n={g:,})" for s, o, g in
              zip(table["seat"].to_list(), table["opening"].to_list(), table["deals"].to_list())]
    ax.set_yticks(y, labels, fontsize=8)
    ax.set_xlabel("win share minus the deal's average first decision (points)")
    ax.legend(fontsize=8, loc="best")
    ax.grid(axis="x", alpha=0.3)
    return _done(fig, path)
