"""One writer per results folder: an exclusive lock file ``.brux.lock`` (docs/sims.md, "Concurrent runs").

The lock file is created with ``O_CREAT | O_EXCL`` and holds the holder's pid, host, command, start time and a
random token. A second writer is refused with a message naming the holder. A lock is *stale*, and is taken over,
when its holder is a process of this host that no longer exists (or a new process with the recycled pid), or when
it comes from another host and its heartbeat (the file's modification time, refreshed every `HEARTBEAT` seconds by
the holder) is older than `STALE_AFTER` seconds. A takeover happens under a second exclusive file, and removes the
stale lock only if it still holds the content that was judged stale, so two takeovers cannot both win.

Locks are re-entrant within a thread (a command that holds a folder may call `run` into it again); another thread
of the same process is refused like another process.
"""

from __future__ import annotations

import json
import os
import socket
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .errors import SimsError

LOCK = ".brux.lock"
HEARTBEAT = 30.0  # seconds between refreshes of the lock file's modification time
STALE_AFTER = 600.0  # a lock of another host whose heartbeat is this old is stale
_TAKEOVER_STALE = 60.0
_UNREADABLE_STALE = 10.0  # a takeover guard left by a process that died during a takeover
_held: dict[tuple[Path, int], int] = {}  # (folder, thread) -> depth
_held_guard = threading.Lock()


def _start_ticks(pid: int) -> str | None:
    """The process start time in clock ticks since boot (Linux), to tell a recycled pid from the holder."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return stat.rsplit(")", 1)[1].split()[19]


def _alive(pid: int, ticks: str | None) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass  # exists, owned by another user
    return ticks is None or _start_ticks(pid) in (None, ticks)


def _command() -> str:
    return " ".join(os.path.basename(a) if i == 0 else a for i, a in enumerate(sys.argv))[:300]


def _describe(holder: dict[str, Any]) -> str:
    started = holder.get("started")
    when = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(started)) if isinstance(started, (int, float)) else "?"
    return f"pid {holder.get('pid')} on {holder.get('host')}, started {when}: {holder.get('command') or '?'}"


def _read(path: Path) -> tuple[str, dict[str, Any]] | None:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError):
        return "", {}
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        data = {}
    return text, data if isinstance(data, dict) else {}


def _stale(path: Path, holder: dict[str, Any]) -> bool:
    pid, host = holder.get("pid"), holder.get("host")
    if host == socket.gethostname() and isinstance(pid, int):
        return not _alive(pid, holder.get("ticks"))
    try:
        age = time.time() - path.stat().st_mtime
    except FileNotFoundError:
        return True
    if not holder:  # unreadable: its holder died between creating and writing it (a lock is written at once)
        return age > _UNREADABLE_STALE
    return age > STALE_AFTER  # another host: only the heartbeat tells


def _take_over(path: Path, text: str) -> None:
    """Remove the stale lock `path` if it still holds `text` (one takeover at a time)."""
    guard = path.with_name(path.name + ".takeover")
    try:
        fd = os.open(guard, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
    except FileExistsError:
        try:
            if time.time() - guard.stat().st_mtime > _TAKEOVER_STALE:
                guard.unlink(missing_ok=True)
        except FileNotFoundError:
            pass
        return
    try:
        current = _read(path)
        if current is not None and current[0] == text:
            path.unlink(missing_ok=True)
    finally:
        os.close(fd)
        guard.unlink(missing_ok=True)


def _acquire(path: Path) -> str:
    info = {"pid": os.getpid(), "host": socket.gethostname(), "command": _command(), "started": time.time(),
            "ticks": _start_ticks(os.getpid()), "token": uuid.uuid4().hex}
    text = json.dumps(info) + "\n"
    for _ in range(50):
        try:
            fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
        except FileExistsError:
            found = _read(path)
            if found is None:
                continue  # released meanwhile
            old_text, holder = found
            if not _stale(path, holder):
                raise SimsError(f"output folder {str(path.parent)!r} is in use by another brux run "
                                f"({_describe(holder)}); wait for it to finish or choose another output folder"
                                ) from None
            _take_over(path, old_text)
            time.sleep(0.01)
            continue
        except OSError as e:
            raise SimsError(f"cannot write to output folder {str(path.parent)!r} (its lock file): "
                            f"{e.strerror or e}") from e
        try:
            try:
                os.write(fd, text.encode())
            finally:
                os.close(fd)
        except OSError as e:  # e.g. a full disk: leave no empty lock behind
            path.unlink(missing_ok=True)
            raise SimsError(f"cannot write to output folder {str(path.parent)!r} (its lock file): "
                            f"{e.strerror or e}") from e
        return text
    raise SimsError(f"cannot lock output folder {str(path.parent)!r}: its lock file keeps changing")


def _heartbeat(path: Path, stop: threading.Event) -> None:
    while not stop.wait(HEARTBEAT):
        try:
            os.utime(path)
        except OSError:
            return


@contextmanager
def folder_lock(folder: str | os.PathLike[str]) -> Iterator[None]:
    """Hold the exclusive lock of `folder` (created if needed); SimsError names a live holder."""
    where = Path(folder)
    try:
        where.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise SimsError(f"output path {str(where)!r} exists and is not a folder") from None
    except OSError as e:
        raise SimsError(f"cannot create output folder {str(where)!r}: {e.strerror or e}") from e
    key = (where.resolve(), threading.get_ident())
    with _held_guard:
        if key in _held:
            _held[key] += 1
            reentered = True
        else:
            reentered = False
    if reentered:
        try:
            yield
        finally:
            with _held_guard:
                _held[key] -= 1
        return
    path = where / LOCK
    text = _acquire(path)
    with _held_guard:
        _held[key] = 1
    stop = threading.Event()
    beat = threading.Thread(target=_heartbeat, args=(path, stop), daemon=True, name="brux-lock-heartbeat")
    beat.start()
    try:
        yield
    finally:
        stop.set()
        with _held_guard:
            del _held[key]
        found = _read(path)
        if found is not None and found[0] == text:  # never remove a lock that is not ours
            path.unlink(missing_ok=True)
