"""The parameter tables: one declaration per parameter gives validation, flattening, random values, search spaces,
the docs' tables; defaults keep their params_id (results folders resume)."""

import copy

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import brux
from brux.core.params import Param, ParamTable
from brux.games import GAMES, get_rules, paramdoc
from brux.testing.strategies import nest, param_strategy


@pytest.mark.parametrize("game, pid", [("bruxelles1897", "56c3f9120d1f"), ("lutece", "d05d2efcc80f")])
def test_default_params_id_is_unchanged(game, pid):
    # The ids of results folders written before the parameter tables: they must keep resuming.
    assert brux.load_game(game).params_id == pid


def test_docs_tables_are_generated_from_the_declarations():
    assert paramdoc.main(["--check"]) == 0


def test_render_replaces_only_the_table():
    page = f"intro\n{paramdoc.BEGIN}\nold\n{paramdoc.END}\noutro\n"
    assert paramdoc.render(page, "new\n") == f"intro\n{paramdoc.BEGIN}\nnew\n{paramdoc.END}\noutro\n"
    with pytest.raises(ValueError, match="no generated table"):
        paramdoc.render("intro\n", "new\n")
    obs = f"{page}{paramdoc.OBS_BEGIN}\nold\n{paramdoc.OBS_END}\n"
    assert paramdoc.render(obs, "layout\n", paramdoc.OBS_BEGIN, paramdoc.OBS_END) == (
        f"{page}{paramdoc.OBS_BEGIN}\nlayout\n{paramdoc.OBS_END}\n")


def _other_value(p: Param):
    """A valid value other than the default (None when there is none to try simply)."""
    if p.choices:
        return next(c for c in p.choices if c != p.default)
    if p.check is not None or p.strategy is not None or p.search_range() is None:
        return None
    lo, hi = p.search_range()
    if not p.shape:
        return lo if p.default != lo else hi
    value = copy.deepcopy(p.default)
    if len(p.shape) == 1:
        value[-1] = lo if value[-1] != lo else hi
    return value


@pytest.mark.parametrize("game", list(GAMES))
def test_each_declared_slot_receives_its_parameter(game):
    table = get_rules(game).params
    rules = get_rules(game)
    players = rules.max_players
    base = table.flatten(table.resolve({}), players)
    tried = 0
    for p in table.params:
        value = _other_value(p)
        if value is None or p.slot is None:
            continue
        try:
            flat = table.flatten(table.resolve(nest(p.name, value)), players)
        except ValueError:
            continue  # a valid value that another parameter's cross-check refuses
        changed = np.flatnonzero(flat != base)
        assert changed.size >= 1, p.name
        expected = p.flat_values(value, players, table.min_players)
        assert flat[p.slot: p.slot + len(expected)].tolist() == expected, p.name
        tried += 1
    assert tried >= 10


@pytest.mark.parametrize("game", list(GAMES))
def test_out_of_range_values_name_the_parameter(game):
    table = get_rules(game).params
    for p in table.params:
        if p.choices:
            bad = "no-such-choice"
        elif p.lo is not None and not p.shape and p.check is None:
            bad = p.hi + 1
        else:
            continue
        with pytest.raises(ValueError, match=f"rule parameter {p.name}"):
            table.resolve(nest(p.name, bad))


@given(st.data())
def test_random_values_of_each_parameter_are_valid(data):
    for game in GAMES:
        table = get_rules(game).params
        joint = {n for names, _ in table.joint for n in names}
        p = data.draw(st.sampled_from([p for p in table.params if p.name not in joint]))
        table.resolve(nest(p.name, data.draw(param_strategy(p))))


def test_search_space_of_the_declarations():
    table = get_rules("bruxelles1897").params
    assert table.search_space("exhibit_vp") == {"low": 0, "high": 8}
    assert table.search_space("exhibition_mode") == {"values": ["round_robin", "one_each"]}
    assert table.search_space("start_money") is None and table.search_space("nothing") is None


def test_table_declaration_errors():
    with pytest.raises(ValueError, match="declared twice"):
        ParamTable([Param("a", 1, "", lo=0, hi=2), Param("a", 1, "", lo=0, hi=2)], size=4, players_slot=0,
                   min_players=2)
    with pytest.raises(ValueError, match="rule parameter a must be between 0 and 2"):
        ParamTable([Param("a", 3, "", lo=0, hi=2)], size=4, players_slot=0, min_players=2)


def test_a_small_table_end_to_end():
    table = ParamTable([Param("a", 1, "an int", lo=0, hi=5, slot=1),
                        Param("t.b", [1, 2, 3], "by players", lo=0, hi=9, shape=(3,), by_players=True, slot=2),
                        Param("c", "x", "a choice", choices=("x", "y"), slot=3),
                        Param("d", False, "a flag", choices=(False, True), slot=4)],
                       size=6, players_slot=0, min_players=2)
    assert table.defaults() == {"a": 1, "t": {"b": [1, 2, 3]}, "c": "x", "d": False}
    p = table.resolve({"t": {"b": [4, 5, 6]}, "c": "y", "d": True})
    assert table.flatten(p, 3).tolist() == [3, 1, 5, 1, 1, 0]
    with pytest.raises(ValueError, match="rule parameter d must be true or false"):
        table.resolve({"d": 1})
    with pytest.raises(ValueError, match="unknown rule parameter 'e'"):
        table.resolve({"e": 1})
    assert "| `t.b` | `[1, 2, 3]` | 3 of 0..9 | 0..9 | by players |" in table.markdown()
