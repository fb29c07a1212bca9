"""Every game's declared state schema (kernel/layout.py `SCHEMA`): the bounds of its parameter slots hold every
allowed parameter value, every field set outside its bounds is named by the range check, and the game's invariants
run that check on a State."""

import random

import numpy as np
import pytest

import brux
from brux.games import get_rules
from brux.testing.hooks import game_testing

GAMES = brux.list_games()


def schema(name: str):
    return get_rules(name).hooks.L.SCHEMA


def mid_game(name: str) -> brux.State:
    game = brux.load_game(name, players=get_rules(name).min_players + 1)
    state = game.new_initial_state(seed=5)
    rnd = random.Random(5)
    for _ in range(game.max_game_length // 4):
        if state.is_terminal():
            break
        state.apply_action(rnd.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name", GAMES)
def test_parameter_slots_hold_every_allowed_value(name):
    s = schema(name)
    checked = 0
    for p in get_rules(name).params.params:
        if p.slot is None:
            continue
        values = [0, len(p.choices) - 1] if p.choices else [p.lo, p.hi]
        if None in values:
            continue
        n = 1 if not p.shape or p.by_players else int(np.prod(p.shape))
        low, high = s.low[p.slot: p.slot + n], s.high[p.slot: p.slot + n]
        assert (low <= min(values)).all() and (high >= max(values)).all(), p.name
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("name", GAMES)
def test_every_field_outside_its_bounds_is_named(name):
    s = schema(name)
    state = mid_game(name).array
    assert s.violations(state) == []
    tried = 0
    top, bottom = np.iinfo(np.int64).max, np.iinfo(np.int64).min
    for i in range(s.size):
        low, high = int(s.low[i]), int(s.high[i])
        if low == bottom and high == top:
            continue  # a chance-stream word: every value is valid
        value = high + 1 if high < top else low - 1
        bad = state.copy()
        bad[i] = value
        problems = s.violations(bad)
        assert len(problems) == 1 and problems[0].endswith(f" = {value} outside {low} .. {high}"), (
            i, problems)
        tried += 1
    assert tried > s.size // 2


@pytest.mark.parametrize("name", GAMES)
def test_the_invariants_run_the_range_check_on_a_state(name):
    state = mid_game(name)
    testing = game_testing(name)
    assert testing.check_invariants(state) == []
    L = get_rules(name).hooks.L
    state.array[L.G_DECISIONS] = L.SCHEMA.high[L.G_DECISIONS] + 1  # out of range, harmless to the view
    problems = testing.check_invariants(state)
    assert any(p.startswith("G_DECISIONS = ") for p in problems), problems


def problems_with(state: brux.State, field: str, value: int, seat: int = 1) -> list[str]:
    """The game's invariant problems once `field` (in seat `seat`'s block for an S_* field) holds `value`; the
    state must be sound before."""
    L = state.game.rules.hooks.L
    testing = game_testing(state.game.name)
    assert testing.check_invariants(state) == []
    at = L.SEATS + seat * L.SEAT_SIZE + L.SCHEMA[field] if field.startswith("S_") else L.SCHEMA[field]
    state.array[at] = value
    return testing.check_invariants(state)
