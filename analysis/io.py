"""Reading a results folder (``manifest.json`` + ``chunk-*.parquet``) as a lazy polars table."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import polars as pl

MANIFEST = "manifest.json"
SWEEP_MANIFEST = "sweep.json"
CHUNK_GLOB = "chunk-*.parquet"
CHUNK_RE = re.compile(r"^chunk-(\d{6})\.parquet$")
SUPPORTED_FORMATS = (1,)
#: Columns every chunk must have (the VP-source and opening columns vary by game).
CORE_COLUMNS = ("game_id", "players", "seat", "agent", "vp", "rank", "win_share", "length")


#: Chunk checks started ahead by :func:`verify_in_background`: per folder, the state they were started on.
_AHEAD: dict[str, tuple[tuple[Any, ...], Future[int]]] = {}


class ResultsError(ValueError):
    """A results folder cannot be read; the message names the folder or file and the problem."""


def read_manifest(path: str | Path) -> dict[str, Any]:
    """The parsed ``manifest.json`` of a results folder (raises :class:`ResultsError`)."""
    folder = Path(path)
    if not folder.exists():
        raise ResultsError(f"results folder '{folder}' does not exist")
    if not folder.is_dir():
        raise ResultsError(f"results path '{folder}' is not a folder")
    file = folder / MANIFEST
    if not file.is_file():
        raise ResultsError(f"results folder '{folder}' has no {MANIFEST}")
    try:
        manifest = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ResultsError(f"manifest '{file}' cannot be read as JSON: {exc}") from exc
    if not isinstance(manifest, dict):
        raise ResultsError(f"manifest '{file}' must hold a JSON object, found {type(manifest).__name__}")
    fmt = manifest.get("format", 1)
    if fmt not in SUPPORTED_FORMATS:
        raise ResultsError(f"manifest '{file}' has format {fmt!r}; this version reads {list(SUPPORTED_FORMATS)}")
    from sims.integrity import manifest_problem

    problem = manifest_problem(manifest)
    if problem:
        raise ResultsError(f"manifest '{file}' cannot be used: {problem}")
    return manifest


def is_sweep(path: str | Path) -> bool:
    """Whether `path` is a sweep folder (it holds ``sweep.json``)."""
    return (Path(path) / SWEEP_MANIFEST).is_file()


def chunk_files(path: str | Path) -> list[Path]:
    """The chunk files of a results folder in chunk order (temporary, unfinished files are not matched)."""
    return sorted(Path(path).glob(CHUNK_GLOB))


def read_results(path: str | Path) -> tuple[pl.LazyFrame, dict[str, Any]]:
    """Open a results folder lazily; returns ``(table, manifest)``.

    ``table`` is a ``polars.LazyFrame`` over all ``chunk-*.parquet`` files (nothing is loaded until collected);
    ``manifest`` is the parsed ``manifest.json``, with ``games_done`` set to the games in the chunk files read.
    Chunk files written by ``sims`` carry their run identity and a checksum: each is checked against the manifest
    (`sims.integrity`) and one that does not belong to the run, or whose content is damaged, raises
    :class:`ResultsError` naming the file and the reason. Every chunk's Parquet footer is checked up front, so a missing
    folder, a missing or corrupt manifest, no chunk files, an unreadable chunk, chunks with differing schemas or
    chunks lacking the core result columns raise :class:`ResultsError` naming the folder or file. Damage inside a
    chunk's data pages (with an intact footer) can only show when the data is read: use :func:`collect`.
    For several analyses of a large folder, collect the table once (``collect(table)``) and pass the DataFrame.
    """
    lf, manifest, games = open_results(path)
    return lf, {**manifest, "games_done": games()}


def open_results(path: str | Path) -> tuple[pl.LazyFrame, dict[str, Any], Callable[[], int]]:
    """:func:`read_results` without waiting for the chunk check: ``(table, manifest, games)``.

    The chunk files are checked on a background thread (reading and hashing release the interpreter lock) while
    the caller analyses the table; ``games()`` waits for the check and returns the games in the chunk files, or
    raises the :class:`ResultsError` of a chunk that fails it. ``manifest`` has no ``games_done`` from the check.
    """
    folder = Path(path)
    ahead = _AHEAD.pop(str(folder.resolve()), None)  # a check started by verify_in_background
    manifest = read_manifest(folder)
    files = chunk_files(folder)
    if not files:
        raise ResultsError(f"results folder '{folder}' has no {CHUNK_GLOB} files")
    first_schema = None
    for f in files:
        try:
            schema = pl.read_parquet_schema(f)
        except Exception as exc:  # polars raises several error types for damaged files
            raise ResultsError(f"chunk file '{f}' is not a readable Parquet file: {exc}") from exc
        if first_schema is None:
            first_schema = schema
            missing = [c for c in CORE_COLUMNS if c not in schema]
            if missing:
                raise ResultsError(f"chunk file '{f}' lacks the result column(s) {missing}")
        elif schema != first_schema:
            diff = sorted(set(schema.items()) ^ set(first_schema.items()), key=str)
            raise ResultsError(f"chunk file '{f}' has a different schema from '{files[0]}': {diff}")
    if ahead is not None and ahead[0] == _state(folder, manifest, files):
        future = ahead[1]
    else:  # none started, or the folder changed since: check now
        future = _start_check(folder, manifest, files)
    return pl.scan_parquet([str(f) for f in files]), manifest, future.result


def _state(folder: Path, manifest: dict[str, Any], files: list[Path]) -> tuple[Any, ...]:
    """What a chunk check depends on: the folder, its manifest and each chunk file's name, size and change time."""
    stats = tuple((f.name, st.st_size, st.st_mtime_ns) for f in files for st in [f.stat()])
    return (str(folder.resolve()), json.dumps(manifest, sort_keys=True, default=str), stats)


