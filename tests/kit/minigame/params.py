"""Pig auction's rule parameters, each declared once."""

from brux.core.params import Param, ParamTable

from .kernel import layout as L

PARAMS = (
    Param("deck_size", 15, "cards in the deck, numbered 1 .. deck_size (rules 1)", lo=6, hi=L.MAX_DECK,
          slot=L.P_DECK),
    Param("start_coins", 10, "coins per seat at set-up (rules 1)", lo=1, hi=L.MAX_COINS, slot=L.P_START_COINS),
    Param("coins_per_vp", 3, "coins left per VP at the end (rules 3)", lo=1, hi=10, slot=L.P_COINS_PER_VP),
)
TABLE = ParamTable(PARAMS, size=L.PARAMS_SIZE, players_slot=L.P_PLAYERS, min_players=2)
