"""Pig auction's hooks for brux.testing and the contract tests."""

import random
from typing import Any

from brux.core.game import State

from .invariants import StepChecker, check_invariants
from .kernel import layout as L

__all__ = ["StepChecker", "check_invariants", "is_scenario_position", "redraw_hidden"]


def is_scenario_position(view: dict[str, Any]) -> bool:
    """Whether `state_from_dict` rebuilds this view: the start of a round, no bid, no pass."""
    return (not view["over"] and view["table"]["bid"] == 0 and view["current_player"] == (view["round"] - 1)
            % view["players"] and not any(sd["passed"] for sd in view["seats"]))


def redraw_hidden(state: State, rnd: random.Random) -> State:
    """A copy with the deck's unseen cards permuted and the chance stream re-keyed."""
    other = state.clone()
    s = other.array
    lo, hi = L.DECK + int(s[L.DECK_POS]), L.DECK + int(s[L.P_DECK])
    cards = s[lo:hi].tolist()
    rnd.shuffle(cards)
    s[lo:hi] = cards
    s[L.G_RNG_KEY] = rnd.getrandbits(62)
    return other
