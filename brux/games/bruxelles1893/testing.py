"""Bruxelles 1893 hooks for brux.testing: valid rule parameters as a hypothesis strategy, and the invariants."""

from typing import Any

from hypothesis import strategies as st

from .invariants import StepChecker, check_invariants
from .params import PARAMS, Spec

__all__ = ["StepChecker", "check_invariants", "param_overrides"]


def strategy(spec: Spec) -> st.SearchStrategy:
    """Valid values of a parameter kind (params.PARAMS)."""
    kind = spec[0]
    if kind == "int":
        return st.integers(spec[1], spec[2])
    if kind == "ints":
        return st.lists(st.integers(spec[2], spec[3]), min_size=spec[1], max_size=spec[1])
    if kind == "choice":
        return st.sampled_from(spec[1])
    if kind == "bool":
        return st.booleans()
    return st.lists(st.integers(spec[1], spec[2]), min_size=7, max_size=7).map(sorted)


@st.composite
def param_overrides(draw: st.DrawFn) -> dict[str, Any]:
    """Valid rule-parameter overrides across the documented ranges (each field present or left at its default)."""
    o: dict[str, Any] = {}
    for name, _, spec, _ in PARAMS:
        if draw(st.booleans()):
            o[name] = draw(strategy(spec))
    return o
