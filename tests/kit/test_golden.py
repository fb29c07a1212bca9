"""Every game at every player count gives the stored golden checksums (tests/kit/golden.py): the same seeds give
the same result rows, records and views as when they were stored."""

import pytest

from tests.kit import golden

STORED = golden.load()
CASES = golden.cases()


def test_every_case_is_stored():
    assert sorted(golden.key(g, n) for g, n in CASES) == sorted(STORED)


@pytest.mark.parametrize("name, players", CASES, ids=[golden.key(g, n) for g, n in CASES])
def test_checksums_are_the_stored_ones(name, players):
    assert golden.checksums(name, players) == STORED[golden.key(name, players)]
