"""Lutèce as an implementation of the game contract (brux.core.rules.Rules)."""

from pathlib import Path

from brux.agents import policyfile
from brux.agents.kit import GameAgents
from brux.core.rules import Rules

from . import actions, agents, length, params, view
from .kernel import codes as C
from .kernel import entry, hooks

RULES = Rules(
    name="lutece", min_players=2, max_players=5, vp_sources=C.VP_SOURCES,
    hooks=hooks, entry=entry, params=params.TABLE, view=view,
    action_names=lambda flat: actions.action_names(), opening_labels=lambda flat: actions.opening_labels(),
    opening_key=("opening_1 is the seat's round-1 card pair, the trace's PLAY action without 'PLAY ' ('PLAY A+I' is "
                 "'A+I'); opening_2 is its coin bribes: 'bribe -' (no letter or numeral card), 'bribe {b}' or "
                 "'bribe {b1}/{b2}'."),
    agents=GameAgents(agents.FEATURES, agents.WEIGHTS, entry.play_batch, entry.decide_one, entry.after_features,
                      policyfile.load(Path(__file__).with_name("policy.json"), agents.FEATURES)),
    max_length=length.max_game_length,
)
