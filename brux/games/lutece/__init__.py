"""Lutèce: rule parameters and card tables, the Numba kernel, the readable view."""

from .rules import RULES

__all__ = ["RULES"]
