"""sims.policy_strength: policy (or a lighter agent) measured against the search, stored beside its weights (or in
the game's strong.json), read back for studies."""

import json

import numpy as np
import pytest

import brux
from brux.agents import policyfile, strongfile
from sims.policy_strength import at_least_as_strong, main, measure

FEATURES = ("vp", "money")


def test_strength_is_stored_beside_the_weights_and_read_back(tmp_path):
    path = tmp_path / "policy.json"
    policyfile.write(path, 3, FEATURES, np.array([1.0, 0.5]), {"command": "fit"})
    assert policyfile.load_strength(path) == {}
    record = {"against": "vmcts", "games": 9, "win_share": 0.4, "low": 0.2, "high": 0.6}
    policyfile.write_strength(path, 3, record)
    assert policyfile.load_strength(path) == {3: record}
    assert policyfile.load(path, FEATURES)[3].tolist() == [1.0, 0.5]  # the weights untouched
    with pytest.raises(ValueError, match="no policy weights for 4 players"):
        policyfile.write_strength(path, 4, record)
    policyfile.write(path, 3, FEATURES, np.array([2.0, 0.5]), {"command": "refit"})
    assert policyfile.load_strength(path) == {}  # new weights drop the old measurement
    assert json.loads(path.read_text())["players"]["3"]["command"] == "refit"


def test_every_fitted_game_has_its_policy_measured_against_vmcts():
    measured = 0
    for name in brux.list_games():
        agents = brux.load_game(name, 3).rules.agents
        for players in sorted(agents.policy) if agents else ():
            record = agents.policy_strength[players]
            assert record["against"] == "vmcts" and record["games"] >= 300 * players
            assert record["low"] <= record["win_share"] <= record["high"]
            assert at_least_as_strong(record, players) == (record["win_share"] >= 1 / players)
            measured += 1
    assert measured >= 5  # Bruxelles 1897, 1893 and Prestige at 3 players, Lutèce at 3 and 4


def test_measure_plays_policy_in_every_seat_against_the_search():
    record = measure("bruxelles1897", 3, 2, jobs=1, cpu_seconds=0.01)
    assert record["agent"] == "policy" and record["against"] == "vmcts"
    assert record["games"] == 6 and record["seat_games"] == 6
    assert record["low"] <= record["win_share"] <= record["high"]
    assert set(record["cpu_us_per_decision"]) == {"policy", "vmcts"}
    assert all(x > 0 for x in record["cpu_us_per_decision"].values())


def test_a_lighter_agent_is_measured_and_stored_in_the_games_strong_file(tmp_path):
    record = measure("bruxelles1897", 3, 1, agent="vmcts:prune=2,iters=5", jobs=1, cpu_seconds=0.01)
    assert record["agent"] == "vmcts:iters=5,prune=2" and record["games"] == 3  # the canonical spec
    assert record["command"].startswith("python -m sims.policy_strength --game bruxelles1897 --players 3 --agent "
                                        "vmcts:iters=5,prune=2 --games 1 ")
    path = tmp_path / strongfile.STRONG_FILE
    assert strongfile.load(path) == {}
    strongfile.write(path, 3, record)
    strongfile.write(path, 2, {**record, "games": 2})
    assert strongfile.load(path) == {2: {**record, "games": 2}, 3: record}
    assert list(json.loads(path.read_text())["players"]) == ["2", "3"]


@pytest.mark.parametrize("text, message", [
    ("{not json", "is not a table of strong agents by player count"),
    ('{"about": "x"}', "is not a table of strong agents by player count"),
    ('{"players": {"3": {"agent": "vmcts:iters=5"}}}', "the record of 3 players lacks against, games"),
])
def test_a_malformed_strong_file_is_named(tmp_path, text, message):
    path = tmp_path / strongfile.STRONG_FILE
    path.write_text(text)
    with pytest.raises(ValueError, match=message) as e:
        strongfile.load(path)
    assert str(path) in str(e.value)


def test_every_stored_lighter_agent_was_measured_against_the_search():
    measured = 0
    for name in brux.list_games():
        game = brux.load_game(name, 3)
        for players, record in sorted(game.rules.agents.strong.items()) if game.rules.agents else ():
            assert record["against"] == "vmcts" and record["games"] >= 300 * players
            assert game.parse_agents(record["agent"])[0] == record["agent"] != "vmcts"
            assert record["low"] <= record["win_share"] <= record["high"]
            cpu = record["cpu_us_per_decision"]
            assert cpu[record["agent"]] < cpu["vmcts"]  # lighter, as measured
            measured += 1
    assert measured >= 1  # Bruxelles 1897 at 3 players


@pytest.mark.parametrize("argv, message", [
    (["--game", "nosuch"], "unknown game 'nosuch'"),
    (["--game", "bruxelles1897", "--players", "2"], "no fitted policy for 2 players"),
    (["--game", "bruxelles1897", "--agent", "vmcts"], "vmcts is measured against the game's search"),
    (["--game", "bruxelles1897", "--agent", "nosuch"], "unknown agent"),
])
def test_bad_input_is_named(argv, message, capsys):
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2 and message in capsys.readouterr().err
