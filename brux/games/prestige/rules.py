"""Prestige as an implementation of the game contract (brux.core.rules.Rules)."""

import numpy as np

from brux.core.kernel_rules import KernelRules

from . import actions, params, view
from .kernel import codes as C
from .kernel import engine
from .kernel import layout as L


class PrestigeRules(KernelRules):
    name = "prestige"
    min_players = 2
    max_players = 4
    vp_sources = C.VP_SOURCES
    n_actions = C.N_ACTIONS
    layout, engine, params, view = L, engine, params, view

    def action_names(self, flat: np.ndarray) -> tuple[str, ...]:
        return actions.action_names()

    def opening_labels(self, flat: np.ndarray) -> tuple[str, ...]:
        return C.OPENING_LABELS


RULES = PrestigeRules()
