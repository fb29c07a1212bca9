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

from ._frame import Table, columns, require, to_lazy
from .balance import seat_balance
from .openings import opening_strength
from .sources import score_sources

SIGNIFICANT_COLOUR = "#c0392b"
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
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi, bbox_inches="tight")
    return buf.getvalue()


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


def plot_seat_balance(data: Table, *, confidence: float = 0.95, path: str | Path | None = None) -> Figure:
    """Win share per seat with Wilson-interval error bars and the fair-share line, one panel per line-up.

    ``data`` is a results table or a :func:`seat_balance` table.
    """
    sb = _collected(data) if _has(data, ("win_share_low", "fair_share")) else seat_balance(data, confidence)
    groups = sb.partition_by("players", "lineup", maintain_order=True, as_dict=True) if sb.height else {}
    fig, axes = _panels(len(groups), 4.0, 3.2)
    for ax, ((players, lineup), g) in zip(axes, groups.items()):
        seats = g["seat"].to_numpy()
        share = g["win_share"].to_numpy()
        err = np.vstack([share - g["win_share_low"].to_numpy(), g["win_share_high"].to_numpy() - share])
        ax.bar(seats, share, color="#2e86c1", width=0.6)
        ax.errorbar(seats, share, yerr=err, fmt="none", ecolor="black", capsize=4, linewidth=1)
        ax.axhline(g["fair_share"][0], color="black", linestyle="--", linewidth=1, label="fair share")
        ax.set_xticks(seats, [str(s) for s in seats])
        ax.set_xlabel("seat")
        ax.set_ylabel("win share")
        ax.set_title(_group_title(players, lineup), fontsize=9)
        ax.legend(loc="lower right", fontsize=8)
    if not groups:
        axes[0].text(0.5, 0.5, "no games", ha="center", va="center")
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
    fig, axes = _panels(len(groups), 4.5, 3.2)
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
    """At most ``max_rows`` rows of an :func:`opening_strength` table: significant ones first, then largest |z|."""
    if table.height <= max_rows:
        return table
    return (
        table.with_columns(pl.col("z").abs().alias("_absz"))
        .sort(["significant", "_absz"], descending=[True, True])
        .head(max_rows)
        .drop("_absz")
        .sort(["players", "seat", "win_share"], descending=[False, False, True])
    )


def plot_opening_strength(
    data: Table,
    *,
    column: str = "opening_1",
    max_rows: int = 40,
    path: str | Path | None = None,
    **opening_kwargs: Any,
) -> Figure:
    """Forest plot: win share and Wilson interval per seat and opening, red when significant after correction.

    ``data`` is a results table (``column`` and ``opening_kwargs`` go to :func:`opening_strength`) or an
    :func:`opening_strength` table. A vertical mark shows each seat's average; at most ``max_rows`` rows are shown
    (see :func:`select_openings`).
    """
    if _has(data, ("opening", "p_adjusted")):
        table = _collected(data)
    else:
        table = opening_strength(data, column, **opening_kwargs)
    table = select_openings(table, max_rows)
    n = table.height
    fig = AnalysisFigure(figsize=(7.5, max(2.0, 0.28 * n + 1.2)), layout="constrained")
    ax = fig.subplots()
    if n == 0:
        ax.text(0.5, 0.5, "no opening with enough games", ha="center", va="center")
        return _done(fig, path)
    y = np.arange(n)[::-1]
    share = table["win_share"].to_numpy()
    err = np.vstack([share - table["win_share_low"].to_numpy(), table["win_share_high"].to_numpy() - share])
    colours = np.where(table["significant"].to_numpy(), SIGNIFICANT_COLOUR, PLAIN_COLOUR)
    for c in (PLAIN_COLOUR, SIGNIFICANT_COLOUR):
        m = colours == c
        if m.any():
            ax.errorbar(share[m], y[m], xerr=err[:, m], fmt="o", color=c, ecolor=c, capsize=2, markersize=4,
                        label="significant" if c == SIGNIFICANT_COLOUR else "not significant")
    avg = table["seat_win_share"].to_numpy()
    ax.scatter(avg, y, marker="|", color="black", s=120, linewidths=1.2, label="seat average", zorder=3)
    multi_players = table["players"].n_unique() > 1
    labels = [
        (f"{p}p " if multi_players else "") + f"seat {s}: {o}"
        for p, s, o in zip(table["players"].to_list(), table["seat"].to_list(), table["opening"].to_list())
    ]
    ax.set_yticks(y, labels, fontsize=8)
    ax.set_xlabel("win share")
    ax.legend(fontsize=8, loc="best")
    return _done(fig, path)
