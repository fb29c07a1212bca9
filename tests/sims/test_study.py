"""Studies: the levels of play side by side, each sized to a precision target within a CPU budget, resumable."""

import json
import math
import shutil

import polars as pl
import pytest

import analysis.study_report as st
import brux
import sims
from analysis import power
from analysis.study_report import write_study_report
from sims.cli import main
from sims.mixed import default_mixed, parse_mixed
from sims.study import allocate, choose_levels, games_for_target, strongest_agent

BUDGET = 60.0  # CPU seconds of TickClock: pilots of 2 games, then some 40 games a level
MIXED = "greedy vs random"
TICK = 0.5  # seconds per reading of TickClock, at least PILOT_SECONDS: a pilot plays 2 games


class TickClock:
    """A deterministic stand-in for the CPU clock: every reading is ``tick`` seconds after the last, so a study's
    pilots, shares and limits come out the same however busy the machine is (a pilot of 2 games reads one tick)."""

    def __init__(self, tick: float = TICK):
        self.tick, self.now = tick, 0.0

    def __call__(self) -> float:
        self.now += self.tick
        return self.now


@pytest.fixture(scope="module")
def small_study(tmp_path_factory):
    out = tmp_path_factory.mktemp("study")
    first = sims.study("bruxelles1897", 2, budget=BUDGET, precision=0.05, out=out, jobs=1, mixed=["greedy/random"],
                       clock=TickClock())
    return out, first


def _level(record, name):
    return next(lv for lv in record["levels"] if lv["name"] == name)


def test_levels_follow_the_games_agents():
    # Bruxelles 1897's policy and its stored lighter search both won their fair share: the policy is preferred
    agents97 = brux.load_game("bruxelles1897", 3).rules.agents
    assert agents97.strong[3]["win_share"] >= 1 / 3 and agents97.policy_strength[3]["win_share"] >= 1 / 3
    assert choose_levels("bruxelles1897", 3, "heuristic:balanced")[0] == ["random", "greedy", "heuristic:balanced",
                                                                           "policy"]
    assert choose_levels("bruxelles1897", 4, "heuristic:balanced")[0][-1] == "vmcts"  # nothing measured at 4
    assert choose_levels("lutece", 5, None)[0] == ["random", "greedy", "vmcts"]  # no policy fitted for 5 players
    # Bruxelles 1893's stored policy won more than its fair share against 2 x vmcts: it is the strongest level
    assert brux.load_game("bruxelles1893", 3).rules.agents.policy_strength[3]["win_share"] > 1 / 3
    assert choose_levels("bruxelles1893", 3, "heuristic:builder")[0] == ["random", "greedy", "heuristic:builder",
                                                                         "policy"]
    # so did Lutèce's at 3 and 4 players
    for players in (3, 4):
        assert brux.load_game("lutece", players).rules.agents.policy_strength[players]["win_share"] > 1 / players
        assert choose_levels("lutece", players, None)[0] == ["random", "greedy", "policy"]


def test_policy_is_the_strongest_level_only_where_it_wins_its_fair_share_against_the_search():
    names = ["random", "greedy", "policy", "vmcts"]
    measured = {"against": "vmcts", "games": 900, "win_share": 0.34, "low": 0.31, "high": 0.37}
    agent, why = strongest_agent(names, 3, measured)
    assert agent == "policy" and "0.340 [0.310, 0.370] of 900" in why and "2 × vmcts" in why
    agent, why = strongest_agent(names, 3, {**measured, "win_share": 0.33})
    assert agent == "vmcts" and "below the fair share" in why
    assert strongest_agent(names, 2, {**measured, "win_share": 0.5})[0] == "policy"
    assert strongest_agent(names, 3, None) == ("vmcts", "the game's search; no measured policy as strong")
    assert strongest_agent(["random", "greedy", "mcts"], 3, measured)[0] == "mcts"  # no policy offered
    assert strongest_agent(["random"], 3, measured)[0] is None


