"""Numba compilation for brux kernels: compile options, and `njit` with an on-disk cache that is safe across processes.

`JIT`: a cached function without the runtime's reference counting (kernels take one flat state array and allocate
nothing), with NumPy's error model (no exception paths for integer division). `TINY`: the same for trivial helpers
and hot dispatch code, inlined into their callers instead of compiled as a unit of their own.

`njit` is `numba.njit`, except that a cached function writes its cache under a lock file beside the cache index.
Numba picks the data file of a new cache entry from the index it has just read, so two processes that compile the
same function for different signatures at the same time (joblib workers, pytest-xdist workers, a cluster on a
shared disk) can file one signature's machine code under the other's key; a later process then runs the wrong
code (numba issue 4807). Under the lock, the second writer sees the first one's entry and picks a new file.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numba
from filelock import FileLock

JIT = dict(cache=True, _nrt=False, error_model="numpy")
TINY = dict(JIT, inline="always")
LOCK_SUFFIX = ".lock"


def njit(fn: Callable | None = None, **options: Any):
    """`numba.njit(**options)`; with ``cache=True`` the function's cache writes are serialised across processes."""
    if fn is None:
        return lambda f: njit(f, **options)
    dispatcher = numba.njit(**options)(fn)
    if options.get("cache"):
        lock_cache_writes(dispatcher)
    return dispatcher


def lock_cache_writes(dispatcher) -> None:
    """Make every write of `dispatcher`'s on-disk cache (index and data file together) hold `<index>.lock`."""
    cache_file = dispatcher._cache._cache_file
    save = cache_file.save
    lock = FileLock(cache_file._index_path + LOCK_SUFFIX)

    def locked_save(key, data):
        with lock:
            save(key, data)

    locked_save.locked = True
    cache_file.save = locked_save
