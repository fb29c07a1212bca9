"""Readable names of Pig auction's actions and opening codes."""

from .kernel import layout as L

ACTION_NAMES = ("PASS", "RAISE")
SOURCES = ("cards", "coins_left")


def opening_labels() -> tuple[str, ...]:
    """Code 0 is a first pass, code k a first bid of k."""
    return ("pass", *(f"bid {k}" for k in range(1, L.N_OPENINGS)))
