"""Rule sweeps: every cell of a sweep file (player count x line-up x rule variant) played through `sims.run`.

    from sims.sweep import sweep
    result = sweep("examples/sweep_start_money.toml", out="results/sweep-start-money")
    result.compare().cells          # seat gap per cell and its difference from the baseline (analysis.compare)

Every cell uses the sweep's master seed, so game ``i`` of every cell has the same game seed (common random
numbers: the same deals under every variant), and cells can be compared game by game (paired by ``game_id``).
Each cell is an ordinary results folder ``DIR/<players>p/<lineup slug>/<params_id>/``; ``DIR/sweep.json`` records
the sweep. Re-running resumes (each cell resumes its chunks); a folder holding another sweep is refused unless
``force``. See docs/sweeps.md.
"""

from __future__ import annotations

import dataclasses
import json
import os
import tempfile
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polars as pl

import brux
from brux.core.game import is_int

from .atomic import atomic_write
from .errors import SimsError
from .execute import check_backend
from .lock import folder_lock
from .run import RunResult, run
from .store import MANIFEST, ResultsFolder
from .sweepfile import SweepCell, SweepSpec, load_sweep

SWEEP_MANIFEST = "sweep.json"
SWEEP_FORMAT = 1
SWEEP_KIND = "brux-sweep"


def sweep_manifest(spec: SweepSpec, complete: bool = False) -> dict[str, Any]:
    """The ``sweep.json`` content of a sweep (docs/sweeps.md)."""
    return {
        "format": SWEEP_FORMAT,
        "kind": SWEEP_KIND,
        "brux_version": brux.__version__,
        "source": spec.source,
        "description": spec.description,
        "spec": spec.identity(),
        "grid": json.loads(json.dumps(spec.grid)) if spec.grid else None,
        "cells": [c.to_json() for c in spec.cells],
        "complete": complete,
    }


def read_sweep_manifest(folder: Path) -> dict[str, Any] | None:
    """The sweep manifest of a folder, None when there is none; SimsError when it is unreadable."""
    path = folder / SWEEP_MANIFEST
    if not path.exists():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError) as e:
        raise SimsError(f"output folder {str(folder)!r} holds a {SWEEP_MANIFEST} that brux cannot read "
                        f"({' '.join(str(e).split())}); brux does not delete files it did not write: move it away "
                        "or choose another output folder") from None
    if not isinstance(data, dict) or data.get("kind") != SWEEP_KIND or not isinstance(data.get("cells"), list):
        raise SimsError(f"output folder {str(folder)!r} holds a {SWEEP_MANIFEST} that is not a brux sweep manifest; "
                        "brux does not delete files it did not write: move it away or choose another output folder")
    return data


def _remove_cells(folder: Path, manifest: dict[str, Any]) -> None:
    """Remove the results files of an old sweep's cells (manifest, chunk and temporary files only)."""
    for cell in manifest.get("cells", []):
        rel = cell.get("path") if isinstance(cell, dict) else None
        if not isinstance(rel, str) or Path(rel).is_absolute() or ".." in Path(rel).parts:
            continue
        path = folder / rel
        if path.is_dir():
            ResultsFolder(path).clear()
            for p in (path, path.parent, path.parent.parent):  # empty folders of the old layout
                if p != folder and p.is_dir() and not any(p.iterdir()):
                    p.rmdir()


def with_chunk_size(spec: SweepSpec, chunk_size: int | None) -> SweepSpec:
    """The sweep with another chunk size (part of its identity); None keeps the file's."""
    if chunk_size is None:
        return spec
    if not is_int(chunk_size) or chunk_size < 1:
        raise SimsError(f"chunk size must be an integer at least 1, got {chunk_size!r}")
    return dataclasses.replace(spec, chunk_size=int(chunk_size))


def check_sweep_folder(folder: Path, spec: SweepSpec, *, force: bool) -> dict[str, Any] | None:
    """SimsError unless the sweep may use `folder` (nothing is written); returns the folder's old sweep manifest."""
    where = str(folder)
    if folder.exists() and not folder.is_dir():
        raise SimsError(f"output path {where!r} exists and is not a folder")
    if (folder / MANIFEST).exists():
        raise SimsError(f"output folder {where!r} holds the results of a single run ({MANIFEST}), not a sweep; "
                        "choose another output folder")
    if (folder / "balance.json").exists():
        raise SimsError(f"output folder {where!r} holds a balance search (balance.json), not a sweep; "
                        "choose another output folder")
    old = read_sweep_manifest(folder)  # a sweep.json brux cannot read is never replaced, even with force
    new = spec.identity()
    if old is not None and old.get("spec") != new and not force:
        diff = sorted(k for k in set(old.get("spec") or {}) | set(new) if (old.get("spec") or {}).get(k) != new.get(k))
        raise SimsError(f"output folder {where!r} holds a different sweep ({', '.join(diff) or 'format'} "
                        "differ); use --force to replace it or choose another output folder")
    return old


def prepare_sweep_folder(folder: Path, spec: SweepSpec, *, force: bool) -> dict[str, Any]:
    """Claim `folder` for the sweep: a new folder, the same sweep (resumed) or, with `force`, another sweep."""
    old = check_sweep_folder(folder, spec, force=force)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise SimsError(f"cannot create output folder {str(folder)!r}: {e.strerror or e}") from e
    manifest = sweep_manifest(spec)
    if old is not None and old.get("spec") != manifest["spec"]:
        _remove_cells(folder, old)
    _write_json(folder / SWEEP_MANIFEST, manifest)
    return manifest


