"""Derived kernel fields stay equal to what they summarise: the area's card-space index and the MAIN legal list."""

import random

import numpy as np
import pytest

import brux
from brux.games.bruxelles1897.kernel import codes as C
from brux.games.bruxelles1897.kernel import layout as L
from brux.games.bruxelles1897.kernel.area import index_cards
from brux.games.bruxelles1897.kernel.legal import legal_at

INDEX = slice(L.A_CARDS, L.A_CARD_LIST + 1)


def _card_spaces(s: np.ndarray) -> list[int]:
    rows = int(s[L.P_ROWS])
    return [sp for sp in range(rows * L.COLS) if 0 <= s[L.A_KIND + sp] <= C.K_EXHIBITION]


def _main_actions(s: np.ndarray) -> list[int]:
    """MAIN's Art Nouveau actions by brute force: every card space x every held, affordable (type, face)."""
    o = L.SEATS + int(s[L.G_CUR]) * L.SEAT_SIZE
    offsets = [2 * t + f for t in range(3) for f in range(2)
               if s[o + L.S_HAND + t] > 0 and s[L.P_FACES + 2 * t + f] <= s[o + L.S_MONEY]]
    return [C.A_AN + 6 * sp + off for sp in _card_spaces(s) for off in offsets]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_card_index_and_main_list_match_the_area(players):
    game = brux.load_game("bruxelles1897", players=players)
    rnd = random.Random(players)
    checked = 0
    for seed in range(40):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            s = state.array
            fresh = s.copy()
            index_cards(fresh)
            assert list(s[INDEX]) == list(fresh[INDEX]), f"seed {seed}: incremental index differs from a rebuild"
            assert int(s[L.A_NCARDS]) == len(_card_spaces(s))
            legal = [int(legal_at(s, i)) for i in range(int(s[L.LEGAL_N]))]
            assert legal == sorted(set(legal))
            if s[L.G_PENDING] == C.D_MAIN:
                assert [a for a in legal if a < C.A_BR] == _main_actions(s)
                checked += 1
            state.apply_action(rnd.choice(list(state.legal_actions())))
    assert checked > 40 * 20
