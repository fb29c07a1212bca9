"""Chunk identity and checksums: a chunk file says which run and which games it holds, and proves its content.

Every chunk file written by `sims` carries, in its Parquet key-value metadata, ``brux.chunk`` (JSON: format, game,
players, params_id, rules_version when the manifest has one, master_seed, agents, chunk index, first game index
and game count) and ``brux.checksum`` (``sha256:`` of the table's content, see `table_checksum`). A chunk that does
not match its run's manifest, or whose content does not match its checksum, is reported naming the file and the
reason; a resuming run moves it aside into ``quarantine/`` (never deletes it) and plays its games again.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl

IDENTITY_KEY = "brux.chunk"
CHECKSUM_KEY = "brux.checksum"
IDENTITY_FORMAT = 1
QUARANTINE = "quarantine"
#: manifest fields that hold counts: a manifest whose field is not a whole number >= 0 is not one brux wrote
COUNT_FIELDS = ("players", "master_seed", "games", "chunk_size", "games_done")


def manifest_problem(manifest: Mapping[str, Any]) -> str | None:
    """Why a results manifest's fields cannot be used (e.g. ``games is 'lots', not a whole number``), or None."""
    if not isinstance(manifest.get("game"), str):
        return f"game is {manifest.get('game')!r}, not a game name"
    return next((f"{k} is {manifest[k]!r}, not a whole number" for k in COUNT_FIELDS
                 if k in manifest and (type(manifest[k]) is not int or manifest[k] < 0)), None)


def chunk_identity(manifest: Mapping[str, Any], index: int) -> dict[str, Any]:
    """The identity chunk `index` of the run described by `manifest` must carry."""
    size, games = int(manifest["chunk_size"]), int(manifest["games"])
    first = index * size
    ident = {"format": IDENTITY_FORMAT, "game": manifest["game"], "players": manifest["players"],
             "params_id": manifest["params_id"], "master_seed": manifest["master_seed"],
             "agents": list(manifest["agents"]), "index": index, "first": first,
             "count": max(0, min(size, games - first))}
    if manifest.get("rules_version") is not None:
        ident["rules_version"] = manifest["rules_version"]
    return ident


def table_checksum(table: pl.DataFrame) -> str:
    """``sha256:<hex>`` of a result table: column names, types and values, in order."""
    h = hashlib.sha256()
    for s in table.get_columns():
        h.update(f"{s.name}:{s.dtype}:{s.len()}\n".encode())
        if s.dtype == pl.String:
            h.update(s.str.len_bytes().to_numpy().tobytes())
            h.update(s.str.join("").item().encode())
        else:
            h.update(s.to_numpy().tobytes())
    return "sha256:" + h.hexdigest()


def chunk_metadata(manifest: Mapping[str, Any], index: int, table: pl.DataFrame) -> dict[str, str]:
    """The Parquet key-value metadata of chunk `index`."""
    return {IDENTITY_KEY: json.dumps(chunk_identity(manifest, index), separators=(",", ":")),
            CHECKSUM_KEY: table_checksum(table)}


@dataclass(frozen=True)
class ChunkCheck:
    """The verdict on one chunk file: `problem` is None when it belongs to the run and its content is intact."""

    path: Path
    index: int
    games: int  # games the file holds (by its identity, else its row count)
    problem: str | None = None
    legacy: bool = False  # written without identity metadata (hand-made, or by an older brux)


def _identity_problem(found: Mapping[str, Any], want: Mapping[str, Any]) -> str | None:
    if found.get("format") != IDENTITY_FORMAT:
        return f"unknown chunk identity format {found.get('format')!r}"
    keys = [k for k in want if k != "format"]
    if "rules_version" in found and "rules_version" not in want:
        keys.append("rules_version")
    diff = [k for k in keys if found.get(k) != want.get(k)]
    if not diff:
        return None
    if "first" in diff or "index" in diff:
        last = int(found.get("first") or 0) + int(found.get("count") or 0) - 1
        return (f"it holds games {found.get('first')}..{last} (chunk {found.get('index')}), not games "
                f"{want['first']}..{want['first'] + want['count'] - 1} of chunk {want['index']}")
    shown = ", ".join(f"{k} {found.get(k)!r} instead of {want.get(k)!r}" for k in diff)
    return f"it belongs to another run ({shown})"


