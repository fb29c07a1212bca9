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
from typing import Any

import numpy as np
import polars as pl
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter

from ._dist import norm_ppf, norm_sf
from .fairness import DEFAULT_MARGIN, fairness_verdict, pattern_counts_from_matrix
from .findings import CORRECTION_NAMES, pct
from .io import SWEEP_MANIFEST, ResultsError, collect, read_results
from .io import is_sweep as is_sweep  # its home before it moved to io
from .plots import _PTS as _PTS_SIGNED
from .plots import AnalysisFigure, _done
from .sources import score_sources
from .stats import adjust_pvalues, format_p, points, share_interval

SWEEP_KIND = "brux-sweep"
OBJECTIVES = ("max_gap", "max_dev")
SWEEP_SECTION_TITLES = ("Findings", "Seat gap per cell", "Difference from the baseline", "Score sources", "Sweep",
                        "Method", "Full tables")
_EPS = 1e-9
_PTS_ABS = FuncFormatter(lambda v, _: f"{100 * v:.1f}")
_BLOCK = 4_000_000  # resampled rows per bootstrap block (bounds memory: a block is ~32 MB of counts)


# ---------------------------------------------------------------------------------------------------- statistics


def win_matrix(table: Any, players: int | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(game_id, seed, W)`` from a per-seat results table: W[i, s] is seat s's win share in the i-th game.

    Games are in ``game_id`` order; every game must have one row per seat (ResultsError otherwise).
    """
    lf = table.lazy() if isinstance(table, pl.DataFrame) else table
    df = lf.select("game_id", "seed", "players", "seat", "win_share").sort("game_id", "seat").collect()
    if df.height == 0:
        return np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros((0, players or 0))
    p = int(players if players is not None else df["players"][0])
    seats = df["seat"].to_numpy()
    if df.height % p or not np.array_equal(seats, np.tile(np.arange(p), df.height // p)):
        raise ResultsError(f"results do not have exactly one row per seat for each of the games ({p} players)")
    gid = df["game_id"].to_numpy()[::p].astype(np.int64)
    if np.any(np.diff(gid) <= 0):
        raise ResultsError("results hold a game_id twice")
    return gid, df["seed"].to_numpy()[::p].astype(np.int64), df["win_share"].to_numpy().reshape(-1, p)


def seat_objective(means: np.ndarray, objective: str = "max_gap") -> np.ndarray:
    """The balance objective of seat win shares ``means[..., seat]`` (smaller is more balanced).

    ``max_gap``: best seat minus worst seat; ``max_dev``: the largest distance of a seat from the fair share 1/n.
    """
    m = np.asarray(means, dtype=float)
    if objective == "max_gap":
        return m.max(axis=-1) - m.min(axis=-1)
    if objective == "max_dev":
        return np.abs(m - 1.0 / m.shape[-1]).max(axis=-1)
    raise ValueError(f"objective must be one of {', '.join(OBJECTIVES)}, got {objective!r}")


def bootstrap_objective(mats: list[np.ndarray], objective: str = "max_gap", n_boot: int = 1000,
                        seed: int = 0) -> np.ndarray:
    """Paired bootstrap replicates of the objective: an ``(n_boot, len(mats))`` array.

    ``mats`` are win matrices with the same rows (the same games, in the same order). Each replicate resamples the
    n games with replacement (the same resample for every matrix) and evaluates the objective of every matrix's
    resampled seat means. Vectorised: a block of replicates is a count matrix (replicates x games, from one
    ``bincount``) multiplied by the stacked win matrices. Deterministic for a given ``seed``.
    """
    if n_boot < 1:
        raise ValueError(f"n_boot must be at least 1, got {n_boot}")
    n = mats[0].shape[0]
    if any(m.shape[0] != n for m in mats):
        raise ValueError("bootstrap_objective needs win matrices of the same games")
    if n == 0:
        return np.full((n_boot, len(mats)), np.nan)
    sizes = [m.shape[1] for m in mats]
    x = np.hstack(mats).astype(np.float64)
    rng = np.random.default_rng(seed)
    block = max(1, min(n_boot, _BLOCK // n))
    out = np.empty((n_boot, len(mats)))
    offsets = np.cumsum([0, *sizes])
    for start in range(0, n_boot, block):
        c = min(block, n_boot - start)
        idx = rng.integers(0, n, size=(c, n))
        idx += (np.arange(c) * n)[:, None]
        counts = np.bincount(idx.ravel(), minlength=c * n).reshape(c, n).astype(np.float64)
        means = counts @ x / n
        for j, (lo, hi) in enumerate(zip(offsets[:-1], offsets[1:])):
            out[start:start + c, j] = seat_objective(means[:, lo:hi], objective)
    return out


def objective_interval(w: np.ndarray, objective: str = "max_gap", confidence: float = 0.95
                       ) -> tuple[float, float]:
    """An interval for the objective of one cell's seat win shares, from simultaneous intervals.

    ``max_gap``: every pair of seats s < t gets a normal interval for ``p_s - p_t`` from the per-game differences
    ``w[:, s] - w[:, t]`` (seats of a game are dependent, so the pairing matters), Bonferroni-corrected over the
    pairs; when all of them hold (probability >= ``confidence``) the true gap ``max |p_s - p_t|`` lies between the
    largest lower bound of ``|p_s - p_t|`` (0 for a pair whose interval covers 0) and the largest upper bound.
    ``max_dev``: the same with per-seat intervals for ``p_s - 1/n``. Conservative; always contains the estimate.
    """
    n, p = w.shape
    if n < 2:
        return float("nan"), float("nan")
    if objective == "max_gap":
        pairs = [(s, t) for s in range(p) for t in range(s + 1, p)]
        d = np.stack([w[:, s] - w[:, t] for s, t in pairs], axis=1)
    elif objective == "max_dev":
        d = w - 1.0 / p
    else:
        raise ValueError(f"objective must be one of {', '.join(OBJECTIVES)}, got {objective!r}")
    k = d.shape[1]
    z = norm_ppf(1.0 - (1.0 - confidence) / (2 * k))
    mean = d.mean(axis=0)
    half = z * d.std(axis=0, ddof=1) / np.sqrt(n)
    lo, hi = mean - half, mean + half
    low_abs = np.where((lo <= 0) & (hi >= 0), 0.0, np.minimum(np.abs(lo), np.abs(hi)))
    high_abs = np.maximum(np.abs(lo), np.abs(hi))
    return float(low_abs.max()), float(high_abs.max())


def percentile_interval(replicates: np.ndarray, confidence: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
    """Percentile bootstrap interval per column of ``replicates``."""
    alpha = 1.0 - confidence
    low, high = np.quantile(replicates, [alpha / 2, 1 - alpha / 2], axis=0)
    return low, high


def _pattern_codes(w: np.ndarray) -> np.ndarray:
    """Per game, the bit mask of the seats sharing first place (which fixes the game's win-share vector)."""
    return ((w > 0).astype(np.int64) << np.arange(w.shape[1])).sum(axis=1)


def paired_gap_bootstrap(w: np.ndarray, base: np.ndarray, confidence: float = 0.95, *, tests: int = 1,
                         n_boot: int = 20_000, max_boot: int = 640_000, rel_mc: float = 0.1, seed: int = 0
                         ) -> dict[str, float]:
    """Paired percentile bootstrap of ``max_gap(w) - max_gap(base)`` over the same games, with its Monte Carlo error.

    Resampling games with replacement only changes how often each joint win pattern (variant pattern, baseline
    pattern) occurs, so each replicate is one multinomial draw of the joint pattern counts: the same distribution
    as resampling rows, at a cost independent of the number of games. The interval is at level
    ``1 - (1 - confidence) / tests`` (Bonferroni over the ``tests`` variants of a comparison). Replicates are
    doubled from ``n_boot`` up to ``max_boot`` until the Monte Carlo error of each end (order-statistic method,
    :func:`analysis.stats.quantile_mc_error`) is at most ``rel_mc`` times its distance to 0.

    Returns ``diff``, ``low``, ``high``, ``mc_error`` (the larger of the two ends), ``n_boot`` (replicates used),
    ``level`` (the interval's error level) and each cell's own gap interval ``gap_low``/``gap_high``,
    ``base_low``/``base_high`` at ``confidence``.
    """
    from .fairness import pattern_shares
    from .stats import quantile_mc_error

    n, players = w.shape
    joint = _pattern_codes(w) * (1 << players) + _pattern_codes(base)
    codes, counts = np.unique(joint, return_counts=True)
    shares = pattern_shares(players)
    wv, wb = shares[codes >> players], shares[codes & ((1 << players) - 1)]
    prob = counts / n
    rng = np.random.default_rng(seed)
    alpha = (1.0 - confidence) / max(tests, 1)
    q = (alpha / 2, 1 - alpha / 2)
    gaps_v: list[np.ndarray] = []
    gaps_b: list[np.ndarray] = []
    total = 0
    target = max(n_boot, 1)
    while True:
        while total < target:
            c = min(target - total, 50_000)
            draws = rng.multinomial(n, prob, size=c).astype(float)
            gaps_v.append(np.ptp(draws @ wv, axis=1) / n)
            gaps_b.append(np.ptp(draws @ wb, axis=1) / n)
            total += c
        gv, gb = np.concatenate(gaps_v), np.concatenate(gaps_b)
        d = gv - gb
        low, high = np.quantile(d, q)
        mc = max(quantile_mc_error(d, q[0]), quantile_mc_error(d, q[1]))
        if (mc <= rel_mc * min(abs(low), abs(high))) or total >= max_boot:
            break
        target = min(2 * total, max_boot)
    diff = float(np.ptp(prob @ wv) - np.ptp(prob @ wb))
    g_lo, g_hi = np.quantile(gv, [(1 - confidence) / 2, (1 + confidence) / 2])
    b_lo, b_hi = np.quantile(gb, [(1 - confidence) / 2, (1 + confidence) / 2])
    return {"diff": diff, "low": float(low), "high": float(high), "mc_error": float(mc), "n_boot": total,
            "level": alpha, "gap_low": float(g_lo), "gap_high": float(g_hi), "base_low": float(b_lo),
            "base_high": float(b_hi)}


def paired_difference(w: np.ndarray, base: np.ndarray, confidence: float = 0.95
                      ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per seat: mean paired difference of win shares, its normal interval and the two-sided z-test p-value."""
    d = w - base
    n = d.shape[0]
    mean = d.mean(axis=0) if n else np.full(d.shape[1], np.nan)
    sd = d.std(axis=0, ddof=1) if n > 1 else np.zeros(d.shape[1])
    se = sd / np.sqrt(max(n, 1))
    z = norm_ppf(0.5 + confidence / 2)
    with np.errstate(divide="ignore", invalid="ignore"):
        p = np.where(se > 0, 2.0 * norm_sf(np.abs(mean / se)), np.where(mean == 0, 1.0, 0.0))
    return mean, mean - z * se, mean + z * se, p


# ---------------------------------------------------------------------------------------------------- the sweep


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
      variant re-checked on fresh seeds: ``renonneg_int64``, ``recheck_games``, ``recheck_diff`` with
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
        return sweep_findings(self)

    def to_dict(self) -> dict[str, Any]:
        """Findings and the cells table as plain Python data (JSON-able)."""
        return {"findings": self.findings(), "cells": self.cells.to_dicts(), "confidence": self.confidence,
                "margin": self.margin, "missing": self.missing}

    def plot(self, path: str | Path | None = None) -> Figure:
        """The seat gap per cell with its interval (see :func:`plot_sweep_gaps`)."""
        return plot_sweep_gaps(self.cells, confidence=self.confidence, path=path)

    def write_report(self, out_path: str | Path, format: str = "html") -> Path:
        """Write the comparison report (HTML or Markdown, plots embedded)."""
        return _write(self, out_path, format)


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
                "renonneg_int64": rec.get("seed"), "recheck_games": rec.get("games"),
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
    "n_boot": pl.Int64, "significant": pl.Boolean, "verdict": pl.String, "renonneg_int64": pl.Int64,
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


def headline(cells: pl.DataFrame) -> pl.DataFrame:
    """Per player count and line-up, the non-baseline cell with the smallest seat gap (the sweep's headline)."""
    return (cells.filter(~pl.col("baseline")).sort("max_gap")
            .group_by("players", "lineup", maintain_order=True).head(1).sort("players", "lineup"))


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


# ---------------------------------------------------------------------------------------------------- plot


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


# ---------------------------------------------------------------------------------------------------- report


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
                f"{lead}re-checked on {h['recheck_games']:,} fresh games (master seed {h['renonneg_int64']}): "
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


def _blocks(cmp: SweepComparison) -> tuple[str, list[Any], dict[str, pl.DataFrame]]:
    from .page import Block
    from .plots import figure_png

    m = cmp.manifest
    spec = m.get("spec") or {}
    pct_conf = f"{cmp.confidence:.0%}"
    blocks: list[Any] = []
    add = blocks.append
    add(Block("h2", "Findings"))
    add(Block("ul", cmp.findings()))

    add(Block("h2", "Seat gap per cell"))
    add(Block("image", figure_png(cmp.plot()), "Seat gap per cell and difference from the baseline"))
    add(Block("p", f"Seat gap = best seat's win share - worst seat's (a k-way tie for first counts 1/k), with a "
                    f"{pct_conf} percentile bootstrap interval over games. The difference from the baseline is "
                    "paired by game (the cells share game seeds); its interval is a paired percentile bootstrap at "
                    f"{pct_conf} split over the variants of a player count and line-up (Bonferroni), with as many "
                    "replicates as needed for the Monte Carlo error of its ends to be at most a tenth of their "
                    "distance to 0 (capped)."))
    add(Block("table", _cells_table(cmp)))
    if cmp.missing:
        add(Block("p", "Cells without results yet (run the sweep again to finish them): " + "; ".join(cmp.missing)))

    add(Block("h2", "Difference from the baseline"))
    add(Block("p", f"Per seat: mean over paired games of (win share under the variant - under the baseline), "
                    f"{pct_conf} normal interval; two-sided z test, p-values corrected with "
                    f"{CORRECTION_NAMES.get(cmp.correction, cmp.correction)} over "
                    "all variant x seat rows."))
    seats = cmp.seats.filter(~pl.col("baseline"))
    add(Block("table", pl.DataFrame([{
        "Variant": r["variant"], "Players": r["players"], "Seat": r["seat"], "Win share (%)": pct(r["win_share"]),
        "Baseline (%)": pct(r["baseline_share"]), "Difference (points)": pct(r["diff"], True, 2),
        "Interval": f"{pct(r['diff_low'], True, 2)} to {pct(r['diff_high'], True, 2)}",
        "Adjusted p": format_p(r["p_adjusted"]),
    } for r in seats.iter_rows(named=True)]) if seats.height else pl.DataFrame()))

    add(Block("h2", "Score sources"))
    if cmp.sources.height:
        add(Block("p", "Share of all VP per scoring source (all seats), per cell, in %."))
        add(Block("table", _sources_table(cmp)))
    else:
        add(Block("p", "No vp_<source> columns in the results."))

    add(Block("h2", "Sweep"))
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
    add(Block("dl", [(k, str(v)) for k, v in items if v not in (None, "")]))

    add(Block("h2", "Method"))
    add(Block("p", "Every cell of a player count and line-up is played from the same master seed, so game i has the "
                    "same game seed, hence the same deals and chance events, under every variant (common random "
                    "numbers); the seeds are checked before pairing. Resampling games only changes how often each "
                    "joint win pattern occurs, so a bootstrap replicate is one multinomial draw of those counts "
                    f"(seed {cmp.seed}). The plug-in gap of nearly balanced seats is biased upwards, and so are its "
                    "bootstrap replicates, which pulls a difference involving a near-zero gap towards 0 "
                    "(conservative). The headline (smallest gap) is chosen after looking at every variant; its "
                    "re-check on fresh seeds is free of that selection."))
    raw = {"cells": cmp.cells, "seats": cmp.seats, "sources": cmp.sources}
    add(Block("h2", "Full tables"))
    add(Block("p", "Every table in full, also saved as CSV next to this report."))
    for name, t in raw.items():
        add(Block("details", t, name))
    return f"brux sweep report: {spec.get('game', cmp.path.name)}", blocks, raw


def _write(cmp: SweepComparison, out_path: str | Path, format: str) -> Path:
    from .page import FORMATS, write_page

    if format not in FORMATS:
        raise ValueError(f"format must be one of {FORMATS}, got {format!r}")
    title, blocks, raw = _blocks(cmp)
    return write_page(title, blocks, out_path, format, raw)


def write_sweep_report(sweep_dir: str | Path, out_path: str | Path, format: str = "html", *,
                       confidence: float = 0.95, n_boot: int = 20_000, seed: int = 0, correction: str = "holm",
                       margin: float = DEFAULT_MARGIN) -> Path:
    """Write the comparison report of a sweep folder (sections: SWEEP_SECTION_TITLES) and return its path."""
    cmp = compare(sweep_dir, confidence=confidence, n_boot=n_boot, seed=seed, correction=correction, margin=margin)
    return cmp.write_report(out_path, format)
