"""sims.policy_strength: policy measured against the search, stored beside its weights, read back for studies."""

import json

import numpy as np
import pytest

import brux
from brux.agents import policyfile
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
    record = measure("bruxelles1897", 3, 2, jobs=1)
    assert record["against"] == "vmcts" and record["games"] == 6 and record["seat_games"] == 6
    assert record["low"] <= record["win_share"] <= record["high"]


@pytest.mark.parametrize("argv, message", [
    (["--game", "nosuch"], "unknown game 'nosuch'"),
    (["--game", "bruxelles1897", "--players", "2"], "no fitted policy for 2 players"),
])
def test_bad_input_is_named(argv, message, capsys):
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2 and message in capsys.readouterr().err
