"""OpenSpiel games of brux: every game and player count passes random_sim_test with serialization; MCTS and
ISMCTS play them through evaluate_bots; an outside ISMCTS never sees what the seat to move cannot see."""

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts

import brux
from brux.games import game_spec
from brux.interop import openspiel
from brux.testing.hooks import game_testing

NAMES = openspiel.register()


@pytest.mark.parametrize("short", NAMES)
def test_random_sim_with_serialization(short):
    game = pyspiel.load_game(short, {"seed": 3})
    name, players = short[len("brux_"):].rsplit("_", 1)  # "lutece", "3p"
    spec = game_spec(name)
    assert game.get_type().information.name == f"{spec.information.upper()}_INFORMATION"
    assert game.get_type().utility.name == spec.utility.upper().replace("-", "_")
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    brux_game = brux.load_game(name, players=int(players[:-1]))
    assert game.max_game_length() == brux_game.max_game_length
    state = game.new_initial_state()
    observer = game.make_py_observer()
    observer.set_from(state, 0)
    assert list(observer.dict) == [p.name for p in brux_game.observation_layout.pieces]
    np.testing.assert_array_equal(observer.dict["seats"], state.s.observation(0)[
        brux_game.observation_layout.slice("seats")])


class _MCTS(mcts.MCTSBot):
    def restart_at(self, state):  # evaluate_bots restarts every bot; these searches keep no state between moves
        pass


class _ISMCTS(ismcts.ISMCTSBot):
    def restart_at(self, state):
        pass


def _ismcts(game, seed):
    rng = np.random.RandomState(seed)
    bot = _ISMCTS(game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0, max_simulations=12,
                           random_state=rng)
    bot.set_resampler(openspiel.resampler(rng))
    return bot


def test_mcts_and_ismcts_play_through_evaluate_bots():
    game = pyspiel.load_game("brux_lutece_2p", {"seed": 5})
    rng = np.random.RandomState(1)
    bots = [_MCTS(game, 2.0, 8, mcts.RandomRolloutEvaluator(1, rng), random_state=rng), _ismcts(game, 2)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert sorted(returns) in ([0.0, 1.0], [0.5, 0.5])


@pytest.mark.parametrize("short,name", [("brux_bruxelles1897_3p", "bruxelles1897"), ("brux_lutece_3p", "lutece")])
def test_outside_search_never_peeks(short, name):
    """Re-drawing the hidden decks (and the sealed plays of others) leaves the mover's observation tensor and an
    ISMCTS decision with the same seed unchanged."""
    game = pyspiel.load_game(short, {"seed": 8})
    state, rnd, checked = game.new_initial_state(), random.Random(4), 0
    while not state.is_terminal() and checked < 3:
        other = state.clone()
        redrawn = game_testing(name).redraw_hidden(state.s, rnd)
        if redrawn is not None and not np.array_equal(redrawn.array, state.s.array):
            other.s = redrawn
            p = state.current_player()
            assert state.observation_tensor(p) == other.observation_tensor(p)
            assert state.information_state_string(p) == other.information_state_string(p)
            assert _ismcts(game, 9).step(state) == _ismcts(game, 9).step(other)
            checked += 1
        state.apply_action(rnd.choice(state.legal_actions()))
    assert checked == 3
