"""The Python API of a game (docs/design.md): Game and State over a game's Numba kernel."""

from __future__ import annotations

import copy
from typing import Any

import numpy as np

from brux.core.obs import ObsLayout
from brux.core.params import params_id as _params_id
from brux.core.rules import Rules
from brux.core.viewkeys import unknown_key
from brux.errors import IllegalActionError, ScenarioError
from brux.games import get_rules
from brux.version import __version__

RECORD_FORMAT = 1
SEED_LIMIT = 2**63  # seeds are 0 .. 2**63 - 1 (they are stored in int64 state and result columns)


def is_int(value: Any) -> bool:
    """A Python or NumPy integer (not a bool)."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def nonneg_int64(value: Any, name: str = "seed") -> int:
    """`value` (a seed, a game index or count) as a Python int; ValueError naming it unless it is an integer in
    0 .. 2**63 - 1."""
    if not is_int(value) or not 0 <= value < SEED_LIMIT:
        raise ValueError(f"{name} must be an integer from 0 to 2**63 - 1, got {value!r}")
    return int(value)


class Game:
    """A game with a player count and a validated rule-parameter set."""

    def __init__(self, rules: Rules, players: int, overrides: dict[str, Any] | None = None) -> None:
        if not is_int(players) or not (rules.min_players <= players <= rules.max_players):
            raise ValueError(
                f"{rules.name} is for {rules.min_players} to {rules.max_players} players, got players={players!r}"
            )
        self.rules = rules
        self.name = rules.name
        self.players = int(players)
        self.overrides = dict(overrides or {})
        self.params = rules.resolve_params(self.overrides)
        self.params_id = _params_id(self.params)
        self.flat = rules.flatten(self.params, players)
        self._names = rules.action_names(self.flat)
        self._by_name = {name: a for a, name in enumerate(self._names)}

    @property
    def vp_sources(self) -> tuple[str, ...]:
        return self.rules.vp_sources

    @property
    def num_actions(self) -> int:
        return self.rules.n_actions

    @property
    def observation_shape(self) -> tuple[int]:
        """Shape of `State.observation(player)` (float32)."""
        return (self.rules.obs_size,)

    @property
    def observation_layout(self) -> ObsLayout:
        """The named pieces of `State.observation(player)` (`layout.slice(name)`, `layout.markdown()`)."""
        return self.rules.obs_layout

    @property
    def max_game_length(self) -> int:
        """An upper bound on the decisions of one game (player decisions; `length` of a result), derived from the
        rules' round structure and this game's parameters (docs/<game>.md, "Game length")."""
        if self.rules.max_length is None:
            raise NotImplementedError(f"{self.name} declares no game-length bound")
        return int(self.rules.max_length(self.flat))

    min_utility = 0.0  # utilities are win shares: 1/k to each of the k seats ranked first, 0 to the others
    max_utility = 1.0

    def action_to_string(self, action: int) -> str:
        """The readable name of action number `action` (0 .. num_actions - 1); ValueError for any other value."""
        if not is_int(action) or not 0 <= action < len(self._names):
            raise ValueError(f"action must be an integer from 0 to {len(self._names) - 1}, got {action!r}")
        return self._names[int(action)]

    def string_to_action(self, name: str) -> int:
        if name not in self._by_name:
            raise IllegalActionError(f"{name!r} is not an action of {self.name}")
        return self._by_name[name]

    def opening_labels(self) -> tuple[str, ...]:
        return self.rules.opening_labels(self.flat)

    def new_initial_state(self, seed: int = 0) -> State:
        """A new game; `seed` (an integer from 0 to 2**63 - 1) fixes every chance event."""
        seed = nonneg_int64(seed)
        return State(self, self.rules.new_state(self.flat, seed), seed, None)

    def state_from_dict(self, view: dict[str, Any], seed: int = 0) -> State:
        """A state from the readable view (a MAIN decision pending); hidden deck order drawn from seed.

        A malformed or inconsistent view, or one with a key that is not part of the game's view, raises
        ScenarioError (a ValueError) naming the field.
        """
        if not is_int(seed) or not 0 <= seed < SEED_LIMIT:
            raise ScenarioError(f"state_from_dict: seed must be an integer from 0 to 2**63 - 1, got {seed!r}")
        if not isinstance(view, dict):
            raise ScenarioError(f"state_from_dict: the view must be a dict, got {type(view).__name__}")
        try:
            array = self.rules.from_dict(view, self.flat, int(seed))
        except ScenarioError:
            raise
        except (TypeError, AttributeError, KeyError, IndexError, OverflowError, RecursionError) as e:
            # a shape the game's own checks did not foresee: still one clear error, never a crash
            raise ScenarioError(f"state_from_dict: malformed view ({type(e).__name__}: {e})") from e
        problem = unknown_key(view, self.rules.to_dict(array), extra=self.rules.scenario_keys)
        if problem:
            raise ScenarioError(f"state_from_dict: {problem}")
        return State(self, array, int(seed), copy.deepcopy(view))

    def play_random(self, n_games: int, master_seed: int = 0, first_index: int = 0) -> dict[str, np.ndarray]:
        """Per-seat result arrays of uniformly random games (see brux.core.rules.Rules.play_random)."""
        n_games, master_seed, first_index = _run_args(n_games, master_seed, first_index)
        return self.rules.play_random(self.flat, self.players, master_seed, first_index, n_games)

    @property
    def rules_version(self) -> int:
        return self.rules.rules_version

    def agent_names(self) -> list[str]:
        """Agents this game can be played with (see docs/agents.md for options)."""
        return ["random"] if self.rules.agents is None else self.rules.agents.names()

    def parse_agents(self, agents: str | list[str] | tuple[str, ...] = "random") -> tuple[str, ...]:
        """The canonical spec of each seat's agent; a single spec plays every seat. ValueError names a bad one.

        A seat may be a Python strategy (a callable or "module:function", see brux.agents.python), named by its
        import path."""
        if self.rules.agents is None:
            return self._random_lineup(agents)
        return self.rules.agents.lineup_names(self, agents)

    def _random_lineup(self, agents: str | list[str] | tuple[str, ...]) -> tuple[str, ...]:
        """The line-up of a game without agents capability: every seat `random`."""
        specs = [a.strip() for a in agents.split(",")] if isinstance(agents, str) else list(agents)
        bad = [s for s in specs if not isinstance(s, str) or s.strip() != "random"]
        if bad:
            raise ValueError(f"{self.name} has no agent {bad[0]!r} yet; known agents: random")
        if len(specs) not in (1, self.players):
            raise ValueError(f"{len(specs)} agents given for {self.players} players; give one for all seats or one "
                             "per seat")
        return ("random",) * self.players

    def play(self, n_games: int, master_seed: int = 0, first_index: int = 0,
             agents: str | list[str] | tuple[str, ...] = "random") -> dict[str, np.ndarray]:
        """Per-seat result arrays (as play_random) of games first_index.. of a run, one agent spec per seat.

        Same seeds give the same deals to every line-up; all seats "random" gives play_random's games exactly.
        A seat may be a Python strategy (a callable or "module:function", see brux.agents.python): the line-up is
        then played step by step in Python.
        """
        n_games, master_seed, first_index = _run_args(n_games, master_seed, first_index)
        if self.rules.agents is None:
            self._random_lineup(agents)
            return self.play_random(n_games, master_seed, first_index)
        return self.rules.agents.play_lineup(self, n_games, master_seed, first_index, agents)

    def __repr__(self) -> str:
        over = f", overrides={self.overrides}" if self.overrides else ""
        return f"Game({self.name!r}, players={self.players}{over}, params_id={self.params_id!r})"


def _run_args(n_games: Any, master_seed: Any, first_index: Any) -> tuple[int, int, int]:
    """Validated batch arguments; the last game's index must fit an int64 too."""
    n_games, master_seed = nonneg_int64(n_games, "n_games"), nonneg_int64(master_seed, "master_seed")
    first_index = nonneg_int64(first_index, "first_index")
    if first_index + n_games >= SEED_LIMIT:
        raise ValueError(f"first_index + n_games must be below 2**63, got {first_index + n_games}")
    return n_games, master_seed, first_index


