"""Loading (or, the first time, compiling) a game's batch kernel before a run starts its clock.

Numba compiles a game's kernels on their first call and caches them on disk, so only the first run on a machine
(or after an upgrade) pays the compile. `warm_up` plays one game in the calling process before the run's timer
starts: the printed rate never includes the compile, and process workers then load the cached kernels instead of
each compiling them. When Numba's cache index files of the game's kernel modules are missing or older than their
sources (a cold cache), a line on standard error says that the kernels are being compiled; so does a warm-up that
is still running after `NOTICE_AFTER` seconds (a kernel compiled for the first time, e.g. the agents' loop).
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path

from brux import Game

NOTICE_AFTER = 10.0  # loading cached kernels takes a second or two; compiling them tens of seconds
COLD_NOTICE_AFTER = 0.2
#: approximate cold compile time of each game's batch kernels (seconds, a 2-core machine)
COMPILE_SECONDS = {"bruxelles1897": 60, "lutece": 40}
_warm: set[tuple[str, bool]] = set()
_guard = threading.Lock()


def _cache_is_cold(game: Game) -> bool:
    """Whether the game's compiled kernels are missing from Numba's on-disk cache, or older than their sources."""
    from numba.core.registry import CPUDispatcher

    package = type(game.rules).__module__.rsplit(".", 1)[0]
    found = False
    for name, module in list(sys.modules.items()):
        if module is None or not name.startswith(package) or not getattr(module, "__file__", None):
            continue
        disp = next((v for v in vars(module).values() if isinstance(v, CPUDispatcher)
                     and v.py_func.__module__ == name and getattr(v, "_cache", None) is not None
                     and hasattr(v._cache, "_cache_path")), None)
        if disp is None:
            continue
        source = Path(module.__file__)
        index = list(Path(disp._cache._cache_path).glob(f"{source.stem}.*.nbi"))
        if not index:
            continue  # every kernel of this module is inlined into its callers
        found = True
        try:
            if max(p.stat().st_mtime for p in index) < source.stat().st_mtime:
                return True
        except OSError:
            return True
    return not found


def warm_up(game: Game, lineup: Sequence[str]) -> float:
    """Play one game with the batch kernel the run will use; returns the seconds it took (0 when already warm)."""
    uses_agents = not all(a == "random" for a in lineup)
    key = (game.name, uses_agents)
    with _guard:
        if key in _warm:
            return 0.0
    error: list[BaseException] = []

    def call() -> None:
        try:
            if uses_agents:  # one kernel serves every agent kind: compile it with the cheapest line-up
                game.play(1, 0, 0, agents=["random"] * game.players)
            else:
                game.play_random(1, 0, 0)
        except BaseException as e:  # re-raised in the caller
            error.append(e)

    start = time.perf_counter()
    wait = COLD_NOTICE_AFTER if _cache_is_cold(game) else NOTICE_AFTER
    worker = threading.Thread(target=call, daemon=True, name="brux-warm-up")
    worker.start()
    worker.join(wait)
    noticed = worker.is_alive()
    if noticed:
        about = COMPILE_SECONDS.get(game.name, 60)
        print(f"Compiling the {game.name} kernels (first run only, about {about} s)…", file=sys.stderr, flush=True)
    worker.join()
    seconds = time.perf_counter() - start
    if error:
        raise error[0]
    if noticed:
        print(f"Compiled the {game.name} kernels in {seconds:.0f} s.", file=sys.stderr, flush=True)
    with _guard:
        _warm.add(key)
    return seconds
