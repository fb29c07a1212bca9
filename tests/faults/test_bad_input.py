"""Bad input of the Python API and unsafe output paths: a clear error, or the value taken as meant."""

import math
import os

import numpy as np
import pytest

import brux
from brux.agents.python import load_policy
from brux.core.vector import VectorEnv
from sims.atomic import atomic_write
from sims.errors import SimsError


def test_numpy_rule_overrides_mean_the_same_as_python_values():
    plain = brux.load_game("bruxelles1897", players=3, rounds=4, start_money=[5, 5, 6, 6])
    numpy = brux.load_game("bruxelles1897", players=np.int64(3), rounds=np.int64(4),
                           start_money=np.array([5, 5, 6, 6]))
    assert numpy.params_id == plain.params_id != brux.load_game("bruxelles1897", players=3).params_id


@pytest.mark.parametrize("bad", [4.0, True, "4", np.float64(4)])
def test_a_rule_override_that_is_not_an_integer_is_refused(bad):
    with pytest.raises(ValueError, match="rounds must be an integer"):
        brux.load_game("bruxelles1897", players=3, rounds=bad)


@pytest.mark.parametrize("entry", ["math:sqrt", math.sqrt, len])
def test_a_callable_that_is_not_a_strategy_is_refused(entry):
    with pytest.raises(TypeError, match="not a strategy"):
        load_policy(entry)


def test_vector_env_takes_a_game_name_and_refuses_other_things():
    assert VectorEnv("bruxelles1897", 2).game.name == "bruxelles1897"
    with pytest.raises(TypeError, match="game must be a Game or a game name"):
        VectorEnv(3, 2)


def test_a_state_does_not_keep_the_callers_scenario():
    game = brux.load_game("bruxelles1897", players=3)
    view = game.new_initial_state(seed=3).to_dict()
    state = game.state_from_dict(view)
    record = state.record()
    view["seats"][0]["money"] += 7
    assert brux.replay(record).to_dict() == state.to_dict()


def test_atomic_write_goes_through_a_symlink_and_refuses_a_device(tmp_path):
    target = tmp_path / "target.html"
    target.write_text("old")
    link = tmp_path / "link.html"
    link.symlink_to(target)
    atomic_write(link, lambda p: p.write_text("new"))
    assert link.is_symlink() and target.read_text() == "new"
    with pytest.raises(SimsError, match="not a regular file"):
        atomic_write(os.devnull, lambda p: p.write_text("x"))
    with pytest.raises(SimsError, match="is a folder"):
        atomic_write(tmp_path, lambda p: p.write_text("x"))


def test_a_full_disk_keeps_the_old_report_tables_whole(tmp_path, monkeypatch):
    import errno

    import polars as pl

    from analysis.report import write_tables

    tables = {"a": pl.DataFrame({"x": [1]}), "b": pl.DataFrame({"x": [2]})}
    report = tmp_path / "report.html"
    assert write_tables(tables, report) == "report_tables"
    before = {p.name: p.read_text() for p in (tmp_path / "report_tables").iterdir()}
    real = pl.DataFrame.write_csv

    def full_after_one(self, file=None, **kw):
        if str(file).endswith("b.csv"):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(self, file, **kw)

    monkeypatch.setattr(pl.DataFrame, "write_csv", full_after_one)
    with pytest.raises(SimsError, match="No space left on device"):
        write_tables({"a": pl.DataFrame({"x": [9]}), "b": pl.DataFrame({"x": [9]})}, report)
    assert {p.name: p.read_text() for p in (tmp_path / "report_tables").iterdir()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report_tables"]  # no temporary folder left


def test_a_report_is_written_through_a_symlink_and_never_over_a_device(tmp_path):
    from analysis.report import write_page

    target = tmp_path / "real.md"
    target.write_text("old")
    (tmp_path / "link.md").symlink_to(target)
    write_page("t", [], tmp_path / "link.md", "md")
    assert (tmp_path / "link.md").is_symlink() and target.read_text().startswith("# t")
    with pytest.raises(SimsError, match="not a regular file"):
        write_page("t", [], os.devnull, "md")