def check_chunk(path: Path, index: int, manifest: Mapping[str, Any], columns: list[str] | None = None, *,
                require_identity: bool = True) -> ChunkCheck:
    """Check one chunk file against its run: identity, schema, row count and checksum (reads the whole file)."""
    import pyarrow.parquet as pq

    players = int(manifest["players"])
    want = chunk_identity(manifest, index)
    if want["count"] <= 0:
        n = -(-int(manifest["games"]) // int(manifest["chunk_size"]))
        return ChunkCheck(path, index, 0, f"it is beyond the {n} chunks of this run")
    try:
        meta = pq.read_metadata(path)
    except Exception as e:  # pyarrow raises several types for damaged files
        return ChunkCheck(path, index, 0, f"not a readable Parquet file ({' '.join(str(e).split())})")
    kv = {k.decode(errors="replace"): v.decode(errors="replace") for k, v in (meta.metadata or {}).items()}
    if IDENTITY_KEY not in kv:
        games = meta.num_rows // players if players else 0
        if require_identity:
            return ChunkCheck(path, index, games, "it carries no brux chunk identity (written by hand or by an "
                                                  "older brux)", legacy=True)
        return ChunkCheck(path, index, games, None, legacy=True)
    try:
        found = json.loads(kv[IDENTITY_KEY])
        if not isinstance(found, dict):
            raise ValueError
    except ValueError:
        return ChunkCheck(path, index, 0, "its chunk identity is not readable")
    problem = _identity_problem(found, want)
    if problem:
        return ChunkCheck(path, index, int(found.get("count") or 0), problem)
    if columns is not None and meta.schema.names != list(columns):
        return ChunkCheck(path, index, want["count"], "unexpected columns")
    per_game = manifest.get("rows_per_game", players)  # None: a variable number of rows per game
    if per_game is not None and meta.num_rows != want["count"] * per_game:
        return ChunkCheck(path, index, want["count"],
                          f"{meta.num_rows} rows instead of {want['count'] * per_game}")
    try:
        table = pl.read_parquet(path)
    except Exception as e:  # damaged data pages: polars raises several types
        return ChunkCheck(path, index, want["count"], f"its data cannot be read ({' '.join(str(e).split())})")
    if table_checksum(table) != kv.get(CHECKSUM_KEY):
        return ChunkCheck(path, index, want["count"], "its content does not match its checksum")
    return ChunkCheck(path, index, want["count"])


def quarantine(path: Path) -> Path:
    """Move a chunk file aside into ``quarantine/`` of its folder (never overwriting); returns its new path."""
    folder = path.parent / QUARANTINE
    folder.mkdir(exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1000):
        target = folder / (f"{path.name}.{stamp}" + (f".{n}" if n else ""))
        try:
            os.link(path, target)  # fails when the target exists: nothing is overwritten
        except FileExistsError:
            continue
        except OSError:  # no hard links on this file system
            if target.exists():
                continue
            os.replace(path, target)
            return target
        path.unlink()
        return target
    raise OSError(f"cannot find a free name for {path.name} in {folder}")


@dataclass(frozen=True)
class FolderCheck:
    """Every chunk file of a results folder checked against its manifest."""

    checks: tuple[ChunkCheck, ...]
    missing: tuple[int, ...]  # chunk indices of the run with no chunk file
    expected_games: int

    @property
    def bad(self) -> tuple[ChunkCheck, ...]:
        return tuple(c for c in self.checks if c.problem is not None)

    @property
    def games(self) -> int:
        """Games in the chunk files that passed."""
        return sum(c.games for c in self.checks if c.problem is None)


def check_folder(folder: Path, manifest: Mapping[str, Any], files: Mapping[int, Path], *,
                 require_identity: bool = True) -> FolderCheck:
    """Check the chunk files `files` (by chunk index) of a results folder against its manifest."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max(1, min(4, os.cpu_count() or 1))) as pool:  # reading and hashing release the GIL
        checks = tuple(pool.map(lambda item: check_chunk(item[1], item[0], manifest, require_identity=require_identity),
                                files.items()))
    n = -(-int(manifest["games"]) // int(manifest["chunk_size"]))
    missing = tuple(i for i in range(n) if i not in files)
    return FolderCheck(checks, missing, int(manifest["games"]))


def has_run_identity(manifest: Mapping[str, Any]) -> bool:
    """Whether a manifest describes a run precisely enough to check its chunks (``sims`` manifests do)."""
    try:
        return all(k in manifest for k in ("game", "players", "params_id", "master_seed", "agents")) and \
            int(manifest["games"]) > 0 and int(manifest["chunk_size"]) > 0 and isinstance(manifest["agents"], list)
    except (KeyError, TypeError, ValueError):
        return False


def ranges(indices: tuple[int, ...]) -> str:
    """``0-3, 7`` for the indices 0, 1, 2, 3, 7."""
    out: list[tuple[int, int]] = []
    for i in indices:
        if out and out[-1][1] == i - 1:
            out[-1] = (out[-1][0], i)
        else:
            out.append((i, i))
    return ", ".join(f"{a}" if a == b else f"{a}-{b}" for a, b in out)
