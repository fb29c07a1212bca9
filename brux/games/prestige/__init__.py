"""Prestige: worker placement over 3 years x 4 seasons (docs/prestige.md)."""

from .rules import RULES

__all__ = ["RULES"]
