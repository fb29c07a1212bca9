"""Executing chunks: locally in threads or processes, or on a Dask or Ray cluster (processes and clusters through
joblib, threads through a thread pool that waits for the chunks being written when the run stops).

Each task plays one chunk, writes its Parquet file itself and returns only the chunk, so nothing large crosses
processes. The batch kernels release the GIL, so local threads play in parallel without any worker start-up;
process workers build the game once per process and load the Numba kernels from their on-disk cache. A process
worker watches the run's process and exits within `WATCHDOG_SECONDS` when it is gone (killed with SIGKILL, say),
so no orphan keeps playing; loky would otherwise only notice at its next task.
"""

from __future__ import annotations

import os
import threading
import time
import warnings
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from contextlib import contextmanager

from joblib import Parallel, delayed, effective_n_jobs, parallel_config

from brux.core.game import is_int

from .backends import BACKENDS
from .chunks import Chunk
from .errors import SimsError
from .integrity import chunk_metadata
from .spec import RunSpec
from .store import ResultsFolder

_LOCAL = {"processes": "loky", "threads": "threading"}
WATCHDOG_SECONDS = 0.5  # a process worker checks this often that the run's process is still alive


_watchdog: list[threading.Thread] = []


def _watch_parent(parent: int) -> None:
    """In a local worker process: exit at once when the run's process `parent` is gone (killed, say)."""
    if parent == os.getpid() or _watchdog:
        return

    ppid = os.getppid()

    def watch() -> None:
        while True:
            time.sleep(WATCHDOG_SECONDS)
            if os.getppid() != ppid:  # re-parented: the process that started this worker is gone
                os._exit(1)
            try:
                os.kill(parent, 0)
            except ProcessLookupError:
                os._exit(1)
            except PermissionError:
                pass

    t = threading.Thread(target=watch, daemon=True, name="brux-parent-watchdog")
    t.start()
    _watchdog.append(t)


def run_chunk(spec: RunSpec, folder: str, chunk: Chunk, parent: int | None = None) -> Chunk:
    """Play one chunk of a run and write its chunk file; returns the chunk.

    `parent` (local process workers) is the pid of the run's process: the worker stops when it dies.
    """
    if parent is not None:
        _watch_parent(parent)
    table = spec.play_chunk(chunk)
    ResultsFolder(folder).write_chunk(chunk.index, table, chunk_metadata(spec.manifest(), chunk.index, table))
    return chunk


def check_backend(backend: str, jobs: int, scheduler: str | None) -> int:
    """`jobs` as a Python int; SimsError for an unknown backend, ``jobs`` not a non-zero integer (NumPy's too) or a
    scheduler address given to a local backend."""
    if backend not in BACKENDS:
        raise SimsError(f"unknown backend {backend!r}; choose one of {', '.join(BACKENDS)}")
    if not is_int(jobs) or jobs == 0:
        raise SimsError(f"jobs must be a positive number of workers or negative (-1: all cores), got {jobs!r}")
    if scheduler is not None and backend in _LOCAL:
        raise SimsError(f"a scheduler address needs --backend dask or ray, not {backend}")
    return int(jobs)


@contextmanager
def _dask(scheduler: str | None) -> Iterator[None]:
    try:
        from distributed import Client
    except ImportError as e:
        raise SimsError("the dask backend needs dask[distributed]: pip install 'brux[dask]'") from e
    try:
        client = Client(scheduler, timeout=30) if scheduler else Client(processes=True)
    except (OSError, TimeoutError) as e:
        raise SimsError(f"cannot connect to the Dask scheduler at {scheduler!r}: {e}") from e
    with client, parallel_config(backend="dask", client=client):
        yield


@contextmanager
def _ray(scheduler: str | None) -> Iterator[None]:
    try:
        import ray
        from ray.util.joblib import register_ray
    except ImportError as e:
        raise SimsError("the ray backend needs ray: pip install 'brux[ray]'") from e
    started = not ray.is_initialized()
    if started:
        try:
            ray.init(address=scheduler, log_to_driver=False)
        except (ConnectionError, RuntimeError, ValueError) as e:
            raise SimsError(f"cannot start or reach Ray at {scheduler or 'a local cluster'}: {e}") from e
    register_ray()
    try:
        with parallel_config(backend="ray"):
            yield
    finally:
        if started:
            ray.shutdown()


def _threads(spec: RunSpec, folder: str, chunks: Sequence[Chunk], n: int) -> Iterator[Chunk]:
    """Chunks played by `n` threads. When one fails (a full disk, say) or the caller stops, the chunks not started
    are cancelled and the ones being written are waited for, so no thread writes into the folder afterwards."""
    with ThreadPoolExecutor(n, thread_name_prefix="brux-chunk") as pool:
        futures = [pool.submit(run_chunk, spec, folder, c) for c in chunks]
        try:
            for f in as_completed(futures):
                yield f.result()
        finally:
            for f in futures:
                f.cancel()


def execute(spec: RunSpec, folder: str, chunks: Sequence[Chunk], *, backend: str = "threads", jobs: int = -1,
            scheduler: str | None = None) -> Iterator[Chunk]:
    """Play and write `chunks`, yielding each one as it finishes (in any order)."""
    jobs = check_backend(backend, jobs, scheduler)
    parent = os.getpid() if backend == "processes" else None
    tasks = (delayed(run_chunk)(spec, folder, c, parent) for c in chunks)
    if backend in _LOCAL:
        n = min(effective_n_jobs(jobs), len(chunks))
        if n <= 1:
            yield from (run_chunk(spec, folder, c) for c in chunks)
            return
        if backend == "threads":
            yield from _threads(spec, folder, chunks, n)
            return
        # a failed run (a full disk, say) cancels the other chunks: that is the message, not joblib's warning
        warnings.filterwarnings("ignore", message=r".*tasks which were still being processed by the workers have "
                                                  r"been cancelled", category=UserWarning)
        yield from Parallel(n_jobs=n, backend=_LOCAL[backend], return_as="generator_unordered", batch_size=1)(tasks)
        return
    if backend == "dask":
        with _dask(scheduler):
            yield from Parallel(n_jobs=jobs, return_as="generator_unordered", batch_size=1)(tasks)
        return
    with _ray(scheduler):
        # joblib's Ray backend returns lists only: run waves of a few chunks per worker to report progress
        wave = 4 * effective_n_jobs(jobs)
        with Parallel(n_jobs=jobs, batch_size=1) as parallel:
            for start in range(0, len(chunks), wave):
                yield from parallel(delayed(run_chunk)(spec, folder, c) for c in chunks[start:start + wave])
