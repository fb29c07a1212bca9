"""Balance search: file validation, successive halving with common seeds, re-check on fresh seeds, the CLI."""

from __future__ import annotations

import json

import polars as pl
import pytest

from sims import SimsError
from sims.cli import main
from sims.rule_search import balance, candidates, parse_balance
from tests.sweeps.conftest import GAME, err_line, write

TINY = {"game": GAME, "players": 3, "seed": 3,
        "budget": {"candidates": 5, "games": 300, "keep": 0.5, "growth": 2, "finalists": 2, "recheck_games": 1500,
                   "bootstrap": 200},
        "search": {"start_money": {"low": 3, "high": 7, "length": 3}}}

TINY_TOML = f"""
game = "{GAME}"
players = 3
agents = "random"
seed = 3
[budget]
candidates = 5
games = 300
finalists = 2
recheck_games = 1500
bootstrap = 200
[search]
start_money = {{ low = 3, high = 7, length = 3 }}
"""


@pytest.fixture(scope="module")
def searched(tmp_path_factory):
    return balance(TINY, tmp_path_factory.mktemp("balance") / "out", jobs=1)


def test_search_returns_rechecked_variants(searched):
    t = searched.table
    assert t["rank"].to_list() == list(range(1, t.height + 1))
    assert t.filter(pl.col("baseline")).height == 1 and t.height in (2, 3)  # finalists (+ the baseline)
    assert (t["games"] == 1500).all()
    assert t["objective"].is_sorted()
    for r in t.iter_rows(named=True):
        assert r["objective_low"] <= r["objective"] <= r["objective_high"]
        assert r["diff_low"] <= r["diff_high"]
        shares = [float(x) for x in r["win_shares"].split(" / ")]
        assert r["objective"] == pytest.approx(max(shares) - min(shares), abs=1e-4)
    best = searched.best
    assert best == t.row(0, named=True) and best["objective"] <= searched.baseline["objective"]
    base = searched.baseline
    assert (base["diff"], base["diff_low"], base["diff_high"]) == (0.0, 0.0, 0.0)


def test_halving_rounds_and_fresh_seeds(searched):
    rounds = searched.rounds
    assert rounds[0]["candidates"] == 6 and rounds[0]["games"] == 300  # 5 variants + the baseline
    for a, b in zip(rounds, rounds[1:]):
        assert b["candidates"] == a["kept"] < a["candidates"] and b["games"] == 2 * a["games"]
    assert rounds[-1]["candidates"] <= 2
    folder = searched.path
    round_seeds = {r["seed"] for r in rounds}
    recheck_seed = searched.manifest["recheck"]["seed"]
    assert recheck_seed not in round_seeds and len(round_seeds) == len(rounds)
    # every run of a round used that round's master seed (common game seeds), the re-check a fresh one
    for r in rounds:
        runs = list((folder / "search" / f"round-{r['round']}").glob("*/manifest.json"))
        assert len(runs) == r["candidates"]
        assert {json.loads(p.read_text())["master_seed"] for p in runs} == {r["seed"]}
    rechecks = [json.loads(p.read_text()) for p in (folder / "recheck").glob("*/manifest.json")]
    assert {m["master_seed"] for m in rechecks} == {recheck_seed}
    assert {m["params_id"] for m in rechecks} == set(searched.table["params_id"])
    saved = json.loads((folder / "balance.json").read_text())
    assert saved["complete"] and saved["results"][0]["variant"] == searched.best["variant"]
    assert pl.read_csv(folder / "balance.csv")["variant"].to_list() == searched.table["variant"].to_list()


def test_rerun_resumes_and_other_search_is_refused(searched):
    again = balance(TINY, searched.path, jobs=1)
    assert again.games_played == 0 and again.table.equals(searched.table)
    other = {**TINY, "seed": 4}
    with pytest.raises(SimsError, match="different balance search"):
        balance(other, searched.path, jobs=1)


