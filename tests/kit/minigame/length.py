"""A true upper bound on the decisions of a game of Pig auction.

There are `deck_size` rounds. In a round each raise lifts the high bid by 1 and needs more coins than the bid, so
there are at most `start_coins` raises (coins never grow); each seat passes at most once. So:

    max_game_length = deck_size * (start_coins + players)
"""

from .kernel import layout as L


def max_game_length(flat) -> int:
    """The bound above for the flattened parameters `flat` (game.flat)."""
    return int(flat[L.P_DECK]) * (int(flat[L.P_START_COINS]) + int(flat[L.P_PLAYERS]))
