"""The registry of games brux can simulate: one frozen spec per game (adding a game adds one entry here)."""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from brux.core.rules import Rules
from brux.errors import UnknownGameError

INFORMATION = ("perfect", "imperfect")
UTILITIES = ("zero-sum", "constant-sum", "general-sum")  # as OpenSpiel means them


@dataclass(frozen=True)
class GameEntry:
    """A game's capabilities as data, read by the API, sims, interop and the tests.

    `module` exports the game's `RULES`; `rules_version` is the version of its rules as implemented (raise it
    whenever a change of the rules changes results; it is written into every results manifest); `players` the
    smallest and largest player count (its `RULES` must agree); `information` whether some seat cannot see part of
    the state; `simultaneous` whether the rules have seats decide at once (the engine then asks them in turn and
    hides the sealed choices); `utility` how the seats' utilities (win shares: 1/k to each of the k seats ranked
    first) add up; `default_persona` the persona measured best (docs/agents.md), None to measure it per study;
    `compile_seconds` the CPU seconds its kernels take to compile from an empty cache on a quiet 2-core machine (the
    larger of a first `brux analyze` and a first `brux play` in a fresh clone, rounded up to a multiple of 5 s;
    announced whenever they compile)."""

    module: str
    rules_version: int
    title: str
    players: tuple[int, int]
    information: str = "imperfect"
    simultaneous: bool = False
    utility: str = "constant-sum"
    default_persona: str | None = None
    compile_seconds: int = 30

    def __post_init__(self) -> None:
        if self.information not in INFORMATION:
            raise ValueError(f"{self.module}: information must be one of {INFORMATION}, got {self.information!r}")
        if self.utility not in UTILITIES:
            raise ValueError(f"{self.module}: utility must be one of {UTILITIES}, got {self.utility!r}")
        lo, hi = self.players
        if not 1 <= lo <= hi:
            raise ValueError(f"{self.module}: players must be (smallest, largest) counts, got {self.players!r}")


GAMES: dict[str, GameEntry] = {
    "bruxelles1893": GameEntry("brux.games.bruxelles1893", rules_version=1, title="Bruxelles 1893", players=(2, 5),
                               compile_seconds=15),
    "bruxelles1897": GameEntry("brux.games.bruxelles1897", rules_version=1, title="Bruxelles 1897", players=(2, 4),
                               default_persona="heuristic:balanced", compile_seconds=15),
    "lutece": GameEntry("brux.games.lutece", rules_version=1, title="Lutèce", players=(2, 5), simultaneous=True,
                        compile_seconds=10),
    "prestige": GameEntry("brux.games.prestige", rules_version=1, title="Prestige", players=(2, 4),
                          compile_seconds=15),
}
DEFAULT_GAME = "bruxelles1897"  # the flagship: what `brux analyze` plays without arguments


def game_spec(name: str) -> GameEntry:
    """The registry entry of a game by name; UnknownGameError lists the known ones."""
    entry = GAMES.get(name)
    if entry is None:
        raise UnknownGameError(f"unknown game {name!r}; known games: {', '.join(GAMES)}")
    return entry


def get_rules(name: str) -> Rules:
    """The rules object of a game by name; UnknownGameError lists the known ones."""
    entry = game_spec(name)
    rules: Rules = importlib.import_module(entry.module).RULES
    if (rules.min_players, rules.max_players) != entry.players:
        raise TypeError(f"{name}: its rules play {rules.min_players}..{rules.max_players} players, its registry entry "
                        f"{entry.players[0]}..{entry.players[1]}")
    rules.rules_version = entry.rules_version
    return rules
