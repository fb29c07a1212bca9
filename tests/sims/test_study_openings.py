"""A study's forced openings: seat 0's first decisions forced at each all-same level, paid from the budget,
resumable, and shown per level in the study report."""

from __future__ import annotations

import importlib
import json

import polars as pl
import pytest

import sims
from analysis.forced_openings import OUTCOMES, opening_effects
from analysis.study_report import write_study_report
from sims.cli import main
from sims.openings import forced_openings

from .test_study import TickClock

st = importlib.import_module("sims.study")  # the module (``sims.study`` is also the function)

GAME, DEALS, BUDGET = "bruxelles1897", 3, 200.0


def _forced(levels):
    """The all-same levels (the agent checks force no openings)."""
    return [lv for lv in levels if lv.get("kind") != "check"]


@pytest.fixture(scope="module")
def openings_study(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    mp.setattr(st, "choose_levels", lambda game, players, persona: (["random", "greedy"], "test"))
    out = tmp_path_factory.mktemp("study")
    first = sims.study(GAME, 2, budget=BUDGET, precision=0.05, out=out, jobs=1, mixed=[], openings_deals=DEALS,
                       clock=TickClock())
    yield out, first, mp
    mp.undo()


def test_each_level_forces_seat_0_on_the_same_deals_as_brux_openings(openings_study):
    out, result, _ = openings_study
    rec = json.loads((out / "study.json").read_text())
    assert rec["openings_cpu"] > 0
    assert sum(lv["cpu_allocated"] for lv in rec["levels"]) <= BUDGET - rec["setup_cpu"] - rec["openings_cpu"]
    for lv in _forced(rec["levels"]):
        op = lv["openings"]
        assert op["deals"] == DEALS and op["finished"]
        rows = pl.read_parquet(out / op["folder"] / OUTCOMES)
        alone, _ = forced_openings(GAME, 2, lv["agents"], deals=DEALS, seed=1, seats=[0])
        assert rows.equals(alone)
        found = result.findings().openings[lv["name"]][0]
        assert found.equals(opening_effects(alone))


def test_the_study_report_has_a_forced_openings_section_per_level(openings_study, tmp_path):
    out, _, _ = openings_study
    path, found = write_study_report(out, tmp_path / "study.md", "md")
    text = path.read_text()
    for level in ("random", "greedy"):
        assert f"### Level {level}\n\n- " in text.split("## Forced openings of seat 0")[1]
    assert "data:image/png;base64," in text
    said = next(s for s in found.sentences if s.startswith("Strongest forced first decision of seat 0"))
    assert "random " in said and "greedy " in said and f"({DEALS:,} deals)" in said


def test_a_resumed_study_plays_no_forced_openings_again(openings_study):
    out, first, _ = openings_study
    before = [lv["openings"]["cpu_used"] for lv in _forced(first.levels)]
    again = sims.study(GAME, 2, budget=BUDGET, precision=0.05, out=out, jobs=1, mixed=[], openings_deals=DEALS,
                       clock=TickClock())
    assert again.games_played == 0
    assert [lv["openings"]["cpu_used"] for lv in _forced(again.levels)] == before
    with pytest.raises(sims.SimsError, match="holds another study"):
        sims.study(GAME, 2, budget=BUDGET, precision=0.05, out=out, jobs=1, mixed=[], openings_deals=DEALS + 1,
                   clock=TickClock())


def test_forced_openings_take_at_most_half_the_budget():
    levels = [{"name": "random", "agents": ["random"] * 2, "cpu_per_game": 0.01},
              {"name": "greedy", "agents": ["greedy"] * 2, "cpu_per_game": 0.03}]
    assert st.plan_openings(levels, GAME, 2, 1, 0, 100.0) == 0.0 and "openings" not in levels[0]
    full = st.plan_openings(levels, GAME, 2, 1, 10, 1000.0)
    assert [lv["openings"]["deals"] for lv in levels] == [10, 10]
    scaled = st.plan_openings(levels, GAME, 2, 1, 10, full)  # half of it fits
    assert [lv["openings"]["deals"] for lv in levels] == [5, 5] and scaled <= full / 2
    st.plan_openings(levels, GAME, 2, 1, 10, full / 8)  # 1.25 deals each: none
    assert [lv["openings"]["deals"] for lv in levels] == [0, 0]


def test_a_negative_openings_deals_is_one_line(tmp_path, capsys):
    assert main(["study", GAME, "--openings-deals", "-1", "--out", str(tmp_path / "s"), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "openings_deals" in err and err.count("\n") == 1
