"""Bruxelles 1897 hooks for brux.testing: valid rule parameters as a hypothesis strategy, the invariants, the
positions `state_from_dict` accepts and a re-draw of the hidden information (for the API contract tests)."""

import random
from typing import Any

from hypothesis import strategies as st

from brux.core.game import State

from .invariants import StepChecker, check_invariants
from .kernel import codes as C
from .kernel import layout as L

__all__ = ["StepChecker", "check_invariants", "is_scenario_position", "param_overrides", "redraw_hidden"]


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

_SMALL = ("first_pass_money", "later_pass_money", "stock_exchange_money", "sale_money", "brugmann_money",
          "noble_upkeep", "unpaid_noble_penalty", "exhibit_vp", "exhibition_holder_vp", "money_bonus_vp",
          "money_bonus_cap", "type_bonus_vp", "material_end_vp")


@st.composite
def param_overrides(draw: st.DrawFn) -> dict[str, Any]:
    """Valid rule-parameter overrides across the documented ranges (each field present or left at its default)."""
    o: dict[str, Any] = {}

    def maybe(key: str, strategy: st.SearchStrategy) -> None:
        if draw(st.booleans()):
            o[key] = draw(strategy)

    maybe("rounds", st.integers(1, 6))
    maybe("start_money", st.lists(st.integers(0, 12), min_size=4, max_size=4))
    for key in _SMALL:
        maybe(key, st.integers(0, 8))
    maybe("money_bonus_per", st.integers(1, 4))
    maybe("track_max", st.integers(1, 7))
    maybe("cards_per_type", st.lists(st.integers(1, 8), min_size=3, max_size=3))
    maybe("neutral_value", st.integers(0, 6))
    maybe("exhibition_mode", st.sampled_from(["round_robin", "one_each"]))
    maybe("may_decline", st.booleans())
    maybe("architect_faces", st.lists(
        st.tuples(st.integers(0, 5), st.integers(1, 4)).map(lambda t: [t[0], t[0] + t[1]]), min_size=3, max_size=3))
    if draw(st.booleans()):
        counts = draw(st.lists(st.integers(0, 3), min_size=3, max_size=3).filter(lambda c: sum(c) >= 1))
        o["architect_counts"] = counts
        o["prison_start"] = [[draw(st.integers(0, c)) for c in counts] for _ in range(3)]
    maybe("bonus_lower", st.permutations(list(C.LOWER_NAMES)).map(lambda p: dict(zip(C.BONUS_NAMES, p))))
    maybe("components", st.fixed_dictionaries({
        "artworks_per_colour": st.integers(0, 5), "materials_per_pair": st.integers(0, 4),
        "houses_per_type": st.integers(0, 6), "nobles_per_type": st.integers(0, 5), "money_cards": st.integers(0, 30),
    }))
    return o
