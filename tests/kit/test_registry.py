"""The registry: one entry per game, rules_version stamped on the rules object; agents as a capability."""

import pytest

import brux
from brux.games import GAMES, GameEntry, get_rules


def test_one_entry_per_game():
    assert brux.list_games() == sorted(GAMES)
    for name, entry in GAMES.items():
        assert isinstance(entry, GameEntry) and entry.rules_version >= 1
        rules = get_rules(name)
        assert rules.name == name and rules.rules_version == entry.rules_version
        assert brux.load_game(name, players=rules.min_players).rules_version == entry.rules_version


def test_unknown_game_lists_the_known_ones():
    with pytest.raises(brux.UnknownGameError, match="known games: bruxelles1897, lutece"):
        get_rules("bruxelles1893x")


def test_core_does_not_import_the_agents():
    import subprocess
    import sys

    code = ("import sys, brux.core.game, brux.core.rules, brux.core.kit, brux.core.params; "
            "print(any(m == 'brux.agents' or m.startswith('brux.agents.') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
