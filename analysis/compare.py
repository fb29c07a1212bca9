"""Comparing the cells of a rule sweep: seat balance per cell and each variant's difference from the baseline.

A sweep folder (``sweep.json`` plus one results folder per cell, see docs/sweeps.md) is read here; nothing is
played. Cells of one player count and line-up are played from the same master seed, so game ``i`` has the same
game seed (the same deals) in every cell: differences are computed **paired by game_id** (the seeds are checked).

Method (``confidence`` = 95% by default):

* Per cell and seat: win share (a k-way tie for first counts 1/k) with a Wilson interval.
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
from scipy import stats as _st

from .io import ResultsError, collect, read_results
from .plots import AnalysisFigure, _done
from .sources import score_sources
from .stats import adjust_pvalues, wilson_interval

SWEEP_MANIFEST = "sweep.json"
SWEEP_KIND = "brux-sweep"
OBJECTIVES = ("max_gap", "max_dev")
SWEEP_SECTION_TITLES = ("Sweep", "Seat gap per cell", "Difference from the baseline", "Seat win shares",
                        "Score sources", "Method")
_EPS = 1e-9
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
    z = _st.norm.ppf(1.0 - (1.0 - confidence) / (2 * k))
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


def paired_difference(w: np.ndarray, base: np.ndarray, confidence: float = 0.95
                      ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per seat: mean paired difference of win shares, its normal interval and the two-sided z-test p-value."""
    d = w - base
    n = d.shape[0]
    mean = d.mean(axis=0) if n else np.full(d.shape[1], np.nan)
    sd = d.std(axis=0, ddof=1) if n > 1 else np.zeros(d.shape[1])
    se = sd / np.sqrt(max(n, 1))
    z = _st.norm.ppf(0.5 + confidence / 2)
    with np.errstate(divide="ignore", invalid="ignore"):
        p = np.where(se > 0, 2.0 * _st.norm.sf(np.abs(mean / se)), np.where(mean == 0, 1.0, 0.0))
    return mean, mean - z * se, mean + z * se, p


# ---------------------------------------------------------------------------------------------------- the sweep


def is_sweep(path: str | Path) -> bool:
    """Whether `path` is a sweep folder (it holds ``sweep.json``)."""
    return (Path(path) / SWEEP_MANIFEST).is_file()


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
      ``best_seat``, ``worst_seat``, ``drawishness``, and against the group's baseline: ``paired_games``,
      ``gap_diff`` with ``gap_diff_low``/``gap_diff_high``, ``significant`` (the interval excludes 0).
    * ``seats``: one row per cell and seat - ``win_share`` with its Wilson interval, ``baseline_share``,
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
    n_boot: int = 1000
    seed: int = 0
    correction: str = "holm"
    missing: list[str] = field(default_factory=list)

    def best(self, n: int = 5) -> pl.DataFrame:
        """The `n` cells with the smallest seat gap per player count and line-up."""
        return self.cells.sort("max_gap").group_by("players", "lineup", maintain_order=True).head(n) \
            .sort("players", "lineup", "max_gap")

    def plot(self, path: str | Path | None = None) -> Figure:
        """The seat gap per cell with its interval (see :func:`plot_sweep_gaps`)."""
        return plot_sweep_gaps(self.cells, confidence=self.confidence, path=path)

    def write_report(self, out_path: str | Path, format: str = "html") -> Path:
        """Write the comparison report (HTML or Markdown, plots embedded)."""
        return _write(self, out_path, format)


