"""Checks of the files and folders a command writes, made before any work so a bad path costs nothing."""

from __future__ import annotations

import tempfile
from pathlib import Path

from .atomic import write_target
from .errors import SimsError


def out_path(value: str | None, default: str | Path, flag: str = "--out") -> Path:
    """The output folder of a command: `default` when the option is not given; an empty value is an error."""
    if value is None:
        return Path(default)
    if not value.strip():
        raise SimsError(f"{flag} must not be empty (leave it out for the default {str(default)!r})")
    return Path(value)


def check_output_file(value: str | None, flag: str, *, parents: bool = True) -> None:
    """SimsError, before any work, when the file `value` could not be written: not a regular file, its folder
    missing (unless `parents`: the writer makes it) or not writable. A probe file is made and removed to be sure."""
    if value is None:
        return
    if not value.strip():
        raise SimsError(f"{flag} must not be empty")
    _existing_folder(Path(value).absolute().parent, flag, value)
    try:
        folder = write_target(value).absolute().parent  # a symlink's target is the file written
    except SimsError as e:
        raise SimsError(f"{flag}: {e}") from None
    if not folder.exists() and not parents:
        raise SimsError(f"{flag} {value!r}: the folder {str(folder)!r} does not exist")
    _probe(_existing_folder(folder, flag, value), flag, value)


def check_output_folder(value: str, flag: str) -> None:
    """SimsError, before any work, when files could not be made in the folder `value` (made if missing)."""
    _probe(_existing_folder(Path(value).absolute(), flag, value), flag, value)


def _existing_folder(path: Path, flag: str, value: str) -> Path:
    """`path` or its nearest existing ancestor; SimsError when that is not a folder."""
    while not path.exists():
        path = path.parent
    if not path.is_dir():
        raise SimsError(f"{flag} {value!r}: {str(path)!r} is not a folder")
    return path


def _probe(folder: Path, flag: str, value: str) -> None:
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".brux-probe-"):
            pass
    except OSError as e:
        raise SimsError(f"{flag} {value!r} cannot be written ({e.strerror or e} in {str(folder)!r})") from None


REPORT_SUFFIXES = {".html": "html", ".htm": "html", ".md": "md"}


def report_format(path: str | None, fmt: str | None, flag: str = "--out") -> str:
    """The report format from --format and the file's suffix; SimsError when the suffix is not a report's."""
    if path is None:
        return fmt or "html"
    suffix = Path(path).suffix.lower()
    if suffix not in REPORT_SUFFIXES:
        what = suffix or "a file without suffix"
        raise SimsError(f"{flag} {path!r}: a report is written as .html or .md, not {what}")
    if fmt is not None and fmt != REPORT_SUFFIXES[suffix]:
        raise SimsError(f"{flag} {path!r} does not end in .{fmt}, the --format given")
    return REPORT_SUFFIXES[suffix]
