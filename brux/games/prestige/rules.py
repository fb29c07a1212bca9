"""Prestige as an implementation of the game contract (brux.core.rules.Rules)."""

from pathlib import Path

from brux.agents import policyfile
from brux.agents.kit import GameAgents
from brux.core.rules import Rules

from . import actions, agents, length, params, view
from .kernel import codes as C
from .kernel import entry, hooks

RULES = Rules(
    name="prestige", min_players=2, max_players=4, vp_sources=C.VP_SOURCES,
    hooks=hooks, entry=entry, params=params.TABLE, view=view,
    action_names=lambda flat: actions.action_names(), opening_labels=lambda flat: C.OPENING_LABELS,
    opening_key=("An opening is the seat's first (opening_1) or second (opening_2) placement of round 1, labelled by "
                 "area and first choice (docs/prestige.md, section 15): S, C, L, M, B, P for the areas, then what "
                 "was chosen there, e.g. 'S WOOD', 'C NONE', 'L JOIN', 'M STOP', 'P GOLD'."),
    agents=GameAgents(agents.FEATURES, agents.WEIGHTS, entry.play_batch, entry.decide_one, entry.after_features,
                      policyfile.load(Path(__file__).with_name("policy.json"), agents.FEATURES)),
    max_length=length.max_game_length,
    scenario_keys=("hidden",),
)
