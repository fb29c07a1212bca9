"""The PettingZoo AEC environment of every game and player count passes PettingZoo's own API and seed tests."""

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import brux
from brux.games import get_rules
from brux.interop.pettingzoo import env

CASES = [(g, n) for g in brux.list_games() for n in range(get_rules(g).min_players, get_rules(g).max_players + 1)]


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("name,players", CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def test_pettingzoo_api_and_seeds(name, players):
    api_test(env(name, players), num_cycles=100)
    seed_test(lambda: env(name, players), num_cycles=30)


def test_observations_are_the_seats_views_and_rewards_the_win_shares():
    e = env("lutece", 3)
    e.reset(seed=4)
    rnd = np.random.default_rng(1)
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        p = e.possible_agents.index(agent)
        np.testing.assert_array_equal(obs["observation"], e.state_.observation(p))
        if term:
            assert reward == next(r["win_share"] for r in e.state_.result() if r["seat"] == p)
            e.step(None)
        else:
            assert list(np.flatnonzero(obs["action_mask"])) == e.state_.legal_actions()
            e.step(int(rnd.choice(np.flatnonzero(obs["action_mask"]))))
    assert e.state_.is_terminal()


@pytest.mark.parametrize("name", brux.list_games())
def test_observation_space_has_the_bounds_of_the_observation_pieces(name):
    e = env(name, get_rules(name).min_players)
    box = e.observation_space("player_0")["observation"]
    layout = e.game.observation_layout
    np.testing.assert_array_equal(box.low, layout.low)
    np.testing.assert_array_equal(box.high, layout.high)
    assert np.isfinite(box.low).all() and np.isfinite(box.high).all() and box.shape == (layout.size,)
