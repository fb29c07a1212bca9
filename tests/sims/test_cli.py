"""The brux command line: every command with assertions on its output, bad input exits 2 with one line."""

import json

import polars as pl
import pytest

import brux
from sims.cli import main

COMMANDS = ["games", "run", "play", "replay", "report", "analyze"]


def _err_line(capsys) -> str:
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("brux: error: ")
    return lines[0]


@pytest.mark.parametrize("command", COMMANDS)
def test_help_for_every_command(command, capsys):
    assert main([command, "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: brux {command}")


def test_top_level_help_lists_commands(capsys):
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert all(c in out for c in COMMANDS)
    assert main([]) == 2
    assert "required: COMMAND" in _err_line(capsys)


def test_games_lists_player_counts(capsys):
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    for name in brux.list_games():
        rules = brux.games.get_rules(name)
        assert f"{name}" in out and f"{rules.min_players}-{rules.max_players} players" in out


def test_run_writes_results_and_resumes(tmp_path, capsys, game_name):
    args = ["run", game_name, "--players", "2", "--games", "300", "--seed", "4", "--chunk-size", "100",
            "--out", str(tmp_path / "r"), "--jobs", "1", "--set", "rounds=3"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "300 games in" in out and "300 played" in out and "games/s" in out
    manifest = json.loads((tmp_path / "r" / "manifest.json").read_text())
    assert manifest["players"] == 2 and manifest["overrides"] == {"rounds": 3} and manifest["games_done"] == 300
    assert main(args) == 0
    assert "0 played" in capsys.readouterr().out


@pytest.mark.parametrize("args, message", [
    (["run", "nope"], "unknown game 'nope'"),
    (["run", "{game}", "--agents", "nope"], "unknown agent 'nope'"),
    (["run", "{game}", "--agents", "random,random"], "2 agents given for 3 players"),
    (["run", "{game}", "--players", "9"], "is for 2 to 4 players, got 9"),
    (["run", "{game}", "--set", "rounds=0"], "rule parameter rounds"),
    (["run", "{game}", "--set", "rounds"], "bad rule override 'rounds'"),
    (["run", "{game}", "--set", "colour=red"], "unknown rule parameter 'colour'"),
    (["run", "{game}", "--games", "0"], "games must be an integer at least 1"),
    (["run", "{game}", "--games", "many"], "invalid int value: 'many'"),
    (["run", "{game}", "--games", "2000000000"], "plays 2,000,000,000 games (more than 10,000,000); check --games"),
    (["run", "{game}", "--games", "2000000000000", "--yes"],
     "make more than 999,999 chunk files; use --chunk-size 2,000,003 or more"),
    (["run", "{game}", "--jobs", "0"], "jobs must be"),
    (["run", "{game}", "--backend", "mpi"], "invalid choice: 'mpi'"),
    (["run", "{game}", "--scheduler", "tcp://localhost:8786"], "needs --backend dask or ray"),
    (["play", "{game}", "--seed", "-3"], "seed must be an integer between 0"),
    (["play", "{game}", "--agents", "human"], "unknown agent 'human'"),
    (["frobnicate"], "invalid choice: 'frobnicate'"),
])
def test_bad_input_exits_2_with_one_line(args, message, tmp_path, capsys, game_name):
    argv = [a.format(game=game_name) for a in args]
    if argv[0] == "run":
        argv += ["--out", str(tmp_path / "r"), "--quiet"] + ([] if "--games" in argv else ["--games", "10"])
    assert main(argv) == 2
    assert message in _err_line(capsys)
    assert not list(tmp_path.glob("r/chunk-*"))


def test_unusable_output_folders_exit_2(tmp_path, capsys, game_name):
    base = ["run", game_name, "--games", "10", "--jobs", "1"]
    (tmp_path / "file").write_text("x")
    assert main([*base, "--out", str(tmp_path / "file" / "sub")]) == 2
    assert "cannot create output folder" in _err_line(capsys)
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "manifest.json").write_text("{")
    assert main([*base, "--out", str(tmp_path / "bad")]) == 2
    assert "holds a manifest.json that brux cannot use" in _err_line(capsys)
    assert not list((tmp_path / "bad").glob("chunk-*"))
    assert main([*base, "--out", str(tmp_path / "bad"), "--force"]) == 2  # a foreign file is never deleted
    assert "brux does not delete files it did not write" in _err_line(capsys)
    assert (tmp_path / "bad" / "manifest.json").read_text() == "{"
    (tmp_path / "bad" / "manifest.json").unlink()
    assert main([*base, "--out", str(tmp_path / "bad"), "--force"]) == 0
    assert main([*base, "--out", str(tmp_path / "bad"), "--seed", "9"]) == 2
    assert "holds a different run (master_seed differ)" in _err_line(capsys)


def test_folder_that_cannot_be_written_exits_2(capsys, game_name):
    assert main(["run", game_name, "--games", "10", "--jobs", "1", "--out", "/proc/self"]) == 2
    assert "cannot write to output folder '/proc/self'" in _err_line(capsys)


def test_folder_under_a_file_exits_2(tmp_path, capsys, game_name):
    """An output folder that cannot be created (its parent is a file) fails cleanly, whoever runs it."""
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert main(["run", game_name, "--games", "10", "--jobs", "1", "--out", str(blocker / "out")]) == 2
    assert "output folder" in _err_line(capsys)
    assert blocker.read_text() == "not a folder"


def test_play_trace_record_and_replay(tmp_path, capsys, game_name, game3):
    record = tmp_path / "game.json"
    assert main(["play", game_name, "--players", "3", "--seed", "7", "--trace", "--record", str(record)]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].split()[:5] == ["step", "round", "seat", "decision", "action"]
    state = game3.new_initial_state(seed=7)
    rec = json.loads(record.read_text())
    assert rec["seed"] == 7 and rec["agents"] == ["random"] * 3 and rec["game"] == game_name
    final = brux.replay(rec)
    steps = [ln for ln in lines[1:] if ln[:5].strip().isdigit()]
    assert len(steps) == len(rec["actions"]) == len(final.history)
    assert [ln.split()[1] for ln in steps[:1]] == [str(state.to_dict()["round"])]
    for ln, name in zip(steps, rec["actions"]):
        assert f"  {name}" in ln
    assert any("VP (" in ln for ln in steps), "no VP change shown"
    for r in final.result():
        assert f"seat {r['seat']} (random): {r['vp']} VP, rank {r['rank']}" in out

    assert main(["replay", str(record)]) == 0
    replayed = capsys.readouterr().out
    assert replayed == out[out.index(f"{game_name}, 3 players, seed 7: game over"):out.index("record:")]
    assert main(["replay", str(record), "--trace"]) == 0
    assert capsys.readouterr().out.splitlines() == lines[:-1]

    assert main(["replay", str(tmp_path / "missing.json")]) == 2
    assert "cannot read game record" in _err_line(capsys)
    rec["actions"][3] = "NOT_AN_ACTION"
    record.write_text(json.dumps(rec))
    assert main(["replay", str(record)]) == 2
    assert "NOT_AN_ACTION" in _err_line(capsys)


def test_play_reproduces_a_row_of_a_run(tmp_path, capsys, game_name):
    assert main(["run", game_name, "--games", "5", "--seed", "9", "--out", str(tmp_path / "r"), "--quiet"]) == 0
    capsys.readouterr()
    row = pl.read_parquet(tmp_path / "r" / "chunk-000000.parquet").filter(pl.col("game_id") == 3)
    assert main(["play", game_name, "--seed", str(row["seed"][0])]) == 0
    out = capsys.readouterr().out
    for r in row.iter_rows(named=True):
        assert f"seat {r['seat']} (random): {r['vp']} VP, rank {r['rank']}" in out
    assert f"game over after {row['length'][0]} decisions" in out


def test_report_and_analyze(tmp_path, capsys, monkeypatch, game_name):
    monkeypatch.chdir(tmp_path)
    assert main(["analyze", "--games", "2000", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert f"{game_name}, 3 players, seed 1: 2,000 games in results/{game_name}-3p" in out
    seats = [ln.split() for ln in out.splitlines() if ln.split()[:1] in (["0"], ["1"], ["2"])]
    assert [s[0] for s in seats] == ["0", "1", "2"]
    shares = [float(s[1]) for s in seats]
    assert abs(sum(shares) - 1) < 1e-3
    for s, share in zip(seats, shares):
        low, high = float(s[2].strip("[,")), float(s[3].strip("]"))
        assert low < share < high
    assert out.strip().endswith(f"report: report-{game_name}-3p.html")
    html = (tmp_path / f"report-{game_name}-3p.html").read_text()
    assert html.startswith("<!DOCTYPE html>") and "Seat balance" in html
    manifest = json.loads((tmp_path / "results" / f"{game_name}-3p" / "manifest.json").read_text())
    assert manifest["games"] == 2000 and manifest["master_seed"] == 1

    assert main(["report", f"results/{game_name}-3p", "--out", "r.md"]) == 0
    assert capsys.readouterr().out.strip() == "report: r.md"
    assert (tmp_path / "r.md").read_text().startswith(f"# brux results report: {game_name}")
    assert main(["report", f"results/{game_name}-3p", "--format", "md"]) == 0
    assert (tmp_path / "report.md").exists()
    assert main(["report", "nowhere"]) == 2
    assert "does not exist" in _err_line(capsys)
