"""Where each game keeps its testing hooks: the `testing` module beside its rules (brux/games/<game>/testing.py)."""

import importlib
from types import ModuleType

from brux.games import game_spec


def game_testing(game: str) -> ModuleType:
    """The testing module of a game (the `testing` submodule of its registry entry's module): check_invariants(),
    StepChecker, is_scenario_position(); redraw_hidden() for a game with agents other than random."""
    return importlib.import_module(f"{game_spec(game).module}.testing")  # UnknownGameError for a bad name
