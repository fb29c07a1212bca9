"""Compiling a game's kernels, said when it happens; and loading them before a run starts its clock.

Numba compiles a kernel on its first call and caches it on disk, so a machine compiles each game once (and again
after an upgrade). `announce_compiles` listens to Numba's ``numba:compile`` events, which fire only when a kernel
is really compiled (not when it is loaded from the cache): at the first compile of a game's kernel in a process,
one line on standard error names the game and its registry's estimate (`GameEntry.compile_seconds`, CPU seconds;
the kernels a command compiles one after another are announced together). The ``brux`` command line listens from
its start, so every command says so.

`warm_up` plays one game in the calling process before a run's timer starts: the printed rate never includes the
compile, and process workers then load the cached kernels instead of each compiling them.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Sequence
from typing import Any

from numba.core import event

from brux import Game
from brux.games import GAMES

_warm: set[tuple[str, bool]] = set()
_guard = threading.Lock()


def _game_of(module: str) -> str | None:
    return next((name for name, entry in GAMES.items()
                 if module == entry.module or module.startswith(entry.module + ".")), None)


class CompileNotice(event.Listener):
    """Prints, once per game and process, that the game's kernels are being compiled.

    A game's kernel may call another game's functions: only the game of the outermost compile is named."""

    def __init__(self) -> None:
        self.announced: set[str] = set()
        self._depth = threading.local()  # per thread: how many compiles are nested here

    def on_start(self, ev: event.Event) -> None:
        depth = getattr(self._depth, "n", 0)
        self._depth.n = depth + 1
        if depth:
            return
        dispatcher: Any = ev.data["dispatcher"]
        game = _game_of(getattr(dispatcher.py_func, "__module__", "") or "")
        if game is None or game in self.announced:
            return
        self.announced.add(game)
        print(f"Compiling the {game} kernels (about {GAMES[game].compile_seconds} s of CPU, once: "
              "later runs load them from the cache)…", file=sys.stderr, flush=True)

    def on_end(self, ev: event.Event) -> None:
        self._depth.n -= 1


_notice: list[CompileNotice] = []


def announce_compiles() -> CompileNotice:
    """Start announcing compiles of game kernels in this process (once; later calls return the same listener)."""
    with _guard:
        if not _notice:
            _notice.append(CompileNotice())
            event.register("numba:compile", _notice[0])
        return _notice[0]


def warm_up(game: Game, lineup: Sequence[str]) -> float:
    """Play one game with the batch kernel the run will use; returns the seconds it took (0 when already warm)."""
    uses_agents = not all(a == "random" for a in lineup)
    key = (game.name, uses_agents)
    with _guard:
        if key in _warm:
            return 0.0
    announce_compiles()
    start = time.perf_counter()
    if uses_agents:  # one kernel serves every agent kind: compile it with the cheapest line-up
        game.play(1, 0, 0, agents=["random"] * game.players)
    else:
        game.play_random(1, 0, 0)
    seconds = time.perf_counter() - start
    with _guard:
        _warm.add(key)
    return seconds