def test_a_lighter_agent_measured_as_strong_as_the_search_is_the_strongest_level_where_policy_is_not():
    names = ["random", "greedy", "policy", "vmcts"]
    policy = {"against": "vmcts", "games": 900, "win_share": 0.27, "low": 0.24, "high": 0.30}
    lean = {"agent": "vmcts:iters=300,prune=5", "against": "vmcts", "games": 6300, "win_share": 0.34, "low": 0.33,
            "high": 0.35, "cpu_us_per_decision": {"vmcts:iters=300,prune=5": 260.0, "vmcts": 525.0}}
    agent, why = strongest_agent(names, 3, policy, lean)
    assert agent == "vmcts:iters=300,prune=5"
    assert "won 0.340 [0.330, 0.350] of 6,300" in why and "260 µs" in why and "525" in why
    assert "policy won 0.270" in why and "below the fair share" in why
    assert strongest_agent(names, 3, policy, {**lean, "win_share": 0.33})[0] == "vmcts"  # below its fair share
    assert strongest_agent(names, 3, policy, {**lean, "against": "mcts"})[0] == "vmcts"  # not against this search
    assert strongest_agent(names, 3, {**policy, "win_share": 0.34}, lean)[0] == "policy"  # no search at all first
    assert default_mixed(["random", "greedy", "vmcts"]) == ["greedy/random", "vmcts/greedy"]
    assert parse_mixed(["greedy/random", ("greedy", "random"), " vmcts / greedy"], "lutece", 4) == [
        "greedy/random", "vmcts/greedy"]


def test_allocate_lets_cheap_levels_reach_the_target_and_gives_the_rest_to_expensive_ones():
    levels = [{"cpu_per_game": 0.001}, {"cpu_per_game": 1.0}, {"cpu_per_game": 0.01}]
    allocate(levels, 100.0, 1000)
    assert [lv["games_cap"] for lv in levels] == [1000, 89, 1000]  # 100 - 1 - 10 seconds left
    assert [lv["reaches_target"] for lv in levels] == [True, False, True]
    assert sum(lv["cpu_allocated"] for lv in levels) <= 100.0
    assert games_for_target(0.05, 2) < games_for_target(0.02, 2)


def test_allocate_gives_an_agent_check_a_quarter_of_its_levels_share():
    levels = [{"cpu_per_game": 1.0}, {"cpu_per_game": 1.0, "weight": 0.25, "games_for_target": 250}]
    allocate(levels, 100.0, 1000)
    assert [lv["games_cap"] for lv in levels] == [80, 20]
    assert not any(lv["reaches_target"] for lv in levels)


def test_allocate_gives_mixed_levels_whole_rounds_or_skips_them():
    levels = [{"cpu_per_game": 0.001}, {"cpu_per_game": 0.002, "rotation": 3, "games_for_target": 3000},
              {"cpu_per_game": 1.0, "rotation": 3, "games_for_target": 3000}]
    allocate(levels, 6.0, 1000)
    assert [lv["games_cap"] for lv in levels] == [1000, 1248, 0]  # 2.5 s buy 1,250 games: 416 whole rounds;
    # the last level's 2.5 s buy 2 games, less than one game in each of its 3 seats
    assert levels[1]["games_cap"] % 3 == 0 and not levels[1]["reaches_target"]
    levels = [{"cpu_per_game": 0.001, "rotation": 3, "games_for_target": 3000}]
    allocate(levels, 100.0, 1000)
    assert levels[0]["games_cap"] == 3000 and levels[0]["reaches_target"]


def test_study_table_budget_and_sentences(small_study):
    out, result = small_study
    t = result.table()
    assert t["level"].to_list() == ["random", "greedy", "heuristic:balanced", "vmcts"]  # the mixed one apart
    assert {"games", "cpu_seconds", "half_width", "verdict", "seat_0", "seat_1", "top_sources"} <= set(t.columns)
    rec = json.loads((out / "study.json").read_text())
    used = rec["setup_cpu"] + sum(lv["cpu_used"] for lv in rec["levels"])
    assert used <= 1.3 * BUDGET  # at most one batch over a level's limit
    assert t.filter(t["level"] == "random")["games"][0] > 0
    for lv in rec["levels"]:  # each level stopped at its target or within its CPU limit
        if lv["games"]:
            target = lv.get("games_for_target", rec["games_for_target"])
            assert lv["games"] <= target and lv["cpu_used"] <= 1.5 * lv["cpu_limit"] + 0.5
            assert lv["games"] <= lv["games_cap"] or not lv["reaches_target"]  # only a limited level plays on
    # the pilot's rate (a tick for 2 games) overstates a level's (a tick a chunk): the level plays on to its limit
    on = [lv for lv in rec["levels"] if lv.get("kind") is None and lv["games"] > lv["games_cap"]]
    assert on and all(lv["cpu_used"] <= lv["cpu_limit"] + 0.5 for lv in on)
    sentences = result.findings().sentences
    assert any(s.startswith("Seat balance: ") for s in sentences)
    assert any(s.startswith("Budget: 60 CPU seconds") for s in sentences)
    assert any(f"greedy {_level(rec, 'greedy')['games']} games in " in s and "played on to its CPU limit" in s
               for s in sentences) == (_level(rec, "greedy") in on)
    assert any("heuristic:balanced" in s and "documented default" in s for s in sentences)
    assert "Strongest level: vmcts (the game's search; no measured policy as strong)." in sentences  # none at 2p


