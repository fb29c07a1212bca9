"""Pig auction: a small game on the game kit (docs/adding-a-game.md), registered only by its tests.

Rules (the sections the code cites):
1. 2-4 seats, each with `start_coins` coins; a deck of the cards 1 .. `deck_size`, shuffled from the game's chance
   stream, face down (no seat sees its order; its contents are public).
2. Each round the top card is turned face up. From the start seat (seat round - 1 mod players) the seats bid in
   turn: each either raises the high bid by 1 (only with more coins than the high bid) or passes and is out of the
   round; the high bidder is skipped. When no seat but the high bidder is left, it pays its bid and scores the
   card's value as VP; when every seat passed without a bid, the card is discarded.
3. The game ends when a round ends with the deck empty; each seat then scores 1 VP per `coins_per_vp` coins left.
4. Ranking: more VP, then more coins left. A seat's opening is its first decision: "pass" or "bid k".
"""

from .rules import RULES

__all__ = ["RULES"]
