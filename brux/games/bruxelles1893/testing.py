"""Bruxelles 1893 hooks for brux.testing: valid rule parameters as a hypothesis strategy, and the invariants."""

from typing import Any

from hypothesis import strategies as st

from .invariants import StepChecker, check_invariants

__all__ = ["StepChecker", "check_invariants", "param_overrides"]

_RANGES = {  # rules section 12
    "num_rounds": (3, 5), "start_money_base": (3, 8), "start_money_step": (0, 2), "start_supply_assistants": (4, 6),
    "start_courthouse": (0, 3), "min_bid": (1, 3), "bid_cap": (10, 50), "money_unit_bf": (1, 4),
    "no_joker_vp": (0, 8), "top_row_vp": (0, 10), "market_jokers": (1, 5), "brussels_k": (1, 3),
    "exhibition_mp": (0, 4), "first_pass_bonus_bf": (0, 3), "exhibition_extra_draw": (0, 2),
    "pf_unpaid_vp": (0, 10), "row1_divisor": (2, 6), "row4_free": (0, 4), "noble_vp": (0, 2),
    "manneken_pis_vp": (0, 10),
}
_CHOICES = {"top_row_mode": ("personal", "board"), "strip_side": ("A", "B", "random"),
            "neutral_tie": ("players", "nobody"), "secondary_enabled": (True, False), "neutral_2p": (True, False)}


@st.composite
def param_overrides(draw: st.DrawFn) -> dict[str, Any]:
    """Valid rule-parameter overrides across the documented ranges (each field present or left at its default)."""
    o: dict[str, Any] = {}

    def maybe(key: str, strategy: st.SearchStrategy) -> None:
        if draw(st.booleans()):
            o[key] = draw(strategy)

    for key, (lo, hi) in _RANGES.items():
        maybe(key, st.integers(lo, hi))
    for key, choices in _CHOICES.items():
        maybe(key, st.sampled_from(choices))
    maybe("build_costs", st.lists(st.integers(2, 6), min_size=3, max_size=3))
    maybe("theatre_slot_costs", st.lists(st.integers(0, 4), min_size=4, max_size=4))
    for key, hi in (("rpv", 8), ("chv", 20), ("arv", 20)):
        maybe(key, st.lists(st.integers(0, hi), min_size=7, max_size=7).map(sorted))
    return o
