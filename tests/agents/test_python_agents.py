"""Python strategies in line-ups: same seeds, same deals, no peeking, and the Numba seats' decisions unchanged."""

import numpy as np
import pytest

import brux
from brux.agents import Agent
from brux.agents.python import PythonAgent

GAMES = [("bruxelles1897", 3), ("lutece", 3)]


def first_legal(state, legal, rng):
    return legal[0]


def random_choice(state, legal, rng):
    return rng.choice(legal)


@pytest.mark.parametrize("name,players", GAMES)
def test_python_seats_play_the_same_deals_and_the_numba_seats_decide_as_the_batch(name, players):
    game = brux.load_game(name, players=players)
    batch = game.play(3, master_seed=5, agents=["greedy"] * players)
    py = game.play(3, master_seed=5, agents=[first_legal] + ["greedy"] * (players - 1))
    np.testing.assert_array_equal(py["seed"], batch["seed"])  # same deals
    assert set(py) == set(batch)
    assert np.allclose(py["win_share"].sum(axis=1), 1.0)
    # A line-up of Numba agents only, played through the Python loop, is the batch exactly.
    again = brux.agents.python.play_python_lineup(game, 3, 5, 0, ["greedy"] * players)
    for key in batch:
        np.testing.assert_array_equal(again[key], batch[key], err_msg=key)


@pytest.mark.parametrize("name,players", GAMES)
def test_python_strategies_are_reproducible_by_import_path(name, players):
    game = brux.load_game(name, players=players)
    lineup = ["tests.agents.test_python_agents:random_choice", "random", "greedy"][:players]
    a = game.play(2, master_seed=1, agents=",".join(lineup))
    b = game.play(2, master_seed=1, agents=lineup)
    for key in a:
        np.testing.assert_array_equal(a[key], b[key])
    assert game.parse_agents(lineup)[0] == lineup[0]


def test_a_python_seat_sees_only_a_resampled_state():
    game = brux.load_game("lutece", players=3)
    seen = []

    def spy(state, legal, rng):
        seen.append(state)
        return legal[0]

    state = game.new_initial_state(4)
    agent = PythonAgent(spy, state.current_player(), 4)
    agent.choose(state)
    view = seen[0]
    assert view is not state and not np.array_equal(view.array, state.array)  # hidden parts re-drawn
    np.testing.assert_array_equal(view.observation(0), state.observation(0))
    assert isinstance(Agent(game, "greedy", 0, 4).choose(view), int)


def test_bad_python_entries_are_clear_errors():
    game = brux.load_game("lutece", players=2)
    with pytest.raises(ValueError, match="cannot import 'nope'"):
        game.play(1, agents=["tests.agents.test_python_agents:nope", "random"])
    with pytest.raises(brux.IllegalActionError, match="not a legal action"):
        game.play(1, agents=[lambda s, legal, rng: -1, "random"])
