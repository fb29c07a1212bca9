"""The agents' part of the game kit: the batch with one agent per seat and single decisions, built once per game
from its kernel hooks (docs/adding-a-game.md), and `GameAgents`, the agents capability of a game's rules object.

As in `brux.core.kit`, `build` makes Numba functions specialised for one game; the game's cached entry points
(`brux.agents.entry`) call them so that Numba caches them with everything compiled in.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import numpy as np

from brux.core.jit import njit_for
from brux.core.kit import BATCH_KEYS

from . import kinds
from . import search as S
from .python import is_python_entry, label, load_policy, play_python_lineup
from .spec import AgentSpec, encode_lineup, parse_lineup, split_lineup


def build(hooks: Any, core: SimpleNamespace) -> SimpleNamespace:
    """`play_batch` and `decide_one` for one game's hooks and its core kit (`brux.core.kit.build(hooks)`)."""
    apply, player, nplayers = hooks.apply, hooks.player, hooks.nplayers
    owner = hooks.__name__
    params_size = hooks.PARAMS_SIZE
    decide, after_features = S.build(owner, params_size, apply, player, hooks.nlegal, hooks.legal, nplayers,
                                     core.shares, hooks.values, hooks.same_turn, hooks.hide, hooks.determinise,
                                     hooks.rest_of_stage)
    start_game, record_result = core.start_game, core.record_result
    state_size, n_actions, agent_rng = hooks.STATE_SIZE, hooks.N_ACTIONS, core.agent_rng

    @njit_for(owner)
    def decide_one(state, kind, ip, fp, rng):
        """A decision for the seat to move in `state` (not modified); `rng` = [key, counter] of the agent's stream."""
        bufs, child, visits, wsum, path, vals = S.make_scratch(S.tree_capacity(kind, ip), state_size, n_actions, state,
                                                                    params_size)
        return decide(state, kind, ip, fp, rng, 0, 1, bufs, child, visits, wsum, path, vals)

    @njit_for(owner)
    def after_features_one(state, ip, fp, rng):
        """out[i, q, k]: feature k of seat q after the i-th legal action of `state` (not modified), on one copy
        determinised from `rng` = [key, counter], the turn finished on the weights of fp when ip[IP_FINISH]."""
        bufs, child, visits, wsum, path, vals = S.make_scratch(1, state_size, n_actions, state, params_size)
        n_features = fp.shape[0] - S.N_FP_HEAD
        out = np.zeros((n_actions, nplayers(state), n_features), np.float64)
        unit = np.zeros(n_features, np.float64)
        n = after_features(state, ip, fp, rng, 0, 1, bufs, vals, unit, out)
        return out[:n]

    @njit_for(owner, nogil=True)
    def play_batch(params, master_seed, first_index, kinds, iparams, fparams, s, seeds, vps, rk, share, src, opens,
                   lengths, decisions):
        """Games first_index .. first_index + len(seeds) - 1 of a run, seat p played by agent (kinds[p], iparams[p],
        fparams[p]), in work array s: fills the arrays of the random batch plus the decisions taken by each seat."""
        n = nplayers(params)
        n_games = seeds.shape[0]
        cap = 1
        for p in range(n):
            cap = max(cap, S.tree_capacity(kinds[p], iparams[p]))
        bufs, child, visits, wsum, path, vals = S.make_scratch(cap, state_size, n_actions, params, params_size)
        for g in range(n_games):
            seeds[g] = start_game(s, params, master_seed, first_index + g)
            while True:
                p = player(s)
                if p < 0:
                    break
                a = decide(s, kinds[p], iparams[p], fparams[p], s, agent_rng + 2 * p, agent_rng + 2 * p + 1, bufs,
                           child, visits, wsum, path, vals)
                decisions[g, p] += 1
                apply(s, a)
            record_result(s, g, vps, rk, share, src, opens, lengths)

    return SimpleNamespace(play_batch=play_batch, decide_one=decide_one, after_features=after_features_one)


