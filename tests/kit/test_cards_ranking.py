"""The kit's card runs (brux.core.cards) and declared tie-breaks (brux.core.ranking)."""

import itertools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from brux.core.cards import resample_run, shuffle_run, sort_run
from brux.core.ranking import Key, tie_break
from brux.core.rng import below_at

runs = st.lists(st.integers(0, 30), min_size=0, max_size=12)


def fisher_yates(items, key, counter):
    """Fisher–Yates from the end as the kit defines it: for i = n - 1 .. 1, j = below(i + 1) of the next draw."""
    items = list(items)
    for i in range(len(items) - 1, 0, -1):
        counter += 1
        j = int(below_at(key, counter, i + 1))
        items[i], items[j] = items[j], items[i]
    return items, counter


@given(runs, st.integers(0, 2**62), st.integers(0, 1000))
def test_shuffle_run_is_fisher_yates_from_the_stream_and_advances_it(items, key, counter):
    s = np.array([7, *items, 7], np.int64)  # the run sits between two guards
    rng = np.array([key, counter], np.int64)
    shuffle_run(s, 1, len(items), rng, 0, 1)
    want, after = fisher_yates(items, key, counter)
    assert s[1:-1].tolist() == want and s[0] == s[-1] == 7
    assert rng[1] == after == counter + max(len(items) - 1, 0)


def test_a_kernel_shuffles_from_its_own_chance_stream():
    s = np.zeros(12, np.int64)
    s[:8] = np.arange(8)
    s[10], s[11] = 12345, 3  # key and counter inside the same array
    shuffle_run(s, 0, 8, s, 10, 11)
    assert s[:8].tolist() == fisher_yates(range(8), 12345, 3)[0] and s[11] == 3 + 7


@given(runs)
def test_sort_run_puts_a_run_in_ascending_order_and_touches_nothing_else(items):
    s = np.array([99, *items, -5], np.int64)
    sort_run(s, 1, len(items))
    assert s[1:-1].tolist() == sorted(items) and s[0] == 99 and s[-1] == -5


def test_resample_run_depends_only_on_the_multiset_and_the_stream():
    items = [4, 1, 1, 9, 2]
    seen = set()
    for perm in itertools.permutations(items):
        s = np.array(perm, np.int64)
        resample_run(s, 0, len(items), np.array([77, 0], np.int64), 0, 1)
        seen.add(tuple(s))
    assert len(seen) == 1
    assert sorted(seen.pop()) == sorted(items)
    other = np.array(items, np.int64)
    resample_run(other, 0, len(items), np.array([78, 0], np.int64), 0, 1)
    draws = {tuple(fisher_yates(sorted(items), k, 0)[0]) for k in (77, 78)}
    assert len(draws) == 2 and tuple(other) in draws  # another stream gives another order


SEATS, SEAT_SIZE = 3, 6
KEYS = (Key(0), Key(1, 3, more=False), Key(4))
better = tie_break("tests.kit.test_cards_ranking", SEATS, SEAT_SIZE, *KEYS)


def key_of(block):
    """The Python ranking key of a seat block: larger is better."""
    return (block[0], -sum(block[1:4]), block[4])


@given(st.lists(st.lists(st.integers(0, 3), min_size=SEAT_SIZE, max_size=SEAT_SIZE), min_size=2, max_size=4))
def test_tie_break_compares_the_declared_keys_in_order(blocks):
    s = np.array([0] * SEATS + [v for b in blocks for v in b], np.int64)
    for q, p in itertools.permutations(range(len(blocks)), 2):
        assert bool(better(s, q, p)) == (key_of(blocks[q]) > key_of(blocks[p]))


@pytest.mark.parametrize("keys, match", [((), "at least one key"), ((Key(5, 2),), "outside the seat block"),
                                         ((Key(-1),), "outside the seat block"), ((Key(0, 0),), "outside")])
def test_a_tie_break_outside_the_seat_block_is_refused(keys, match):
    with pytest.raises(ValueError, match=match):
        tie_break("tests.kit.test_cards_ranking", SEATS, SEAT_SIZE, *keys)
