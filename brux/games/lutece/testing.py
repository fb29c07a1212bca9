"""Lutèce hooks for brux.testing: valid rule parameters as a hypothesis strategy, the invariants and the positions
`state_from_dict` accepts (for the API contract tests)."""

from typing import Any

from hypothesis import strategies as st

from .invariants import StepChecker, check_invariants

__all__ = ["StepChecker", "check_invariants", "is_scenario_position", "param_overrides"]

_RANGES = {  # rules section 9
    "start_coins": (0, 15), "income_value": (0, 6), "income_cards": (0, 2), "consolation": (0, 3), "growth": (0, 3),
    "land_coins": (0, 6), "tavern_base": (0, 10), "legion_bribe": (0, 5), "legion_vp": (0, 5),
    "prestige_resource_vp": (0, 3), "prestige_colour_vp": (0, 4), "statue_base": (0, 6), "bazaar_vp": (0, 12),
    "fortune_divisor": (1, 10), "max_rounds": (10, 60),
}


def is_scenario_position(view: dict[str, Any]) -> bool:
    """Whether `state_from_dict` rebuilds this view (docs section 7: the start of a round, before any play)."""
    return (not view["over"] and view["pending"] == "PLAY_CARDS" and view["current_player"] == 0
            and not any(seat["committed"] for seat in view["seats"]))


@st.composite
def param_overrides(draw: st.DrawFn) -> dict[str, Any]:
    """Valid rule-parameter overrides across the documented ranges (each field present or left at its default)."""
    o: dict[str, Any] = {}

    def maybe(key: str, strategy: st.SearchStrategy) -> None:
        if draw(st.booleans()):
            o[key] = draw(strategy)

    maybe("slots", st.lists(st.integers(2, 5), min_size=4, max_size=4))
    for key, (lo, hi) in _RANGES.items():
        maybe(key, st.integers(lo, hi))
    maybe("majority_vp", st.tuples(st.integers(0, 20), st.integers(0, 20), st.integers(0, 20)).map(
        lambda t: sorted(t, reverse=True)))
    maybe("pair_rule", st.sampled_from(["one_each", "any_two"]))
    maybe("bribe_cap", st.one_of(st.just("none"), st.integers(0, 12)))
    if draw(st.booleans()):  # a card-table edit: one card's cost and symbols
        cid = draw(st.sampled_from([f"C{i:02d}" for i in range(1, 35)] + ["L14", "L15", "L16", "L23", "L34"]))
        o["cards"] = {cid: {"cost": draw(st.integers(0, 5)), "beer": draw(st.integers(0, 3)),
                            "min_players": draw(st.integers(2, 5))}}
    return o
