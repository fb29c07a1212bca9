"""A true upper bound on the decisions of a game of Lutèce (`game.max_game_length`), from the rules' round
structure (docs/lutece.md, section 3) and the rule parameters and card table.

Every round (at most `max_rounds`) each of the P seats makes PLAY_CARDS, at most 2 PLAY_LEGIONS, and for bribes
b1, b2 at most floor(b1 / 100) + floor(b2 / 100) + 2 <= floor((b1 + b2) / 100) + 2 PLAY_BRIBE decisions, with
b1 + b2 <= the purse at bidding (and <= 2 * `bribe_cap`). Coins are conserved with the bank (purses + stakes +
display coins + bank = 66), so a purse is at most 66 - bank; the bank starts at 66 - P * `start_coins` and pays out
per round at most OUT = P * `income_cards` * `income_value` (income) + 2 * P * `consolation` + 2 * S * (the largest
card `coins` + the beer symbols of all cards) (a card acquired, at most one per slot, a tavern adding the beer held)
+ 2 * S * `growth` (S slots per row). So in round r a purse is at most C_r = P * `start_coins` + (r - 1) * OUT:

    max_game_length = sum over r = 1 .. max_rounds of P * (5 + floor(min(C_r, 2 * bribe_cap) / 100))
"""

from .kernel import codes as C
from .kernel import layout as L


def max_game_length(flat) -> int:
    """The bound above for the flattened parameters `flat` (game.flat)."""
    players, slots, rounds = int(flat[L.P_PLAYERS]), int(flat[L.P_SLOTS]), int(flat[L.P_MAX_ROUNDS])
    cards = [L.P_CARDS + c * L.CF_SIZE for c in range(L.N_CARDS)]
    used = [o for o in cards if flat[o + L.CF_USED]]
    coins = max([int(flat[o + L.CF_COINS]) for o in used] + [0])
    beer = sum(max(int(flat[o + L.CF_RES + C.R_BEER]), 0) for o in used)
    out = (players * int(flat[L.P_INCOME_CARDS]) * int(flat[L.P_INCOME_VALUE])
           + 2 * players * int(flat[L.P_CONSOLATION]) + 2 * slots * (coins + beer + int(flat[L.P_GROWTH])))
    cap = 2 * int(flat[L.P_BRIBE_CAP])
    start = players * int(flat[L.P_START_COINS])
    return sum(players * (5 + min(start + r * out, cap) // 100) for r in range(rounds))
