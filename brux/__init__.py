"""brux: Monte Carlo simulation and strategy analysis of designer board games."""

from brux.core.game import Game, State, load_game
from brux.core.records import replay
from brux.core.vector import VectorEnv
from brux.errors import IllegalActionError, RecordError, ScenarioError, UnknownGameError
from brux.games import GAMES, get_rules
from brux.version import __version__

__all__ = ["Game", "IllegalActionError", "RecordError", "ScenarioError", "State", "UnknownGameError", "VectorEnv",
           "__version__", "get_rules", "list_games", "load_game", "replay"]


def list_games() -> list[str]:
    """Names of the games brux can simulate."""
    return sorted(GAMES)