class State:
    """One game in progress: a thin wrapper around the kernel's flat state array."""

    __slots__ = ("game", "array", "seed", "scenario", "history")

    def __init__(self, game: Game, array: np.ndarray, seed: int, scenario: dict[str, Any] | None) -> None:
        self.game = game
        self.array = array
        self.seed = seed
        self.scenario = scenario
        self.history: list[int] = []

    def current_player(self) -> int:
        """Seat whose decision is pending; -1 when the game is over."""
        return self.game.rules.current_player(self.array)

    def legal_actions(self) -> list[int]:
        return [int(a) for a in self.game.rules.legal(self.array)]

    def legal_mask(self) -> np.ndarray:
        mask = np.zeros(self.game.num_actions, bool)
        mask[self.game.rules.legal(self.array)] = True
        return mask

    def action_to_string(self, action: int) -> str:
        return self.game.action_to_string(action)

    def apply_action(self, action: int | str) -> None:
        """Apply an action given by number or name; IllegalActionError leaves the state unchanged."""
        a = self.game.string_to_action(action) if isinstance(action, str) else action
        if self.is_terminal():
            raise IllegalActionError(f"the game is over; {action!r} cannot be played")
        legal = self.game.rules.legal(self.array)
        if isinstance(a, bool) or not isinstance(a, (int, np.integer)) or int(a) not in legal:
            names = ", ".join(self.game.action_to_string(int(x)) for x in legal)
            raise IllegalActionError(f"{action!r} is not legal now ({self.to_dict()['pending']}); legal: {names}")
        self.game.rules.apply(self.array, int(a))
        self.history.append(int(a))

    def is_terminal(self) -> bool:
        return self.current_player() < 0

    def clone(self) -> State:
        other = State(self.game, self.array.copy(), self.seed, self.scenario)
        other.history = list(self.history)
        return other

    def __reduce__(self) -> tuple:
        """Pickled as its game's name, players, overrides and its array (the game is rebuilt on loading)."""
        return _unpickle_state, (self.game.name, self.game.players, self.game.overrides, self.array, self.seed,
                                 self.scenario, self.history)

    def __deepcopy__(self, memo: dict) -> State:
        return self.clone()  # the game (parameters, rules) is shared, as in clone

    def to_dict(self, player: int | None = None) -> dict[str, Any]:
        """The readable view; with `player`, that seat's view: what it cannot see in canonical form (decks in
        canonical order — their composition is public —, other seats' sealed plays withdrawn, seeds zeroed)."""
        if player is None:
            return self.game.rules.to_dict(self.array)
        return self.game.rules.to_dict(self.game.rules.hidden_view(self.array, self._seat(player)))

    def observation(self, player: int) -> np.ndarray:
        """Seat `player`'s float32 observation, shape `game.observation_shape` (layout: the game's docs)."""
        return self.game.rules.observation(self.array, self._seat(player))

    def resample(self, player: int, seed: int) -> State:
        """A copy in which everything `player` cannot see is re-drawn from `seed` consistently with what it saw
        (the game's `determinise`, as the agents use). The copy keeps the history but has no scenario."""
        other = State(self.game, self.game.rules.resample(self.array, self._seat(player), nonneg_int64(seed)),
                      self.seed, None)
        other.history = list(self.history)
        return other

    def rewards(self) -> np.ndarray:
        """Running reward of every seat: its victory points so far (float64; the utility at the end is the win
        share of `result()`)."""
        return self.game.rules.rewards(self.array)

    def _seat(self, player: Any) -> int:
        if not is_int(player) or not 0 <= player < self.game.players:
            raise ValueError(f"player must be a seat from 0 to {self.game.players - 1}, got {player!r}")
        return int(player)

    def result(self) -> list[dict[str, Any]]:
        """Per seat: seat, vp, rank, win_share, vp_by_source; only for a finished game."""
        if not self.is_terminal():
            raise ValueError("result() is only defined for a finished game")
        return self.game.rules.result(self.array)

    def record(self, agents: list[str] | None = None) -> dict[str, Any]:
        """A JSON-able game record; brux.replay(record) rebuilds this state."""
        rec: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "brux_version": __version__,
            "game": self.game.name,
            "players": self.game.players,
            "overrides": copy.deepcopy(self.game.overrides),
            "seed": self.seed,
            "agents": agents,
            "actions": [self.game.action_to_string(a) for a in self.history],
        }
        if self.scenario is not None:
            rec["scenario"] = copy.deepcopy(self.scenario)
        return rec

    def __str__(self) -> str:
        d = self.to_dict()
        if d.get("over"):
            return f"{self.game.name}: game over, VP {[r['vp'] for r in self.result()]}"
        return f"{self.game.name}: round {d.get('round')}, seat {d['current_player']} to decide {d['pending']}"

    __repr__ = __str__


def _unpickle_state(name: str, players: int, overrides: dict[str, Any], array: np.ndarray, seed: int,
                    scenario: dict[str, Any] | None, history: list[int]) -> State:
    state = State(Game(get_rules(name), players, overrides), array.copy(), seed, scenario)
    state.history = list(history)
    return state


def load_game(name: str, players: int = 3, **overrides: Any) -> Game:
    """A game by name with a player count and rule-parameter overrides (validated; ValueError names a bad field)."""
    return Game(get_rules(name), players, overrides)
