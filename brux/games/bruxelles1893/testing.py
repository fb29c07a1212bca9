"""Bruxelles 1893 hooks for brux.testing: the invariants, the positions `state_from_dict` accepts and a re-draw of
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
    """Whether `state_from_dict` rebuilds this view (docs section 5): SHIELD pending, or MAIN pending for a seat that
    has not passed, with no decision in progress and nothing in play."""
    if view["over"] or view["pending"] not in ("SHIELD", "MAIN") or view["context"] != {}:
        return False
    if view["in_play"]["works"] or view["in_play"]["figure"] is not None:
        return False
    return view["pending"] == "SHIELD" or not view["seats"][view["current_player"]]["passed"]


def redraw_hidden(state: State, rnd: random.Random) -> State | None:
    """A copy with the same public information and other hidden information (what `determinise` re-draws): the
    coloured stack, the theatre deck, the undealt bonus cards and the unrevealed Stock Exchange cards re-ordered, and
    the chance stream re-keyed. None once the game is over."""
    if state.is_terminal():
        return None
    other = state.clone()
    s = other.array
    r = int(s[L.G_ROUND])
    for lo, n in ((L.CST, int(s[L.CST_N])), (L.TH_DECK, int(s[L.TH_DN])),
                  (L.BON_DECK + int(s[L.BON_POS]), C.N_BONUS - int(s[L.BON_POS])), (L.SE_DECK + r, C.N_SE - r)):
        items = list(s[lo: lo + n])
        rnd.shuffle(items)
        s[lo: lo + n] = items
    s[L.G_RNG_KEY] = rnd.getrandbits(62)
    return other
