"""brux: Monte Carlo simulation and strategy analysis of designer board games."""

from typing import Any

from brux.core.game import Game, State
from brux.core.records import replay
from brux.core.vector import VectorEnv
from brux.errors import IllegalActionError, RecordError, ScenarioError, UnknownGameError
from brux.games import GAMES, get_rules

__version__ = "0.1.0"
__all__ = ["Game", "IllegalActionError", "RecordError", "ScenarioError", "State", "UnknownGameError", "VectorEnv",
           "list_games", "load_game", "replay"]


def list_games() -> list[str]:
    """Names of the games brux can simulate."""
    return sorted(GAMES)


def load_game(name: str, players: int = 3, **overrides: Any) -> Game:
    """A game by name with a player count and rule-parameter overrides (validated; ValueError names a bad field)."""
    return Game(get_rules(name), players, overrides)
