"""Prestige as an implementation of the game contract (brux.core.rules.Rules)."""

from brux.agents.entry import game_agents
from brux.core.entry import entry_points
from brux.core.rules import Rules

from . import actions, agents, length, params, view
from .kernel import codes as C
from .kernel import hooks

RULES = Rules(
    name="prestige", min_players=2, max_players=4, vp_sources=C.VP_SOURCES,
    hooks=hooks, entry=entry_points(hooks), params=params.TABLE, view=view,
    action_names=lambda flat: actions.action_names(), opening_labels=lambda flat: C.OPENING_LABELS,
    opening_key=("An opening is the seat's first (opening_1) or second (opening_2) placement of round 1, labelled by "
                 "area and first choice (docs/prestige.md, section 15): S, C, L, M, B, P for the areas, then what "
                 "was chosen there, e.g. 'S WOOD', 'C NONE', 'L JOIN', 'M STOP', 'P GOLD'."),
    agents=game_agents(hooks, agents.FEATURES, agents.WEIGHTS),
    max_length=length.max_game_length,
    scenario_keys=("hidden",),
)
