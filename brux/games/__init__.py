"""The registry of games brux can simulate: one entry per game (adding a game adds one line here)."""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from brux.core.rules import Rules
from brux.errors import UnknownGameError


@dataclass(frozen=True)
class GameEntry:
    """A game: the package that exports its `RULES`, the version of its rules as implemented (raise it whenever a
    change of the rules changes results; it is written into every results manifest), its display title and the
    CPU seconds its kernels take to compile from an empty cache on a quiet 2-core machine (the larger of a first
    `brux analyze` and a first `brux play` in a fresh clone, rounded to 5 s; announced whenever they compile)."""

    module: str
    rules_version: int
    title: str
    compile_seconds: int = 30


GAMES: dict[str, GameEntry] = {
    "bruxelles1893": GameEntry("brux.games.bruxelles1893", rules_version=1, title="Bruxelles 1893",
                               compile_seconds=40),
    "bruxelles1897": GameEntry("brux.games.bruxelles1897", rules_version=1, title="Bruxelles 1897",
                               compile_seconds=40),
    "lutece": GameEntry("brux.games.lutece", rules_version=1, title="Lutèce", compile_seconds=25),
    "prestige": GameEntry("brux.games.prestige", rules_version=1, title="Prestige", compile_seconds=45),
}
DEFAULT_GAME = "bruxelles1897"  # the flagship: what `brux analyze` plays without arguments


def get_rules(name: str) -> Rules:
    """The rules object of a game by name; UnknownGameError lists the known ones."""
    entry = GAMES.get(name)
    if entry is None:
        raise UnknownGameError(f"unknown game {name!r}; known games: {', '.join(GAMES)}")
    rules: Rules = importlib.import_module(entry.module).RULES
    rules.rules_version = entry.rules_version
    return rules
