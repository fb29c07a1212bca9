"""Playing a sweep: common game seeds across cells, the sweep folder, resume, refusal of another sweep."""

from __future__ import annotations

import json

import polars as pl
import pytest

from sims import SimsError
from sims.cli import main
from sims.sweep import sweep
from tests.sweeps.conftest import CHUNK, GAME, GAMES, SWEEP_TOML, err_line, write


def test_cells_share_game_seeds(played_sweep):
    assert len(played_sweep.runs) == 4
    seeds = [r.scan().select("game_id", "seed").unique().sort("game_id").collect() for r in played_sweep.runs]
    assert all(s.height == GAMES for s in seeds)
    for s in seeds[1:]:
        assert s.equals(seeds[0])  # identical seed columns: common random numbers, paired by game_id
    # ... while the variants really differ (different params, different results)
    params = {r.manifest["params_id"] for r in played_sweep.runs}
    assert len(params) == 4
    tables = [r.table().sort("game_id", "seat")["vp"] for r in played_sweep.runs]
    assert not tables[0].equals(tables[2])


def test_sweep_folder_layout_and_manifest(played_sweep):
    folder = played_sweep.path
    manifest = json.loads((folder / "sweep.json").read_text())
    assert manifest["kind"] == "brux-sweep" and manifest["complete"] is True
    assert manifest["spec"]["games"] == GAMES and manifest["spec"]["seed"] == 7
    names = [c["name"] for c in manifest["cells"]]
    assert names == ["baseline", "start_money=[5,5,6,6]", "start_money=[0,0,40,7]", "exhibit 1"]
    for cell, run in zip(manifest["cells"], played_sweep.runs):
        assert cell["path"] == f"3p/random/{cell['params_id']}"
        cell_manifest = json.loads((folder / cell["path"] / "manifest.json").read_text())
        assert cell_manifest["overrides"] == cell["overrides"] and cell_manifest["master_seed"] == 7
        assert cell_manifest["games_done"] == GAMES and run.path == folder / cell["path"]
    table = played_sweep.table()
    assert table.height == 4 * GAMES * 3 and set(table["variant"].unique()) == set(names)


def test_resume_after_deleting_a_chunk(tmp_path):
    file = write(tmp_path / "s.toml", SWEEP_TOML)
    out = tmp_path / "out"
    first = sweep(file, out, jobs=1)
    assert first.games_played == 4 * GAMES
    before = [r.table() for r in first.runs]
    victim = out / first.cells[2].path / "chunk-000001.parquet"
    victim.unlink()
    again = sweep(file, out, jobs=1)
    assert again.games_played == CHUNK  # only the missing chunk is played again
    assert victim.is_file()
    for a, b in zip(before, [r.table() for r in again.runs]):
        assert a.equals(b)
    # a different sweep in the same folder is refused, then replaced with force
    other = write(tmp_path / "o.toml", SWEEP_TOML.replace("seed = 7", "seed = 8"))
    with pytest.raises(SimsError, match="holds a different sweep \\(seed differ\\)"):
        sweep(other, out, jobs=1)
    replaced = sweep({"game": GAME, "games": 300, "seed": 8, "chunk_size": 300,
                      "variants": [{"name": "r3", "rounds": 3}]}, out, jobs=1, force=True)
    assert replaced.games_played == 600
    left = sorted(p.parent.name for p in out.rglob("manifest.json"))
    assert left == sorted(c.params_id for c in replaced.cells)  # the old cells' results are gone


def test_single_run_folder_is_not_a_sweep(tmp_path):
    import sims

    sims.run(GAME, 3, 50, seed=1, jobs=1, out=tmp_path / "run")
    with pytest.raises(SimsError, match="single run"):
        sweep({"game": GAME, "games": 50}, tmp_path / "run", jobs=1)


def test_cli_sweep_prints_cells_and_summary(tmp_path, capsys):
    file = write(tmp_path / "s.toml", f'game = "{GAME}"\ngames = 400\nseed = 3\nchunk_size = 200\n'
                                      "[grid]\nstart_money = [[0, 0, 40, 7]]\n")
    out = tmp_path / "out"
    assert main(["sweep", str(file), "--out", str(out), "--jobs", "1", "--report", str(tmp_path / "r.md")]) == 0
    text = capsys.readouterr().out
    assert "cell 1/2 (3p, random | random | random) baseline" in text
    assert "cell 2/2 (3p, random | random | random) start_money=[0,0,40,7]" in text
    assert "sweep: 2 cells, 800 games played" in text
    assert "smallest seat gap (3p, random | random | random): baseline:" in text
    line = next(ln for ln in text.splitlines() if ln.startswith("start_money=[0,0,40,7]"))
    assert line.split()[-4] == "*" or " *" in line  # the planted variant differs significantly
    assert (tmp_path / "r.md").is_file()
    # re-running resumes: nothing is played
    assert main(["sweep", str(file), "--out", str(out), "--jobs", "1"]) == 0
    assert "0 games played" in capsys.readouterr().out
    # another sweep into the same folder: one error line
    write(file, file.read_text().replace("seed = 3", "seed = 4"))
    assert main(["sweep", str(file), "--out", str(out), "--jobs", "1"]) == 2
    assert "holds a different sweep" in err_line(capsys)


def test_table_concatenates_cells(played_sweep):
    t = played_sweep.scan().group_by("cell", "variant").agg(pl.len()).sort("cell").collect()
    assert t["len"].to_list() == [GAMES * 3] * 4
