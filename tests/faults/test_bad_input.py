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


def test_numpy_counts_seeds_and_lineups_play_the_same_games():
    game = brux.load_game("bruxelles1897", players=3)
    plain = game.play(20, master_seed=1, first_index=2, agents=["greedy", "random", "random"])
    numpy = game.play(np.int64(20), master_seed=np.int64(1), first_index=np.uint8(2),
                      agents=np.array(["greedy", "random", "random"]))
    assert plain.keys() == numpy.keys() and all(np.array_equal(plain[k], numpy[k]) for k in plain)
    assert brux.load_game("bruxelles1897", players=np.int64(3)).players == 3


@pytest.mark.parametrize("bad", [20.0, True, np.float64(20), np.bool_(True)])
def test_a_game_count_that_is_not_an_integer_is_refused(bad):
    with pytest.raises(ValueError, match="n_games must be an integer"):
        brux.load_game("bruxelles1897", players=3).play(bad)


def test_sims_run_takes_numpy_arguments_as_python_values():
    import sims

    plain = sims.run("bruxelles1897", players=3, games=40, agents=["random"] * 3, seed=2, jobs=1, chunk_size=20,
                     overrides={"rounds": 4})
    numpy = sims.run("bruxelles1897", players=np.int64(3), games=np.int64(40), agents=np.array(["random"] * 3),
                     seed=np.int64(2), jobs=np.int64(1), chunk_size=np.int32(20), overrides={"rounds": np.int64(4)})
    assert numpy.table().equals(plain.table())


@pytest.mark.parametrize("jobs", [True, 1.0, np.float64(2), 0])
def test_a_job_count_that_is_not_a_nonzero_integer_is_refused(jobs):
    import sims

    with pytest.raises(SimsError, match="jobs must be"):
        sims.run("bruxelles1897", players=3, games=10, jobs=jobs)


def test_numpy_players_for_tournaments_studies_and_sweeps():
    from sims.study import study
    from sims.sweepfile import load_sweep

    assert brux.agents.tournament_lineups(["a", "b"], np.int64(2)) == [("a", "b"), ("b", "a")]
    with pytest.raises(ValueError, match="players must be a positive integer"):
        brux.agents.tournament_lineups(["a", "b"], 2.0)
    with pytest.raises(SimsError, match="played by 2 to 4 players, got 3.0"):
        study("bruxelles1897", 3.0)
    spec = load_sweep({"game": "bruxelles1897", "players": np.int64(3), "games": np.int64(100),
                       "grid": {"rounds": np.array([3, 4])}})
    assert spec == load_sweep({"game": "bruxelles1897", "players": 3, "games": 100, "grid": {"rounds": [3, 4]}})


def test_a_progress_bar_carries_its_label(capsys):
    import sims

    sims.run("bruxelles1897", players=3, games=10, jobs=1, progress="level random")
    assert "level random" in capsys.readouterr().err


def test_a_full_disk_keeps_the_old_report_tables_whole(tmp_path, monkeypatch):
    import errno

    import polars as pl

    from analysis.page import write_tables

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
    from analysis.page import write_page

    target = tmp_path / "real.md"
    target.write_text("old")
    (tmp_path / "link.md").symlink_to(target)
    write_page("t", [], tmp_path / "link.md", "md")
    assert (tmp_path / "link.md").is_symlink() and target.read_text().startswith("# t")
    with pytest.raises(SimsError, match="not a regular file"):
        write_page("t", [], os.devnull, "md")
