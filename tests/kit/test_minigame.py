"""The shortest path of docs/adding-a-game.md, proved: Pig auction (tests/kit/minigame), a game laid out as a
`brux/games/<game>/` folder and registered only here, passes the checks the contract tests run on every game.

The contract tests are reused, not copied: those that take the `case` fixture are re-exported into this module
(pytest runs them on this module's `case`, Pig auction at each player count); those parametrized over the shipped
games are called with the game's name.
"""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import brux
from brux.games import GAMES, GameEntry
from brux.testing.fuzz import fuzz
from tests.contract import conftest as contract
from tests.contract import test_agents, test_batches, test_game_length, test_opening_key, test_state_api, test_views

NAME = "pig"
ENTRY = GameEntry("tests.kit.minigame", rules_version=1, title="Pig auction", players=(2, 4), compile_seconds=15)


@pytest.fixture(scope="module", autouse=True)
def registered():
    """Pig auction in the registry for this module's tests only."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setitem(GAMES, NAME, ENTRY)
        yield NAME


@pytest.fixture(scope="module", params=[2, 3, 4], ids=lambda n: f"{NAME}-{n}p")
def case(request, registered) -> contract.Case:
    return contract.make_case(registered, request.param)


# The contract tests, run on `case` (the `batches` fixture comes along with its tests).
batches = test_batches.batches
api, views = test_state_api, test_views
test_batch_arrays = test_batches.test_batch_arrays
test_all_random_play_is_play_random = test_batches.test_all_random_play_is_play_random
test_determinism_and_chunking = test_batches.test_determinism_and_chunking
test_step_by_step_play_is_the_batch = test_batches.test_step_by_step_play_is_the_batch
test_decisions_and_views = api.test_decisions_and_views
test_the_seed_fixes_the_game = api.test_the_seed_fixes_the_game
test_illegal_actions_leave_the_state_unchanged = api.test_illegal_actions_leave_the_state_unchanged
test_clone_independence = api.test_clone_independence
test_result_of_a_finished_game = api.test_result_of_a_finished_game
test_record_replay = api.test_record_replay
test_state_from_dict_round_trip = api.test_state_from_dict_round_trip
test_state_from_dict_refuses_an_unknown_key_anywhere = api.test_state_from_dict_refuses_an_unknown_key_anywhere
test_observation_shape_and_values = views.test_observation_shape_and_values
test_observation_pieces_are_the_state_fields_they_name = views.test_observation_pieces_are_the_state_fields_they_name
test_hidden_information_never_shows_in_the_movers_views = views.test_hidden_information_never_shows_in_the_movers_views
test_no_seat_sees_what_a_resample_redraws = views.test_no_seat_sees_what_a_resample_redraws
test_resample_is_consistent_with_what_the_seat_saw = views.test_resample_is_consistent_with_what_the_seat_saw
test_to_dict_for_a_seat_keeps_the_public_view = views.test_to_dict_for_a_seat_keeps_the_public_view
test_every_observation_lies_within_the_declared_bounds = views.test_every_observation_lies_within_the_declared_bounds
test_agents_never_peek = test_agents.test_agents_never_peek
test_final_states_of_the_contract_games = test_game_length.test_final_states_of_the_contract_games


def test_the_views_hide_only_the_decks_unseen_order(case):
    """The schema's hidden run is all a seat's view withdraws: its unseen cards sorted, the stream zeroed."""
    from tests.kit.minigame.kernel import layout as L

    state = case.states[len(case.states) // 2]
    hidden = case.game.rules.hidden_view(state.array, 0)
    pos, end = int(state.array[L.DECK_POS]), int(state.array[L.P_DECK])
    assert hidden[L.DECK + pos: L.DECK + end].tolist() == sorted(state.array[L.DECK + pos: L.DECK + end].tolist())
    assert hidden[L.G_SEED] == hidden[L.G_RNG_KEY] == hidden[L.G_RNG_CTR] == 0
    rest = np.ones(len(hidden), bool)
    rest[[L.G_SEED, L.G_RNG_KEY, L.G_RNG_CTR, *range(L.DECK + pos, L.DECK + end)]] = False
    np.testing.assert_array_equal(hidden[rest], state.array[rest])


def test_the_opening_key_quotes_the_games_labels(registered):
    test_opening_key.test_the_opening_key_explains_the_games_own_labels(registered)


def test_observations_under_random_parameters_lie_within_the_bounds(registered):
    test_views.test_observations_of_states_under_random_parameters_lie_within_the_bounds(registered)


@settings(max_examples=10, deadline=None)
@given(data=st.data())
def test_no_game_is_longer_than_the_bound_under_random_rules(registered, data):
    longest, bound = test_game_length._longest_random_game(registered, data, 200)
    assert longest <= bound


def test_bound_for_the_default_rules(registered):
    test_game_length.test_bound_for_the_default_rules(registered)


def test_invariants_hold_under_random_play_and_rules(registered, tmp_path):
    report = fuzz(registered, examples=30, out_dir=tmp_path, seed=3)
    assert report.ok and report.examples == 30 and report.decisions > 30, report.problems


def test_the_invariants_catch_a_broken_state(case):
    """The game's own checks are not vacuous: a coin out of thin air and a lost card are both reported."""
    from tests.kit.minigame.kernel import layout as L

    state = case.states[len(case.states) // 2].clone()
    assert case.testing.check_invariants(state) == []
    state.array[L.SEATS + L.S_CARDS] += 1
    state.array[L.SEATS + L.S_COINS] = L.MAX_COINS + 1
    problems = case.testing.check_invariants(state)
    assert any("S_COINS" in p for p in problems) and any("account for" in p for p in problems)


def test_greedy_and_mcts_play_legal_games_and_mcts_beats_the_others(registered):
    """Greedy and MCTS play every seat's legal decisions to the end (the batch checks each action), the same seeds
    give the same games, and MCTS wins most of them."""
    game = brux.load_game(registered, players=3)
    lineup = ["mcts:iters=30", "greedy", "random"]
    out = game.play(60, master_seed=8, agents=lineup)
    again = game.play(60, master_seed=8, agents=lineup)
    assert all(np.array_equal(out[k], again[k]) for k in out)
    assert (out["length"] <= game.max_game_length).all()
    assert out["win_share"][:, 0].mean() > 0.5
