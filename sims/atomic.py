"""Atomic file writes: every file brux writes goes through a temporary file and a rename, so a reader never sees a
partial file. A symlink is written through (the file lands at its target); anything else that is not a regular
file (a folder, a device, a pipe) is refused rather than replaced."""

from __future__ import annotations

import os
import shutil
import stat
import uuid
from collections.abc import Callable
from pathlib import Path

from .errors import SimsError

_IO_REASONS = ("No space left on device", "Disk quota exceeded", "Permission denied", "Input/output error",
               "Read-only file system")


def write_error(path: Path, e: BaseException) -> SimsError:
    """A one-line SimsError for a failed write of `path` (disk full, permissions, I/O errors from any library)."""
    reason = e.strerror if isinstance(e, OSError) and e.strerror else " ".join(str(e).split()) or type(e).__name__
    reason = next((r for r in _IO_REASONS if r in reason), reason)
    hint = "; free some space and run the same command again to resume" if "space" in reason.lower() else ""
    return SimsError(f"cannot write {str(path)!r}: {reason}{hint}")


def write_target(path: str | Path) -> Path:
    """The file a write of `path` replaces: a symlink's target, else `path`; SimsError when something other than a
    regular file is there."""
    path = Path(path)
    target = path.resolve() if path.is_symlink() else path
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        return target
    except OSError as e:
        raise write_error(path, e) from e
    if stat.S_ISDIR(mode):
        raise SimsError(f"{str(path)!r} is a folder, not a file")
    if not stat.S_ISREG(mode):
        raise SimsError(f"{str(path)!r} is not a regular file (a device, pipe or socket); brux does not replace it")
    return target


def atomic_write(path: str | Path, write: Callable[[Path], None]) -> Path:
    """Write `path` (or a symlink's target) through a temporary file and a rename; returns the file written. On any
    failure the temporary file is removed and an I/O failure (OSError, or a library's error wrapping one) becomes a
    one-line SimsError naming the file."""
    target = write_target(path)
    tmp = target.with_name(f".{target.name}.{uuid.uuid4().hex}.tmp")
    try:
        write(tmp)
        fd = os.open(tmp, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, target)
    except BaseException as e:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass
        if isinstance(e, OSError) or is_io_error(e):
            raise write_error(Path(path), e) from e
        raise
    return target


def atomic_folder(path: str | Path, fill: Callable[[Path], None]) -> Path:
    """Fill a folder of files through a temporary sibling folder swapped in at the end: a failure (a full disk)
    leaves the folder as it was; a folder that is there is replaced only by a complete one."""
    path = Path(path)
    if path.exists() and not path.is_dir():
        raise SimsError(f"{str(path)!r} exists and is not a folder")
    tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex}.tmp")
    old = path.with_name(f".{path.name}.{uuid.uuid4().hex}.old")
    try:
        tmp.mkdir(parents=True)
        fill(tmp)
        if path.exists():
            os.replace(path, old)
        os.replace(tmp, path)
    except BaseException as e:
        shutil.rmtree(tmp, ignore_errors=True)
        if old.exists() and not path.exists():
            os.replace(old, path)
        if isinstance(e, OSError) or is_io_error(e):
            raise write_error(path, e) from e
        raise
    shutil.rmtree(old, ignore_errors=True)
    return path


def is_io_error(e: BaseException) -> bool:
    """Polars reports write failures as its own exception types, with the OS error in the message."""
    return type(e).__module__.startswith(("polars", "pyarrow")) and (
        "os error" in str(e) or any(s in str(e) for s in _IO_REASONS))
