"""Lutèce's agent ladder through the game kit: the ladder offered, games finished, and no peeking at the deck order
or at the sealed plays of the seats that bid before the mover (batch = step-by-step play and random = play_random are
checked for every game in tests/contract)."""

import random

import numpy as np
import pytest

import brux
from brux.agents import choose
from brux.core.hidden import no_stage
from brux.core.rng import randbelow
from brux.games import get_rules
from brux.games.lutece import agents as LA
from brux.games.lutece.kernel import codes as C
from brux.games.lutece.kernel import hooks as H
from brux.games.lutece.kernel import layout as L
from brux.games.lutece.kernel.base import seat
from brux.games.lutece.testing import check_invariants, redraw_hidden

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


# ---- rest_of_stage: after seat p's sealed play, the later seats play at random from the chance stream -------------

AGENT_SLOTS = 2 * L.MAX_PLAYERS  # the agents' streams after the state in a batch's work array (brux.core.kit)


def random_game(players, seed):
    """(state before each decision, the state after it, the seat that took it) of a seeded random game."""
    state = brux.load_game("lutece", players=players).new_initial_state(seed=seed)
    rnd = random.Random(seed)
    steps = []
    while not state.is_terminal():
        before, p = state.clone(), state.current_player()
        state.apply_action(rnd.choice(state.legal_actions()))
        steps.append((before, state.clone(), p))
    return steps


def finished_plays(players, seed):
    """(state, p): seat p has just fixed its sealed play and a later seat of the same round is to play."""
    return [(after, p) for before, after, p in random_game(players, seed)
            if not after.is_terminal() and after.array[L.G_ROUND] == before.array[L.G_ROUND]
            and after.array[L.G_CUR] > p and after.array[seat(p) + L.S_COMMITTED] == 1]


def with_agent_streams(array, seed):
    """The state in a work array followed by agent streams (arbitrary values), as the batch holds it."""
    w = np.zeros(L.STATE_SIZE + AGENT_SLOTS, np.int64)
    w[:L.STATE_SIZE] = array
    w[L.STATE_SIZE:] = np.random.default_rng(seed).integers(-2**62, 2**62, AGENT_SLOTS)
    return w


def as_state(template, array):
    out = template.clone()
    out.array[:] = array[:L.STATE_SIZE]
    return out


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_rest_of_stage_resolves_the_round(players):
    """From a finished play of seat p, the later seats play and the round is resolved (or the game ends): the next
    round begins with no play fixed, the state is valid, only the chance stream's counter moved, and the agents'
    streams are untouched."""
    advanced = over = 0
    for seed in (1, 2):
        for state, p in finished_plays(players, seed):
            r = int(state.array[L.G_ROUND])
            w = with_agent_streams(state.array, seed)
            before = w.copy()
            H.rest_of_stage(w, p)
            assert np.array_equal(w[L.STATE_SIZE:], before[L.STATE_SIZE:])
            assert w[L.G_RNG_KEY] == before[L.G_RNG_KEY] and w[L.G_RNG_CTR] > before[L.G_RNG_CTR]
            after = as_state(state, w)
            if after.is_terminal():
                over += 1
            else:
                assert w[L.G_ROUND] == r + 1 and w[L.G_CUR] == 0 and w[L.G_PENDING] == C.D_CARDS
                assert not any(w[seat(q) + L.S_COMMITTED] for q in range(players))
                advanced += 1
            assert check_invariants(after) == []
    assert advanced >= 10 and over >= 1


def test_rest_of_stage_is_uniform_random_play_on_the_chance_stream():
    """The same as the later seats of the round each taking the legal action `randbelow` draws from the state's own
    chance stream (G_RNG_KEY, G_RNG_CTR), through the public API, until the round is resolved."""
    checked = 0
    for players in (3, 5):
        for state, p in finished_plays(players, seed=6):
            ref = state.clone()
            r = int(ref.array[L.G_ROUND])
            decisions = 0
            while not ref.is_terminal() and ref.array[L.G_ROUND] == r and ref.array[L.G_CUR] > p:
                legal = ref.legal_actions()
                ref.apply_action(legal[randbelow(ref.array, L.G_RNG_KEY, L.G_RNG_CTR, len(legal))])
                decisions += 1
            s = state.array.copy()
            H.rest_of_stage(s, p)
            assert np.array_equal(s, ref.array)
            assert decisions >= players - 1 - p  # every later seat played
            checked += 1
    assert checked >= 20


def test_rest_of_stage_depends_only_on_the_state():
    """The same state gives the same result, whatever the agents' streams; another chance stream key gives
    another result on some states (the draws come from the state's stream)."""
    other_key = checked = 0
    for state, p in finished_plays(4, seed=3):
        a, b = with_agent_streams(state.array, 1), with_agent_streams(state.array, 2)
        H.rest_of_stage(a, p)
        H.rest_of_stage(b, p)
        assert np.array_equal(a[:L.STATE_SIZE], b[:L.STATE_SIZE])
        c = state.array.copy()
        c[L.G_RNG_KEY] += 1
        H.rest_of_stage(c, p)
        other_key += not np.array_equal(np.delete(a[:L.STATE_SIZE], L.G_RNG_KEY), np.delete(c, L.G_RNG_KEY))
        checked += 1
    assert checked >= 10 and other_key >= checked // 2


@pytest.mark.parametrize("players", [3, 4])
def test_rest_of_stage_changes_nothing_before_the_play_is_finished_or_after_the_last_seat(players):
    """Nothing happens while seat p's own play is under way or not begun (the seat to move is p, or an earlier
    seat), for the last seat of the round (its play resolves the round by itself), or when the game is over."""
    under_way = last = 0
    steps = random_game(players, seed=11)
    for before, after, mover in steps:
        for state in (before, after):
            if state.is_terminal():
                for p in range(players):
                    s = state.array.copy()
                    H.rest_of_stage(s, p)
                    assert np.array_equal(s, state.array)
                continue
            cur = int(state.array[L.G_CUR])
            under_way += bool(LA.same_turn(state.array, cur))
            for p in range(cur, players):
                s = state.array.copy()
                H.rest_of_stage(s, p)
                assert np.array_equal(s, state.array), (p, cur)
        if not after.is_terminal() and after.array[L.G_ROUND] != before.array[L.G_ROUND]:
            assert mover == players - 1  # the last seat's play resolved the round: rest_of_stage(after, mover) is
            assert after.array[L.G_CUR] == 0 and LA.first_unplayed(after.array) == players  # one of those above
            last += 1
    assert under_way >= 10 and last >= 5
    assert steps[-1][1].is_terminal()


def test_the_other_games_have_no_stage():
    assert get_rules("lutece").hooks.rest_of_stage is H.rest_of_stage
    assert H.rest_of_stage is not no_stage
    others = [name for name in brux.list_games() if name != "lutece"]
    assert others
    for name in others:
        assert get_rules(name).hooks.rest_of_stage is no_stage, name
    state = brux.load_game("bruxelles1897", players=3).new_initial_state(seed=1)
    s = state.array.copy()
    no_stage(s, 0)
    assert np.array_equal(s, state.array)
