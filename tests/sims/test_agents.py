import pytest

import brux
from sims.agents import RandomAgent, make_agents
from sims.trace import play


@pytest.mark.parametrize("players", [2, 3, 4])
def test_step_by_step_random_play_equals_the_kernel_batch(players, game_name):
    game = brux.load_game(game_name, players)
    arrays = game.play_random(25, 8, 1000)
    for i in range(25):
        state = play(game, ["random"] * players, int(arrays["seed"][i]))
        assert [r["vp"] for r in state.result()] == arrays["vp"][i].tolist()
        assert [r["rank"] for r in state.result()] == arrays["rank"][i].tolist()
        assert len(state.history) == arrays["length"][i]


def test_agents_use_their_own_seat_stream(game3):
    state = game3.new_initial_state(seed=3)
    a, b = make_agents(["random"] * 3, 3)[:2]
    assert isinstance(a, RandomAgent) and a.key != b.key
    picks = [RandomAgent(3, 0).choose(state) for _ in range(3)]
    assert len(set(picks)) == 1 and picks[0] in state.legal_actions()
