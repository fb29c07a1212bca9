"""Bruxelles 1893: rule parameters and component tables, the Numba kernel, the readable view."""

from .rules import RULES

__all__ = ["RULES"]
