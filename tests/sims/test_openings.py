"""Forced-openings runs: the same rows for any workers and chunk size, resumable, labelled as `opening_1`."""

from __future__ import annotations

import polars as pl
import pytest

import sims
from analysis.forced_openings import OUTCOMES
from sims.cli import main
from sims.openings import forced_openings

from .conftest import GAME


def _cli(out, *extra: str) -> tuple[pl.DataFrame, bytes]:
    assert main(["openings", GAME, "--players", "3", "--deals", "6", "--seed", "4", "--out", str(out),
                 "--quiet", *extra]) == 0
    return pl.read_parquet(out / OUTCOMES), (out / "openings.csv").read_bytes()


def test_rows_and_table_do_not_depend_on_jobs_or_chunk_size(tmp_path):
    ref_rows, ref_csv = _cli(tmp_path / "a", "--jobs", "1", "--chunk-size", "6")
    assert ref_rows["deal"].unique().sort().to_list() == list(range(6))
    assert set(ref_rows["seat"].unique()) == {0, 1, 2}
    for i, extra in enumerate([("--jobs", "2", "--chunk-size", "2"), ("--jobs", "1", "--chunk-size", "4"),
                               ("--jobs", "2", "--chunk-size", "5", "--backend", "threads")]):
        rows, csv = _cli(tmp_path / f"b{i}", *extra)
        assert rows.equals(ref_rows), extra
        assert csv == ref_csv, extra


def test_an_interrupted_run_resumes_from_its_chunks(tmp_path):
    full, first = forced_openings(GAME, 3, deals=6, seed=2, seats=[1], out=tmp_path / "r", chunk_size=2)
    assert first.games_played == 6
    (tmp_path / "r" / "deals" / "chunk-000001.parquet").unlink()  # as if killed before that chunk was written
    again, second = forced_openings(GAME, 3, deals=6, seed=2, seats=[1], out=tmp_path / "r", chunk_size=2)
    assert second.games_played == 2
    assert again.equals(full)
    assert pl.read_parquet(tmp_path / "r" / OUTCOMES).equals(full)


def test_another_seat_set_in_the_same_folder_is_refused(tmp_path, capsys):
    forced_openings(GAME, 3, deals=2, seed=2, seats=[0], out=tmp_path / "r", chunk_size=2)
    assert main(["openings", GAME, "--deals", "2", "--seed", "2", "--seat", "1", "--out", str(tmp_path / "r"),
                 "--chunk-size", "2", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "different run" in err and "seats" in err and err.count("\n") == 1


@pytest.mark.parametrize("agents", ["random", "greedy"])
def test_forcing_the_agents_own_choice_is_the_ordinary_game(agents):
    """Labels are the run's `opening_1`, and the copy forcing the agent's choice replays the ordinary game."""
    deals = 4
    rows, _ = forced_openings(GAME, 3, agents, deals=deals, seed=9, chunk_size=deals)
    ordinary = sims.run(GAME, 3, deals, agents=agents, seed=9, jobs=1).table()
    for r in ordinary.iter_rows(named=True):
        mine = rows.filter((pl.col("deal") == r["game_id"]) & (pl.col("seat") == r["seat"]))
        assert mine["seed"].unique().to_list() == [r["seed"]]
        same = mine.filter((pl.col("opening") == r["opening_1"]) & (pl.col("win_share") == r["win_share"])
                           & (pl.col("vp") == r["vp"]))
        assert same.height >= 1, (r["game_id"], r["seat"], r["opening_1"])


def test_the_report_compares_with_an_ordinary_run(tmp_path):
    sims.run(GAME, 3, 2000, seed=4, out=tmp_path / "obs", jobs=1)
    _cli(tmp_path / "f", "--seat", "0", "--compare", str(tmp_path / "obs"))
    table = pl.read_csv(tmp_path / "f" / "openings.csv")
    assert {"obs_effect", "obs_low", "obs_high", "obs_games", "disagree"} <= set(table.columns)
    html = (tmp_path / "f" / "openings.html").read_text(encoding="utf-8")
    md = (tmp_path / "f" / "openings.md").read_text(encoding="utf-8")
    for page in (html, md):
        assert "Seat 0" in page and "data:image/png;base64," in page and "Experiment against observation" in page


def test_until_precision_stops_at_the_same_deal_for_any_jobs_or_chunk_size(tmp_path):
    target = "60"
    a_rows, a_csv = _cli(tmp_path / "a", "--seat", "0", "--deals", "400", "--until-precision", target,
                         "--chunk-size", "7", "--jobs", "1")
    b_rows, b_csv = _cli(tmp_path / "b", "--seat", "0", "--deals", "400", "--until-precision", target,
                         "--chunk-size", "13", "--jobs", "2")
    assert a_rows.equals(b_rows) and a_csv == b_csv
    used = a_rows["deal"].n_unique()
    assert 2 < used < 400
    table = pl.read_csv(tmp_path / "a" / "openings.csv")
    assert ((table["high"] - table["low"]) / 2 <= float(target)).all()
    assert len(list((tmp_path / "a" / "deals").glob("chunk-*.parquet"))) < -(-400 // 7)  # stopped before the cap


def test_a_comparison_run_of_another_game_is_refused_before_any_deal(tmp_path, capsys):
    sims.run(GAME, 4, 50, seed=4, out=tmp_path / "obs4", jobs=1)
    assert main(["openings", GAME, "--players", "3", "--deals", "4", "--out", str(tmp_path / "f"),
                 "--compare", str(tmp_path / "obs4")]) == 2
    assert "not bruxelles1897 with 3" in capsys.readouterr().err
    assert not (tmp_path / "f").exists()
