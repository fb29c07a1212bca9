"""Bruxelles 1897 as an implementation of the game contract (brux.core.rules.Rules)."""

import numpy as np

from brux.core.kernel_rules import BATCH_KEYS, KernelRules

from . import actions, params, view
from .kernel import codes as C
from .kernel import engine
from .kernel import layout as L


def _faces(flat: np.ndarray) -> tuple[int, ...]:
    return tuple(int(x) for x in flat[L.P_FACES: L.P_FACES + 6])


class Bruxelles1897Rules(KernelRules):
    name = "bruxelles1897"
    min_players = 2
    max_players = 4
    vp_sources = C.VP_SOURCES
    n_actions = C.N_ACTIONS
    layout, engine, params, view = L, engine, params, view

    def action_names(self, flat: np.ndarray) -> tuple[str, ...]:
        return actions.action_names(_faces(flat))

    def opening_labels(self, flat: np.ndarray) -> tuple[str, ...]:
        return actions.opening_labels(_faces(flat))

    # ---- agents (brux.agents) ----
    @property
    def agent_features(self) -> tuple[str, ...]:
        from . import agents

        return agents.FEATURES

    def agent_weights(self) -> dict[str, np.ndarray]:
        """Evaluation weight sets by name: "greedy" and the heuristic personas."""
        from . import agents

        return {k: v.copy() for k, v in agents.WEIGHTS.items()}

    def play_agents(self, flat: np.ndarray, master_seed: int, first_index: int, n_games: int, kinds: np.ndarray,
                    iparams: np.ndarray, fparams: np.ndarray) -> dict[str, np.ndarray]:
        """Like play_random with one agent per seat (codes from brux.agents.spec.encode_lineup); adds "decisions"."""
        from . import agents

        arrays = agents.play_batch(flat, master_seed, first_index, n_games, kinds, iparams, fparams)
        return dict(zip((*BATCH_KEYS, "decisions"), arrays, strict=True))

    def agent_decide(self, state: np.ndarray, kind: int, iparams: np.ndarray, fparams: np.ndarray,
                     rng: np.ndarray) -> int:
        """The action of agent (kind, iparams, fparams) for the seat to move; rng = [key, counter], advanced."""
        from . import agents

        return int(agents.decide_one(state, kind, iparams, fparams, rng))


RULES = Bruxelles1897Rules()
