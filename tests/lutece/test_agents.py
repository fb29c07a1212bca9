"""Lutèce's agent ladder through the game kit: the ladder offered, games finished, and no peeking at the deck order
or at the sealed plays of the seats that bid before the mover (batch = step-by-step play and random = play_random are
checked for every game in tests/contract)."""

import random

import numpy as np
import pytest

import brux
from brux.agents import choose
from brux.games.lutece import agents as LA
from brux.games.lutece.kernel import layout as L
from brux.games.lutece.kernel.base import seat
from brux.games.lutece.testing import redraw_hidden

LADDER = ["random", "greedy", "heuristic:majorities", "heuristic:prestige", "heuristic:fortune", "flatmc:n=2",
          "mcts:iters=30", "mcts:iters=20,depth=6,eval=fortune"]


def test_the_ladder_is_offered():
    game = brux.load_game("lutece", players=4)
    assert game.agent_names() == ["random", "greedy", "heuristic:majorities", "heuristic:prestige",
                                  "heuristic:fortune", "heuristic:value", "flatmc", "mcts", "vmcts", "policy"]
    assert set(LA.WEIGHTS) == {"greedy", "value", *LA.PERSONAS}
    assert all(w.shape == (len(LA.FEATURES),) for w in LA.WEIGHTS.values())


@pytest.mark.parametrize("players", [3, 4])
def test_vmcts_plays_with_the_fitted_value_weights(players):
    w = LA.WEIGHTS["value"]
    assert w.shape == (len(LA.FEATURES),) and w[LA.F["vp"]] > 0 and np.count_nonzero(w) == len(LA.FEATURES)
    states = bidding_states(players, seed=8)[:4]
    assert states
    for state in states:
        assert choose(state, "vmcts:iters=30", seed=1) == choose(state, "vmcts:iters=30,eval=value", seed=1)


def bidding_states(players, seed):
    """States of a random game where the seat to move is not seat 0 (earlier seats have sealed plays)."""
    state = brux.load_game("lutece", players=players).new_initial_state(seed=seed)
    rnd = random.Random(seed)
    out = []
    while not state.is_terminal():
        p = state.current_player()
        if p > 0 and state.array[seat(p) + L.S_COMMITTED] == 0 and rnd.random() < 0.3:
            out.append(state.clone())
        state.apply_action(rnd.choice(state.legal_actions()))
    return out


@pytest.mark.parametrize("spec", ["greedy", "heuristic:majorities", "flatmc:n=2", "mcts:iters=40",
                                  "mcts:iters=30,depth=8,eval=prestige"])
def test_no_peeking_at_the_deck_or_earlier_sealed_plays(spec):
    """A decision with a fixed agent seed does not change when the hidden information changes, while the hidden
    information itself does change what the game does next (the check could fail)."""
    rnd = random.Random(3)
    checked = 0
    for players in (3, 5):
        for state in bidding_states(players, seed=10 + players)[:6]:
            for _ in range(2):
                other = redraw_hidden(state, rnd)
                assert other.to_dict() == state.to_dict()  # the same public view
                assert not np.array_equal(other.array, state.array)
                assert choose(other, spec, seed=77) == choose(state, spec, seed=77)
                checked += 1
    assert checked >= 12


def test_an_agent_that_could_see_would_differ():
    """The sealed plays matter: the last seat's greedy evaluation right after the reveal differs between two hidden
    variants (so the invariance above is not vacuous)."""
    rnd = random.Random(5)
    differs = 0
    for state in bidding_states(3, seed=21):
        other = redraw_hidden(state, rnd)
        w = LA.WEIGHTS["greedy"]
        a, b = np.zeros(L.MAX_PLAYERS), np.zeros(L.MAX_PLAYERS)
        LA.values(state.array.copy(), w, a)
        LA.values(other.array.copy(), w, b)
        differs += not np.allclose(a, b)
    assert differs >= 1


def test_determinise_keeps_the_public_information():
    rnd = random.Random(8)
    for state in bidding_states(4, seed=30)[:8]:
        s = state.array.copy()
        rng = np.array([rnd.getrandbits(62), 0], np.int64)
        LA.determinise(s, s[L.G_CUR], rng, 0, 1)
        t = state.clone()
        t.array[:] = s
        assert t.to_dict() == state.to_dict()
        for d in range(2):  # the same cards left in each deck
            lo, hi = (L.DECK_ORDER + d * L.DECK_CAP + int(state.array[k + d]) for k in (L.DECK_POS, L.DECK_END))
            assert sorted(s[lo:hi]) == sorted(state.array[lo:hi])


def test_features_view():
    state = brux.load_game("lutece", players=3).new_initial_state(seed=2)
    f = LA.features(state.array, 1)
    assert set(f) == set(LA.FEATURES) and f["coins"] == 5 and f["win_cards"] == 0


@pytest.mark.parametrize("spec", LADDER)
def test_every_agent_finishes_games(spec):
    out = brux.load_game("lutece", players=4).play(2, master_seed=1, agents=[spec, "random", "greedy", "random"])
    assert out["vp"].shape == (2, 4) and np.allclose(out["win_share"].sum(axis=1), 1.0)