def compare(sweep: Any, *, baseline: str | None = None, confidence: float = 0.95, n_boot: int = 1000,
            seed: int = 0, correction: str = "holm") -> SweepComparison:
    """Compare the cells of a sweep folder (a path, or an object with a ``path``, e.g. a ``SweepResult``).

    `baseline` names the reference cell (a cell name; default: the rules as written) in every player count and
    line-up. Cells without results yet are skipped and listed in ``missing``. See the module notes for the method;
    `n_boot` bootstrap replicates drawn from `seed`.
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
        reps = bootstrap_objective(paired, "max_gap", n_boot, seed) if common.size else \
            np.full((n_boot, len(cells)), np.nan)
        bi = cells.index(base)
        diff_low, diff_high = percentile_interval(reps - reps[:, [bi]], confidence)
        base_paired = paired[bi]
        for j, c in enumerate(cells):
            n = c.w.shape[0]
            shares = c.w.mean(axis=0)
            gap = float(seat_objective(shares))
            gap_ci = objective_interval(c.w, "max_gap", confidence)
            gap_paired = float(seat_objective(paired[j].mean(axis=0))) if common.size else np.nan
            base_gap = float(seat_objective(base_paired.mean(axis=0))) if common.size else np.nan
            is_base = c is base
            d_lo, d_hi = (0.0, 0.0) if is_base else (float(diff_low[j]), float(diff_high[j]))
            cell_rows.append({
                "cell": c.info["index"], "variant": c.info["name"], "players": players, "lineup": lineup,
                "params_id": c.info["params_id"], "overrides": _label(c.info["overrides"]), "baseline": is_base,
                "games": n, "win_shares": " / ".join(f"{s:.4f}" for s in shares),
                "max_gap": gap, "max_gap_low": gap_ci[0], "max_gap_high": gap_ci[1],
                "best_seat": int(np.argmax(shares)), "worst_seat": int(np.argmin(shares)),
                "drawishness": float(np.mean(c.w.max(axis=1) < 1.0 - _EPS)) if n else np.nan,
                "paired_games": int(common.size),
                "gap_diff": 0.0 if is_base else gap_paired - base_gap, "gap_diff_low": d_lo, "gap_diff_high": d_hi,
                "significant": (not is_base) and (d_lo > 0 or d_hi < 0),
            })
            wins = c.w.sum(axis=0)
            lo, hi = wilson_interval(wins, np.full(players, n), confidence)
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
                           sources_df, confidence, n_boot, seed, correction, missing)


_CELL_SCHEMA = {
    "cell": pl.Int64, "variant": pl.String, "players": pl.Int64, "lineup": pl.String, "params_id": pl.String,
    "overrides": pl.String, "baseline": pl.Boolean, "games": pl.Int64, "win_shares": pl.String,
    "max_gap": pl.Float64, "max_gap_low": pl.Float64, "max_gap_high": pl.Float64, "best_seat": pl.Int64,
    "worst_seat": pl.Int64, "drawishness": pl.Float64, "paired_games": pl.Int64, "gap_diff": pl.Float64,
    "gap_diff_low": pl.Float64, "gap_diff_high": pl.Float64, "significant": pl.Boolean,
}
_SEAT_SCHEMA = {
    "cell": pl.Int64, "variant": pl.String, "players": pl.Int64, "lineup": pl.String, "baseline": pl.Boolean,
    "seat": pl.Int64, "games": pl.Int64, "win_share": pl.Float64, "win_share_low": pl.Float64,
    "win_share_high": pl.Float64, "baseline_share": pl.Float64, "diff": pl.Float64, "diff_low": pl.Float64,
    "diff_high": pl.Float64, "p_value": pl.Float64,
}
_SOURCE_SCHEMA = {"cell": pl.Int64, "variant": pl.String, "players": pl.Int64, "lineup": pl.String,
                  "seat": pl.Int64, "source": pl.String, "mean_vp": pl.Float64, "share": pl.Float64}


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
    """Seat gap per cell with its bootstrap interval, one panel per player count and line-up.

    ``cells`` is the ``cells`` table of :func:`compare`. The baseline is black with a dashed line at its gap;
    cells whose gap differs significantly from the baseline's are green (smaller) or red (larger).
    """
    groups = cells.partition_by("players", "lineup", maintain_order=True, as_dict=True) if cells.height else {}
    rows = max([g.height for g in groups.values()] or [1])
    n = max(1, min(len(groups), 6))
    fig = AnalysisFigure(figsize=(5.5 * n, max(2.2, 0.32 * rows + 1.3)), layout="constrained")
    axes = fig.subplots(1, n, squeeze=False)[0]
    for ax, ((players, lineup), g) in zip(axes, groups.items()):
        y = np.arange(g.height)[::-1]
        gap = g["max_gap"].to_numpy()
        err = np.vstack([gap - g["max_gap_low"].to_numpy(), g["max_gap_high"].to_numpy() - gap])
        err = np.clip(np.nan_to_num(err), 0, None)
        base = g["baseline"].to_numpy()
        sig = g["significant"].to_numpy()
        better = sig & (g["gap_diff"].to_numpy() < 0)
        worse = sig & (g["gap_diff"].to_numpy() > 0)
        plain = ~(base | better | worse)
        for mask, colour, label in ((plain, "#7f8c8d", "not significant"), (better, "#1e8449", "smaller gap"),
                                    (worse, "#c0392b", "larger gap"), (base, "black", "baseline")):
            if mask.any():
                ax.errorbar(gap[mask], y[mask], xerr=err[:, mask], fmt="o", color=colour, ecolor=colour, capsize=3,
                            markersize=5, label=label)
        if base.any():
            ax.axvline(float(gap[base][0]), color="black", linestyle="--", linewidth=1)
        labels = [v if len(v) <= 48 else v[:45] + "..." for v in g["variant"].to_list()]
        ax.set_yticks(y, labels, fontsize=8)
        ax.set_xlabel(f"seat gap (best - worst win share), {confidence:.0%} interval")
        ax.set_xlim(left=0)
        ax.set_title(f"{players} players\n{lineup}", fontsize=9)
        ax.legend(fontsize=7, loc="best")
    if not groups:
        axes[0].text(0.5, 0.5, "no cells with results", ha="center", va="center")
    return _done(fig, path)


# ---------------------------------------------------------------------------------------------------- report


def _blocks(cmp: SweepComparison) -> tuple[str, list[Any]]:
    from .plots import figure_png
    from .report import _Block

    m = cmp.manifest
    spec = m.get("spec") or {}
    pct = f"{cmp.confidence:.0%}"
    blocks: list[Any] = []
    add = blocks.append
    add(_Block("h2", "Sweep"))
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
    add(_Block("dl", [(k, str(v)) for k, v in items if v not in (None, "")]))
    if cmp.missing:
        add(_Block("p", "Cells without results yet (run the sweep again to finish them): " + "; ".join(cmp.missing)))

    add(_Block("h2", "Seat gap per cell"))
    add(_Block("p", f"max_gap = best seat's win share - worst seat's, with a {pct} interval from simultaneous "
                    "(Bonferroni) intervals of the pairwise seat differences, paired within games; win_shares in "
                    "seat order; drawishness = fraction of games with a shared first place."))
    add(_Block("table", cmp.cells.select("variant", "players", "lineup", "params_id", "games", "win_shares",
                                         "max_gap", "max_gap_low", "max_gap_high", "best_seat", "worst_seat",
                                         "drawishness")))
    add(_Block("image", figure_png(cmp.plot()), "Seat gap per cell"))
    best = cmp.best(1)
    for r in best.iter_rows(named=True):
        add(_Block("p", f"Smallest seat gap ({r['players']} players, {r['lineup']}): {r['variant']}: "
                        f"{r['max_gap']:.4f} [{r['max_gap_low']:.4f}, {r['max_gap_high']:.4f}]; difference from "
                        f"the baseline {r['gap_diff']:+.4f} [{r['gap_diff_low']:+.4f}, {r['gap_diff_high']:+.4f}]."))

    add(_Block("h2", "Difference from the baseline"))
    add(_Block("p", f"Paired by game_id (the cells share game seeds). gap_diff = max_gap(variant) - "
                    f"max_gap(baseline) on the paired games, {pct} paired percentile bootstrap interval (the same "
                    "resampled games for every cell); significant when the interval excludes 0."))
    add(_Block("table", cmp.cells.select("variant", "players", "lineup", "paired_games", "max_gap", "gap_diff",
                                         "gap_diff_low", "gap_diff_high", "significant")))
    add(_Block("p", f"Per seat: diff = mean over paired games of (win share under the variant - under the baseline), "
                    f"{pct} normal interval; two-sided z test, p-values corrected with {cmp.correction} over all "
                    "variant x seat rows."))
    add(_Block("table", cmp.seats.filter(~pl.col("baseline")).select(
        "variant", "players", "lineup", "seat", "win_share", "baseline_share", "diff", "diff_low", "diff_high",
        "p_value", "p_adjusted", "significant")))

    add(_Block("h2", "Seat win shares"))
    add(_Block("p", f"Win share per cell and seat (a k-way tie for first counts 1/k) with a {pct} Wilson interval."))
    add(_Block("table", cmp.seats.select("variant", "players", "lineup", "seat", "games", "win_share",
                                         "win_share_low", "win_share_high")))

    add(_Block("h2", "Score sources"))
    if cmp.sources.height:
        add(_Block("p", "Share of all VP per scoring source (all seats), per cell."))
        add(_Block("table", _wide_sources(cmp.sources.filter(pl.col("seat").is_null()), "share")))
        add(_Block("h3", "Mean VP by source per seat"))
        add(_Block("table", _wide_sources(cmp.sources.filter(pl.col("seat").is_not_null()), "mean_vp")))
    else:
        add(_Block("p", "No vp_<source> columns in the results."))

    add(_Block("h2", "Method"))
    add(_Block("p", "Every cell of a player count and line-up is played from the same master seed, so game i has the "
                    "same game seed, hence the same deals and chance events, under every variant (common random "
                    "numbers); the seeds are checked before pairing. Per-seat differences are means of per-game "
                    "paired differences with normal intervals; a cell's gap interval comes from Bonferroni-corrected "
                    "intervals of all pairwise seat differences (conservative); gap differences use a paired "
                    f"nonparametric bootstrap over games ({cmp.n_boot} replicates, seed {cmp.seed}), the same "
                    "resampled games for every cell. The plug-in gap of nearly balanced seats is biased upwards, and "
                    "so are its bootstrap replicates, which pulls a difference involving a near-zero gap towards 0 "
                    "(conservative)."))
    return f"brux sweep report: {spec.get('game', cmp.path.name)}", blocks


def _wide_sources(df: pl.DataFrame, value: str) -> pl.DataFrame:
    if df.height == 0:
        return df
    order = list(dict.fromkeys(df["source"].to_list()))
    index = ["cell", "variant", "players", "lineup"] + (["seat"] if df["seat"].null_count() == 0 else [])
    wide = df.pivot(on="source", index=index, values=value, aggregate_function="first")
    return wide.sort([c for c in ("cell", "seat") if c in index]).select([*[c for c in index if c != "cell"], *order])


def _write(cmp: SweepComparison, out_path: str | Path, format: str) -> Path:
    from .report import FORMATS, write_page

    if format not in FORMATS:
        raise ValueError(f"format must be one of {FORMATS}, got {format!r}")
    title, blocks = _blocks(cmp)
    return write_page(title, blocks, out_path, format)


def write_sweep_report(sweep_dir: str | Path, out_path: str | Path, format: str = "html", *,
                       confidence: float = 0.95, n_boot: int = 1000, seed: int = 0, correction: str = "holm") -> Path:
    """Write the comparison report of a sweep folder (sections: SWEEP_SECTION_TITLES) and return its path."""
    cmp = compare(sweep_dir, confidence=confidence, n_boot=n_boot, seed=seed, correction=correction)
    return cmp.write_report(out_path, format)
