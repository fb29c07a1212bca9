"""Comparing the cells of a rule sweep: seat balance per cell and each variant's difference from the baseline.

A sweep folder (``sweep.json`` plus one results folder per cell, see docs/sweeps.md) is read here; nothing is
played. Cells of one player count and line-up are played from the same master seed, so game ``i`` has the same
game seed (the same deals) in every cell: differences are computed **paired by game_id** (the seeds are checked).

Method (``confidence`` = 95% by default):

* Per cell and seat: win share (a k-way tie for first counts 1/k) with a score interval using the per-game
  variance (Wilson when no game is tied).
* Per cell: the **seat gap** ``max_gap`` = largest minus smallest seat win share, with a conservative interval
  from simultaneous (Bonferroni) normal intervals of the pairwise seat differences (:func:`objective_interval`).
* Per variant and seat, against the baseline: the mean of the per-game differences ``w_variant - w_baseline`` over
  the paired games, with a normal interval ``mean +- z * sd / sqrt(n)`` and a two-sided z test, p-values corrected
  (Holm by default) over every variant x seat of the comparison.
* Per variant, the **difference in seat gap** ``max_gap(variant) - max_gap(baseline)`` with a paired percentile
  bootstrap interval: each replicate resamples the same games for every cell of the group (vectorised: one
  ``counts @ win_shares`` product per block of replicates), so the interval reflects the pairing. A difference
  is ``significant`` when its interval excludes 0. The baseline's own difference is exactly 0.

The plug-in gap of nearly balanced seats is biased upwards (it is the spread of noisy estimates), and so are its
bootstrap replicates; when one of two compared gaps is near 0 the bootstrap difference is pulled towards 0, which
makes ``significant`` conservative in both directions. Compare gaps measured on the same number of games, as the
cells of a sweep are.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import polars as pl

from .fairness import DEFAULT_MARGIN, fairness_verdict, pattern_counts_from_matrix
from .io import SWEEP_MANIFEST, ResultsError, collect, read_results
from .sources import score_sources
from .stats import adjust_pvalues, share_interval
from .sweep_stats import paired_difference, paired_gap_bootstrap, seat_objective, win_matrix

if TYPE_CHECKING:
    from matplotlib.figure import Figure

SWEEP_KIND = "brux-sweep"
_EPS = 1e-9


def read_sweep(path: str | Path) -> dict[str, Any]:
    """The parsed ``sweep.json`` of a sweep folder (ResultsError when it is missing or not a sweep manifest)."""
    folder = Path(path)
    file = folder / SWEEP_MANIFEST
    if not file.is_file():
        raise ResultsError(f"'{folder}' is not a sweep folder (no {SWEEP_MANIFEST})")
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ResultsError(f"sweep manifest '{file}' cannot be read as JSON: {exc}") from exc
    if not isinstance(data, dict) or data.get("kind") != SWEEP_KIND or not isinstance(data.get("cells"), list):
        raise ResultsError(f"'{file}' is not a brux sweep manifest")
    return data


@dataclass
class _Cell:
    info: dict[str, Any]
    folder: Path
    lf: pl.LazyFrame
    gid: np.ndarray
    seed: np.ndarray
    w: np.ndarray


def _label(overrides: dict[str, Any]) -> str:
    def flat(d: dict[str, Any], prefix: str = "") -> list[str]:
        out = []
        for k, v in d.items():
            if isinstance(v, dict):
                out += flat(v, f"{prefix}{k}.")
            else:
                out.append(f"{prefix}{k}={json.dumps(v, separators=(',', ':'))}")
        return out

    return " ".join(flat(overrides)) or "none"


@dataclass
class SweepComparison:
    """The comparison of a sweep's cells (see the module notes for the method).

    * ``cells``: one row per cell - ``cell``, ``variant``, ``players``, ``lineup``, ``params_id``, ``overrides``,
      ``baseline``, ``games``, ``win_shares`` (seat order), ``max_gap`` with ``max_gap_low``/``max_gap_high``,
      ``best_seat``, ``worst_seat``, ``shared_first`` (fraction of games with a shared first place),
      ``verdict`` (the fairness verdict at ``margin`` on every pair of seats, :mod:`analysis.fairness`), and
      against the group's baseline: ``paired_games``, ``gap_diff`` with ``gap_diff_low``/``gap_diff_high`` at the
      error level ``level`` (Bonferroni over the group's variants), ``mc_error`` (Monte Carlo error of the
      interval's ends) and ``n_boot`` (replicates), ``significant`` (the interval excludes 0); for the headline
      variant re-checked on fresh seeds: ``recheck_seed``, ``recheck_games``, ``recheck_diff`` with
      ``recheck_low``/``recheck_high``.
    * ``seats``: one row per cell and seat - ``win_share`` with its score interval
      (:func:`analysis.stats.share_interval`), ``baseline_share``,
      ``diff`` = paired mean difference with ``diff_low``/``diff_high``, ``p_value``, ``p_adjusted``,
      ``significant``.
    * ``sources``: one row per cell, seat (null: all seats) and scoring source - ``mean_vp`` and ``share``.
    """

    path: Path
    manifest: dict[str, Any]
    cells: pl.DataFrame
    seats: pl.DataFrame
    sources: pl.DataFrame
    confidence: float = 0.95
    n_boot: int = 20_000
    seed: int = 0
    correction: str = "holm"
    missing: list[str] = field(default_factory=list)
    margin: float = DEFAULT_MARGIN

    def best(self, n: int = 5) -> pl.DataFrame:
        """The `n` cells with the smallest seat gap per player count and line-up."""
        return self.cells.sort("max_gap").group_by("players", "lineup", maintain_order=True).head(n) \
            .sort("players", "lineup", "max_gap")

    def findings(self) -> list[str]:
        """The comparison's findings in plain sentences, each with its number and interval."""
        from .sweep_report import sweep_findings

        return sweep_findings(self)

    def to_dict(self) -> dict[str, Any]:
        """Findings and the cells table as plain Python data (JSON-able)."""
        return {"findings": self.findings(), "cells": self.cells.to_dicts(), "confidence": self.confidence,
                "margin": self.margin, "missing": self.missing}

    def plot(self, path: str | Path | None = None) -> Figure:
        """The seat gap per cell with its interval (see :func:`analysis.sweep_report.plot_sweep_gaps`)."""
        from .sweep_report import plot_sweep_gaps

        return plot_sweep_gaps(self.cells, confidence=self.confidence, path=path)

    def write_report(self, out_path: str | Path, format: str = "html") -> Path:
        """Write the comparison report (HTML or Markdown, plots embedded)."""
        from .sweep_report import write_comparison

        return write_comparison(self, out_path, format)


def compare(sweep: Any, *, baseline: str | None = None, confidence: float = 0.95, n_boot: int = 20_000,
            max_boot: int = 640_000, seed: int = 0, correction: str = "holm", margin: float = DEFAULT_MARGIN
            ) -> SweepComparison:
    """Compare the cells of a sweep folder (a path, or an object with a ``path``, e.g. a ``SweepResult``).

    `baseline` names the reference cell (a cell name; default: the rules as written) in every player count and
    line-up. Cells without results yet are skipped and listed in ``missing``. See the module notes for the method;
    at least `n_boot` (at most `max_boot`) bootstrap replicates drawn from `seed`. A re-check of the headline
    variant on fresh seeds (``recheck.json``, written by ``brux sweep``) is read when present.
    """
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be in (0, 1), got {confidence}")
    folder = Path(getattr(sweep, "path", sweep))
    manifest = read_sweep(folder)
    groups: dict[tuple[int, str], list[_Cell]] = {}
    missing: list[str] = []
    for info in manifest["cells"]:
        cell_folder = folder / info["path"]
        if not (cell_folder / "manifest.json").is_file() or not any(cell_folder.glob("chunk-*.parquet")):
            missing.append(f"{info['name']} ({info['players']}p, {info['lineup']})")
            continue
        lf, _ = read_results(cell_folder)
        try:
            gid, seeds, w = win_matrix(lf, info["players"])
        except (pl.exceptions.PolarsError, OSError) as exc:
            raise ResultsError(f"results data cannot be read in results folder '{cell_folder}': {exc}") from exc
        groups.setdefault((info["players"], info["lineup"]), []).append(_Cell(info, cell_folder, lf, gid, seeds, w))

    rechecks = read_rechecks(folder, confidence, n_boot, max_boot, seed)
    cell_rows: list[dict[str, Any]] = []
    seat_rows: list[dict[str, Any]] = []
    source_frames: list[pl.DataFrame] = []
    for (players, lineup), cells in groups.items():
        base = _find_baseline(cells, baseline, players, lineup)
        common = cells[0].gid
        for c in cells[1:]:
            common = np.intersect1d(common, c.gid, assume_unique=True)
        rows = [np.searchsorted(c.gid, common) for c in cells]
        b_rows = rows[cells.index(base)]
        for c, r in zip(cells, rows):
            if not np.array_equal(c.seed[r], base.seed[b_rows]):
                raise ResultsError(f"cell '{c.info['name']}' was not played with the same game seeds as "
                                   f"'{base.info['name']}' ({players} players, {lineup}); cannot pair them")
        paired = [c.w[r] for c, r in zip(cells, rows)]
        bi = cells.index(base)
        base_paired = paired[bi]
        tests = max(len(cells) - 1, 1)
        boots = {j: paired_gap_bootstrap(paired[j], base_paired, confidence, tests=tests, n_boot=n_boot,
                                         max_boot=max_boot, seed=seed + j)
                 for j in range(len(cells)) if j != bi and common.size}
        own = paired_gap_bootstrap(base_paired, base_paired, confidence, n_boot=n_boot, max_boot=n_boot,
                                   seed=seed) if common.size else None
        for j, c in enumerate(cells):
            n = c.w.shape[0]
            shares = c.w.mean(axis=0)
            gap = float(seat_objective(shares))
            is_base = c is base
            b = boots.get(j)
            nan = float("nan")
            if is_base:
                gap_ci = (own["gap_low"], own["gap_high"]) if own else (nan, nan)
                d, d_lo, d_hi, mc, nb, level = 0.0, 0.0, 0.0, 0.0, own["n_boot"] if own else 0, nan
            elif b is not None:
                gap_ci = (b["gap_low"], b["gap_high"])
                d, d_lo, d_hi, mc, nb, level = b["diff"], b["low"], b["high"], b["mc_error"], b["n_boot"], b["level"]
            else:
                gap_ci, d, d_lo, d_hi, mc, nb, level = (nan, nan), nan, nan, nan, nan, 0, nan
            re = rechecks.get((players, lineup))
            rec = re if re is not None and re["variant"] == c.info["name"] else {}
            cell_rows.append({
                "cell": c.info["index"], "variant": c.info["name"], "players": players, "lineup": lineup,
                "params_id": c.info["params_id"], "overrides": _label(c.info["overrides"]), "baseline": is_base,
                "games": n, "win_shares": " / ".join(f"{s:.4f}" for s in shares),
                "max_gap": gap, "max_gap_low": gap_ci[0], "max_gap_high": gap_ci[1],
                "best_seat": int(np.argmax(shares)), "worst_seat": int(np.argmin(shares)),
                "shared_first": float(np.mean(c.w.max(axis=1) < 1.0 - _EPS)) if n else np.nan,
                "paired_games": int(common.size),
                "gap_diff": d, "gap_diff_low": d_lo, "gap_diff_high": d_hi, "level": level,
                "mc_error": mc, "n_boot": nb,
                "significant": (not is_base) and bool(d_lo > 0 or d_hi < 0),
                "verdict": fairness_verdict(pattern_counts_from_matrix(c.w), margin, confidence).verdict if n > 1
                else "not decided",
                "recheck_seed": rec.get("seed"), "recheck_games": rec.get("games"),
                "recheck_diff": rec.get("diff"), "recheck_low": rec.get("low"), "recheck_high": rec.get("high"),
            })
            wins = c.w.sum(axis=0)
            lo, hi = share_interval(wins, (c.w * c.w).sum(axis=0), np.full(players, n), confidence)
            mean, dl, dh, p = paired_difference(paired[j], base_paired, confidence)
            if is_base:
                mean, dl, dh, p = (np.zeros(players), np.zeros(players), np.zeros(players), np.ones(players))
            base_share = base_paired.mean(axis=0) if common.size else np.full(players, np.nan)
            for s in range(players):
                seat_rows.append({
                    "cell": c.info["index"], "variant": c.info["name"], "players": players, "lineup": lineup,
                    "baseline": is_base, "seat": s, "games": n, "win_share": float(shares[s]),
                    "win_share_low": float(lo[s]), "win_share_high": float(hi[s]),
                    "baseline_share": float(base_share[s]), "diff": float(mean[s]), "diff_low": float(dl[s]),
                    "diff_high": float(dh[s]), "p_value": float(p[s]),
                })
            source_frames.append(_sources(c))

    cells_df = pl.DataFrame(cell_rows, schema=_CELL_SCHEMA) if cell_rows else pl.DataFrame(schema=_CELL_SCHEMA)
    seats_df = _adjust(pl.DataFrame(seat_rows, schema=_SEAT_SCHEMA) if seat_rows else
                       pl.DataFrame(schema=_SEAT_SCHEMA), correction, confidence)
    sources_df = pl.concat(source_frames) if source_frames else pl.DataFrame(schema=_SOURCE_SCHEMA)
    return SweepComparison(folder, manifest, cells_df.sort("cell"), seats_df.sort("cell", "seat"),
                           sources_df, confidence, n_boot, seed, correction, missing, margin)


_CELL_SCHEMA = {
    "cell": pl.Int64, "variant": pl.String, "players": pl.Int64, "lineup": pl.String, "params_id": pl.String,
    "overrides": pl.String, "baseline": pl.Boolean, "games": pl.Int64, "win_shares": pl.String,
    "max_gap": pl.Float64, "max_gap_low": pl.Float64, "max_gap_high": pl.Float64, "best_seat": pl.Int64,
    "worst_seat": pl.Int64, "shared_first": pl.Float64, "paired_games": pl.Int64, "gap_diff": pl.Float64,
    "gap_diff_low": pl.Float64, "gap_diff_high": pl.Float64, "level": pl.Float64, "mc_error": pl.Float64,
    "n_boot": pl.Int64, "significant": pl.Boolean, "verdict": pl.String, "recheck_seed": pl.Int64,
    "recheck_games": pl.Int64,
    "recheck_diff": pl.Float64, "recheck_low": pl.Float64, "recheck_high": pl.Float64,
}
_SEAT_SCHEMA = {
    "cell": pl.Int64, "variant": pl.String, "players": pl.Int64, "lineup": pl.String, "baseline": pl.Boolean,
    "seat": pl.Int64, "games": pl.Int64, "win_share": pl.Float64, "win_share_low": pl.Float64,
    "win_share_high": pl.Float64, "baseline_share": pl.Float64, "diff": pl.Float64, "diff_low": pl.Float64,
    "diff_high": pl.Float64, "p_value": pl.Float64,
}
_SOURCE_SCHEMA = {"cell": pl.Int64, "variant": pl.String, "players": pl.Int64, "lineup": pl.String,
                  "seat": pl.Int64, "source": pl.String, "mean_vp": pl.Float64, "share": pl.Float64}


RECHECK_FILE = "recheck.json"


def read_rechecks(folder: Path, confidence: float = 0.95, n_boot: int = 20_000, max_boot: int = 640_000,
                  seed: int = 0) -> dict[tuple[int, str], dict[str, Any]]:
    """The re-checks of ``recheck.json`` (the headline variant and the baseline replayed on fresh seeds):
    per (players, line-up) the variant, fresh master seed, games and the paired gap difference with its interval
    (one pre-specified comparison, so no correction)."""
    file = Path(folder) / RECHECK_FILE
    if not file.is_file():
        return {}
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ResultsError(f"'{file}' cannot be read as JSON: {exc}") from exc
    out: dict[tuple[int, str], dict[str, Any]] = {}
    current = read_sweep(folder).get("spec")
    if not isinstance(data, dict) or data.get("spec") != current:
        return out  # left by another sweep in the same folder
    for rc in data.get("checks", []):
        mats = []
        for key in ("variant_path", "baseline_path"):
            lf, _ = read_results(Path(folder) / rc[key])
            mats.append(win_matrix(lf, rc["players"]))
        (g1, s1, w1), (g0, s0, w0) = mats
        common, i1, i0 = np.intersect1d(g1, g0, assume_unique=True, return_indices=True)
        if not common.size or not np.array_equal(s1[i1], s0[i0]):
            continue
        b = paired_gap_bootstrap(w1[i1], w0[i0], confidence, n_boot=n_boot, max_boot=max_boot, seed=seed)
        out[(rc["players"], rc["lineup"])] = {"variant": rc["variant"], "seed": rc["seed"], "games": int(common.size),
                                              "diff": b["diff"], "low": b["low"], "high": b["high"]}
    return out


def _find_baseline(cells: list[_Cell], name: str | None, players: int, lineup: str) -> _Cell:
    for c in cells:
        if (name is None and c.info.get("baseline")) or (name is not None and c.info["name"] == name):
            return c
    what = f"cell {name!r}" if name is not None else "baseline cell"
    raise ResultsError(f"no {what} with results for {players} players, line-up {lineup}")


def _adjust(seats: pl.DataFrame, correction: str, confidence: float) -> pl.DataFrame:
    p_adj = np.ones(seats.height)
    reject = np.zeros(seats.height, dtype=bool)
    tested = ~seats["baseline"].to_numpy() if seats.height else np.zeros(0, dtype=bool)
    if tested.any():
        r, adj = adjust_pvalues(seats["p_value"].to_numpy()[tested], correction, confidence)
        p_adj[tested], reject[tested] = adj, r
    return seats.with_columns(pl.Series("p_adjusted", p_adj), pl.Series("significant", reject))


def _sources(c: _Cell) -> pl.DataFrame:
    cols = c.lf.collect_schema().names()
    if not any(x.startswith("vp_") and len(x) > 3 for x in cols):
        return pl.DataFrame(schema=_SOURCE_SCHEMA)
    wanted = ["players", "seat", "rank", "win_share"] + [x for x in cols if x.startswith("vp_") and len(x) > 3]
    df = collect(c.lf.select([x for x in wanted if x in cols]), c.folder)
    parts = [score_sources(df, by_seat=False), score_sources(df)]
    out = pl.concat([p.select("seat", "source", "mean_vp", "share") for p in parts], how="vertical_relaxed")
    return out.select(
        pl.lit(c.info["index"], dtype=pl.Int64).alias("cell"), pl.lit(c.info["name"]).alias("variant"),
        pl.lit(c.info["players"], dtype=pl.Int64).alias("players"), pl.lit(c.info["lineup"]).alias("lineup"),
        pl.col("seat").cast(pl.Int64), "source", pl.col("mean_vp").cast(pl.Float64), pl.col("share").cast(pl.Float64),
    )



def write_sweep_report(sweep_dir: str | Path, out_path: str | Path, format: str = "html", *,
                       confidence: float = 0.95, n_boot: int = 20_000, seed: int = 0, correction: str = "holm",
                       margin: float = DEFAULT_MARGIN) -> Path:
    """Write the comparison report of a sweep folder (sections: ``analysis.sweep_report.SECTION_TITLES``) and
    return its path."""
    cmp = compare(sweep_dir, confidence=confidence, n_boot=n_boot, seed=seed, correction=correction, margin=margin)
    return cmp.write_report(out_path, format)