def test_candidates_are_distinct_and_valid():
    spec = parse_balance({**TINY, "budget": {"candidates": 30},
                          "search": {"start_money": {"low": 4, "high": 6, "length": 3, "sorted": True},
                                     "exhibit_vp": [1, 2]}})
    cands = candidates(spec)
    # 10 sorted vectors x 2 values = 20 combinations, one of them the rules as written
    assert len(cands) == 20 and cands[0].baseline
    assert len({c.params_id for c in cands}) == 20
    for c in cands[1:]:
        sm = c.overrides["start_money"]
        assert sm[:3] == sorted(sm[:3]) and sm[3] == 7 and c.overrides["exhibit_vp"] in (1, 2)


def test_the_recheck_seed_is_the_documented_key():
    """docs/sweeps.md: ``budget.recheck_seed`` fixes the re-check's master seed; without it one is derived."""
    given = parse_balance({**TINY, "budget": {**TINY["budget"], "recheck_seed": 12345}})
    derived = parse_balance(TINY)
    assert given.recheck_seed == 12345 and derived.recheck_seed != 12345 and derived.recheck_seed != TINY["seed"]


@pytest.mark.parametrize("change, message", [
    ({"objectiv": "max_gap"}, "unknown key 'objectiv'"),
    ({"objective": "smallest"}, "key 'objective' must be one of max_gap, max_dev"),
    ({"players": [3, 4]}, "key 'players' must be an integer"),
    ({"agents": "random,nobody,random"}, "key 'agents' (3 players): unknown agent 'nobody'"),
    ({"budget": {"candidats": 3}}, "unknown key 'budget.candidats'"),
    ({"budget": {"keep": 1.5}}, "key 'budget.keep' must be a number in (0.0, 0.99]"),
    ({"budget": {"games": 0}}, "key 'budget.games' must be an integer at least 1"),
    ({"search": {}}, "missing or empty table 'search'"),
    ({"search": {"start_money": {"low": 3, "high": 7, "lenght": 3}}}, "unknown key 'search.start_money.lenght'"),
    ({"search": {"start_money": {"low": 3, "high": 7}}}, "key 'search.start_money': start_money is a list"),
    ({"search": {"start_money": {"low": 3, "high": 7, "length": 5}}}, "'search.start_money.length' must be"),
    ({"search": {"exhibit_vp": {"low": 3, "high": 700}}}, "key 'search.exhibit_vp' (search.exhibit_vp = 700): rule"),
    ({"search": {"exhibit_vp": {"low": 3, "high": 1}}}, "low (3) is above high (1)"),
    ({"search": {"exhibit_mode": {"values": ["one_each"]}}}, "unknown rule parameter 'exhibit_mode'"),
    ({"search": {"exhibition_mode": {"values": ["one_each", "never"]}}}, "search.exhibition_mode.values[1]"),
])
def test_validation_names_the_key(change, message):
    with pytest.raises(SimsError) as e:
        parse_balance({**TINY, **change}, "b.toml")
    assert str(e.value).startswith("balance file b.toml: ") and message in str(e.value)


def test_cli_balance(tmp_path, capsys):
    file = write(tmp_path / "b.toml", TINY_TOML)
    out = tmp_path / "out"
    assert main(["balance", str(file), "--out", str(out), "--jobs", "1"]) == 0
    text = capsys.readouterr().out
    assert "round 0: 6 variants x 300 new games" in text
    assert "re-check: " in text and "x 1,500 games on fresh seeds" in text
    assert "   1  " in text and "baseline" in text and "max_gap [95% interval]" in text
    assert (out / "balance.csv").is_file() and (out / "balance.json").is_file()
    write(file, TINY_TOML.replace("lenght", "length").replace("length = 3", "lenght = 3"))
    assert main(["balance", str(file), "--out", str(out)]) == 2
    assert "unknown key 'search.start_money.lenght'" in err_line(capsys)


def test_an_empty_dimension_searches_the_declared_space():
    spec = parse_balance({**TINY, "search": {"exhibit_vp": {}, "exhibition_mode": {}}})
    dims = {d.name: d for d in spec.dimensions}
    assert (dims["exhibit_vp"].low, dims["exhibit_vp"].high) == (0, 8)  # its declared search range
    assert dims["exhibition_mode"].values == ("round_robin", "one_each")
    with pytest.raises(SimsError, match="start_money has no declared search range"):
        parse_balance({**TINY, "search": {"start_money": {}}})
