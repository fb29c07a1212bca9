"""The report of a sweep comparison (:class:`analysis.compare.SweepComparison`): its findings in plain sentences,
the seat-gap plot, the tables and the page (HTML or Markdown, through :mod:`analysis.page`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import polars as pl
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter

from .findings import CORRECTION_NAMES, pct
from .page import FORMATS, Block, Section, section_blocks, section_titles, write_page
from .plots import _PTS as _PTS_SIGNED
from .plots import AnalysisFigure, _done, figure_png
from .stats import format_p, points
from .sweep_stats import headline

if TYPE_CHECKING:
    from .compare import SweepComparison

_PTS_ABS = FuncFormatter(lambda v, _: f"{100 * v:.1f}")


def plot_sweep_gaps(cells: pl.DataFrame, *, confidence: float = 0.95, path: str | Path | None = None) -> Figure:
    """Per player count and line-up: each cell's seat gap with its bootstrap interval (left) and each variant's
    difference from the baseline with its corrected interval (right).

    ``cells`` is the ``cells`` table of :func:`compare`. On the right the interval and the colour come from the
    same corrected bootstrap interval: green when it lies below 0 (smaller gap), red above 0, grey otherwise.
    """
    groups = cells.partition_by("players", "lineup", maintain_order=True, as_dict=True) if cells.height else {}
    rows = max([g.height for g in groups.values()] or [1])
    n = max(1, min(len(groups), 6))
    fig = AnalysisFigure(figsize=(10.0, n * max(2.0, 0.34 * rows + 1.4)), layout="constrained")
    axes = fig.subplots(n, 2, squeeze=False, sharey="row")
    for (ax1, ax2), ((players, lineup), g) in zip(axes, groups.items()):
        y = np.arange(g.height)[::-1]
        gap = g["max_gap"].to_numpy()
        err = np.clip(np.nan_to_num(np.vstack([gap - g["max_gap_low"].to_numpy(),
                                               g["max_gap_high"].to_numpy() - gap])), 0, None)
        base = g["baseline"].to_numpy()
        ax1.errorbar(gap[~base], y[~base], xerr=err[:, ~base], fmt="o", color="#2e86c1", capsize=3, markersize=5)
        ax1.errorbar(gap[base], y[base], xerr=err[:, base], fmt="s", color="black", capsize=3, markersize=5,
                     label="baseline")
        labels = [v if len(v) <= 40 else v[:37] + "..." for v in g["variant"].to_list()]
        ax1.set_yticks(y, labels, fontsize=8)
        ax1.xaxis.set_major_formatter(_PTS_ABS)
        ax1.set_xlabel(f"seat gap, best - worst (points), {confidence:.0%} bootstrap")
        ax1.set_title(f"{players} players, {lineup}", fontsize=9, loc="left")
        ax1.grid(axis="x", alpha=0.3)
        d = g["gap_diff"].to_numpy()
        derr = np.clip(np.nan_to_num(np.vstack([d - g["gap_diff_low"].to_numpy(),
                                                g["gap_diff_high"].to_numpy() - d])), 0, None)
        sig = g["significant"].to_numpy()
        better, worse = sig & (d < 0), sig & (d > 0)
        plain = ~(base | better | worse)
        ax2.axvline(0, color="black", linestyle="--", linewidth=1)
        for mask, colour, label in ((plain, "#7f8c8d", "not significant"), (better, "#1e8449", "smaller gap"),
                                    (worse, "#c0392b", "larger gap")):
            if mask.any():
                ax2.errorbar(d[mask], y[mask], xerr=derr[:, mask], fmt="o", color=colour, ecolor=colour, capsize=3,
                             markersize=5, label=label)
        ax2.xaxis.set_major_formatter(_PTS_SIGNED)
        ax2.set_xlabel("gap minus the baseline's gap (points), corrected interval")
        ax2.grid(axis="x", alpha=0.3)
        if (plain | better | worse).any():
            ax2.legend(fontsize=7, loc="best")
    if not groups:
        axes[0][0].text(0.5, 0.5, "no cells with results", ha="center", va="center")
    return _done(fig, path)



def sweep_findings(cmp: SweepComparison) -> list[str]:
    """The findings of a sweep comparison in plain sentences (see :meth:`SweepComparison.findings`)."""
    conf = f"{cmp.confidence:.0%}"
    out: list[str] = []
    if cmp.cells.height == 0:
        return ["No cell has results yet."]
    heads = {(r["players"], r["lineup"]): r for r in headline(cmp.cells).iter_rows(named=True)}
    for (players, lineup), g in cmp.cells.partition_by("players", "lineup", maintain_order=True,
                                                       as_dict=True).items():
        lead = f"{players} players ({lineup}): "
        base = g.filter(pl.col("baseline")).row(0, named=True)
        name = "" if base["variant"] == "baseline" else f" ({base['variant']})"
        out.append(f"{lead}the baseline{name}: seat gap {pct(base['max_gap'])} points "
                   f"({pct(base['max_gap_low'])} to {pct(base['max_gap_high'])}, {conf} bootstrap); fairness verdict "
                   f"(every pair of seats within ±{points(cmp.margin)}): {base['verdict']}.")
        h = heads.get((players, lineup))
        if h is None:
            continue
        tests = g.height - 1
        change = "smaller" if h["gap_diff"] < 0 else "larger"
        sig = "significant" if h["significant"] else "not significant"
        out.append(
            f"{lead}smallest gap: {h['variant']}: {pct(h['max_gap'])} points ({pct(h['max_gap_low'])} to "
            f"{pct(h['max_gap_high'])}), {pct(abs(h['gap_diff']))} points {change} than the baseline "
            f"({pct(h['gap_diff_low'], True)} to {pct(h['gap_diff_high'], True)}, {sig}; Bonferroni over {tests} "
            f"variant{'s' if tests != 1 else ''}, {h['n_boot']:,} paired bootstrap replicates, Monte Carlo error of "
            f"the ends {pct(h['mc_error'], digits=3)} points); fairness verdict: {h['verdict']}.")
        if h["recheck_games"] is not None:
            ok = h["recheck_high"] < 0 if h["gap_diff"] < 0 else h["recheck_low"] > 0
            out.append(
                f"{lead}re-checked on {h['recheck_games']:,} fresh games (master seed {h['recheck_seed']}): "
                f"{pct(h['recheck_diff'], True)} points ({pct(h['recheck_low'], True)} to "
                f"{pct(h['recheck_high'], True)}, {conf}): "
                + ("confirmed." if ok else "not confirmed (the interval on fresh games does not exclude 0 on the "
                                           "same side)."))
        else:
            out.append(f"{lead}the smallest gap was picked after looking at every variant, so it is biased "
                       "downwards; it has not been re-checked on fresh seeds (brux sweep re-checks it unless "
                       "--no-recheck).")
        smaller = g.filter(pl.col("significant") & (pl.col("gap_diff") < 0))["variant"].to_list()
        larger = g.filter(pl.col("significant") & (pl.col("gap_diff") > 0))["variant"].to_list()
        out.append(f"{lead}{len(smaller) + len(larger)} of {tests} variants change the seat gap significantly"
                   + (f"; smaller: {', '.join(smaller)}" if smaller else "")
                   + (f"; larger: {', '.join(larger)}" if larger else "") + ".")
    out.append("These comparisons hold for the line-ups played; seat balance changes with playing strength.")
    return out


def _cells_table(cmp: SweepComparison) -> pl.DataFrame:
    several = cmp.cells["players"].n_unique() > 1
    rows = []
    for r in cmp.cells.iter_rows(named=True):
        row = {"Variant": r["variant"] + (" (baseline)" if r["baseline"] and r["variant"] != "baseline" else "")}
        if several:
            row["Players"] = r["players"]
        row.update({
            "Games": f"{r['games']:,}",
            "Win shares (%)": " / ".join(f"{100 * float(x):.1f}" for x in r["win_shares"].split(" / ")),
            "Gap (pts)": pct(r["max_gap"]), "Interval": f"{pct(r['max_gap_low'])} to {pct(r['max_gap_high'])}",
            "vs baseline": "" if r["baseline"] else pct(r["gap_diff"], True),
            "Corrected interval": "" if r["baseline"] else
            f"{pct(r['gap_diff_low'], True)} to {pct(r['gap_diff_high'], True)}",
            "Significant": "" if r["baseline"] else ("yes" if r["significant"] else "no"),
            "Verdict": r["verdict"],
        })
        rows.append(row)
    return pl.DataFrame(rows)


def _sources_table(cmp: SweepComparison) -> pl.DataFrame:
    """Share of all VP per source (rows) and cell (columns)."""
    df = cmp.sources.filter(pl.col("seat").is_null())
    several = df.select("players", "lineup").unique().height > 1
    label = (pl.col("variant") + pl.lit(" (") + pl.col("players").cast(pl.String) + pl.lit("p)")) if several \
        else pl.col("variant")
    order = list(dict.fromkeys(df.with_columns(label.alias("_c"))["_c"].to_list()))
    wide = df.with_columns(label.alias("_c"), (100 * pl.col("share")).round(1).alias("_s")).pivot(
        on="_c", index="source", values="_s", aggregate_function="first")
    return wide.select(pl.col("source").alias("Source (% of VP)"), *order)


def _findings_section(cmp: SweepComparison) -> list[Block]:
    return [Block("ul", cmp.findings())]


def _gap_section(cmp: SweepComparison) -> list[Block]:
    pct_conf = f"{cmp.confidence:.0%}"
    blocks = [
        Block("image", figure_png(cmp.plot()), "Seat gap per cell and difference from the baseline"),
        Block("p", f"Seat gap = best seat's win share - worst seat's (a k-way tie for first counts 1/k), with a "
                   f"{pct_conf} percentile bootstrap interval over games. The difference from the baseline is "
                   "paired by game (the cells share game seeds); its interval is a paired percentile bootstrap at "
                   f"{pct_conf} split over the variants of a player count and line-up (Bonferroni), with as many "
                   "replicates as needed for the Monte Carlo error of its ends to be at most a tenth of their "
                   "distance to 0 (capped)."),
        Block("table", _cells_table(cmp)),
    ]
    if cmp.missing:
        blocks.append(Block("p", "Cells without results yet (run the sweep again to finish them): "
                                 + "; ".join(cmp.missing)))
    return blocks


def _difference_section(cmp: SweepComparison) -> list[Block]:
    seats = cmp.seats.filter(~pl.col("baseline"))
    return [
        Block("p", f"Per seat: mean over paired games of (win share under the variant - under the baseline), "
                   f"{cmp.confidence:.0%} normal interval; two-sided z test, p-values corrected with "
                   f"{CORRECTION_NAMES.get(cmp.correction, cmp.correction)} over all variant x seat rows."),
        Block("table", pl.DataFrame([{
            "Variant": r["variant"], "Players": r["players"], "Seat": r["seat"], "Win share (%)": pct(r["win_share"]),
            "Baseline (%)": pct(r["baseline_share"]), "Difference (points)": pct(r["diff"], True, 2),
            "Interval": f"{pct(r['diff_low'], True, 2)} to {pct(r['diff_high'], True, 2)}",
            "Adjusted p": format_p(r["p_adjusted"]),
        } for r in seats.iter_rows(named=True)]) if seats.height else pl.DataFrame()),
    ]


def _sources_section(cmp: SweepComparison) -> list[Block]:
    return [Block("p", "Share of all VP per scoring source (all seats), per cell, in %."),
            Block("table", _sources_table(cmp))]


def _sweep_section(cmp: SweepComparison) -> list[Block]:
    m = cmp.manifest
    spec = m.get("spec") or {}
    grid = m.get("grid") or {}
    items = [
        ("game", spec.get("game")), ("description", m.get("description") or ""),
        ("players", ", ".join(map(str, spec.get("players", [])))),
        ("line-ups", "; ".join(spec.get("agents", []))),
        ("games per cell", f"{spec.get('games'):,}" if isinstance(spec.get("games"), int) else spec.get("games")),
        ("master seed", spec.get("seed")),
        ("grid", "; ".join(f"{k} in {json.dumps(v, separators=(',', ':'))}" for k, v in grid.items()) or "none"),
        ("cells", f"{len(m['cells'])} ({cmp.cells.height} with results)"),
        ("folder", str(cmp.path)), ("sweep file", m.get("source") or ""), ("brux version", m.get("brux_version")),
    ]
    return [Block("dl", [(k, str(v)) for k, v in items if v not in (None, "")])]


def _method_section(cmp: SweepComparison) -> list[Block]:
    return [Block("p", "Every cell of a player count and line-up is played from the same master seed, so game i has "
                       "the same game seed, hence the same deals and chance events, under every variant (common "
                       "random numbers); the seeds are checked before pairing. Resampling games only changes how "
                       "often each joint win pattern occurs, so a bootstrap replicate is one multinomial draw of "
                       f"those counts (seed {cmp.seed}). The plug-in gap of nearly balanced seats is biased upwards, "
                       "and so are its bootstrap replicates, which pulls a difference involving a near-zero gap "
                       "towards 0 (conservative). The headline (smallest gap) is chosen after looking at every "
                       "variant; its re-check on fresh seeds is free of that selection.")]


def _raw(cmp: SweepComparison) -> dict[str, pl.DataFrame]:
    return {"cells": cmp.cells, "seats": cmp.seats, "sources": cmp.sources}


def _full_tables_section(cmp: SweepComparison) -> list[Block]:
    return [Block("p", "Every table in full, also saved as CSV next to this report.")] + [
        Block("details", t, name) for name, t in _raw(cmp).items()]


SECTIONS = (
    Section("Findings", _findings_section),
    Section("Seat gap per cell", _gap_section),
    Section("Difference from the baseline", _difference_section),
    Section("Score sources", _sources_section, lambda cmp: cmp.sources.height > 0,
            "No vp_<source> columns in the results."),
    Section("Sweep", _sweep_section),
    Section("Method", _method_section),
    Section("Full tables", _full_tables_section),
)
SECTION_TITLES = section_titles(SECTIONS)


def write_comparison(cmp: SweepComparison, out_path: str | Path, format: str = "html") -> Path:
    """Write the report of a sweep comparison (HTML or Markdown, plots embedded) and return its path."""
    if format not in FORMATS:
        raise ValueError(f"format must be one of {FORMATS}, got {format!r}")
    title = f"brux sweep report: {(cmp.manifest.get('spec') or {}).get('game', cmp.path.name)}"
    return write_page(title, section_blocks(SECTIONS, cmp), out_path, format, _raw(cmp))
