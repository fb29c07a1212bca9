"""PettingZoo AEC environment of any brux game (extra `brux[pettingzoo]`).

    from brux.interop.pettingzoo import env
    e = env("lutece", players=3)
    e.reset(seed=0)
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        action = None if term or trunc else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are "player_0" .. Each observation is a dict: "observation", the seat's `State.observation` (float32;
nothing it cannot see; its Box has the bounds of the game's observation pieces), and "action_mask" (int8, the
legal actions; all zero when it is not that seat's turn).
Rewards are given at the end: each seat's win share (1/k to each of the k winners).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import brux


class BruxAEC(AECEnv):
    """One game of brux as a PettingZoo AEC environment."""

    metadata = {"render_modes": ["human"], "name": "brux", "is_parallelizable": False}

    def __init__(self, game: str, players: int, overrides: dict[str, Any] | None = None,
                 render_mode: str | None = None) -> None:
        super().__init__()
        self.game = brux.load_game(game, players=players, **(overrides or {}))
        self.metadata = {**self.metadata, "name": f"brux_{game}_{players}p"}
        self.render_mode = render_mode
        self.possible_agents = [f"player_{p}" for p in range(players)]
        layout, n_act = self.game.observation_layout, self.game.num_actions
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(layout.low, layout.high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (n_act,), np.int8)}) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n_act) for a in self.possible_agents}
        self.state_: brux.State | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        p = self.possible_agents.index(agent)
        mask = np.zeros(self.game.num_actions, np.int8)
        if self.state_.current_player() == p:
            mask[self.state_.legal_actions()] = 1
        return {"observation": self.state_.observation(p), "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1, np.uint64)[0] >> np.uint64(1))
        self.state_ = self.game.new_initial_state(int(seed))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.state_.current_player()]

    def step(self, action: int | None) -> None:
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[self.agent_selection] = 0.0
        self.state_.apply_action(int(action))
        self.rewards = {a: 0.0 for a in self.agents}
        if self.state_.is_terminal():
            for r in self.state_.result():
                a = self.possible_agents[r["seat"]]
                self.rewards[a] = float(r["win_share"])
                self.terminations[a] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[self.state_.current_player()]
        self._accumulate_rewards()

    def render(self) -> None:
        if self.render_mode == "human":
            print(self.state_)

    def close(self) -> None:
        pass


def env(game: str, players: int, overrides: dict[str, Any] | None = None, render_mode: str | None = None) -> BruxAEC:
    """The AEC environment of `game` with `players` seats."""
    return BruxAEC(game, players, overrides, render_mode)
