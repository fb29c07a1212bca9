"""Bruxelles 1897 as an implementation of the game contract (brux.core.rules.Rules)."""

from typing import Any

import numpy as np

from . import actions, params, view
from .kernel import codes as C
from .kernel import engine
from .kernel import layout as L


def _faces(flat: np.ndarray) -> tuple[int, ...]:
    return tuple(int(x) for x in flat[L.P_FACES: L.P_FACES + 6])


class Bruxelles1897Rules:
    name = "bruxelles1897"
    min_players = 2
    max_players = 4
    vp_sources = C.VP_SOURCES
    n_actions = C.N_ACTIONS

    def resolve_params(self, overrides: dict[str, Any]) -> dict[str, Any]:
        return params.resolve(overrides)

    def flatten(self, p: dict[str, Any], players: int) -> np.ndarray:
        return params.flatten(p, players)

    def new_state(self, flat: np.ndarray, seed: int) -> np.ndarray:
        s = np.zeros(L.STATE_SIZE, np.int64)
        engine.init(s, flat, seed)
        return s

    def apply(self, state: np.ndarray, action: int) -> None:
        engine.apply(state, action)

    def current_player(self, state: np.ndarray) -> int:
        return int(state[L.G_CUR])

    def legal(self, state: np.ndarray) -> np.ndarray:
        return state[L.LEGAL: L.LEGAL + state[L.LEGAL_N]]

    def action_names(self, flat: np.ndarray) -> tuple[str, ...]:
        return actions.action_names(_faces(flat))

    def to_dict(self, state: np.ndarray) -> dict[str, Any]:
        return view.to_dict(state)

    def from_dict(self, d: dict[str, Any], flat: np.ndarray, seed: int) -> np.ndarray:
        return view.from_dict(d, flat, seed)

    def result(self, state: np.ndarray) -> list[dict[str, Any]]:
        n = int(state[L.P_PLAYERS])
        ranks = [int(engine.rank(state, p)) for p in range(n)]
        first = ranks.count(1)
        seats = view.to_dict(state)["seats"]
        return [
            {"seat": p, "vp": seats[p]["vp"], "rank": ranks[p], "win_share": 1.0 / first if ranks[p] == 1 else 0.0,
             "vp_by_source": seats[p]["vp_by_source"]}
            for p in range(n)
        ]

    def opening_labels(self, flat: np.ndarray) -> tuple[str, ...]:
        return actions.opening_labels(_faces(flat))

    def play_random(self, flat: np.ndarray, master_seed: int, first_index: int, n_games: int) -> dict[str, np.ndarray]:
        seed, vp, rank, share, src, opening, length = engine.play_random_batch(flat, master_seed, first_index, n_games)
        return {"seed": seed, "vp": vp, "rank": rank, "win_share": share, "vp_by_source": src, "opening": opening,
                "length": length}

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

        seed, vp, rank, share, src, opening, length, decisions = agents.play_batch(
            flat, master_seed, first_index, n_games, kinds, iparams, fparams)
        return {"seed": seed, "vp": vp, "rank": rank, "win_share": share, "vp_by_source": src, "opening": opening,
                "length": length, "decisions": decisions}

    def agent_decide(self, state: np.ndarray, kind: int, iparams: np.ndarray, fparams: np.ndarray,
                     rng: np.ndarray) -> int:
        """The action of agent (kind, iparams, fparams) for the seat to move; rng = [key, counter], advanced."""
        from . import agents

        return int(agents.decide_one(state, kind, iparams, fparams, rng))


RULES = Bruxelles1897Rules()
