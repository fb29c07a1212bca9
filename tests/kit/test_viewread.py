"""The readers of a readable view (brux.core.viewread): what each accepts, what it refuses and how the message
names the field; Draws against the kernels' chance stream."""

import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from brux.core import viewread as V
from brux.core.rng import randbelow, seed_stream
from brux.errors import ScenarioError


def refused(message: str):
    return pytest.raises(ScenarioError, match="^" + re.escape(f"state_from_dict: {message}") + "$")


def test_need_names_the_field_and_the_view_when_unnamed():
    V.need(True, "coins", "never shown")
    with refused("seats[0].coins: too many"):
        V.need(False, "seats[0].coins", "too many")
    with refused("view: must be a table"):
        V.need(False, "", "must be a table")


def test_shown_cuts_huge_values():
    assert V.shown([1, 2]) == "[1, 2]"
    long = V.shown(list(range(1000)))
    assert len(long) == V.MAX_SHOWN and long.endswith("...")
    with pytest.raises(ScenarioError) as info:
        V.items(list(range(10**4)), "deck", 3)
    assert len(str(info.value)) < 200


def test_entry_reads_a_key_or_its_default():
    assert V.entry({"coins": 3}, "coins", "seats[0]") == 3
    assert V.entry({}, "tracks", "seats[0]", default={}) == {}
    with refused("seats[0]: missing key 'coins'"):
        V.entry({"vp": 1}, "coins", "seats[0]")
    with refused("view: missing key 'round'"):
        V.entry({}, "round", "")
    with refused("seats[0]: must be a table, got 7"):
        V.entry(7, "coins", "seats[0]")


@given(st.integers(-100, 100), st.integers(-100, 100), st.integers(0, 100))
def test_integer_accepts_exactly_its_range(v, lo, width):
    hi = lo + width
    if lo <= v <= hi:
        assert V.integer(v, "bank", lo, hi) == v
        assert V.integer(np.int64(v), "bank", lo, hi) == v
        assert V.int_at({"bank": v}, "bank", "", lo, hi) == v
    else:
        with refused(f"bank: must be an integer in {lo}..{hi}, got {v}"):
            V.integer(v, "bank", lo, hi)
        with refused(f"decks.bank: must be an integer in {lo}..{hi}, got {v}"):
            V.int_at({"bank": v}, "bank", "decks", lo, hi)


@pytest.mark.parametrize("bad", [True, 1.0, "1", None, [1]])
def test_integer_refuses_what_is_not_an_integer(bad):
    with refused(f"coins: must be an integer in 0..66, got {bad!r}"):
        V.integer(bad, "coins", 0, 66)


def test_int_at_names_the_key():
    with refused("seats[1].coins: must be an integer in 0..66, got -1"):
        V.int_at({"coins": -1}, "coins", "seats[1]", 0, 66)
    with refused("seats[1]: missing key 'coins'"):
        V.int_at({}, "coins", "seats[1]", 0, 66)


def test_choice_gives_the_index_of_a_name():
    assert V.choice("b", ("a", "b"), "side") == 1
    assert V.choice(None, (None, "up", "tapped"), "figure") == 0
    assert V.choice("tapped", (None, "up", "tapped"), "figure") == 2
    with refused("side: 'x' is not one of a, b"):
        V.choice("x", ("a", "b"), "side")
    with refused("side: 1 is not one of a, b"):
        V.choice(1, ("a", "b"), "side")
    with refused("figure: False is not one of None, up"):
        V.choice(False, (None, "up"), "figure")


@given(st.lists(st.integers(-10**12, 10**12), max_size=6), st.integers(0, 6))  # reprs within MAX_SHOWN: not cut
def test_items_checks_the_length_when_given(v, n):
    assert V.items(v, "strips") is v
    if len(v) == n:
        assert V.items(v, "strips", n) is v
    else:
        with refused(f"strips: must be a list of {n}, got {v!r}"):
            V.items(v, "strips", n)


def test_items_and_table_refuse_other_shapes():
    with refused("strips: must be a list, got (1, 2)"):
        V.items((1, 2), "strips")
    assert V.table({"a": 1}, "tracks") == {"a": 1}
    with refused("tracks: must be a table, got [1]"):
        V.table([1], "tracks")


def test_only_keys_names_the_missing_and_the_unknown_key():
    d = {"coins": 1, "vp": 2}
    assert V.only_keys(d, "seats[0]", ("coins",), ("vp",)) is d
    with refused("seats[0]: missing key 'tableau'"):
        V.only_keys(d, "seats[0]", ("coins", "tableau"), ("vp",))
    with refused("seats[0].vp: unknown key"):
        V.only_keys(d, "seats[0]", ("coins",))
    with refused("mony: unknown key"):
        V.only_keys({"mony": 1}, "", ())
    with refused("seats[0]: must be a table, got 'x'"):
        V.only_keys("x", "seats[0]", ())


@given(st.integers(0, 2**63 - 1), st.lists(st.integers(1, 2**32 - 1), min_size=1, max_size=20))
def test_draws_are_the_kernels_chance_stream(seed, bounds):
    draws = V.Draws(seed)
    arr = np.zeros(2, np.int64)
    seed_stream(arr, 0, 1, seed, 0)
    assert [draws.below(n) for n in bounds] == [int(randbelow(arr, 0, 1, n)) for n in bounds]
    stored = np.zeros(2, np.int64)
    draws.store(stored, 0, 1)
    assert stored.tolist() == arr.tolist()  # the kernels continue the stream where the draws left it


@given(st.integers(0, 2**63 - 1), st.integers(0, 30))
def test_shuffle_is_fisher_yates_from_the_stream(seed, n):
    values = list(range(n))
    V.Draws(seed).shuffle(values)
    assert sorted(values) == list(range(n))
    arr = np.zeros(2, np.int64)
    seed_stream(arr, 0, 1, seed, 0)
    want = list(range(n))
    for i in range(n - 1, 0, -1):
        j = int(randbelow(arr, 0, 1, i + 1))
        want[i], want[j] = want[j], want[i]
    assert values == want
