import pytest

import sims
from sims.agents import parse_lineup
from sims.chunks import plan_chunks
from sims.spec import RunSpec, parse_overrides, parse_value


def test_parse_value_json_toml_and_bare_strings():
    assert parse_value("5") == 5
    assert parse_value("[4, 5, 6, 8]") == [4, 5, 6, 8]
    assert parse_value("true") is True
    assert parse_value("2.5") == 2.5
    assert parse_value("'one_each'") == "one_each"  # TOML literal string
    assert parse_value("1_000") == 1000  # TOML integer
    assert parse_value("one_each") == "one_each"


def test_parse_overrides_nested_keys():
    assert parse_overrides(["rounds=5", "bonus_lower.prison=nobles", "bonus_lower.nobility=money"]) == {
        "rounds": 5, "bonus_lower": {"prison": "nobles", "nobility": "money"}}
    for bad in ("rounds", "=5", "a..b=1"):
        with pytest.raises(sims.SimsError, match="bad rule override"):
            parse_overrides([bad])
    with pytest.raises(sims.SimsError, match="also used as a table"):
        parse_overrides(["rounds=5", "rounds.x=1"])


def test_agents_lineups():
    assert parse_lineup("random", 3) == ("random",) * 3
    assert parse_lineup("random, random", 2) == ("random", "random")
    assert parse_lineup(["random"] * 4, 4) == ("random",) * 4
    with pytest.raises(sims.SimsError, match="unknown agent 'nope'"):
        parse_lineup("random,nope,random", 3)
    with pytest.raises(sims.SimsError, match="random"):
        parse_lineup("random:temp=1", 3)
    with pytest.raises(sims.SimsError, match="2 agents given for 3 players"):
        parse_lineup("random,random", 3)


def test_plan_chunks_cover_every_game_once():
    chunks = plan_chunks(23, 7)
    assert [(c.index, c.first, c.count) for c in chunks] == [(0, 0, 7), (1, 7, 7), (2, 14, 7), (3, 21, 2)]
    assert [(c.first, c.count) for c in plan_chunks(5, 50)] == [(0, 5)]


def test_run_spec_validation(game_name):
    spec = RunSpec.create(game_name, 2, 10, "random", 3, {"rounds": 3})
    assert spec.agents == ("random", "random") and spec.overrides == {"rounds": 3}
    m = spec.manifest()
    assert m["params"]["rounds"] == 3 and m["overrides"] == {"rounds": 3} and m["players"] == 2
    cases = [
        (dict(game="nope"), "unknown game 'nope'"),
        (dict(players=1), "is for 2 to 4 players, got 1"),
        (dict(players=True), "players, got True"),
        (dict(games=0), "games must be an integer at least 1"),
        (dict(seed=-1), "seed must be an integer between 0"),
        (dict(seed=2**63), "seed must be an integer between 0"),
        (dict(chunk_size=0), "chunk size"),
        (dict(overrides={"rounds": 0}), "rounds"),
        (dict(overrides={"no_such_rule": 1}), "unknown rule parameter 'no_such_rule'"),
        (dict(overrides={"rounds": object()}), "rule overrides must be"),
        (dict(agents="mcts:foo=1"), "mcts"),
        (dict(games=10**12, chunk_size=1), "more than 999,999 chunk files; use --chunk-size 1,000,002 or more"),
    ]
    for kwargs, message in cases:
        args = dict(game=game_name, players=3, games=10, agents="random", seed=0, overrides=None, chunk_size=5)
        args.update(kwargs)
        with pytest.raises(sims.SimsError, match=message):
            RunSpec.create(**args)
