"""Hidden runs declared on a state schema, and the `hide` / `determinise` hooks the kit builds from them
(brux.core.hidden)."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from brux.core.hidden import hidden_views
from brux.core.jit import JIT, njit
from brux.core.schema import Field, Mark, Run, Schema, header

CAP = 6
SCHEMA = Schema(
    Field("P_PLAYERS", kind="param", low=2, high=4),
    Mark("PARAMS_SIZE"),
    *header(4, 2, 10),
    Field("DECK", (2, CAP), kind="card", high=99, vis="nobody", run=Run(first="POS", end="END")),
    Field("POS", 2, high=CAP),
    Field("END", 2, high=CAP),
    Field("PILE", CAP, kind="card", high=99, vis="nobody", run=Run(first="TOP", end=CAP)),
    Field("TOP", high=CAP),
    Field("MARK", meaning="set by the game's own part of hide / determinise"),
    Mark("STATE_SIZE"),
)
AT = SCHEMA.offsets
MARK = AT["MARK"]


@njit(**JIT)
def _own_hide(s, me):
    s[MARK] = 100 + me


@njit(**JIT)
def _own_determinise(s, me, rng, ko, co):
    s[MARK] = 200 + me


hide, determinise = hidden_views("tests.kit.test_hidden", SCHEMA, _own_hide, _own_determinise)


def test_the_runs_table_resolves_cursors_per_row_and_fixed_ends():
    deck, pile = SCHEMA.runs.tolist()
    assert deck == [AT["DECK"], 2, CAP, AT["POS"], 1, 0, AT["END"], 1, 0]
    assert pile == [AT["PILE"], 1, CAP, AT["TOP"], 0, 0, -1, 0, CAP]


@pytest.mark.parametrize("kind, vis", [("card", "public"), ("card", "owner"), ("count", "nobody")])
def test_a_hidden_run_is_a_card_field_nobody_sees(kind, vis):
    with pytest.raises(ValueError, match="a hidden run is a field of kind 'card' that nobody sees"):
        Field("X", 4, kind=kind, high=9, vis=vis, run=Run(end=4))


@pytest.mark.parametrize("items, problem", [
    ((Field("X", 4, kind="card", vis="nobody", run=Run(end="N")),), "no top-level field 'N'"),
    ((Field("X", 4, kind="card", vis="nobody", run=Run(end="N")), Field("N", 3, high=4)), "has 3 values"),
    ((Field("X", 4, kind="card", vis="nobody", run=Run(end="N")), Field("N", high=5)), "outside its rows of 4"),
    ((Field("X", 4, kind="card", vis="nobody", run=Run(end=5)),), "position 5 is outside"),
])
def test_a_run_refuses_bounds_it_cannot_hold(items, problem):
    with pytest.raises(ValueError, match=problem):
        Schema(*items)


def state(decks, pos, end, pile, top):
    s = np.zeros(SCHEMA.size, np.int64)
    for d in range(2):
        s[AT["DECK"] + d * CAP:AT["DECK"] + (d + 1) * CAP] = decks[d]
    s[AT["POS"]:AT["POS"] + 2] = pos
    s[AT["END"]:AT["END"] + 2] = end
    s[AT["PILE"]:AT["PILE"] + CAP] = pile
    s[AT["TOP"]] = top
    s[AT["G_SEED"]], s[AT["G_RNG_KEY"]], s[AT["G_RNG_CTR"]] = 11, 22, 33
    return s


cards = st.lists(st.integers(0, 99), min_size=CAP, max_size=CAP)
cuts = st.tuples(st.integers(0, CAP), st.integers(0, CAP)).map(sorted)


@given(st.tuples(cards, cards), cuts, cuts, cards, st.integers(0, CAP), st.randoms(use_true_random=False),
       st.integers(0, 3))
def test_hide_sorts_exactly_the_hidden_cards_and_depends_only_on_what_is_seen(decks, c0, c1, pile, top, rnd, me):
    s = state(decks, (c0[0], c1[0]), (c0[1], c1[1]), pile, top)
    shuffled = s.copy()  # the same position with the hidden cards in another order
    for d, (lo, hi) in enumerate((c0, c1)):
        base = AT["DECK"] + d * CAP
        part = shuffled[base + lo:base + hi].tolist()
        rnd.shuffle(part)
        shuffled[base + lo:base + hi] = part
    a, b = s.copy(), shuffled.copy()
    hide(a, me)
    hide(b, me)
    assert np.array_equal(a, b)
    for d, (lo, hi) in enumerate((c0, c1)):
        row = a[AT["DECK"] + d * CAP:AT["DECK"] + (d + 1) * CAP].tolist()
        assert row[:lo] == decks[d][:lo] and row[hi:] == decks[d][hi:]  # seen and unused cards stay put
        assert row[lo:hi] == sorted(decks[d][lo:hi])
    assert a[AT["PILE"]:AT["PILE"] + CAP].tolist() == pile[:top] + sorted(pile[top:])
    assert (a[AT["G_SEED"]], a[AT["G_RNG_KEY"]], a[AT["G_RNG_CTR"]]) == (0, 0, 0)
    assert a[AT["MARK"]] == 100 + me


@given(st.tuples(cards, cards), cuts, cuts, cards, st.integers(0, CAP), st.randoms(use_true_random=False),
       st.integers(0, 2**62), st.integers(0, 3))
def test_determinise_redeals_the_hidden_cards_from_the_agent_stream_only(decks, c0, c1, pile, top, rnd, key, me):
    s = state(decks, (c0[0], c1[0]), (c0[1], c1[1]), pile, top)
    shuffled = s.copy()
    part = shuffled[AT["PILE"] + top:AT["PILE"] + CAP].tolist()
    rnd.shuffle(part)
    shuffled[AT["PILE"] + top:AT["PILE"] + CAP] = part
    shuffled[AT["G_RNG_KEY"]] = 999  # the real game's stream is not read
    out = []
    for x in (s.copy(), shuffled):
        rng = np.array([key, 0], np.int64)
        determinise(x, me, rng, 0, 1)
        out.append(x)
    assert np.array_equal(out[0], out[1])
    a = out[0]
    for d, (lo, hi) in enumerate((c0, c1)):
        row = a[AT["DECK"] + d * CAP:AT["DECK"] + (d + 1) * CAP].tolist()
        assert row[:lo] == decks[d][:lo] and row[hi:] == decks[d][hi:]
        assert sorted(row[lo:hi]) == sorted(decks[d][lo:hi])
    assert a[AT["G_SEED"]] == 0 and a[AT["G_RNG_CTR"]] == 0 and a[AT["MARK"]] == 200 + me


def test_the_order_of_the_runs_fixes_which_draws_each_gets():
    reordered = hidden_views("tests.kit.test_hidden.reordered", SCHEMA, order=("PILE", "DECK"))[1]
    s = state(([1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]), (0, 0), (CAP, CAP), [13, 14, 15, 16, 17, 18], 0)
    a, b = s.copy(), s.copy()
    determinise(a, 0, np.array([5, 0], np.int64), 0, 1)
    reordered(b, 0, np.array([5, 0], np.int64), 0, 1)
    deck = slice(AT["DECK"], AT["DECK"] + CAP)
    pile = slice(AT["PILE"], AT["PILE"] + CAP)
    assert not np.array_equal(a[deck], b[deck]) or not np.array_equal(a[pile], b[pile])
    assert sorted(a[pile]) == sorted(b[pile]) == list(range(13, 19))
    with pytest.raises(ValueError, match="must name each of DECK, PILE once"):
        hidden_views("tests.kit.test_hidden.bad", SCHEMA, order=("DECK",))
