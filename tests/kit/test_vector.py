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
