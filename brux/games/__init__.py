"""The registry of games brux can simulate."""

from brux.core.rules import Rules
from brux.errors import UnknownGameError


def _load(name: str) -> Rules:
    if name == "bruxelles1897":
        from .bruxelles1897 import RULES
    elif name == "lutece":
        from .lutece import RULES
    elif name == "prestige":
        from .prestige import RULES
    return RULES


GAMES = ("bruxelles1897", "lutece", "prestige")


def get_rules(name: str) -> Rules:
    """The rules object of a game by name; UnknownGameError lists the known ones."""
    if name not in GAMES:
        raise UnknownGameError(f"unknown game {name!r}; known games: {', '.join(GAMES)}")
    return _load(name)
