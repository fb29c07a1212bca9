"""The vector environment: N games in one kernel call are the State API's games of the same run, step for step."""

import numpy as np
import pytest

import brux
from brux.core.rng import game_seed


@pytest.mark.parametrize("name,players", [("bruxelles1897", 3), ("lutece", 4), ("bruxelles1893", 3), ("prestige", 2)])
def test_vector_steps_are_the_state_api_games(name, players):
    game = brux.load_game(name, players=players)
    n, seed = 3, 9
    env = brux.VectorEnv(game, n, master_seed=seed)
    obs, masks = env.reset()
    states = [game.new_initial_state(game_seed(seed, i)) for i in range(n)]
    started, ends = n, 0
    rnd = np.random.default_rng(0)
    while ends < n + 1:
        for i, s in enumerate(states):
            np.testing.assert_array_equal(obs[i], s.observation(s.current_player()))
            np.testing.assert_array_equal(masks[i], s.legal_mask())
        actions = np.array([rnd.choice(s.legal_actions()) for s in states])
        obs, masks, rewards, done = env.step(actions)
        for i, s in enumerate(states):
            s.apply_action(int(actions[i]))
            assert done[i] == s.is_terminal()
            if done[i]:
                assert list(rewards[i]) == [r["win_share"] for r in s.result()]
                states[i] = game.new_initial_state(game_seed(seed, started))
                started, ends = started + 1, ends + 1
            else:
                assert not rewards[i].any()
    with pytest.raises(ValueError, match="not legal in game 0"):
        env.step(np.full(n, -1))


def test_random_actions_are_legal_seeded_and_an_illegal_action_applies_nothing():
    game = brux.load_game("bruxelles1897", players=3)

    def run(seed):
        env = brux.VectorEnv(game, 16, master_seed=seed)
        obs, masks = env.reset()
        trace = []
        for _ in range(300):
            actions = env.random_actions()
            assert masks[np.arange(16), actions].all()
            seats = env.current_players().copy()
            assert all(list(np.flatnonzero(env.obs[i][game.observation_layout.slice("seat")])) == [seats[i]]
                       for i in range(16))
            trace.append(actions.copy())
            env.step(actions)
        return np.array(trace), env

    a, env = run(5)
    np.testing.assert_array_equal(a, run(5)[0])  # the same seed plays the same games
    assert not np.array_equal(a, run(6)[0])
    before = env.states.copy(), env.obs.copy(), env.next_index.copy()
    actions = env.random_actions().copy()
    actions[7] = int(np.flatnonzero(~env.masks[7])[0])
    with pytest.raises(ValueError, match="not legal in game 7"):
        env.step(actions)
    np.testing.assert_array_equal(env.states, before[0])  # nothing applied, not even in games 0..6
    np.testing.assert_array_equal(env.obs, before[1])
    np.testing.assert_array_equal(env.next_index, before[2])
