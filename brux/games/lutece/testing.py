"""Lutèce hooks for brux.testing: the invariants (random valid rule parameters come from the
parameter table, brux.testing.rule_params)."""

from .invariants import StepChecker, check_invariants

__all__ = ["StepChecker", "check_invariants"]