def test_a_level_plays_the_games_fixed_in_advance_and_reports_fixed_sample_intervals(tmp_path):
    out = tmp_path / "s"
    result = sims.study("bruxelles1897", 2, budget=10 * BUDGET, precision=0.15, out=out, jobs=1,
                        mixed=["greedy/random"], clock=TickClock())
    rec = result.record
    assert rec["games_for_target"] == games_for_target(0.15, 2) == power.games_for_seat_precision(0.15, 2)
    reached = [lv for lv in rec["levels"] if lv.get("kind") != "check" and lv["reaches_target"]]
    assert {"random", "greedy", MIXED} <= {lv["name"] for lv in reached}
    t, found = result.table(), result.findings()
    for lv in reached:  # nothing the games show stops a level: no stopping record, intervals of a fixed sample
        runs = [out / lv["folder"] / r for r in lv.get("runs", [""])]
        assert lv["games"] == lv.get("games_for_target", rec["games_for_target"])
        assert not any((r / "stopping.json").exists() for r in runs)
        if lv.get("kind") == "mixed":
            m = found.mixed[MIXED]
            assert all(h - lo <= 2 * 0.15 for _, lo, h in m.by_seat)
        else:
            assert t.filter(pl.col("level") == lv["name"])["half_width"][0] <= 0.15
            assert found.levels[lv["name"]].fairness[0].method.startswith("normal intervals")


def test_levels_are_noisy_populations_each_checked_with_more_noise(small_study):
    out, result = small_study
    rec = result.record
    assert rec["eps"] == 0.1 and rec["check_eps"] == 0.2
    assert _level(rec, "random")["agents"] == ["random"] * 2
    for name in ("greedy", "heuristic:balanced", "vmcts"):
        assert _level(rec, name)["agents"] == [f"{name}{',' if ':' in name else ':'}eps=0.1"] * 2
        check = _level(rec, f"{name} (check, eps=0.2)")
        assert check["kind"] == "check" and check["of"] == name
        assert check["agents"] == [f"{name}{',' if ':' in name else ':'}eps=0.2"] * 2
        assert check["games_for_target"] == math.ceil(rec["games_for_target"] / 4)
    greedy = json.loads((out / "level-greedy" / "manifest.json").read_text())
    check = json.loads((out / "check-greedy" / "manifest.json").read_text())
    assert check["master_seed"] == greedy["master_seed"]  # the same deals
    t = result.table()
    cells = dict(zip(t["level"], t["agent_check"], strict=True))
    assert cells["random"] == "" and cells["greedy"].startswith(("no change at eps=0.2 (", "agent artifact"))
    assert any("probability 0.1 (agent option eps)" in s for s in result.findings().sentences)


def test_a_flagged_level_is_left_out_of_the_seat_balance(small_study, tmp_path, monkeypatch):
    out, _ = small_study
    monkeypatch.setattr(st, "artifact_reasons", lambda level, check: ["the verdict changes from fair to not fair"])
    path, found = write_study_report(out, tmp_path / "study.md", "md")
    flagged = {"greedy", "heuristic:balanced", "vmcts"} & set(found.levels)
    assert flagged and set(found.artifacts) == flagged
    t = found.table
    for name in flagged:
        cell = t.filter(pl.col("level") == name)["agent_check"][0]
        assert cell.startswith("agent artifact, not a property of the game (at eps=0.2 on ")
        said = next(s for s in found.sentences if s.startswith(f"{name}: agent artifact, not a property of the game."))
        assert "but not when replayed at eps=0.2 on " in said
        assert "the verdict changes from fair to not fair; this seat effect depends on the agents" in said
    balance = next((s for s in found.sentences if s.startswith("Seat balance: ")), "")
    assert not any(f" {n} " in balance or f" {n})" in balance for n in flagged)
    assert "Agent artifact, not a property of the game: at eps=0.2" in path.read_text()


