"""The public entry point: `run(...)` plays a run into a results folder (resuming it) and returns a `RunResult`."""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import polars as pl
from joblib import effective_n_jobs
from tqdm.auto import tqdm

from .chunks import plan_chunks
from .errors import SimsError
from .execute import check_backend, execute
from .lock import folder_lock
from .spec import DEFAULT_CHUNK_SIZE, RunSpec, check_memory
from .store import ResultsFolder

if TYPE_CHECKING:
    import pandas as pd


@dataclass
class RunResult:
    """A finished run: its results folder, manifest, and the per-seat table read from the folder on demand."""

    path: Path
    manifest: dict[str, Any]
    games_played: int  # games played by this call; the others were already in the folder
    seconds: float
    _tmp: tempfile.TemporaryDirectory[str] | None = field(default=None, repr=False)

    def scan(self) -> pl.LazyFrame:
        """The per-seat results as a lazy polars frame over the chunk files (ordered by game and seat)."""
        files = ResultsFolder(self.path).chunk_files()
        return pl.scan_parquet([str(p) for p in files.values()])

    def table(self) -> pl.DataFrame:
        """The per-seat results as a polars DataFrame (loads every row: prefer `scan()` for large runs)."""
        return self.scan().collect()

    def to_pandas(self) -> pd.DataFrame:
        """The per-seat results as a pandas DataFrame."""
        return self.table().to_pandas()

    @property
    def games_per_second(self) -> float:
        return self.games_played / self.seconds if self.seconds > 0 else float("nan")


def run(
    game: str,
    players: int = 3,
    games: int = 10_000,
    *,
    agents: str | Sequence[str] = "random",
    seed: int = 0,
    overrides: Mapping[str, Any] | None = None,
    out: str | os.PathLike[str] | None = None,
    chunk_size: int = DEFAULT_CHUNK_SIZE,
    jobs: int = -1,
    backend: str = "threads",
    scheduler: str | None = None,
    force: bool = False,
    progress: bool | str = False,
    until: Callable[[Path, dict[str, Any]], bool] | None = None,
) -> RunResult:
    """Play `games` games of `game` and write them to the results folder `out` (a temporary folder when None).

    `agents` is one spec string for every seat or one per seat (``"random"``, ``"a,b,c"`` or a list). Results are
    bit-identical for a given `seed` whatever `jobs`, `chunk_size` or `backend` (``processes``, ``threads``,
    ``dask``, ``ray``; `scheduler` is a Dask scheduler or Ray cluster address). Re-running into the same folder
    resumes: finished chunks are kept, and a chunk file that does not belong to the run is moved into
    ``quarantine/`` and played again. A folder holding a different run raises SimsError unless `force`; a folder
    another live run is writing is always refused (see `sims.lock`). `progress` shows a progress bar on standard
    error (a string: the bar's label). The kernels are loaded (compiled on a first run) before the clock starts:
    `seconds` excludes that.
    `until(folder, manifest)` makes the run sequential: chunks are played in batches of one per worker, in order,
    and the run stops as soon as `until` returns True; it is called first on the chunks already there (see
    `sims.stopping`).
    """
    spec = RunSpec.create(game, players, games, agents, seed, overrides, chunk_size)
    return run_spec(spec, out, jobs=jobs, backend=backend, scheduler=scheduler, force=force, progress=progress,
                    until=until)


def run_spec(
    spec: RunSpec,
    out: str | os.PathLike[str] | None = None,
    *,
    jobs: int = -1,
    backend: str = "threads",
    scheduler: str | None = None,
    force: bool = False,
    progress: bool = False,
    until: Callable[[Path, dict[str, Any]], bool] | None = None,
) -> RunResult:
    """Play the chunks of `spec` into the folder `out`, resuming it (see `run`); `spec` plays each chunk."""
    jobs = check_backend(backend, jobs, scheduler)
    if out is not None and not str(out).strip():
        raise SimsError("the output folder must not be an empty path")
    check_memory(spec, jobs if backend in ("threads", "processes") else 1)
    tmp = tempfile.TemporaryDirectory(prefix="brux-run-") if out is None else None
    folder = ResultsFolder(tmp.name if tmp else out)
    chunks = plan_chunks(spec.games, spec.chunk_size)
    manifest = spec.manifest()
    with folder_lock(folder.path):
        done = folder.prepare(manifest, chunks, spec.columns(), force=force)
        todo = [c for c in chunks if c.index not in done]
        games_done = sum(chunks[i].count for i in done)
        if todo and scheduler is None:  # workers on this machine: compile once here, they load the cache
            spec.warm_up()
        start = time.perf_counter()
        played = 0
        batch = max(1, len(todo) if until is None else
                    effective_n_jobs(jobs) if backend in ("threads", "processes") else 4)
        try:
            with tqdm(total=spec.games, initial=games_done, unit=" games", unit_scale=True, disable=not progress,
                      desc=progress if isinstance(progress, str) else None,
                      file=sys.stderr, smoothing=0.1, dynamic_ncols=True) as bar:
                stop = until is not None and until(folder.path, {**manifest, "games_done": games_done})
                for first in range(0, len(todo), batch):
                    if stop:
                        break
                    for chunk in execute(spec, str(folder.path), todo[first:first + batch], backend=backend,
                                         jobs=jobs, scheduler=scheduler):
                        games_done += chunk.count
                        played += chunk.count
                        bar.update(chunk.count)
                        folder.write_manifest({**manifest, "games_done": games_done})
                    stop = until is not None and until(folder.path, {**manifest, "games_done": games_done})
        except MemoryError:
            folder.remove_temp_files()
            raise SimsError(f"out of memory playing chunks of {spec.chunk_size:,} games; use a smaller chunk size "
                            "or fewer jobs, then run the same command again to resume") from None
        except BaseException:
            folder.remove_temp_files()  # the folder is locked: every temporary file in it is this run's
            raise
    manifest["games_done"] = games_done
    return RunResult(folder.path, manifest, played, time.perf_counter() - start, tmp)
