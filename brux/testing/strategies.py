"""Hypothesis strategies over any game: valid rule parameters and states reached by random legal play."""

import random
from typing import Any, Literal

from hypothesis import strategies as st

import brux
from brux.core.game import State
from brux.games import get_rules
from brux.testing.hooks import game_testing


def rule_params(game: str) -> st.SearchStrategy[dict[str, Any]]:
    """Valid rule-parameter overrides of a game across its documented ranges."""
    return game_testing(game).param_overrides()


def player_counts(game: str, players: int | None = None) -> st.SearchStrategy[int]:
    rules = get_rules(game)
    if players is not None:
        if not rules.min_players <= players <= rules.max_players:
            raise ValueError(f"{game} is for {rules.min_players} to {rules.max_players} players, got {players}")
        return st.just(players)
    return st.integers(rules.min_players, rules.max_players)


def random_play(state: State, steps: int, choice_seed: int) -> State:
    """Play up to `steps` uniformly random legal decisions (fewer if the game ends)."""
    rnd = random.Random(choice_seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rnd.choice(state.legal_actions()))
    return state


@st.composite
def played_states(
    draw: st.DrawFn, game: str, players: int | None = None, params: Literal["default", "random"] = "default",
    max_steps: int = 400,
) -> State:
    """A state reached by random legal play from a random seed (and random valid parameters with params="random")."""
    n = draw(player_counts(game, players))
    overrides = draw(rule_params(game)) if params == "random" else {}
    g = brux.load_game(game, players=n, **overrides)
    state = g.new_initial_state(seed=draw(st.integers(0, 2**31 - 1)))
    return random_play(state, draw(st.integers(0, max_steps)), draw(st.integers(0, 2**31 - 1)))
