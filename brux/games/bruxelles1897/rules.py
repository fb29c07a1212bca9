"""Bruxelles 1897 as an implementation of the game contract (brux.core.rules.Rules)."""

from pathlib import Path

import numpy as np

from brux.agents import policyfile
from brux.agents.kit import GameAgents
from brux.core.rules import Rules

from . import actions, agents, length, params, view
from .kernel import codes as C
from .kernel import entry, hooks
from .kernel import layout as L


def _faces(flat: np.ndarray) -> tuple[int, ...]:
    return tuple(int(x) for x in flat[L.P_FACES: L.P_FACES + 6])


RULES = Rules(
    name="bruxelles1897", min_players=2, max_players=4, vp_sources=C.VP_SOURCES,
    hooks=hooks, entry=entry, params=params.TABLE, view=view,
    action_names=lambda flat: actions.action_names(_faces(flat)),
    opening_labels=lambda flat: actions.opening_labels(_faces(flat)),
    opening_key=("An opening is the seat's first (opening_1) or second (opening_2) main decision of round 1, "
                 "labelled without the space's position so that labels mean the same on every deal: "
                 "AN:{card kind}:{type}@{face} is an Art Nouveau placement on a space of that card kind (a trace "
                 "names the space itself: 'AN r0c2 1/3@1' on an artwork space is 'AN:artwork:1/3@1'), BR:{card} a "
                 "Brussels placement, 'PASS' a pass."),
    agents=GameAgents(agents.FEATURES, agents.WEIGHTS, entry.play_batch, entry.decide_one, entry.after_features,
                      policyfile.load(Path(__file__).with_name("policy.json"), agents.FEATURES)),
    max_length=length.max_game_length,
)
