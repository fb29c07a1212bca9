"""Bruxelles 1897 hooks for brux.testing: the invariants, the positions `state_from_dict` accepts and a re-draw of
the hidden information (for the API contract tests). Random valid rule parameters come from the parameter table
(brux.testing.rule_params)."""

import random
from typing import Any

from brux.core.game import State

from .invariants import StepChecker, check_invariants
from .kernel import codes as C
from .kernel import layout as L

__all__ = ["StepChecker", "check_invariants", "is_scenario_position", "redraw_hidden"]


def is_scenario_position(view: dict[str, Any]) -> bool:
    """Whether `state_from_dict` rebuilds this view (docs section 4: a MAIN decision pending)."""
    return not view["over"] and view["pending"] == "MAIN"


def redraw_hidden(state: State, rnd: random.Random) -> State | None:
    """A copy with the same public information and another hidden one: every deck's order permuted and the chance
    stream re-keyed; None when no deck order could change (every deck has at most one card)."""
    other = state.clone()
    s = other.array
    changed = False
    for d in range(len(C.DECK_NAMES)):
        n = int(s[L.DECK_LEN + d])
        base = L.DECK + d * L.DECK_CAP
        cards = list(s[base: base + n])
        rnd.shuffle(cards)
        changed |= cards != list(s[base: base + n])
        s[base: base + n] = cards
    s[L.G_RNG_KEY] = rnd.getrandbits(62)
    s[L.G_RNG_CTR] = rnd.randrange(1000)
    return other if changed else None
