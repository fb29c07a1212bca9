"""Invariant checks of any game, from its state."""

from typing import Any

from brux.core.game import State
from brux.testing.hooks import game_testing


def check_invariants(state: State) -> list[str]:
    """Every invariant of the game's rules that the state violates (an empty list: all hold)."""
    return game_testing(state.game.name).check_invariants(state)


class StepChecker:
    """Properties of consecutive states of one game (feed every state in order to `observe`)."""

    def __init__(self, state: State) -> None:
        self._inner = game_testing(state.game.name).StepChecker(state.game.params)

    def observe(self, state: State) -> list[str]:
        return self._inner.observe(state)

    def violations(self, state: State) -> list[str]:
        """`check_invariants(state) + observe(state)`; in one pass over one view when the game's checker has a
        `violations(state)` of its own (which can reuse what it derived from the parameters)."""
        both = getattr(self._inner, "violations", None)
        if both is not None:
            return both(state)
        problems: list[Any] = check_invariants(state)
        return problems + self._inner.observe(state)


def violations(state: State, steps: StepChecker) -> list[str]:
    """Invariants of the state and of the step that led to it."""
    return steps.violations(state)
