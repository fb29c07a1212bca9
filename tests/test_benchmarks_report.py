"""The benchmark report writer: a Markdown table and a JSON file with every row."""

import json

import pytest

from benchmarks import report


def test_report_writes_markdown_and_json(tmp_path):
    rows = [{"benchmark": "random games/s (1 core)", "game": "g", "players": 3, "median": 123456.7,
             "range": "1–2", "unit": "games/s"}]
    md, js = report.write(rows, tmp_path, report.machine((1.5, 0.25, 0.0)))
    text = md.read_text()
    assert "| random games/s (1 core) | g | 3 | 123,457 | games/s | 1–2 |" in text
    assert "load average (1 / 5 / 15 min) 1.5 / 0.25 / 0.0 before, " in text
    data = json.loads(js.read_text())
    assert data["rows"] == rows and data["meta"]["cpus"] >= 1 and data["meta"]["load_before"] == [1.5, 0.25, 0.0]
    assert len(list(tmp_path.glob("bench-*.json"))) == 1


def test_the_readme_table_is_replaced_between_its_markers_only(tmp_path):
    doc = tmp_path / "README.md"
    doc.write_text(f"intro\n{report.TABLE_START}\nold table\n{report.TABLE_END}\nafter\n", encoding="utf-8")
    report.splice(doc, ["new", "table"])
    assert doc.read_text(encoding="utf-8") == (f"intro\n{report.TABLE_START}\nnew\ntable\n{report.TABLE_END}\n"
                                               "after\n")


def test_bench_refuses_a_readme_without_markers_before_measuring(tmp_path, monkeypatch, capsys):
    from benchmarks import suites
    from sims.cli import main

    doc = tmp_path / "notes.md"
    doc.write_text("no markers here\n", encoding="utf-8")
    monkeypatch.setattr(suites, "random_throughput", lambda *a: pytest.fail("measured before checking --readme"))
    monkeypatch.chdir(tmp_path)
    assert main(["bench", "--random", "bruxelles1897", "--readme", str(doc)]) == 2
    assert f"--readme: {doc} has no table between {report.TABLE_START}" in capsys.readouterr().err
    assert doc.read_text(encoding="utf-8") == "no markers here\n"


def test_vector_env_rows():
    from benchmarks import suites

    rows = suites.vector_env_throughput("lutece", 3, 8, 3, 1)
    assert [r["benchmark"] for r in rows] == ["vector env steps/s, N=8, with observations (1 core)",
                                              "State API steps/s, apply_action (1 core)"]
    assert all(r["median"] > 0 and r["unit"] == "steps/s" for r in rows)


def test_random_rows_alternate_the_cases_round_by_round(monkeypatch):
    from benchmarks import suites

    calls = []
    real = suites.cpu_rate

    def spy(fn):
        calls.append(fn.__defaults__[1])  # the case measured
        return real(fn)

    monkeypatch.setattr(suites, "cpu_rate", spy)
    cases = [("lutece", 3), ("bruxelles1897", 3)]
    rows = suites.random_throughput(cases, 20, 3)
    assert calls == cases * 3
    assert [(r["benchmark"], r["game"]) for r in rows] == [
        ("random games/s (1 core)", "lutece"), ("random decisions/s (1 core)", "lutece"),
        ("random games/s (1 core)", "bruxelles1897"), ("random decisions/s (1 core)", "bruxelles1897")]
    assert all(r["median"] > 0 for r in rows)


def test_random_ratio_rows():
    from benchmarks.suites import random_ratio

    def row(game, players, rate):
        return {"benchmark": "random decisions/s (1 core)", "game": game, "players": players, "median": rate}

    rows = [row("a", 2, 100.0), row("a", 3, 50.0), row("b", 2, 25.0), row("b", 3, 40.0), row("b", 4, 9.0)]
    got = random_ratio(rows, "b", "a")
    assert [(r["players"], r["median"]) for r in got] == [(2, 0.25), (3, 0.8)]


def test_random_option_names_an_unknown_game(capsys):
    import sys
    from unittest import mock

    from benchmarks.__main__ import main

    with mock.patch.object(sys, "argv", ["benchmarks", "--random", "prestige,nosuchgame"]):
        assert main() == 2
    assert "brux: error: --random: unknown game(s) ['nosuchgame']" in capsys.readouterr().err


def test_bench_says_what_it_plays_and_writes_in_the_current_folder(tmp_path, monkeypatch, capsys):
    from benchmarks import suites
    from sims.cli import main

    played = []

    def fake(cases, games, repeats):
        played.append(games * repeats * len(cases))
        return [{"benchmark": "random games/s (1 core)", "game": name, "players": players, "median": 1.0,
                 "range": "", "unit": "games/s"} for name, players in cases]

    monkeypatch.setattr(suites, "random_throughput", fake)
    monkeypatch.chdir(tmp_path)
    readme = tmp_path / "README.md"
    readme.write_text(f"# x\n{report.TABLE_START}\nold\n{report.TABLE_END}\n", encoding="utf-8")
    assert main(["bench", "--random", "bruxelles1897", "--repeats", "2", "--readme", str(readme)]) == 0
    first = capsys.readouterr().err.splitlines()[0]
    assert first == f"brux bench: about {sum(played) / 1e6:,.1f} million games; results in {tmp_path / 'bench-results'}"
    latest = (tmp_path / "bench-results" / "latest.md").read_text()
    assert readme.read_text(encoding="utf-8") == f"# x\n{report.TABLE_START}\n{latest}{report.TABLE_END}\n"


def test_agent_rows_time_each_spec_in_each_game():
    from benchmarks import suites

    rows = suites.agent_rows(["lutece", "bruxelles1897"], ["random", "greedy"], 1, seconds=0.01)
    assert [(r["game"], r["benchmark"]) for r in rows] == [
        (g, f"{spec} {what}/s (1 core)") for g in ("lutece", "bruxelles1897") for spec in ("random", "greedy")
        for what in ("games", "decisions")]
    assert all(r["players"] == 3 and r["median"] > 0 for r in rows)
