"""The API contract (docs/design.md "Python API of a game") checked for every registered game and player count.

A game inherits every check by registering in `brux.games.GAMES` and providing its testing module
(`brux/games/<game>/testing.py`): `check_invariants`, `is_scenario_position` (the views `state_from_dict`
rebuilds) and, for a game with agents other than random, `redraw_hidden`.
"""

import random
from dataclasses import dataclass, field
from types import ModuleType

import pytest

import brux
from brux.agents.kinds import cheap_spec
from brux.games import get_rules
from brux.testing.hooks import game_testing

CASES = [(name, n) for name in brux.list_games()
         for n in range(get_rules(name).min_players, get_rules(name).max_players + 1)]

def agent_specs(game: brux.Game) -> list[str]:
    """Every agent of the game but random, with its kind's cheap options (`brux.agents.kinds`)."""
    return [cheap_spec(name) for name in game.agent_names() if name != "random"]


def play_randomly(state: brux.State, choice_seed: int, max_decisions: int | None = None) -> brux.State:
    """Apply seeded uniformly random legal decisions until the end (or `max_decisions`)."""
    rnd = random.Random(choice_seed)
    n = 0
    while not state.is_terminal() and (max_decisions is None or n < max_decisions):
        state.apply_action(rnd.choice(state.legal_actions()))
        n += 1
    return state


@dataclass
class Case:
    """One game at one player count, with the states of a seeded random game (one per decision) and its end."""

    game: brux.Game
    testing: ModuleType
    states: list[brux.State] = field(default_factory=list)
    final: brux.State | None = None

    @property
    def agents(self) -> list[str]:
        return agent_specs(self.game)

    def sample(self, k: int) -> list[brux.State]:
        """About k states spread over the game."""
        return self.states[:: max(1, len(self.states) // k)]


def make_case(name: str, n: int) -> Case:
    """The case of game `name` at `n` players: a seeded random game played to its end."""
    game = brux.load_game(name, players=n)
    c = Case(game, game_testing(name))
    state = game.new_initial_state(seed=1000 + n)
    rnd = random.Random(n)
    while not state.is_terminal():
        c.states.append(state.clone())
        state.apply_action(rnd.choice(state.legal_actions()))
    c.final = state
    return c


@pytest.fixture(scope="module", params=CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def case(request) -> Case:
    return make_case(*request.param)
