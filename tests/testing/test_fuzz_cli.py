"""`brux fuzz` from the command line: a clean pass, a caught violation with a replayable record, bad input."""

import json

import brux
from brux.games.bruxelles1897 import view
from sims.cli import main


def test_fuzz_passes(capsys, tmp_path):
    assert main(["fuzz", "bruxelles1897", "--examples", "10", "--out", str(tmp_path), "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "no invariant broken (10 games" in out
    assert not list(tmp_path.iterdir())


def test_fuzz_failure_exits_1_with_a_record_brux_replay_accepts(capsys, tmp_path, monkeypatch):
    real = view.to_dict
    monkeypatch.setattr(view, "to_dict", lambda s: {**real(s), "round": 0} if s[0] == 3 else real(s))
    code = main(["fuzz", "bruxelles1897", "--players", "3", "--examples", "5", "--params", "default",
                 "--out", str(tmp_path), "--quiet"])
    assert code == 1
    err = capsys.readouterr().err
    assert "INVARIANT BROKEN" in err and "round" in err
    record = tmp_path / "fuzz-failure-bruxelles1897.json"
    monkeypatch.setattr(view, "to_dict", real)
    assert main(["replay", str(record)]) == 0
    assert brux.replay(json.loads(record.read_text())).game.players == 3


def test_fuzz_with_a_seed_is_reproducible(capsys, tmp_path):
    args = ["fuzz", "lutece", "--players", "2", "--examples", "3", "--seed", "7", "--out", str(tmp_path), "--quiet"]
    assert main(args) == 0
    first = capsys.readouterr().out.split(" in ")[0]
    assert main(args) == 0
    assert capsys.readouterr().out.split(" in ")[0] == first  # same games, same decision count


def test_fuzz_bad_input_exits_2(capsys):
    assert main(["fuzz", "nosuch"]) == 2
    assert "unknown game 'nosuch'" in capsys.readouterr().err
    assert main(["fuzz", "lutece", "--players", "9"]) == 2
    assert main(["fuzz", "lutece", "--examples", "0"]) == 2


def test_fuzz_in_parallel_chunks_plays_the_same_games_whatever_the_jobs(capsys, tmp_path, monkeypatch):
    import brux.testing.fuzz as fuzz_module

    monkeypatch.setattr(fuzz_module, "CHUNK", 3)  # 7 games: chunks of 3, 3 and 1
    counts = []
    for jobs in ("2", "3"):
        args = ["fuzz", "lutece", "--examples", "7", "--jobs", jobs, "--seed", "5", "--out", str(tmp_path), "--quiet"]
        assert main(args) == 0
        out = capsys.readouterr().out
        assert "no invariant broken (7 games" in out
        counts.append(out.split(" in ")[0])
    assert counts[0] == counts[1]


def test_fuzz_in_parallel_stops_at_a_violation_with_its_record(capsys, tmp_path, monkeypatch):
    import joblib

    import brux.testing.fuzz as fuzz_module

    monkeypatch.setattr(fuzz_module, "CHUNK", 2)
    real = view.to_dict
    monkeypatch.setattr(view, "to_dict", lambda s: {**real(s), "round": 0} if s[0] == 3 else real(s))
    with joblib.parallel_config(backend="threading"):  # the sabotage lives in this process
        code = main(["fuzz", "bruxelles1897", "--players", "3", "--examples", "6", "--jobs", "2",
                     "--params", "default", "--out", str(tmp_path), "--quiet"])
    assert code == 1
    assert "INVARIANT BROKEN" in capsys.readouterr().err
    monkeypatch.setattr(view, "to_dict", real)
    record = json.loads((tmp_path / "fuzz-failure-bruxelles1897.json").read_text())
    assert brux.replay(record).game.players == 3


def test_fuzz_rejects_zero_jobs(capsys):
    assert main(["fuzz", "lutece", "--jobs", "0"]) == 2
    assert "--jobs must be at least 1, or -1 for all cores, got 0" in capsys.readouterr().err
