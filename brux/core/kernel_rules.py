"""The game contract implemented once over a game's kernel modules; each game supplies its modules and names."""

from types import ModuleType
from typing import Any

import numpy as np

BATCH_KEYS = ("seed", "vp", "rank", "win_share", "vp_by_source", "opening", "length")


class KernelRules:
    """Rules (brux.core.rules.Rules) of a game whose kernel follows the common layout.

    A subclass sets `name`, `min_players`, `max_players`, `vp_sources`, `n_actions` and the modules: `layout`
    (offsets `P_PLAYERS`, `G_CUR`, `STATE_SIZE`), `engine` (`init`, `apply`, `legal_actions`, `rank`,
    `play_random_batch`), `params` (`resolve`, `flatten`) and `view` (`to_dict`, `from_dict`), and implements
    `action_names` and `opening_labels`.
    """

    name: str
    min_players: int
    max_players: int
    vp_sources: tuple[str, ...]
    n_actions: int
    layout: ModuleType
    engine: ModuleType
    params: ModuleType
    view: ModuleType

    def resolve_params(self, overrides: dict[str, Any]) -> dict[str, Any]:
        return self.params.resolve(overrides)

    def flatten(self, p: dict[str, Any], players: int) -> np.ndarray:
        return self.params.flatten(p, players)

    def new_state(self, flat: np.ndarray, seed: int) -> np.ndarray:
        s = np.zeros(self.layout.STATE_SIZE, np.int64)
        self.engine.init(s, flat, seed)
        return s

    def apply(self, state: np.ndarray, action: int) -> None:
        self.engine.apply(state, action)

    def current_player(self, state: np.ndarray) -> int:
        return int(state[self.layout.G_CUR])

    def legal(self, state: np.ndarray) -> np.ndarray:
        return self.engine.legal_actions(state)

    def to_dict(self, state: np.ndarray) -> dict[str, Any]:
        return self.view.to_dict(state)

    def from_dict(self, d: dict[str, Any], flat: np.ndarray, seed: int) -> np.ndarray:
        return self.view.from_dict(d, flat, seed)

    def result(self, state: np.ndarray) -> list[dict[str, Any]]:
        n = int(state[self.layout.P_PLAYERS])
        ranks = [int(self.engine.rank(state, p)) for p in range(n)]
        first = ranks.count(1)
        seats = self.view.to_dict(state)["seats"]
        return [
            {"seat": p, "vp": seats[p]["vp"], "rank": ranks[p], "win_share": 1.0 / first if ranks[p] == 1 else 0.0,
             "vp_by_source": seats[p]["vp_by_source"]}
            for p in range(n)
        ]

    def play_random(self, flat: np.ndarray, master_seed: int, first_index: int, n_games: int) -> dict[str, np.ndarray]:
        arrays = self.engine.play_random_batch(flat, master_seed, first_index, n_games)
        return dict(zip(BATCH_KEYS, arrays, strict=True))