@dataclass(frozen=True)
class GameAgents:
    """The agents capability of a game (`rules.agents`; None for a game that offers only `random`).

    `features` names the evaluation features, `weights` maps "greedy" and each persona to a weight vector over them;
    `play_batch`, `decide_one` and `after_features` are the game's cached entry points of the functions `build`
    makes. `policy` maps a player count to the `policy` agent's fitted weights (`brux.agents.imitate`),
    `policy_strength` to their measured strength against the game's search (`sims.policy_strength`),
    `policy_options` to the options they were tuned with (`brux.agents.tune --options`), which a `policy` spec
    plays where it does not give them; `strong` to a lighter agent's record, measured against the search
    (`brux.agents.strongfile`).
    """

    features: tuple[str, ...]
    weights: Mapping[str, np.ndarray]
    play_batch: Callable[..., tuple[np.ndarray, ...]]
    decide_one: Callable[..., int]
    after_features: Callable[..., np.ndarray] | None = None
    policy: Mapping[int, np.ndarray] = field(default_factory=dict)
    policy_strength: Mapping[int, Mapping[str, Any]] = field(default_factory=dict)
    policy_options: Mapping[int, Mapping[str, Any]] = field(default_factory=dict)
    strong: Mapping[int, Mapping[str, Any]] = field(default_factory=dict)

    def personas(self) -> list[str]:
        return [k for k in self.weights if k != "greedy"]

    def names(self) -> list[str]:
        """The agents (base names; options go after a colon)."""
        return kinds.names(self.personas())

    def weight_table(self, players: int | None = None) -> dict[str, np.ndarray]:
        """A copy of the weight vectors by name, with "policy" when weights were fitted for `players`."""
        table = {k: np.array(v, np.float64) for k, v in self.weights.items()}
        if players in self.policy:
            table["policy"] = np.array(self.policy[players], np.float64)
        return table

    def parse(self, game: Any, agents: str | Sequence[str]) -> tuple[AgentSpec, ...]:
        """A validated line-up (one spec per seat); ValueError names a bad agent, persona or option."""
        return parse_lineup(agents, game.players, self.features, self.personas())

    def lineup_names(self, game: Any, agents: str | Sequence[Any]) -> tuple[str, ...]:
        """The canonical spec of each seat's agent, a Python strategy's import path for a Python seat
        (`Game.parse_agents`); ValueError names a bad agent."""
        entries = split_lineup(agents)
        python = {i for i, e in enumerate(entries) if is_python_entry(e)}
        if not python:
            return tuple(str(s) for s in self.parse(game, agents))
        if len(entries) not in (1, game.players):
            raise ValueError(f"{len(entries)} agents given for {game.players} players; give one for all seats or one "
                             "per seat")
        for i in python:
            load_policy(entries[i])
        canon = {e: str(self.parse(game, [e] * game.players)[0]) for i, e in enumerate(entries) if i not in python}
        names = [label(e) if i in python else canon[e] for i, e in enumerate(entries)]
        return tuple(names) * (game.players // len(names))

    def play_lineup(self, game: Any, n_games: int, master_seed: int, first_index: int,
                    agents: str | Sequence[Any]) -> dict[str, np.ndarray]:
        """Result arrays of games first_index.. of a run of `game` with this line-up (see Game.play); a line-up
        with a Python seat is played step by step (brux.agents.python)."""
        entries = split_lineup(agents)
        if any(is_python_entry(e) for e in entries):
            self.lineup_names(game, agents)
            entries = entries * (game.players // len(entries))
            return play_python_lineup(game, n_games, master_seed, first_index, entries)
        kinds, ip, fp = encode_lineup(self.parse(game, agents), self.features, self.weight_table(game.players),
                                      self.policy_options.get(game.players))
        return self.play(game.flat, master_seed, first_index, n_games, kinds, ip, fp)

    def play(self, flat: np.ndarray, master_seed: int, first_index: int, n_games: int, kinds: np.ndarray,
             iparams: np.ndarray, fparams: np.ndarray) -> dict[str, np.ndarray]:
        """Result arrays of a batch with one agent per seat (codes of `brux.agents.spec.encode_lineup`)."""
        arrays = self.play_batch(flat, master_seed, first_index, n_games, kinds, iparams, fparams)
        return dict(zip((*BATCH_KEYS, "decisions"), arrays, strict=True))

    def decide(self, state: np.ndarray, kind: int, iparams: np.ndarray, fparams: np.ndarray,
               rng: np.ndarray) -> int:
        """The action of agent (kind, iparams, fparams) for the seat to move; rng = [key, counter], advanced."""
        return int(self.decide_one(state, kind, iparams, fparams, rng))

