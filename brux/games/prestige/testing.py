"""Prestige hooks for brux.testing: valid rule parameters as a hypothesis strategy, and the invariants."""

from typing import Any

from hypothesis import strategies as st

from .invariants import StepChecker, check_invariants

__all__ = ["StepChecker", "check_invariants", "param_overrides"]

_RANGES = {  # section 12
    "start_gold": (3, 8), "land_cost": (2, 5), "cheap_land_cost": (1, 3), "land_share_fee": (0, 2),
    "plant_first_bonus": (0, 2), "market_k": (1, 3), "market_first_extra": (0, 2), "labour_price_first": (1, 4),
    "labour_price_later": (1, 4), "buyback_price": (0, 2), "buyback_max": (0, 3), "exp_max": (3, 6),
    "upgrade_loss_per_tier": (0, 2), "min_order_workers": (0, 2), "final_extra_cost": (0, 4),
    "extra_b_spaces": (0, 4), "firewood_tiles_per_wood": (2, 4), "firewood_penalty": (0, 5), "lb_tile_pp": (0, 5),
    "gold_per_pp": (2, 6), "diff_divisor": (0, 4), "yellow_per_player": (1, 3),
}
_CHOICES = {
    "final_extra_mode": ["SPACE", "CAP"], "sick_position": ["KEEP", "END", "FRONT"],
    "year_end_order": ["LITERAL", "FIREWOOD_FIRST"], "start_bonus_all_spaces": [False, True],
    "build_group_reversed": [False, True], "events_on": [False, True], "first_game": [False, True],
}


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
    maybe("dark_points", st.tuples(*[st.integers(0, 20)] * 3).map(lambda t: sorted(t, reverse=True)))
    maybe("resource_values", st.lists(st.integers(0, 6), min_size=4, max_size=4))
    return o
