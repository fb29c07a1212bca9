"""Bruxelles 1893 as an implementation of the game contract (brux.core.rules.Rules)."""

from brux.agents.entry import game_agents
from brux.core.entry import entry_points
from brux.core.rules import Rules

from . import actions, agents, length, params, view
from .kernel import codes as C
from .kernel import hooks

RULES = Rules(
    name="bruxelles1893", min_players=2, max_players=5, vp_sources=C.VP_SOURCES,
    hooks=hooks, entry=entry_points(hooks), params=params.TABLE, view=view,
    action_names=lambda flat: actions.action_names(), opening_labels=lambda flat: actions.opening_labels(),
    opening_key=("An opening is what the seat's first (opening_1) or second (opening_2) turn of round 1 took, "
                 "labelled without the space's position so that labels mean the same on every deal: 'AN W' (or S, T, "
                 "M, C) is an Art Nouveau space of that action type, 'BR market' (or 'BR stock_exchange', "
                 "'BR park', 'BR grand_plaza') a Brussels space, 'PASS' a pass."),
    agents=game_agents(hooks, agents.FEATURES, agents.WEIGHTS),
    max_length=length.max_game_length,
)
