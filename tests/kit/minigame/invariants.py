"""Pig auction's invariants: of one position, and of consecutive positions of one game."""

from typing import Any

from .kernel import layout as L
from .kernel.engine import seat


def check_invariants(state: Any) -> list[str]:
    """Problems of one position (a State): declared field bounds, the deck's cards, cards and VP accounted for."""
    s = state.array
    problems = L.SCHEMA.violations(s)
    n, size = int(s[L.P_PLAYERS]), int(s[L.P_DECK])
    if sorted(s[L.DECK: L.DECK + size].tolist()) != list(range(1, size + 1)):
        problems.append("the deck is not the cards 1 .. deck_size")
    won = sum(int(s[seat(p) + L.S_CARDS]) for p in range(n))
    if won + s[L.DISCARDED] + (0 if s[L.G_OVER] else 1) != s[L.DECK_POS]:
        problems.append(f"{won} cards won + {s[L.DISCARDED]} discarded do not account for {s[L.DECK_POS]} turned up")
    for p in range(n):
        o = seat(p)
        if s[o + L.S_VP] != s[o + L.S_SRC] + s[o + L.S_SRC + 1]:
            problems.append(f"seat {p}: VP {s[o + L.S_VP]} is not the sum of its sources")
        if s[L.G_OVER] and s[o + L.S_SRC + 1] != s[o + L.S_COINS] // s[L.P_COINS_PER_VP]:
            problems.append(f"seat {p}: coins_left VP do not match its {s[o + L.S_COINS]} coins")
    if not s[L.G_OVER] and s[L.BID] > 0 and s[seat(int(s[L.BIDDER])) + L.S_COINS] < s[L.BID]:
        problems.append("the high bidder cannot pay its bid")
    return problems


class StepChecker:
    """Properties of consecutive positions of one game: rounds never go back, coins never rise, won cards stay."""

    def __init__(self, params: Any) -> None:
        self.prev: dict[str, Any] | None = None

    def observe(self, state: Any) -> list[str]:
        """Problems of the step from the previously observed position to this one."""
        view = state.to_dict()
        prev, self.prev, problems = self.prev, view, []
        if prev is None:
            return problems
        if view["round"] < prev["round"]:
            problems.append(f"round went back from {prev['round']} to {view['round']}")
        for p, (a, b) in enumerate(zip(prev["seats"], view["seats"], strict=True)):
            if b["coins"] > a["coins"] or b["cards"] < a["cards"]:
                problems.append(f"seat {p}: coins rose or cards fell")
        return problems
