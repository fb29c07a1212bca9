"""The results folder: ``manifest.json`` and one Parquet file per finished chunk (docs/results.md).

Files are written under a temporary hidden name and renamed, so a chunk file exists only once it is complete and an
interrupted run leaves no partial chunk. A folder holding another run is refused unless ``force`` is given; files
brux did not write (a foreign ``manifest.json``, other files) are never deleted. The caller holds the folder's lock
(`sims.lock.folder_lock`) while it prepares and writes the folder.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import polars as pl

from .atomic import atomic_write
from .chunks import Chunk
from .errors import SimsError, warn
from .integrity import QUARANTINE, check_chunk, manifest_problem, quarantine

MANIFEST = "manifest.json"
_CHUNK_GLOB = "chunk-*.parquet"
_CHUNK_RE = re.compile(r"^chunk-(\d{6})\.parquet$")
_TEMP_GLOBS = (".chunk-*.parquet.*.tmp", f".{MANIFEST}.*.tmp")
_IDENTITY_SKIP = ("games_done",)
_MANIFEST_KEYS = ("format", "game", "players", "master_seed", "games", "chunk_size", "agents", "params_id",
                  "games_done")
#: result files of other brux commands: a run never writes into their folders
FOREIGN_MARKERS = {"sweep.json": "a sweep", "balance.json": "a balance search"}


def chunk_name(index: int) -> str:
    return f"chunk-{index:06d}.parquet"


def _differences(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    old = {"rules_version": 1, **old}  # folders written before rules versions were recorded hold version 1
    keys = sorted((set(old) | set(new)) - set(_IDENTITY_SKIP))
    return [k for k in keys if old.get(k) != new.get(k)]


class ResultsFolder:
    """A results folder on disk."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)

    @property
    def manifest_path(self) -> Path:
        return self.path / MANIFEST

    def chunk_path(self, index: int) -> Path:
        return self.path / chunk_name(index)

    def chunk_files(self) -> dict[int, Path]:
        """Finished chunk files by chunk index."""
        found = {}
        for p in self.path.glob(_CHUNK_GLOB):
            m = _CHUNK_RE.match(p.name)
            if m is None:
                raise SimsError(f"output folder {str(self.path)!r} holds a file {p.name!r} that is not a chunk file "
                                "of brux; brux does not delete files it did not write: move it away or choose "
                                "another output folder")
            found[int(m.group(1))] = p
        return dict(sorted(found.items()))

    def read_manifest(self) -> dict[str, Any] | None:
        """The manifest, or None when there is none; SimsError when it is not a brux results manifest."""
        if not self.manifest_path.exists():
            return None
        problem = None
        try:
            manifest = json.loads(self.manifest_path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError) as e:
            problem = " ".join(str(e).split()) or type(e).__name__
        else:
            if not isinstance(manifest, dict) or any(k not in manifest for k in _MANIFEST_KEYS):
                problem = "not a brux results manifest"
            else:
                problem = manifest_problem(manifest)
        if problem:
            raise SimsError(f"output folder {str(self.path)!r} holds a {MANIFEST} that brux cannot use ({problem}); "
                            "brux does not delete files it did not write: move it away or choose another output "
                            "folder")
        return manifest

    def write_manifest(self, manifest: dict[str, Any]) -> None:
        text = json.dumps(manifest, indent=1) + "\n"
        atomic_write(self.manifest_path, lambda p: p.write_text(text, encoding="utf-8"))

    def write_chunk(self, index: int, table: pl.DataFrame, metadata: dict[str, str] | None = None) -> None:
        """Write one chunk's rows atomically, with its identity and checksum as Parquet metadata."""
        atomic_write(self.chunk_path(index),
                      lambda p: table.write_parquet(p, compression="zstd", metadata=metadata))

    def clear(self) -> None:
        """Remove the manifest, chunk files and temporary files of brux (nothing else)."""
        chunks = [p for p in self.path.glob(_CHUNK_GLOB) if _CHUNK_RE.match(p.name)]
        for p in [*chunks, *self._temp_files(), self.manifest_path]:
            p.unlink(missing_ok=True)

    def remove_temp_files(self) -> None:
        """Remove brux's temporary files (the caller holds the lock, so they are its own); errors are ignored."""
        for p in self._temp_files():
            try:
                p.unlink(missing_ok=True)
            except OSError:
                pass

    def _temp_files(self) -> list[Path]:
        return [p for pattern in _TEMP_GLOBS for p in self.path.glob(pattern)]

    def prepare(self, manifest: dict[str, Any], chunks: Sequence[Chunk], columns: Sequence[str], *,
                force: bool = False) -> set[int]:
        """Claim the folder for a run and return the indices of its chunks already finished there.

        A folder with the same run (same manifest apart from ``games_done``) is resumed, and so is one holding
        fewer games of the same run (the run grows; a short last chunk is played again in full): every chunk file is
        verified (identity and checksum) and one that does not belong is moved into ``quarantine/`` and played
        again. A folder with another run is refused (SimsError), or emptied of brux's files when `force` is true; a
        foreign manifest, a sweep or balance folder is refused even with `force`. The caller holds the lock.
        """
        where = str(self.path)
        if self.path.exists() and not self.path.is_dir():
            raise SimsError(f"output path {where!r} exists and is not a folder")
        try:
            self.path.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise SimsError(f"cannot create output folder {where!r}: {e.strerror or e}") from e
        for name, what in FOREIGN_MARKERS.items():
            if (self.path / name).exists():
                raise SimsError(f"output folder {where!r} holds {what} ({name}), not a single run; choose another "
                                "output folder")
        old = self.read_manifest()
        if force and old is not None:
            try:
                self.clear()
            except OSError as e:
                raise SimsError(f"cannot clear output folder {where!r}: {e.strerror or e}") from e
            old = None
        if old is None and self.chunk_files():
            if not force:
                raise SimsError(f"output folder {where!r} has chunk files but no {MANIFEST}; use --force to start "
                                "over")
            self.clear()
        grown = old is not None and self._check_same_run(old, manifest)
        try:
            for p in self._temp_files():
                p.unlink(missing_ok=True)
            if grown:
                self._drop_short_last_chunk(old)
            done = self._check_chunks(manifest, chunks, columns)
            games_done = sum(chunks[i].count for i in done)
            self.write_manifest({**manifest, "games_done": games_done})
        except OSError as e:
            raise SimsError(f"cannot write to output folder {where!r}: {e.strerror or e}") from e
        return done

    def _check_same_run(self, old: dict[str, Any], manifest: dict[str, Any]) -> bool:
        """Refuse a folder holding another run; True when `manifest` is the same run asking for more games.

        Game ``g`` of a run is played from ``game_seed(master_seed, g)`` whatever the run's size, so a larger run
        of the same game, seed, agents and chunk size starts with the smaller one's chunks: they are kept.
        """
        where = str(self.path)
        diff = _differences(old, manifest)
        if diff == ["games"] and int(manifest["games"]) > int(old["games"]):
            return True
        if diff == ["games"]:
            raise SimsError(f"output folder {where!r} holds a run of {int(old['games']):,} games, more than the "
                            f"{int(manifest['games']):,} asked for; ask for at least {int(old['games']):,} games, "
                            "use --force to replace it or choose another output folder")
        if diff:
            raise SimsError(f"output folder {where!r} holds a different run ({', '.join(diff)} differ); "
                            "use --force to replace it or choose another output folder")
        return False

    def _drop_short_last_chunk(self, old: dict[str, Any]) -> None:
        """Remove the smaller run's short last chunk: its games are played again, identically, in a full chunk."""
        size, games = int(old["chunk_size"]), int(old["games"])
        if games % size:
            self.chunk_path(games // size).unlink(missing_ok=True)

    def _check_chunks(self, manifest: dict[str, Any], chunks: Sequence[Chunk], columns: Sequence[str]) -> set[int]:
        from concurrent.futures import ThreadPoolExecutor

        files = self.chunk_files()
        with ThreadPoolExecutor(max(1, min(4, os.cpu_count() or 1))) as pool:  # reading and hashing release the GIL
            checks = list(pool.map(lambda item: check_chunk(item[1], item[0], manifest, list(columns)), files.items()))
        done = set()
        for check in checks:
            index, path = check.index, check.path
            if check.problem is None:
                done.add(index)
                continue
            moved = quarantine(path)
            again = " and is played again" if index < len(chunks) else ""
            warn(f"chunk file {str(path)!r} is not a valid chunk of this run ({check.problem}); moved to "
                 f"{QUARANTINE}/{moved.name}{again}")
        return done
