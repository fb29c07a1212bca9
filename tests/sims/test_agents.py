import pytest

import brux
from sims.agents import make_agents, parse_lineup
from sims.errors import SimsError
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
    a, b = make_agents(game3, ["random"] * 3, 3)[:2]
    assert a.seat == 0 and b.seat == 1 and a.rng[0] != b.rng[0]
    picks = [make_agents(game3, ["random"] * 3, 3)[0].choose(state) for _ in range(3)]
    assert len(set(picks)) == 1 and picks[0] in state.legal_actions()


@pytest.mark.parametrize("players", [3])
def test_mixed_lineup_steps_like_the_batch(players, game_name):
    game = brux.load_game(game_name, players)
    lineup = ["greedy", "heuristic:builder", "random"]
    arrays = game.play(4, 5, 0, agents=lineup)
    for i in range(4):
        state = play(game, lineup, int(arrays["seed"][i]))
        assert [r["vp"] for r in state.result()] == arrays["vp"][i].tolist()


def test_lineups_are_validated_per_game():
    assert parse_lineup("mcts:iters=50,c=1.2,greedy,random", 3, "bruxelles1897")[0].startswith("mcts")
    with pytest.raises(SimsError, match="unknown agent"):
        parse_lineup("alphazero", 3, "bruxelles1897")
    assert parse_lineup("greedy,heuristic:majorities,random", 3, "lutece")[1] == "heuristic:majorities"
    with pytest.raises(SimsError, match="builder"):  # a Bruxelles 1897 persona
        parse_lineup("heuristic:builder", 3, "lutece")
