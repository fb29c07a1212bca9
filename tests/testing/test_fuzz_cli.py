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
