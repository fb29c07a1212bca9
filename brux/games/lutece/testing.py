"""Lutèce hooks for brux.testing: the invariants, the positions `state_from_dict` accepts and a re-draw of the
hidden information (for the API contract tests). Random valid rule parameters come from the parameter table
(brux.testing.rule_params)."""

import random
from typing import Any

from brux.core.game import State

from .invariants import StepChecker, check_invariants
from .kernel import codes as C
from .kernel import layout as L
from .kernel.base import seat

__all__ = ["StepChecker", "check_invariants", "is_scenario_position", "redraw_hidden"]


def is_scenario_position(view: dict[str, Any]) -> bool:
    """Whether `state_from_dict` rebuilds this view (docs section 7: the start of a round, before any play)."""
    return (not view["over"] and view["pending"] == "PLAY_CARDS" and view["current_player"] == 0
            and not any(seat["committed"] for seat in view["seats"]))


def redraw_hidden(state: State, rnd: random.Random) -> State:
    """A copy with the same public information and other hidden information: the decks' remaining order permuted,
    every seat that bid before the mover given another sealed play of the same purse (coins + stakes), and the
    chance stream re-keyed."""
    other = state.clone()
    s = other.array
    for d in range(2):
        lo = L.DECK_ORDER + d * L.DECK_CAP + int(s[L.DECK_POS + d])
        hi = L.DECK_ORDER + d * L.DECK_CAP + int(s[L.DECK_END + d])
        cards = list(s[lo:hi])
        rnd.shuffle(cards)
        s[lo:hi] = cards
    me = int(s[L.G_CUR])
    for q in range(me):
        o = seat(q)
        purse = int(s[o + L.S_COINS] + s[o + L.S_STAKE])
        code = int(s[L.P_PAIRS + rnd.randrange(int(s[L.P_NPAIRS]))])
        picks = [h for h in C.PAIRS[code] if h != C.HAND_INCOME]
        s[o + L.S_PICK: o + L.S_PICK + 2] = (picks + [-1, -1])[:2]
        s[o + L.S_NPICK] = len(picks)
        s[o + L.S_INCOME] = 2 - len(picks)
        bribes = [0, 0]
        left = min(purse, int(s[L.P_BRIBE_CAP]))
        for j in range(len(picks)):
            bribes[j] = rnd.randint(0, left)
            left -= bribes[j]
        s[o + L.S_BRIBE: o + L.S_BRIBE + 2] = bribes
        s[o + L.S_STAKE] = sum(bribes)
        s[o + L.S_COINS] = purse - sum(bribes)
        legions = int(s[o + L.S_LEGIONS])
        s[o + L.S_LEG: o + L.S_LEG + 2] = [rnd.randint(0, legions) if picks else 0, 0]
    s[L.G_RNG_KEY] = rnd.getrandbits(62)
    return other
