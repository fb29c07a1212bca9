"""Bad input to every game's API raises ValueError (a subclass where documented) naming the problem."""

import re

import pytest

import brux
from brux.games import get_rules

GAMES = brux.list_games()


def test_unknown_game():
    assert issubclass(brux.UnknownGameError, ValueError) and issubclass(brux.IllegalActionError, ValueError)
    with pytest.raises(brux.UnknownGameError) as err:
        brux.load_game("no_such_game", players=3)
    for name in GAMES:
        assert name in str(err.value)


@pytest.mark.parametrize("name", GAMES)
def test_bad_player_counts(name):
    rules = get_rules(name)
    for players in (rules.min_players - 1, rules.max_players + 1, 0, -1, str(rules.min_players), True,
                    float(rules.min_players), None):
        with pytest.raises(ValueError, match="players"):
            brux.load_game(name, players=players)


@pytest.mark.parametrize("name", GAMES)
def test_bad_seeds_and_counts(name):
    game = brux.load_game(name, players=get_rules(name).min_players)
    for seed in (-1, "1", 1.5, True, None, 2**63, 2**64):
        with pytest.raises(ValueError, match="seed"):
            game.new_initial_state(seed=seed)
        with pytest.raises(ValueError, match="master_seed"):
            game.play_random(2, master_seed=seed)
        with pytest.raises(ValueError, match="master_seed"):
            game.play(2, master_seed=seed)
    for count in (-1, "2", 1.5, True, None):
        with pytest.raises(ValueError, match="n_games"):
            game.play_random(count)
        with pytest.raises(ValueError, match="n_games"):
            game.play(count)
        with pytest.raises(ValueError, match="first_index"):
            game.play_random(2, first_index=count)
        with pytest.raises(ValueError, match="first_index"):
            game.play(2, first_index=count)
    assert game.play_random(0)["vp"].shape == (0, game.players)


@pytest.mark.parametrize("name", GAMES)
def test_unknown_and_invalid_overrides(name):
    players = get_rules(name).min_players
    with pytest.raises(ValueError, match="no_such_field"):
        brux.load_game(name, players=players, no_such_field=1)
    defaults = brux.load_game(name, players=players).params
    for key in defaults:
        for bad in ([[["?"]]], object()):
            with pytest.raises(ValueError, match=re.escape(key)):
                brux.load_game(name, players=players, **{key: bad})
    same = brux.load_game(name, players=players, **{key: defaults[key] for key in defaults})
    assert same.params == defaults


@pytest.mark.parametrize("name", GAMES)
def test_bad_agents(name):
    game = brux.load_game(name, players=get_rules(name).min_players)
    for bad in ("no_such_agent", ["random"] * (game.players + 1), "random:n=3"):
        with pytest.raises(ValueError):
            game.play(2, agents=bad)
