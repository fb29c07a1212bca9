"""`game.max_game_length` is a true bound on the decisions of a game: for every game and player count, under random
rule parameters (brux.testing.rule_params), no random game is longer."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import brux
from brux.games import get_rules
from brux.testing import rule_params
from brux.testing.strategies import player_counts


def _longest_random_game(name, data, games):
    """The longest of `games` random games under drawn rule parameters, and the game's bound. Some rule sets leave
    no decision at all (Bruxelles 1897 with every architect in prison ends at once), so only the bound is checked."""
    game = brux.load_game(name, players=data.draw(player_counts(name)), **data.draw(rule_params(name)))
    lengths = game.play_random(games, master_seed=data.draw(st.integers(0, 2**30)))["length"]
    return lengths.max(), game.max_game_length


@pytest.mark.parametrize("name", brux.list_games())
@settings(max_examples=12)
@given(data=st.data())
def test_no_game_is_longer_than_the_bound_under_random_rules(name, data):
    longest, bound = _longest_random_game(name, data, 200)
    assert longest <= bound


@pytest.mark.long
@pytest.mark.parametrize("name", brux.list_games())
@settings(max_examples=400)
@given(data=st.data())
def test_no_game_is_longer_than_the_bound_under_random_rules_long(name, data):
    longest, bound = _longest_random_game(name, data, 1000)
    assert longest <= bound


@pytest.mark.parametrize("name", brux.list_games())
def test_bound_for_the_default_rules(name):
    """Many games with the default rules at every player count, and the bound grows with the rounds played."""
    rules = get_rules(name)
    for players in range(rules.min_players, rules.max_players + 1):
        game = brux.load_game(name, players=players)
        assert game.play_random(3000, master_seed=players)["length"].max() <= game.max_game_length


def test_the_bound_follows_the_round_count():
    short = brux.load_game("bruxelles1897", players=3, rounds=2)
    long = brux.load_game("bruxelles1897", players=3, rounds=6)
    assert long.max_game_length == 3 * short.max_game_length


def test_final_states_of_the_contract_games(case):
    assert len(case.final.history) <= case.game.max_game_length