def test_eps_zero_plays_plain_copies(tmp_path):
    r = sims.study("bruxelles1897", 2, budget=0.02, precision=0.05, out=tmp_path / "s", jobs=1, mixed=[], eps=0,
                   clock=TickClock())
    assert _level(r.record, "greedy")["agents"] == ["greedy"] * 2
    assert _level(r.record, "greedy (check, eps=0.1)")["agents"] == ["greedy:eps=0.1"] * 2
    with pytest.raises(sims.SimsError, match="eps must be between 0 and 0.9"):
        sims.study("bruxelles1897", 2, out=tmp_path / "t", eps=0.95)


def test_study_resumes_without_playing_again(small_study):
    out, first = small_study
    again = sims.study("bruxelles1897", 2, budget=BUDGET, precision=0.05, out=out, jobs=1, mixed=["greedy/random"],
                       clock=TickClock())
    assert again.games_played == 0
    assert [lv["games"] for lv in again.levels] == [lv["games"] for lv in first.levels]
    with pytest.raises(sims.SimsError, match="holds another study"):
        sims.study("bruxelles1897", 2, budget=2 * BUDGET, precision=0.05, out=out, jobs=1, clock=TickClock())


def test_study_report_puts_the_levels_side_by_side(small_study, tmp_path):
    out, _ = small_study
    path, found = write_study_report(out, tmp_path / "study.md", "md")
    text = path.read_text()
    assert "## Levels of play" in text and "### Level greedy" in text and "| level |" in text
    assert found.table.height == 4
    headings = [line[3:] for line in text.splitlines() if line.startswith("## ")]
    assert headings == list(st.SECTION_TITLES)  # every declared section, in order, and no other
    assert "## Forced openings of seat 0\n\nThis study played no forced openings." in text


def test_mixed_level_rotates_the_strong_agent_with_equal_games_per_seat(small_study):
    out, result = small_study
    lv = _level(result.record, MIXED)
    assert lv["games"] > 0 and lv["games"] <= lv["games_cap"]
    wins = []
    for seat, run in enumerate(lv["runs"]):
        manifest = json.loads((out / lv["folder"] / run / "manifest.json").read_text())
        assert manifest["agents"] == ["greedy:eps=0.1" if s == seat else "random" for s in range(2)]
        assert manifest["games_done"] == lv["games"] // 2 == lv["games_per_seat"][seat]
        t = pl.read_parquet(out / lv["folder"] / run / "chunk-*.parquet")
        assert t.filter(pl.col("seat") == seat)["agent"].unique().to_list() == ["greedy:eps=0.1"]
        wins.append(float(t.filter(pl.col("seat") == seat)["win_share"].mean()))
    m = result.findings().mixed[MIXED]
    assert m.games_per_seat == lv["games"] // 2
    assert [b[0] for b in m.by_seat] == pytest.approx(wins)
    assert m.share == pytest.approx(sum(wins) / 2)
    for share, low, high in [(m.share, m.low, m.high), *m.by_seat]:
        assert low <= share <= high and low < high  # a seat where greedy won every game has share = high = 1
    assert m.high - m.low < max(h - lo for _, lo, h in m.by_seat)  # the overall interval is the narrower


def test_study_report_shows_the_mixed_level(small_study, tmp_path):
    out, result = small_study
    m = result.findings().mixed[MIXED]
    path, found = write_study_report(out, tmp_path / "study.md", "md")
    text = path.read_text()
    assert "## Mixed line-ups" in text and f"| {MIXED} |" in text
    row = found.mixed_table.row(0, named=True)
    assert row["level"] == MIXED and row["fair_share"] == 0.5 and row["win_share"].startswith(f"{m.share:.3f} [")
    said = next(s for s in found.sentences if s.startswith(f"{MIXED}: greedy wins {m.share:.3f} ["))
    assert "fair share 1/2" in said and "In seats 0, 1 it wins" in said and "among random players alone" in said
    assert any(s.startswith("Budget: ") and f"{MIXED} {result.record['levels'][-1]['games']:,} games" in s
               for s in found.sentences)


