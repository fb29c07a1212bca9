"""Views of a seat, for every game and player count: `observation(p)`, `to_dict(player=p)`, `resample(p, seed)`,
running rewards and utility bounds. What a seat cannot see never shows in its views, and a re-draw from its views
is consistent with everything it saw."""

import random
from types import SimpleNamespace

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import brux
import brux.testing as bt
from brux.agents import choose
from brux.core.rules import HOOKS, Rules


def test_observation_shape_and_values(case):
    game = case.game
    layout = game.observation_layout
    assert layout.size == game.observation_shape[0] == sum(p.size for p in layout.pieces)
    for state in case.sample(8) + [case.final]:
        for p in range(game.players):
            obs = state.observation(p)
            assert obs.dtype == np.float32 and obs.shape == game.observation_shape
            assert np.isfinite(obs).all() and (np.abs(obs) < 2**24).all()  # small integers: exact in float32
            pieces = layout.split(obs)
            assert list(np.flatnonzero(pieces["seat"])) == [p] and pieces["seat"].sum() == 1
    with pytest.raises(ValueError, match="player must be a seat"):
        case.final.observation(game.players)


def test_every_observation_of_whole_random_games_is_exact_in_float32(case):
    """Every observation of 64 random games to their end (played by the vector env): no value at or above 2**24."""
    env = brux.VectorEnv(case.game, 64, master_seed=5)
    obs, _ = env.reset()
    finished, steps = 0, 0
    while finished < 64:
        assert (np.abs(obs) < 2**24).all(), f"step {steps}: {np.abs(obs).max()}"
        obs, _, _, done = env.step(env.random_actions())
        finished += int(done.sum())
        steps += 1
    assert steps > 10


def test_observation_pieces_are_the_state_fields_they_name(case):
    """Every piece copied from the state holds those fields, for the mover (nothing of the mover's own is hidden
    from it): its own block of the `seats` piece is its state block, and every seat's VP reads back from it."""
    layout, h = case.game.observation_layout, case.game.rules.hooks
    for state in case.sample(6) + [case.final]:
        p = max(state.current_player(), 0)
        obs = state.observation(p)
        for piece in layout.pieces:
            if piece.source is not None and piece.name != "seats":
                np.testing.assert_array_equal(obs[layout.slice(piece.name)],
                                              state.array[piece.source:piece.source + piece.size], piece.name)
        seats = obs[layout.slice("seats")].reshape(h.MAX_PLAYERS, -1)
        start = layout.piece("seats").source
        block = state.array[start + p * seats.shape[1]:][:seats.shape[1]].astype(np.float64)
        flags = list(getattr(h.L, "OBS_SEAT_FLAGS", ()))  # wide bit masks, observed as 0/1
        block[flags] = block[flags] != 0
        np.testing.assert_array_equal(seats[p], block)
        for q in range(case.game.players):  # every seat's VP is public
            assert seats[q, h.L.S_VP] == h.vp(state.array, q)


def test_observation_leaves_out_what_no_seat_sees(case):
    """The observation is much smaller than the state: the parameter block, the hidden orders, the chance stream
    and the legal-action cache are not in it."""
    assert case.game.observation_shape[0] < case.game.rules.hooks.STATE_SIZE * 3 // 4


def test_hidden_information_never_shows_in_the_movers_views(case):
    """Re-drawing what the mover cannot see (deck order, sealed plays of others, chance stream) changes neither its
    observation nor its view, nor its resample with a given seed, nor an agent's decision on that resample."""
    rnd = random.Random(7 * case.game.players)
    checked = 0
    for state in case.sample(12):
        other = case.testing.redraw_hidden(state, rnd)
        if other is None:
            continue
        p = state.current_player()
        assert not np.array_equal(other.array, state.array)  # something hidden did change
        np.testing.assert_array_equal(other.observation(p), state.observation(p))
        assert other.to_dict(player=p) == state.to_dict(player=p)
        np.testing.assert_array_equal(other.resample(p, 99).array, state.resample(p, 99).array)
        for spec in case.agents[:2]:
            assert choose(other.resample(p, 5), spec, seed=11) == choose(state.resample(p, 5), spec, seed=11)
        checked += 1
    assert checked >= 5


