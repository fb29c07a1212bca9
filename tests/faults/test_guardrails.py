"""Guardrails: sweep size and estimate, nesting and size limits, empty output paths, output files checked before
play, run and sweep folders kept apart, foreign files kept, unknown games named first."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import sims
from sims.cli import main

from .conftest import GAME

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SWEEP, BALANCE = str(EXAMPLES / "sweep_start_money.toml"), str(EXAMPLES / "balance_start_money.toml")


def _toml(tmp_path, text, name="s.toml"):
    p = tmp_path / name
    p.write_text(text)
    return str(p)


def test_big_sweep_needs_yes_and_is_refused_before_validation(tmp_path, error):
    values = ", ".join(str(v) for v in range(1, 31))
    f = _toml(tmp_path, f'game = "{GAME}"\nplayers = [2, 3, 4]\ngames = 100_000\n[grid]\n'
                        f"exhibit_vp = [{values}]\nrounds = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12]\n")
    line = error(["sweep", f, "--out", str(tmp_path / "o")])
    assert "903 cells x 100,000 games = 90,300,000 games" in line and "--yes" in line
    assert not (tmp_path / "o").exists()


def test_huge_grid_is_refused_even_with_yes(tmp_path, error):
    values = ", ".join(str(v) for v in range(60))
    f = _toml(tmp_path, f'game = "{GAME}"\ngames = 10\n[grid]\na = [{values}]\nb = [{values}]\nc = [{values}]\n')
    line = error(["sweep", f, "--out", str(tmp_path / "o"), "--yes"])
    assert "216,000 rule variants" in line and "more than 10,000 cells" in line


def test_sweep_prints_size_and_estimate_first(tmp_path, capsys):
    f = _toml(tmp_path, f'game = "{GAME}"\ngames = 200\nchunk_size = 100\n[grid]\nrounds = [3]\n')
    assert main(["sweep", f, "--out", str(tmp_path / "o"), "--quiet", "--jobs", "1"]) == 0
    err = capsys.readouterr().err
    assert "sweep: 2 cells x 200 games = 400 games; estimated time about" in err


@pytest.mark.parametrize("text,message", [
    ("x = " + "[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ("x = " + "[" * 30 + "]" * 30, "nested more than 16 levels"),
    ("a = 1\n" + "#" * (5 * 2**20), "larger than 4 MB"),
])
def test_toml_limits(text, message, tmp_path, error):
    for command in ("sweep", "balance"):
        assert message in error([command, _toml(tmp_path, text), "--out", str(tmp_path / "o")])


@pytest.mark.parametrize("value", ["[" * 100_000 + "]" * 100_000, "[" * 20 + "]" * 20])
def test_deep_rule_value(value, tmp_path, error):
    assert "nested" in error(["run", GAME, "--set", f"rounds={value}", "--out", str(tmp_path / "r")])


@pytest.mark.parametrize("argv", [
    ["run", GAME, "--out", ""], ["run", GAME, "--out", "  "], ["analyze", "--out-dir", ""],
    ["analyze", "--report", ""], ["sweep", SWEEP, "--out", ""],
    ["balance", BALANCE, "--out", ""],
    ["tournament", GAME, "--agents", "random", "--out", ""], ["report", "x", "--out", ""],
    ["play", GAME, "--record", ""], ["verify", ""],
], ids=lambda a: " ".join(a[:1] + a[-2:-1]))
def test_empty_output_path_is_an_error(argv, error, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    line = error(argv)
    assert "must not be empty" in line or "does not exist" in line
    assert not (tmp_path / "results").exists()


@pytest.mark.parametrize("command", ["analyze", "sweep"])
def test_output_file_checked_before_any_game(command, tmp_path, error):
    (tmp_path / "file").write_text("x")
    report = str(tmp_path / "file" / "x.html")
    argv = ["analyze", "--games", "10", "--out-dir", str(tmp_path / "r"), "--report", report] if command == "analyze" \
        else ["sweep", SWEEP, "--out", str(tmp_path / "r"), "--report", report]
    assert "is not a folder" in error(argv)
    assert not (tmp_path / "r").exists()
    argv[argv.index(report)] = str(tmp_path)
    assert "is a folder, not a file" in error(argv)


def test_play_record_checked_before_the_game(tmp_path, error):
    (tmp_path / "file").write_text("x")
    assert "is not a folder" in error(["play", GAME, "--record", str(tmp_path / "file" / "g.json")])


def test_run_and_sweep_folders_are_kept_apart(tmp_path, error):
    f = _toml(tmp_path, f'game = "{GAME}"\ngames = 100\nchunk_size = 100\n[grid]\nrounds = [3]\n')
    assert main(["sweep", f, "--out", str(tmp_path / "sw"), "--quiet"]) == 0
    before = sorted(p.name for p in (tmp_path / "sw").iterdir())
    assert "holds a sweep (sweep.json)" in error(["run", GAME, "--games", "10", "--out", str(tmp_path / "sw")])
    assert "holds a sweep" in error(["run", GAME, "--games", "10", "--out", str(tmp_path / "sw"), "--force"])
    assert sorted(p.name for p in (tmp_path / "sw").iterdir()) == before
    assert main(["sweep", f, "--out", str(tmp_path / "sw"), "--quiet"]) == 0  # the sweep still resumes
    assert main(["run", GAME, "--games", "10", "--out", str(tmp_path / "r"), "--quiet"]) == 0
    assert "single run" in error(["sweep", f, "--out", str(tmp_path / "r")])
    assert "single run" in error(["balance", BALANCE, "--out", str(tmp_path / "r")])


@pytest.mark.parametrize("name,text", [("manifest.json", '{"name": "my project"}'), ("manifest.json", "{"),
                                       ("sweep.json", '{"kind": "mine"}'), ("balance.json", "[]")])
def test_foreign_files_are_never_deleted(name, text, tmp_path, error):
    out = tmp_path / "o"
    out.mkdir()
    (out / name).write_text(text)
    f = _toml(tmp_path, f'game = "{GAME}"\ngames = 100\nchunk_size = 100\n[grid]\nrounds = [3]\n')
    for argv in (["run", GAME, "--games", "10"], ["sweep", f], ["balance", BALANCE]):
        for force in ([], ["--force"]):
            error([*argv, "--out", str(out), *force])
            assert (out / name).read_text() == text


def test_tournament_of_an_unknown_game(tmp_path, error):
    assert "unknown game 'chess'" in error(["tournament", "chess", "--agents", "random",
                                            "--out", str(tmp_path / "t")])
    assert not (tmp_path / "t").exists()


def test_run_api_refuses_an_empty_folder_name():
    with pytest.raises(sims.SimsError, match="must not be an empty path"):
        sims.run(GAME, 3, 10, out="")


def test_a_sweep_manifest_is_json_with_our_kind(tmp_path):
    f = _toml(tmp_path, f'game = "{GAME}"\ngames = 100\nchunk_size = 100\n[grid]\nrounds = [3]\n')
    assert main(["sweep", f, "--out", str(tmp_path / "sw"), "--quiet"]) == 0
    assert json.loads((tmp_path / "sw" / "sweep.json").read_text())["kind"] == "brux-sweep"
