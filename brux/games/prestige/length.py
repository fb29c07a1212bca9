"""A true upper bound on the decisions of a game of Prestige (`game.max_game_length`), from the rules' season
structure (docs/prestige.md, sections 4-9) and the rule parameters.

12 seasons, P seats with 5 instructors each; K = `market_k` + `market_first_extra` + 1 market variants at most per
visit (and at most 9, one per type):
- Set-up: at most P SETUP_RESOURCE.
- Season start: one event card, at most one decision per seat (WORKER_OFFER, GIFT, FREE_TRAINING, LOSS_OF_LAND:
  4 P counted) or WOOD_TRADE, which sells one wood per decision and stops once per seat: over the game at most
  the wood ever gained plus 12 P. A seat gains wood only from SETUP_RESOURCE (1), GIFT (1 a season), a turn (a
  plant take of at most 7, a market visit of at most 2 per variant, a start bonus of 1) and yellow tiles (their
  T13 wood): W = P * (1 + 12 * (1 + 5 * max(7, 2 * min(K, 9)))) + the yellow tiles' wood.
- Turns: at most 5 P a season, each a TURN and at most max(2, min(K, 9) + 1, 3) action decisions (LAND +
  MC_TILE; MARKET variants + stop; ORDER_ITEM, ORDER_TARGET, ORDER_LEVEL; START_BONUS, HIRE, PLANT 1).
- YELLOW: each takes one of the 12 yellow tiles: at most 12 over the game.
- Season end: at most one RESOLVE per order (at most MAX_ORDERS B spaces), at most `buyback_max` + 1 BUYBACK per
  seat.

    max_game_length = P + 12 + W + 12 P + 12 * (4 P + 5 P * (1 + max(3, min(K, 9) + 1)) + MAX_ORDERS
                      + P * (buyback_max + 1))
"""

from .kernel import codes as C
from .kernel import layout as L


def max_game_length(flat) -> int:
    """The bound above for the flattened parameters `flat` (game.flat)."""
    players = int(flat[L.P_PLAYERS])
    k = min(int(flat[L.P_MARKET_K]) + int(flat[L.P_MARKET_FIRST_EXTRA]) + 1, 9)
    yellow_wood = sum(max(int(flat[L.P_YELLOW + 10 * y + 1]), 0) for y in range(C.N_YELLOW))
    wood = players * (1 + C.ROUNDS * (1 + 5 * max(7, 2 * k))) + yellow_wood
    season = (4 * players + 5 * players * (1 + max(3, k + 1)) + L.MAX_ORDERS
              + players * (int(flat[L.P_BUYBACK_MAX]) + 1))
    return players + C.N_YELLOW + wood + C.ROUNDS * players + C.ROUNDS * season
