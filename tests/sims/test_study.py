"""Studies: the levels of play side by side, each sized to a precision target within a CPU budget, resumable."""

import json
import math

import pytest

import sims
from analysis.study import write_study_report
from sims.cli import main
from sims.study import allocate, choose_levels, games_for_target

BUDGET = 6.0


@pytest.fixture(scope="module")
def small_study(tmp_path_factory):
    out = tmp_path_factory.mktemp("study")
    first = sims.study("bruxelles1897", 2, budget=BUDGET, precision=0.05, out=out, jobs=1)
    return out, first


def test_levels_follow_the_games_agents():
    assert choose_levels("bruxelles1897", 3, "heuristic:balanced") == ["random", "greedy", "heuristic:balanced",
                                                                        "vmcts"]
    assert choose_levels("lutece", 4, None) == ["random", "greedy", "vmcts"]


def test_allocate_lets_cheap_levels_reach_the_target_and_gives_the_rest_to_expensive_ones():
    levels = [{"cpu_per_game": 0.001}, {"cpu_per_game": 1.0}, {"cpu_per_game": 0.01}]
    allocate(levels, 100.0, 1000)
    assert [lv["games_cap"] for lv in levels] == [1000, 89, 1000]  # 100 - 1 - 10 seconds left
    assert [lv["reaches_target"] for lv in levels] == [True, False, True]
    assert sum(lv["cpu_allocated"] for lv in levels) <= 100.0
    assert games_for_target(0.05, 2) < games_for_target(0.02, 2)


def test_study_table_budget_and_sentences(small_study):
    out, result = small_study
    t = result.table()
    assert t["level"].to_list() == ["random", "greedy", "heuristic:balanced", "vmcts"]
    assert {"games", "cpu_seconds", "half_width", "verdict", "seat_0", "seat_1", "top_sources"} <= set(t.columns)
    rec = json.loads((out / "study.json").read_text())
    used = rec["setup_cpu"] + sum(lv["cpu_used"] for lv in rec["levels"])
    assert used <= 1.3 * BUDGET  # at most one batch over a level's limit
    assert t.filter(t["level"] == "random")["games"][0] > 0
    for lv in rec["levels"]:  # each level stopped at its target or within its CPU limit
        if lv["games"]:
            assert lv["games"] <= lv["games_cap"] and lv["cpu_used"] <= 1.5 * lv["cpu_limit"] + 0.5
    sentences = result.findings().sentences
    assert any(s.startswith("Seat balance: ") for s in sentences)
    assert any(s.startswith("Budget: 6 CPU seconds") for s in sentences)
    assert any("heuristic:balanced" in s and "documented default" in s for s in sentences)


def test_study_resumes_without_playing_again(small_study):
    out, first = small_study
    again = sims.study("bruxelles1897", 2, budget=BUDGET, precision=0.05, out=out, jobs=1)
    assert again.games_played == 0
    assert [lv["games"] for lv in again.levels] == [lv["games"] for lv in first.levels]
    with pytest.raises(sims.SimsError, match="holds another study"):
        sims.study("bruxelles1897", 2, budget=2 * BUDGET, precision=0.05, out=out, jobs=1)


def test_study_report_puts_the_levels_side_by_side(small_study, tmp_path):
    out, _ = small_study
    path, found = write_study_report(out, tmp_path / "study.md", "md")
    text = path.read_text()
    assert "## Levels of play" in text and "### Level greedy" in text and "| level |" in text
    assert found.table.height == 4


@pytest.mark.parametrize("argv, message", [
    (["study", "nosuchgame"], "unknown game"),
    (["study", "bruxelles1897", "--budget", "0"], "budget"),
    (["study", "bruxelles1897", "--budget", "nan"], "budget"),
    (["study", "bruxelles1897", "--players", "9"], "players"),
])
def test_study_command_rejects_bad_input(argv, message, tmp_path, capsys):
    assert main([*argv, "--out", str(tmp_path / "s")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("brux: error:") and message in err and err.count("\n") == 1


def test_budget_must_be_finite():
    with pytest.raises(sims.SimsError):
        sims.study("lutece", 3, budget=math.inf)
