"""The kernel's packed-tally majorities (rules 3.6) agree with a direct count on random areas and Brussels lists."""

import random

import numpy as np
import pytest

import brux
from brux.games.bruxelles1897.kernel import codes as C
from brux.games.bruxelles1897.kernel import layout as L
from brux.games.bruxelles1897.kernel.majority import area_majorities, brussels_winners, column_mask, field


def _winners(totals: dict[object, int]) -> set[int]:
    """Seats tied on the highest total (the neutral entry counts but never wins); nobody if that total is 0."""
    best = max(totals.values())
    return set() if best == 0 else {p for p, v in totals.items() if v == best and p != "neutral"}


def _occupant(s: np.ndarray, sp: int) -> object | None:
    kind = s[L.A_KIND + sp]
    if kind == C.SP_ARCHITECT:
        return int(s[L.A_OWNER + sp])
    return "neutral" if kind == C.SP_NEUTRAL else None


def _direct(s: np.ndarray, n: int) -> tuple[list[set[int]], list[int]]:
    rows = int(s[L.P_ROWS])
    columns = []
    for col in range(L.COLS):
        totals: dict[object, int] = {p: 0 for p in range(n)} | {"neutral": 0}
        for r in range(rows):
            who = _occupant(s, r * L.COLS + col)
            if who is not None:
                totals[who] += int(s[L.A_VALUE + r * L.COLS + col])
        columns.append(_winners(totals))
    arms = [0] * n
    for i in range(rows - 1):
        for j in range(L.COLS - 1):
            spaces = [(i + di) * L.COLS + j + dj for di in (0, 1) for dj in (0, 1)]
            who = [_occupant(s, sp) for sp in spaces]
            if None in who:
                continue
            counts: dict[object, int] = {p: 0 for p in range(n)} | {"neutral": 0}
            for w in who:
                counts[w] += 1
            for p in _winners(counts):
                arms[p] += 1
    return columns, arms


def _random_area(s: np.ndarray, n: int, rnd: random.Random) -> None:
    rows = int(s[L.P_ROWS])
    for sp in range(L.MAX_SPACES):
        s[L.A_KIND + sp], s[L.A_SUB + sp], s[L.A_OWNER + sp], s[L.A_VALUE + sp] = C.SP_EMPTY, 0, 0, 0
    for sp in range(rows * L.COLS):
        roll = rnd.random()
        if n == 2 and roll < 0.1:
            s[L.A_KIND + sp], s[L.A_OWNER + sp], s[L.A_VALUE + sp] = C.SP_NEUTRAL, -1, rnd.randint(0, L.FACE_MAX)
        elif roll < 0.75:
            s[L.A_KIND + sp], s[L.A_SUB + sp] = C.SP_ARCHITECT, rnd.randrange(3)
            s[L.A_OWNER + sp], s[L.A_VALUE + sp] = rnd.randrange(n), rnd.randint(0, L.FACE_MAX)
        elif roll < 0.9:
            s[L.A_KIND + sp] = rnd.randrange(C.K_EXHIBITION + 1)
        # else: empty


@pytest.mark.parametrize("players", [2, 3, 4])
def test_area_majorities_match_a_direct_count(players):
    s = brux.load_game("bruxelles1897", players=players).new_initial_state(seed=players).array.copy()
    rnd = random.Random(players)
    decided = 0
    for _ in range(3000):
        _random_area(s, players, rnd)
        columns, arms = area_majorities(s)
        want_columns, want_arms = _direct(s, players)
        assert [{p for p in range(L.MAX_PLAYERS) if column_mask(columns, c) >> p & 1} for c in range(L.COLS)] \
            == want_columns
        assert [field(arms, p) for p in range(L.MAX_PLAYERS)] == want_arms + [0] * (L.MAX_PLAYERS - players)
        decided += sum(want_arms) > 0
    assert decided > 300  # the random areas do complete coats of arms


@pytest.mark.parametrize("players", [2, 3, 4])
def test_brussels_winners_match_a_direct_count(players):
    s = brux.load_game("bruxelles1897", players=players).new_initial_state(seed=players).array.copy()
    rnd = random.Random(10 + players)
    for _ in range(2000):
        counts = {p: 0 for p in range(players)}
        for card in range(3):
            entries = [(rnd.randrange(players), rnd.randrange(3)) for _ in range(rnd.randint(0, 8))]
            s[L.BRU_LEN + card] = len(entries)
            for i, (p, t) in enumerate(entries):
                s[L.BRU_LIST + card * L.BRU_CAP + i] = p * 4 + t
                counts[p] += 1
        mask = brussels_winners(s)
        assert {p for p in range(L.MAX_PLAYERS) if mask >> p & 1} == _winners(counts | {"neutral": 0})
