"""A true upper bound on the decisions of a game of Bruxelles 1893 (`game.max_game_length`), from the rules' round
structure (docs/bruxelles1893.md, sections 2-3) and the rule parameters.

Per round (`num_rounds` of them), with P seats, A = assistants per seat (supply + Courthouse at set-up; the total
never changes), F = 8 figures:
- SHIELD 1; NEUTRAL at most 2 (two players).
- MAIN: every MAIN but PASS moves at least one assistant from the supply to the board or Brussels, where it stays
  until the End of Turn (Vandervelde only moves Courthouse assistants, not placed this round, to the supply). So at
  most A + 1 MAIN decisions per seat.
- Sub-decisions of one MAIN, at most X = max(4 + 5, 2 * F + 1, 2 + 5): an Art Nouveau action BID, PERFORM, the
  effect (Workshop 1, Sale 3: CURSOR, SELL, PILE; Theatre 3: THEATRE_SLOT, a figure's GAIN_MATERIAL, THEATRE_KEEP;
  Materials 1; Construction 5: BUILD_TILE, BUILD_JOKERS, BUILD_NOBLES, NEEDLE, PLACE) and a secondary action (at
  most SECONDARY_FIGURE + GAIN_MATERIAL); Grand Plaza at most F activations (one per upright figure) with at most
  one GAIN_MATERIAL each, and STOP; the Park PARK, PERFORM and the effect (at most 5).
- Resolution: at most 2 POWER decisions per tied seat and column (5 columns); at most 5 cards won, each a BONUS_USE
  and at most 2 POWER.
- After the last round: at most F PAY_FIGURE per seat.

    max_game_length = num_rounds * (3 + P * (A + 1) * (1 + X) + 10 * P + 15) + F * P
"""

from .kernel import codes as C
from .kernel import layout as L


def max_game_length(flat) -> int:
    """The bound above for the flattened parameters `flat` (game.flat)."""
    players, rounds, assistants = int(flat[L.P_PLAYERS]), int(flat[L.P_ROUNDS]), int(flat[L.P_TOTAL])
    figures = C.N_FIGURES
    sub = max(4 + 5, 2 * figures + 1, 2 + 5)
    return rounds * (3 + players * (assistants + 1) * (1 + sub) + 10 * players + 15) + figures * players
