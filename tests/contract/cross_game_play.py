"""The calls the cross-game contract compares, played for the games named on the command line, in that order, in
this one process; the results are pickled to the path given first.

    python -m tests.contract.cross_game_play OUT GAME [GAME ...]

OUT holds a list of (game, results) in play order; results maps each call to its arrays. The calls reach every
kernel entry point a game has: the random batch, the agents' batch with every agent of the game, single decisions
of every agent (with the legal actions of each state) and the vector of games.
"""

from __future__ import annotations

import pickle
import sys
from typing import Any

import numpy as np

import brux
from brux.agents import make_agents
from brux.core.vector import VectorEnv
from tests.contract.conftest import agent_specs

GAMES = 2  # games of each batch
MASTER_SEED = 1
DECISIONS = 6  # single decisions per agent
VECTOR = (3, 40)  # games of the vector, steps


def players(name: str) -> int:
    """The player count played: 3, or the nearest count the game allows."""
    game = brux.load_game(name)
    return min(max(3, game.rules.min_players), game.rules.max_players)


def play_all(name: str) -> dict[str, Any]:
    """Every compared call for one game: results by call."""
    game = brux.load_game(name, players=players(name))
    specs = ["random", *agent_specs(game)]
    out: dict[str, Any] = {"play_random": game.play_random(GAMES, master_seed=MASTER_SEED)}
    for spec in specs:
        out[f"play {spec}"] = game.play(GAMES, master_seed=MASTER_SEED, agents=spec)
    for spec in specs:
        out[f"decide {spec}"] = decisions(game, spec)
    out["vector"] = vector(game)
    return out


def decisions(game: brux.Game, spec: str) -> dict[str, np.ndarray]:
    """The first DECISIONS decisions of a game with `spec` at every seat, and the legal actions before each."""
    state = game.new_initial_state(seed=MASTER_SEED)
    agents = make_agents(game, spec, game_seed=MASTER_SEED)
    legal, actions = [], []
    while len(actions) < DECISIONS and not state.is_terminal():
        legal.append(np.array(state.legal_actions(), np.int64))
        actions.append(agents[state.current_player()].choose(state))
        state.apply_action(actions[-1])
    return {"legal": np.concatenate(legal), "actions": np.array(actions, np.int64), "state": state.array.copy()}


def vector(game: brux.Game) -> dict[str, np.ndarray]:
    """Observations, masks, rewards and ends of a seeded vector of games stepped with its random actions."""
    n, steps = VECTOR
    env = VectorEnv(game, n, master_seed=MASTER_SEED)
    obs, masks = env.reset()
    seen = {"obs": [obs.copy()], "masks": [masks.copy()], "rewards": [], "done": []}
    for _ in range(steps):
        obs, masks, rewards, done = env.step(env.random_actions())
        for key, value in (("obs", obs), ("masks", masks), ("rewards", rewards), ("done", done)):
            seen[key].append(value.copy())
    return {key: np.stack(values) for key, values in seen.items()}


def main(argv: list[str]) -> None:
    out, names = argv[0], argv[1:]
    results = [(name, play_all(name)) for name in names]
    with open(out, "wb") as f:
        pickle.dump(results, f)


if __name__ == "__main__":
    main(sys.argv[1:])
