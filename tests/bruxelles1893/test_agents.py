"""Bruxelles 1893's agent ladder through the game kit: the ladder offered, and no peeking at the stacks, decks or the
chance stream (batch = step-by-step play and random = play_random are checked for every game in tests/contract)."""

import random

import numpy as np
import pytest

import brux
from brux.agents import choose
from brux.games.bruxelles1893 import agents as BA
from brux.games.bruxelles1893.testing import redraw_hidden


def test_the_ladder_is_offered():
    game = brux.load_game("bruxelles1893", players=3)
    assert game.agent_names() == ["random", "greedy", "heuristic:builder", "heuristic:merchant", "heuristic:value",
                                  "flatmc", "mcts", "vmcts", "policy"]
    assert all(w.shape == (len(BA.FEATURES),) for w in BA.WEIGHTS.values())


def _states(players, seed, k):
    state = brux.load_game("bruxelles1893", players=players).new_initial_state(seed=seed)
    rnd = random.Random(seed)
    out = []
    while not state.is_terminal():
        out.append(state.clone())
        state.apply_action(rnd.choice(state.legal_actions()))
    return out[:: max(1, len(out) // k)]


@pytest.mark.parametrize("spec", ["greedy", "heuristic:merchant", "flatmc:n=2", "mcts:iters=40", "vmcts:iters=40"])
def test_no_peeking_at_stacks_decks_or_chance(spec):
    rnd = random.Random(3)
    for players in (2, 4):
        for state in _states(players, seed=10 + players, k=8):
            other = redraw_hidden(state, rnd)
            assert other.to_dict() == state.to_dict() and not np.array_equal(other.array, state.array)
            assert choose(other, spec, seed=77) == choose(state, spec, seed=77)


def test_the_hidden_information_matters():
    """Playing the same actions from a re-drawn position leads elsewhere (so the invariance above is not vacuous)."""
    rnd = random.Random(5)
    differs = 0
    for state in _states(3, seed=21, k=10):
        other = redraw_hidden(state, rnd)
        a, b = state.clone(), other
        for _ in range(30):
            if a.is_terminal():
                break
            action = rnd.choice(a.legal_actions())
            if action not in b.legal_actions():
                break
            a.apply_action(action)
            b.apply_action(action)
        differs += a.to_dict() != b.to_dict()
    assert differs >= 3


def _columns_led(a, p):
    """Bonus cards seat p would take if the columns were resolved now (rules 6.1), from the state array."""
    from brux.games.bruxelles1893.kernel import layout as L

    led = 0
    for col in range(5):
        total = [sum(int(a[L.SP_BID + r * 5 + col]) for r in range(5) if a[L.SP_OCC + r * 5 + col] == q)
                 for q in range(int(a[L.P_PLAYERS]))]
        led += a[L.BON_STRIP + col] >= 0 and total[p] > 0 and total.count(max(total)) == 1 and total[p] == max(total)
    return led


def test_columns_feature_counts_the_bonus_cards_led_by_bids():
    seen = 0
    for state in _states(3, seed=4, k=60):
        for p in range(3):
            led = BA.features(state.array, p)["columns"]
            assert led == _columns_led(state.array, p)
            seen += led > 0
    assert seen >= 5


def test_vmcts_plays_with_the_fitted_value_weights():
    assert "value" in BA.WEIGHTS and BA.WEIGHTS["value"].shape == (len(BA.FEATURES),)
    for state in _states(3, seed=6, k=4):
        assert choose(state, "vmcts:iters=30", seed=1) == choose(state, "vmcts:iters=30,eval=value", seed=1)