def verify_in_background(path: str | Path) -> None:
    """Start checking the chunk files of a results folder (`sims.integrity`) in a background thread.

    :func:`read_results` of the same folder, unchanged since, then waits for that check instead of checking again;
    the check's reading and hashing run while the caller does other work (a command imports the analysis
    meanwhile). Any problem found, or a folder that cannot be read, is left for :func:`read_results` to report.
    """
    try:
        folder = Path(path)
        manifest = read_manifest(folder)
        files = chunk_files(folder)
        state = _state(folder, manifest, files)
    except (OSError, ValueError):
        return
    _AHEAD[state[0]] = (state, _start_check(folder, manifest, files))


def _start_check(folder: Path, manifest: dict[str, Any], files: list[Path]) -> Future[int]:
    """:func:`_verified_games` on a background thread; its Future."""
    future: Future[int] = Future()

    def run() -> None:
        try:
            future.set_result(_verified_games(folder, manifest, files))
        except BaseException as exc:  # handed to whoever waits for the check, which raises it
            future.set_exception(exc)

    threading.Thread(target=run, name="brux-chunk-check", daemon=True).start()
    return future


def _verified_games(folder: Path, manifest: dict[str, Any], files: list[Path]) -> int:
    """The games in the chunk files, each checked against the run (`sims.integrity`); ResultsError otherwise."""
    from sims.integrity import check_folder, has_run_identity

    by_index = {}
    for f in files:
        m = CHUNK_RE.match(f.name)
        if m is None:
            raise ResultsError(f"results folder '{folder}' holds a file '{f.name}' that is not a chunk file of brux")
        by_index[int(m.group(1))] = f
    if not has_run_identity(manifest):
        done = manifest.get("games_done", manifest.get("games"))
        return done if isinstance(done, int) else 0
    check = check_folder(folder, manifest, by_index, require_identity=False)
    for c in check.bad:
        raise ResultsError(f"chunk file '{c.path}' is not a valid chunk of this run: {c.problem} (re-run the run "
                           "command to move it into quarantine/ and play its games again, or see 'brux verify')")
    return check.games


def collect(lf: pl.LazyFrame, path: str | Path | None = None) -> pl.DataFrame:
    """Collect a lazy results table, turning a data-read failure into :class:`ResultsError`."""
    try:
        return lf.collect()
    except (pl.exceptions.PolarsError, OSError) as exc:
        where = f" in results folder '{path}'" if path is not None else ""
        raise ResultsError(f"results data cannot be read{where}: {exc}") from exc
