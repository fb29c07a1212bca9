"""Bruxelles 1893 as an implementation of the game contract (brux.core.rules.Rules)."""

from pathlib import Path

from brux.agents import policyfile
from brux.agents.kit import GameAgents
from brux.core.rules import Rules

from . import actions, agents, length, params, view
from .kernel import codes as C
from .kernel import entry, hooks

RULES = Rules(
    name="bruxelles1893", min_players=2, max_players=5, vp_sources=C.VP_SOURCES,
    hooks=hooks, entry=entry, params=params.TABLE, view=view,
    action_names=lambda flat: actions.action_names(), opening_labels=lambda flat: actions.opening_labels(),
    opening_key=("An opening is what the seat's first (opening_1) or second (opening_2) turn of round 1 took, "
                 "labelled without the space's position so that labels mean the same on every deal: 'AN W' (or S, T, "
                 "M, C) is an Art Nouveau space of that action type, 'BR market' (or 'BR stock_exchange', "
                 "'BR park', 'BR grand_plaza') a Brussels space, 'PASS' a pass."),
    agents=GameAgents(agents.FEATURES, agents.WEIGHTS, entry.play_batch, entry.decide_one, entry.after_features,
                      policyfile.load(Path(__file__).with_name("policy.json"), agents.FEATURES)),
    max_length=length.max_game_length,
)
