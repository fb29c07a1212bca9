"""Pig auction as an implementation of the game contract (brux.core.rules.Rules)."""

from brux.agents.entry import game_agents
from brux.core.entry import entry_points
from brux.core.rules import Rules

from . import actions, agents, length, params, view
from .kernel import hooks

RULES = Rules(
    name="pig", min_players=2, max_players=4, vp_sources=actions.SOURCES,
    hooks=hooks, entry=entry_points(hooks), params=params.TABLE, view=view,
    action_names=lambda flat: actions.ACTION_NAMES, opening_labels=lambda flat: actions.opening_labels(),
    opening_key="opening_1 is the seat's first decision: 'pass', or 'bid 3' for a first RAISE to a bid of 3.",
    agents=game_agents(hooks, agents.FEATURES, agents.WEIGHTS),
    max_length=length.max_game_length,
)
