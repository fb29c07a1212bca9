"""A true upper bound on the decisions of a game of Bruxelles 1897 (`game.max_game_length`), from the rules' round
structure (docs/bruxelles1897.md, section 3) and the rule parameters.

Per round (`rounds` of them), with P seats, T = architects per seat (sum of `architect_counts`), H = house cards
(`components.houses_per_type` x house types):
- MAIN: every MAIN but PASS moves at least one architect from hand to the area or Brussels, where it stays until
  the round ends; only prisoners (not placed this round) return to hand during a round (FREE_PRISONER). So each
  architect is placed at most once a round: at most T + 1 MAIN decisions per seat (PASS once).
- BR_CARD: one per architect committed: at most T per seat.
- Sub-decisions of one MAIN, at most X = max(2 * 6 + 1, H + 3, 4): SELL 1; BUILD at most n + 1 <= H + 1 (PAY n
  times, STOP_PAYING); a noble 2 (its effect's KEEP_ONE or FREE_PRISONER, NOBLE_KEEP); the exhibition at most 4
  EXHIBIT (one per colour); City Hall at most 6 activations (one per kept untapped noble type), each a CITY_HALL
  decision and at most one effect sub-decision, and a STOP_ACTIVATING; the Park PARK + KEEP_ONE + the kept card's
  (BUILD <= H + 1, a noble 2, SELL 1).
- Majority phase: at most one FREE_PRISONER per column winner (4 columns) and one TO_PRISON per seat.

    max_game_length = rounds * (P * ((T + 1) * (1 + X) + T) + 4 * P + P)
"""

from .kernel import codes as C
from .kernel import layout as L


def max_game_length(flat) -> int:
    """The bound above for the flattened parameters `flat` (game.flat)."""
    players, rounds = int(flat[L.P_PLAYERS]), int(flat[L.P_ROUNDS])
    arch = sum(int(flat[L.P_ARCH_COUNTS + t]) for t in range(C.N_ARCH_TYPES))
    houses = int(flat[L.P_COMPONENTS + 2]) * C.N_HOUSE_TYPES
    sub = max(2 * C.NOBLE_TYPES + 1, houses + 3, C.N_COLOURS)
    return rounds * (players * ((arch + 1) * (1 + sub) + arch) + L.COLS * players + players)
