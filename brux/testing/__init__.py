"""Property-based testing of game rules: hypothesis strategies and invariant checkers for every game.

Example — a user's own property test of a rule variant::

    from hypothesis import given, settings
    import brux.testing as bt

    @settings(max_examples=200)
    @given(bt.played_states("bruxelles1897", players=3, params="random"))
    def test_variant_holds_together(state):
        assert bt.check_invariants(state) == []

`brux fuzz GAME` runs the same checks from the command line and writes a replayable record of any failure.
"""

from brux.testing.invariants import StepChecker, check_invariants
from brux.testing.strategies import played_states, rule_params

__all__ = ["StepChecker", "check_invariants", "played_states", "rule_params"]
