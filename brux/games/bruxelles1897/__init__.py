"""Bruxelles 1897: rules parameters, the Numba kernel, the readable view and a pure-Python reference engine."""

from .rules import RULES

__all__ = ["RULES"]
