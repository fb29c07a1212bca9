"""The results folder: ``manifest.json`` and one Parquet file per finished chunk (docs/results.md).

Files are written under a temporary hidden name and renamed, so a chunk file exists only once it is complete and an
interrupted run leaves no partial chunk. A folder holding another run is refused unless ``force`` is given.
"""

from __future__ import annotations

import json
import os
import re
import uuid
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import polars as pl

from .chunks import Chunk
from .errors import SimsError

MANIFEST = "manifest.json"
_CHUNK_GLOB = "chunk-*.parquet"
_CHUNK_RE = re.compile(r"^chunk-(\d{6})\.parquet$")
_TEMP_GLOBS = (".chunk-*.parquet.*.tmp", f".{MANIFEST}.*.tmp")
_IDENTITY_SKIP = ("games_done",)


def chunk_name(index: int) -> str:
    return f"chunk-{index:06d}.parquet"


def _atomic_write(path: Path, write: Callable[[Path], None]) -> None:
    tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex}.tmp")
    try:
        write(tmp)
        fd = os.open(tmp, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


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
                                "of brux; remove it or use --force to start over")
            found[int(m.group(1))] = p
        return dict(sorted(found.items()))

    def read_manifest(self) -> dict[str, Any] | None:
        """The manifest, or None when there is none; SimsError when it cannot be read."""
        if not self.manifest_path.exists():
            return None
        try:
            manifest = json.loads(self.manifest_path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
            raise SimsError(f"corrupt manifest {str(self.manifest_path)!r} ({' '.join(str(e).split())}); "
                            "use --force to start over") from e
        if not isinstance(manifest, dict) or not isinstance(manifest.get("games_done"), int):
            raise SimsError(f"corrupt manifest {str(self.manifest_path)!r} (not a brux results manifest); "
                            "use --force to start over")
        return manifest

    def write_manifest(self, manifest: dict[str, Any]) -> None:
        text = json.dumps(manifest, indent=1) + "\n"
        _atomic_write(self.manifest_path, lambda p: p.write_text(text, encoding="utf-8"))

    def write_chunk(self, index: int, table: pl.DataFrame) -> None:
        """Write one chunk's rows atomically."""
        _atomic_write(self.chunk_path(index), lambda p: table.write_parquet(p, compression="zstd"))

    def clear(self) -> None:
        """Remove the manifest, chunk files and temporary files of brux (nothing else)."""
        for p in [*self.path.glob(_CHUNK_GLOB), *self._temp_files(), self.manifest_path]:
            p.unlink(missing_ok=True)

    def _temp_files(self) -> list[Path]:
        return [p for pattern in _TEMP_GLOBS for p in self.path.glob(pattern)]

    def prepare(self, manifest: dict[str, Any], chunks: Sequence[Chunk], columns: Sequence[str], *,
                force: bool = False) -> set[int]:
        """Claim the folder for a run and return the indices of its chunks already finished there.

        A folder with the same run (same manifest apart from ``games_done``) is resumed; a folder with another run,
        a corrupt manifest or damaged chunk files is refused (SimsError), or emptied when `force` is true.
        """
        where = str(self.path)
        if self.path.exists() and not self.path.is_dir():
            raise SimsError(f"output path {where!r} exists and is not a folder")
        try:
            self.path.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise SimsError(f"cannot create output folder {where!r}: {e.strerror or e}") from e
        if force:
            try:
                self.clear()
            except OSError as e:
                raise SimsError(f"cannot clear output folder {where!r}: {e.strerror or e}") from e
        old = self.read_manifest()
        if old is None and self.chunk_files():
            raise SimsError(f"output folder {where!r} has chunk files but no {MANIFEST}; use --force to start over")
        if old is not None:
            diff = _differences(old, manifest)
            if diff:
                raise SimsError(f"output folder {where!r} holds a different run ({', '.join(diff)} differ); "
                                "use --force to replace it or choose another output folder")
        for p in self._temp_files():
            p.unlink(missing_ok=True)
        done = self._check_chunks(chunks, columns, manifest["players"])
        games_done = sum(chunks[i].count for i in done)
        try:
            self.write_manifest({**manifest, "games_done": games_done})
        except OSError as e:
            raise SimsError(f"cannot write to output folder {where!r}: {e.strerror or e}") from e
        return done

    def _check_chunks(self, chunks: Sequence[Chunk], columns: Sequence[str], players: int) -> set[int]:
        import pyarrow.parquet as pq

        done = set()
        for index, path in self.chunk_files().items():
            hint = f"delete {path.name} to play it again or use --force to start over"
            if index >= len(chunks):
                raise SimsError(f"chunk file {str(path)!r} is beyond the {len(chunks)} chunks of this run; {hint}")
            try:
                meta = pq.read_metadata(path)
            except Exception as e:  # pyarrow raises several types for damaged files
                raise SimsError(f"damaged chunk file {str(path)!r} ({' '.join(str(e).split())}); {hint}") from e
            if meta.schema.names != list(columns) or meta.num_rows != chunks[index].count * players:
                raise SimsError(f"damaged chunk file {str(path)!r} (unexpected columns or row count); {hint}")
            done.add(index)
        return done