def _write_json(path: Path, data: Any) -> None:
    text = json.dumps(data, indent=1) + "\n"
    try:
        atomic_write(path, lambda p: p.write_text(text, encoding="utf-8"))
    except OSError as e:
        raise SimsError(f"cannot write {str(path)!r}: {e.strerror or e}") from e


def measure_rate(spec: SweepSpec, jobs: int, budget: float = 0.3, most: int = 6) -> float:
    """Games per second the whole sweep is expected to play here: a rough guide printed before it starts.

    Each distinct player count and line-up (the first `most` of them) is timed as a real run of its first cell —
    playing, building and writing one chunk per worker, after the kernels are loaded — for at least
    `budget` seconds; every cell counts at the rate of its line-up (the slowest measured one for the rest).
    """
    import tempfile

    from joblib import effective_n_jobs

    from .run import run

    workers = max(1, min(effective_n_jobs(jobs), os.cpu_count() or 1))

    def timed(cell: SweepCell) -> float:
        n = 64
        while True:
            with tempfile.TemporaryDirectory(prefix="brux-rate-") as tmp:
                r = run(spec.game, cell.players, n, agents=list(cell.agents), seed=spec.seed,
                        overrides=dict(cell.overrides), out=tmp, chunk_size=-(-n // workers), jobs=jobs)
            if r.seconds >= budget or n >= 1 << 18:
                return r.seconds / n
            n *= 4

    cost: dict[tuple[int, tuple[str, ...]], float] = {}
    for cell in spec.cells:
        key = (cell.players, cell.agents)
        if key not in cost and len(cost) < most:
            cost[key] = timed(cell)
    slowest = max(cost.values())
    seconds = sum(cost.get((c.players, c.agents), slowest) for c in spec.cells) * spec.games
    return len(spec.cells) * spec.games / max(seconds, 1e-12)


@dataclass
class SweepResult:
    """A finished sweep: its folder, manifest (``sweep.json``), cells and their runs."""

    path: Path
    manifest: dict[str, Any]
    spec: SweepSpec
    runs: list[RunResult]
    games_played: int  # games played by this call; the others were already in the folder
    seconds: float
    _tmp: tempfile.TemporaryDirectory[str] | None = field(default=None, repr=False)

    @property
    def cells(self) -> tuple[SweepCell, ...]:
        return self.spec.cells

    def cell_path(self, cell: SweepCell | int) -> Path:
        c = self.spec.cells[cell] if isinstance(cell, int) else cell
        return self.path / c.path

    def scan(self) -> pl.LazyFrame:
        """All cells' per-seat results as one lazy frame, with the columns ``cell`` (index) and ``variant`` (name)."""
        frames = [
            r.scan().with_columns(pl.lit(c.index, dtype=pl.Int32).alias("cell"), pl.lit(c.name).alias("variant"))
            for c, r in zip(self.spec.cells, self.runs)
        ]
        return pl.concat(frames, how="vertical")

    def table(self) -> pl.DataFrame:
        """All cells' per-seat results (loads every row; see `scan`)."""
        return self.scan().collect()

    def compare(self, **kwargs: Any) -> Any:
        """`analysis.compare` of this sweep (keyword arguments are passed on)."""
        from analysis.compare import compare

        return compare(self.path, **kwargs)


def sweep(
    source: str | os.PathLike[str] | Mapping[str, Any] | SweepSpec,
    out: str | os.PathLike[str] | None = None,
    *,
    jobs: int | None = None,
    chunk_size: int | None = None,
    backend: str = "threads",
    scheduler: str | None = None,
    force: bool = False,
    progress: bool = False,
    on_cell: Callable[[SweepCell, RunResult], None] | None = None,
) -> SweepResult:
    """Play every cell of a sweep into `out` (a temporary folder when None) and return a :class:`SweepResult`.

    `source` is a sweep file path (TOML), a mapping with the file's keys or a :class:`SweepSpec`; it is validated
    completely before any game is played. `jobs` and `chunk_size` override the file's values (`chunk_size` is part
    of the sweep's identity, `jobs` is not). Re-running the same sweep into the same folder resumes it; a folder
    holding a different sweep raises SimsError unless `force`. `on_cell(cell, run_result)` is called after each
    cell; `progress` shows each cell's progress bar on standard error.
    """
    spec = with_chunk_size(load_sweep(source), chunk_size)
    jobs = jobs if jobs is not None else (spec.jobs if spec.jobs is not None else -1)
    jobs = check_backend(backend, jobs, scheduler)
    if out is not None and not str(out).strip():
        raise SimsError("the output folder must not be an empty path")
    tmp = tempfile.TemporaryDirectory(prefix="brux-sweep-") if out is None else None
    folder = Path(tmp.name if tmp else out)  # type: ignore[arg-type]
    if folder.exists() and not folder.is_dir():
        raise SimsError(f"output path {str(folder)!r} exists and is not a folder")
    with folder_lock(folder):
        manifest = prepare_sweep_folder(folder, spec, force=force)
        runs: list[RunResult] = []
        played = 0
        start = time.perf_counter()
        for cell in spec.cells:
            result = run(spec.game, cell.players, spec.games, agents=list(cell.agents), seed=spec.seed,
                         overrides=cell.overrides, out=folder / cell.path, chunk_size=spec.chunk_size, jobs=jobs,
                         backend=backend, scheduler=scheduler, force=force, progress=progress)
            runs.append(result)
            played += result.games_played
            if on_cell is not None:
                on_cell(cell, result)
        manifest["complete"] = True
        _write_json(folder / SWEEP_MANIFEST, manifest)
    return SweepResult(folder, manifest, spec, runs, played, time.perf_counter() - start, tmp)
