"""Hypothesis strategies over any game: valid rule parameters and states reached by random legal play."""

import random
from typing import Any, Literal

from hypothesis import strategies as st

import brux
from brux.core.game import State
from brux.core.params import Param, ParamTable
from brux.games import get_rules


def param_strategy(p: Param) -> st.SearchStrategy[Any]:
    """Random values of one declared parameter: its own strategy, its choices, or integers in its search range."""
    if p.strategy is not None:
        return p.strategy(st)
    if p.choices:
        return st.sampled_from(list(p.choices))
    lo, hi = p.search_range()  # type: ignore[misc]
    values: st.SearchStrategy[Any] = st.integers(lo, hi)
    for size in reversed(p.shape):
        values = st.lists(values, min_size=size, max_size=size)
    return values


def _merge_into(out: dict[str, Any], add: dict[str, Any]) -> None:
    for key, value in add.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            _merge_into(out[key], value)
        else:
            out[key] = value


def table_overrides(table: ParamTable) -> st.SearchStrategy[dict[str, Any]]:
    """Valid overrides of a parameter table: each parameter (or joint group) changed or left at its default."""
    grouped = {name for names, _ in table.joint for name in names}

    @st.composite
    def draw_overrides(draw: st.DrawFn) -> dict[str, Any]:
        o: dict[str, Any] = {}
        for p in table.params:
            if p.name not in grouped and draw(st.booleans()):
                _merge_into(o, nest(p.name, draw(param_strategy(p))))
        for _, make in table.joint:
            if draw(st.booleans()):
                _merge_into(o, draw(make(st)))
        return o

    return draw_overrides()


def nest(dotted: str, value: Any) -> dict[str, Any]:
    """{"a": {"b": value}} from "a.b"."""
    for part in reversed(dotted.split(".")):
        value = {part: value}
    return value


def rule_params(game: str) -> st.SearchStrategy[dict[str, Any]]:
    """Valid rule-parameter overrides of a game across the search ranges of its parameter table."""
    return table_overrides(get_rules(game).params)


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