def test_no_seat_sees_what_a_resample_redraws(case):
    """At every decision, for the mover and every other seat p, two re-draws from p's views leave p's observation,
    its readable view and (the mover's) legal actions as they are: nothing p cannot see shows in them."""
    mover_checked = 0
    for state in case.states:
        mover = state.current_player()
        for p in range(case.game.players):
            obs, view = state.observation(p), state.to_dict(player=p)
            for k in (1, 2):
                r = state.resample(p, k)
                np.testing.assert_array_equal(r.observation(p), obs, f"seat {p}, decision {len(state.history)}")
                assert r.to_dict(player=p) == view, f"seat {p}, decision {len(state.history)}"
                if p == mover:
                    assert r.legal_actions() == state.legal_actions()
                    mover_checked += 1
    assert mover_checked == 2 * len(case.states)


def test_resample_is_consistent_with_what_the_seat_saw(case):
    game = case.game
    seeds_differ = False
    for state in case.sample(8):
        for p in range(game.players):
            a, b = state.resample(p, 1), state.resample(p, 2)
            np.testing.assert_array_equal(a.array, state.resample(p, 1).array)  # a seed fixes the re-draw
            seeds_differ |= not np.array_equal(a.array, b.array)
            for r in (a, b):
                assert r.current_player() == state.current_player()
                assert r.history == state.history
        end = a
        rnd = random.Random(3)
        while not end.is_terminal():  # a re-drawn state is a game that plays to its end
            end.apply_action(rnd.choice(end.legal_actions()))
        assert case.testing.check_invariants(end) == []
    assert seeds_differ


def test_to_dict_for_a_seat_keeps_the_public_view(case):
    """A seat's view has the same keys as the full view and differs from it only where something is hidden."""
    for state in case.sample(6):
        full = state.to_dict()
        for p in range(case.game.players):
            mine = state.to_dict(player=p)
            assert set(mine) == set(full)
            assert {k: v for k, v in mine.items() if k not in ("seats",)}.keys() == full.keys() - {"seats"}
            assert mine["current_player"] == full["current_player"] and mine["pending"] == full["pending"]


def test_legal_mask_and_rewards(case):
    game = case.game
    assert (game.min_utility, game.max_utility) == (0.0, 1.0)
    for state in case.sample(6):
        mask = state.legal_mask()
        assert mask.shape == (game.num_actions,) and list(np.flatnonzero(mask)) == state.legal_actions()
        rewards = state.rewards()
        assert rewards.shape == (game.players,) and rewards.dtype == np.float64
    result = case.final.result()
    assert list(case.final.rewards()) == [r["vp"] for r in result]
    assert all(game.min_utility <= r["win_share"] <= game.max_utility for r in result)
    assert not case.final.legal_mask().any()


def test_a_game_without_the_view_hooks_does_not_load(case):
    hooks = SimpleNamespace(**{name: getattr(case.game.rules.hooks, name) for name in HOOKS if name != "observe"})
    rules = case.game.rules
    with pytest.raises(TypeError, match="kernel hooks missing observe"):
        Rules(rules.name, rules.min_players, rules.max_players, rules.vp_sources, hooks, rules.entry, rules.params,
              rules.view, rules.action_names, rules.opening_labels)



def outside_bounds(layout, obs: np.ndarray) -> dict[str, float]:
    """{piece: a value outside its bounds} over observation rows `obs` (empty: every value within)."""
    obs = obs.reshape(-1, layout.size)
    bad = np.flatnonzero(((obs < layout.low) | (obs > layout.high)).any(axis=0))
    starts = np.array([layout.offset[p.name] for p in layout.pieces])
    return {layout.pieces[np.searchsorted(starts, i, "right") - 1].name: float(obs[:, i].max()) for i in bad}


def test_every_observation_lies_within_the_declared_bounds(case):
    """Every piece declares finite bounds, and every observation of every seat in the case's game and in 32 random
    games to their end (the vector env) lies within them."""
    layout = case.game.observation_layout
    unbounded = [p.name for p in layout.pieces if not all(np.isfinite(b).all() for b in p.bounds())]
    assert unbounded == [] and (layout.low <= layout.high).all()
    seen = np.array([s.observation(p) for s in case.states + [case.final] for p in range(case.game.players)])
    assert outside_bounds(layout, seen) == {}
    env = brux.VectorEnv(case.game, 32, master_seed=9)
    obs, _ = env.reset()
    finished = 0
    while finished < 32:
        assert outside_bounds(layout, obs) == {}
        obs, _, _, done = env.step(env.random_actions())
        finished += int(done.sum())


@pytest.mark.parametrize("game", brux.list_games())
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_observations_of_states_under_random_parameters_lie_within_the_bounds(game, data):
    state = data.draw(bt.played_states(game, params="random"))
    layout = state.game.observation_layout
    obs = np.array([state.observation(p) for p in range(state.game.players)])
    assert outside_bounds(layout, obs) == {}
