"""Prestige hooks for brux.testing: the invariants, the positions `state_from_dict` accepts and a re-draw of the
hidden information (for the API contract tests). Random valid rule parameters come from the parameter table
(brux.testing.rule_params)."""

import random
from typing import Any

from brux.core.game import State

from .invariants import StepChecker, check_invariants
from .kernel import codes as C
from .kernel import layout as L

__all__ = ["StepChecker", "check_invariants", "is_scenario_position", "redraw_hidden"]


def is_scenario_position(view: dict[str, Any]) -> bool:
    """Whether `state_from_dict` rebuilds this view (docs section 14.5: a TURN decision of the turns phase)."""
    return (not view["over"] and view["phase"] == "turns" and view["pending"] == "TURN" and view["context"] is None
            and view["next_order"] is None)


def redraw_hidden(state: State, rnd: random.Random) -> State | None:
    """A copy with the same public information and other hidden information (what `agents.determinise` re-deals):
    the face-down event cards left in the stacks and the two out of the game (within each stack for the first-game
    set-up), the face-down dark tiles (those in columns not yet revealed and those in no column), and the chance
    stream re-keyed; None when no hidden item can change place."""
    other = state.clone()
    s = other.array
    ss = list(range(L.EV_SS + int(s[L.EV_SS_POS]), L.EV_SS + int(s[L.EV_SS_N])))
    aw = list(range(L.EV_AW + int(s[L.EV_AW_POS]), L.EV_AW + int(s[L.EV_AW_N])))
    groups = [ss, aw] if s[L.P_FIRST_GAME] else [ss + aw + [L.EV_OUT, L.EV_OUT + 1]]
    down = [L.DB + c for c in range(C.N_COLS) if not s[L.DREV + c]]
    in_cols = {int(s[L.DB + c]) for c in range(C.N_COLS)}
    unused = [d for d in range(10, 20) if d not in in_cols]
    changed = False
    for slots in groups:
        items = [int(s[i]) for i in slots]
        rnd.shuffle(items)
        changed |= len(set(items)) > 1
        s[slots] = items
    items = [int(s[i]) for i in down] + unused
    rnd.shuffle(items)
    changed |= len(down) > 0 and len(items) > 1
    s[down] = items[: len(down)]
    if not changed:
        return None
    s[L.G_RNG_KEY] = rnd.getrandbits(62)
    s[L.G_RNG_CTR] = 0
    return other
