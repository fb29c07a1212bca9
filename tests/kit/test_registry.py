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
    with pytest.raises(brux.UnknownGameError, match="known games: " + ", ".join(GAMES)):
        get_rules("bruxelles1893x")


def test_core_does_not_import_the_agents():
    import subprocess
    import sys

    code = ("import sys, brux.core.game, brux.core.rules, brux.core.kit, brux.core.params; "
            "print(any(m == 'brux.agents' or m.startswith('brux.agents.') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_no_module_of_the_core_imports_the_agents_even_inside_a_function():
    import ast
    from pathlib import Path

    core = Path(brux.__file__).parent / "core"
    found = []
    for path in sorted(core.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            found += [f"{path.name}: {n}" for n in names if n == "brux.agents" or n.startswith("brux.agents.")]
    assert found == []


def test_a_game_without_the_agents_capability_plays_random_only():
    import dataclasses

    import numpy as np

    from brux.agents import make_agents

    rules = dataclasses.replace(get_rules("lutece"), agents=None)
    game = brux.Game(rules, 3)
    assert game.agent_names() == ["random"] and game.parse_agents("random") == ("random",) * 3
    out = game.play(5, master_seed=2, agents=["random"] * 3)
    ref = game.play_random(5, master_seed=2)
    assert all(np.array_equal(out[k], ref[k]) for k in ref)
    with pytest.raises(ValueError, match="lutece has no agent 'greedy' yet; known agents: random"):
        game.play(5, agents="greedy")
    with pytest.raises(ValueError, match="2 agents given for 3 players"):
        game.parse_agents(["random", "random"])
    # step by step, the random agent's stream gives the batch's game
    seed = int(ref["seed"][0])
    state = game.new_initial_state(seed=seed)
    agents = make_agents(game, "random", seed)
    while not state.is_terminal():
        state.apply_action(agents[state.current_player()].choose(state))
    assert [r["vp"] for r in state.result()] == ref["vp"][0].tolist()


def test_each_game_honours_its_declared_capabilities():
    import numpy as np

    for name, spec in GAMES.items():
        rules = get_rules(name)
        assert (rules.min_players, rules.max_players) == spec.players
        game = brux.load_game(name, players=spec.players[0])
        assert spec.default_persona is None or spec.default_persona in game.agent_names()
        shares = game.play_random(20, master_seed=3)["win_share"].sum(axis=1)
        assert spec.utility != "constant-sum" or np.allclose(shares, 1.0)


@pytest.mark.parametrize("field, value", [("information", "partial"), ("utility", "win-lose"), ("players", (3, 2))])
def test_a_bad_capability_names_itself(field, value):
    fields = dict(module="brux.games.x", rules_version=1, title="X", players=(2, 4))
    with pytest.raises(ValueError, match=field):
        GameEntry(**{**fields, field: value})
