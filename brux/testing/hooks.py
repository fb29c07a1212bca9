"""Where each game keeps its testing hooks (brux/games/<game>/testing.py)."""

import importlib
from types import ModuleType

from brux.games import get_rules


def game_testing(game: str) -> ModuleType:
    """The testing module of a game: check_invariants(), StepChecker, is_scenario_position();
    redraw_hidden() for a game with agents other than random."""
    get_rules(game)  # UnknownGameError for a bad name
    return importlib.import_module(f"brux.games.{game}.testing")