def test_interrupted_mixed_level_resumes_without_replaying(small_study, tmp_path):
    src, first = small_study
    out = tmp_path / "copy"
    shutil.copytree(src, out)
    record = json.loads((out / "study.json").read_text())
    lv = _level(record, MIXED)
    lv.pop("finished")  # as written after a round: the level is still running, with CPU left
    lv["cpu_limit"] = lv["cpu_used"] + 20 * TICK  # rounds to spare
    (out / "study.json").write_text(json.dumps(record))
    seat1 = out / lv["folder"] / lv["runs"][1]
    chunks = sorted(seat1.glob("chunk-*.parquet"))
    lost = pl.read_parquet(chunks[-1]).height // 2
    chunks[-1].unlink()  # seat 1 was interrupted one chunk behind seat 0
    kept = {p: p.stat().st_mtime_ns for p in (out / lv["folder"]).rglob("chunk-*.parquet")}
    again = sims.study("bruxelles1897", 2, budget=BUDGET, precision=0.05, out=out, jobs=1, mixed=["greedy/random"],
                       clock=TickClock())
    done = _level(again.record, MIXED)
    assert done["finished"] and done["games_per_seat"][0] == done["games_per_seat"][1]
    assert again.games_played == lost + done["games"] - lv["games"]  # only the lost chunk and any new rounds
    assert all(p.stat().st_mtime_ns == t for p, t in kept.items())


def test_a_mixed_level_the_budget_does_not_cover_is_skipped_with_a_note(tmp_path):
    r = sims.study("bruxelles1897", 2, budget=0.02, precision=0.05, out=tmp_path / "s", jobs=1,
                   mixed=["greedy/random"], clock=TickClock())
    assert r.games_played == 0 and _level(r.record, MIXED)["games_cap"] == 0
    f = r.findings()
    assert f.mixed == {} and f.mixed_table["note"].to_list() == [
        "skipped: the budget did not cover one game in each seat"]
    assert f"Mixed line-ups without games: {MIXED} (skipped: the budget did not cover one game in each seat)." \
        in f.sentences
    assert main(["study", "bruxelles1897", "--players", "2", "--budget", "0.02", "--precision", "0.05",
                 "--mixed", "greedy/random", "--out", str(tmp_path / "s"), "--quiet"]) == 0  # resumed: nothing


def test_study_refuses_other_mixed_line_ups_in_its_folder(small_study):
    out, _ = small_study
    with pytest.raises(sims.SimsError, match="holds another study"):
        sims.study("bruxelles1897", 2, budget=BUDGET, precision=0.05, out=out, jobs=1, mixed=[], clock=TickClock())


@pytest.mark.parametrize("argv, message", [
    (["study", "bruxelles1897", "--mixed", "foo/random"], "mixed line-up 'foo/random': unknown agent 'foo'"),
    (["study", "bruxelles1897", "--mixed", "greedy"], "STRONG/WEAK"),
    (["study", "bruxelles1897", "--mixed", "greedy/"], "empty agent"),
    (["study", "bruxelles1897", "--mixed", "greedy/greedy"], "two different agents"),
    (["study", "bruxelles1897", "--mixed", "mcts:iters=-1/random"], "mixed line-up"),
    (["study", "bruxelles1897", "--mixed", "none", "--mixed", "greedy/random"], "--mixed none"),

    (["study", "nosuchgame"], "unknown game"),
    (["study", "bruxelles1897", "--budget", "0"], "budget"),
    (["study", "bruxelles1897", "--budget", "nan"], "budget"),
    (["study", "bruxelles1897", "--players", "9"], "players"),
    (["study", "bruxelles1897", "--eps", "-0.1"], "eps must be between 0 and 0.9"),
])
def test_study_command_rejects_bad_input(argv, message, tmp_path, capsys):
    assert main([*argv, "--out", str(tmp_path / "s")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("brux: error:") and message in err and err.count("\n") == 1


def test_budget_must_be_finite():
    with pytest.raises(sims.SimsError):
        sims.study("lutece", 3, budget=math.inf)
