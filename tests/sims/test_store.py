"""Results folder: manifest, atomic chunk files, resume, refusal of another run, --force and damaged folders."""

import json

import polars as pl
import pytest

import brux
import sims
from sims.store import ResultsFolder

GAMES = 500
CHUNK = 100


def _run(out, game_name, **kw):
    args = dict(seed=3, chunk_size=CHUNK, jobs=1, out=out)
    args.update(kw)
    return sims.run(game_name, 3, args.pop("games", GAMES), **args)


def test_manifest_follows_the_results_doc(tmp_path, game_name):
    result = _run(tmp_path / "r", game_name, overrides={"rounds": 3})
    m = json.loads((tmp_path / "r" / "manifest.json").read_text())
    assert list(m) == ["format", "brux_version", "game", "rules_version", "players", "overrides", "params",
                       "params_id", "agents", "master_seed", "games", "chunk_size", "vp_sources", "games_done"]
    game = brux.load_game(game_name, 3, rounds=3)
    assert m == result.manifest
    assert m["format"] == 1 and m["brux_version"] == brux.__version__ and m["game"] == game_name
    assert m["rules_version"] == game.rules_version == brux.games.GAMES[game_name].rules_version >= 1
    assert m["params"] == game.params and m["params_id"] == game.params_id and m["overrides"] == {"rounds": 3}
    assert m["agents"] == ["random"] * 3 and m["master_seed"] == 3 and m["games"] == GAMES
    assert m["chunk_size"] == CHUNK and m["vp_sources"] == list(game.vp_sources) and m["games_done"] == GAMES
    names = sorted(p.name for p in (tmp_path / "r").iterdir())
    assert names == ["chunk-000000.parquet", "chunk-000001.parquet", "chunk-000002.parquet", "chunk-000003.parquet",
                     "chunk-000004.parquet", "manifest.json"]
    first = pl.read_parquet(tmp_path / "r" / "chunk-000001.parquet")
    assert first["game_id"].min() == 100 and first["game_id"].max() == 199 and first.height == 300
    assert set(result.table()["params_id"]) == {game.params_id}


def test_resume_replays_only_missing_chunks(tmp_path, game_name):
    out = tmp_path / "r"
    full = _run(out, game_name).table()
    (out / "chunk-000002.parquet").unlink()
    before = {p.name: p.stat().st_mtime_ns for p in out.glob("chunk-*.parquet")}
    again = _run(out, game_name)
    assert again.games_played == CHUNK and again.manifest["games_done"] == GAMES
    assert {p.name: p.stat().st_mtime_ns for p in out.glob("chunk-*.parquet") if p.name in before} == before
    assert again.table().equals(full)
    done = _run(out, game_name)
    assert done.games_played == 0 and done.table().equals(full)


def test_a_run_under_another_rules_version_is_not_resumed(tmp_path, game_name):
    out = tmp_path / "r"
    _run(out, game_name)
    m = json.loads((out / "manifest.json").read_text())
    (out / "manifest.json").write_text(json.dumps({**m, "rules_version": m["rules_version"] - 1}))
    with pytest.raises(sims.SimsError, match="holds a different run \\(rules_version differ"):
        _run(out, game_name)
    del m["rules_version"]  # a folder written before rules versions were recorded: version 1, resumed
    (out / "manifest.json").write_text(json.dumps(m))
    assert _run(out, game_name).games_played == 0


def test_another_run_is_refused_unless_forced(tmp_path, game_name):
    out = tmp_path / "r"
    _run(out, game_name)
    for kw, field in [(dict(seed=4), "master_seed"), (dict(chunk_size=50), "chunk_size"),
                      (dict(overrides={"rounds": 3}), "overrides, params, params_id")]:
        with pytest.raises(sims.SimsError, match=f"holds a different run \\({field} differ"):
            _run(out, game_name, **kw)
    assert json.loads((out / "manifest.json").read_text())["master_seed"] == 3
    (out / "notes.txt").write_text("mine")
    forced = _run(out, game_name, seed=4, games=250, force=True)
    assert forced.manifest["master_seed"] == 4
    assert sorted(p.name for p in out.glob("chunk-*")) == ["chunk-000000.parquet", "chunk-000001.parquet",
                                                          "chunk-000002.parquet"]
    assert (out / "notes.txt").read_text() == "mine"
    assert forced.table().equals(_run(None, game_name, seed=4, games=250).table())


def test_damaged_or_foreign_chunks_are_quarantined_and_played_again(tmp_path, game_name, capsys):
    out = tmp_path / "r"
    full = _run(out, game_name).table()
    chunk = out / "chunk-000001.parquet"
    chunk.write_bytes(chunk.read_bytes()[:200])
    again = _run(out, game_name)
    assert again.games_played == CHUNK and again.table().equals(full)
    err = capsys.readouterr().err
    assert "chunk-000001.parquet' is not a valid chunk of this run (not a readable Parquet file" in err
    assert [p.name.split(".parquet")[0] for p in (out / "quarantine").iterdir()] == ["chunk-000001"]
    (out / "chunk-000009.parquet").write_bytes(b"")
    assert _run(out, game_name).games_played == 0
    assert "beyond the 5 chunks of this run" in capsys.readouterr().err
    assert not (out / "chunk-000009.parquet").exists() and len(list((out / "quarantine").iterdir())) == 2


def test_foreign_files_are_refused_and_kept(tmp_path, game_name):
    out = tmp_path / "r"
    _run(out, game_name)
    for text in ("{not json", "[1, 2]", '{"name": "my project"}'):
        (out / "manifest.json").write_text(text)
        for force in (False, True):
            with pytest.raises(sims.SimsError, match="manifest.json that brux cannot use"):
                _run(out, game_name, force=force)
            assert (out / "manifest.json").read_text() == text
    (out / "manifest.json").unlink()
    with pytest.raises(sims.SimsError, match="has chunk files but no manifest.json"):
        _run(out, game_name)
    assert _run(out, game_name, force=True).games_played == GAMES
    (out / "chunk-x.parquet").write_bytes(b"mine")
    for force in (False, True):
        with pytest.raises(sims.SimsError, match="not a chunk file of brux"):
            _run(out, game_name, force=force)
    assert (out / "chunk-x.parquet").read_bytes() == b"mine"


def test_unusable_output_paths(tmp_path, game_name):
    (tmp_path / "file").write_text("x")
    with pytest.raises(sims.SimsError, match="exists and is not a folder"):
        _run(tmp_path / "file", game_name)
    with pytest.raises(sims.SimsError, match="cannot create output folder"):
        _run(tmp_path / "file" / "sub", game_name)


def test_stale_temporary_files_are_removed(tmp_path, game_name):
    out = tmp_path / "r"
    _run(out, game_name)
    stale = out / ".chunk-000003.parquet.0123abcd.tmp"
    stale.write_bytes(b"partial")
    (out / "chunk-000003.parquet").unlink()
    assert _run(out, game_name).games_played == CHUNK
    assert not stale.exists()
    assert ResultsFolder(out).chunk_files().keys() == {0, 1, 2, 3, 4}


def test_write_failure_leaves_no_chunk_file(tmp_path, game3):
    folder = ResultsFolder(tmp_path)

    class Boom(Exception):
        pass

    class BadTable:
        def write_parquet(self, path, **kw):
            path.write_bytes(b"half")
            raise Boom

    with pytest.raises(Boom):
        folder.write_chunk(0, BadTable())
    assert list(tmp_path.iterdir()) == []


def test_temporary_run_folder_and_progress(game_name, capsys):
    result = sims.run(game_name, 3, 300, seed=1, chunk_size=100, jobs=1, progress=True)
    assert result.path.name.startswith("brux-run-") and result.table().height == 900
    err = capsys.readouterr().err
    assert "games/s" in err and "300/300" in err


@pytest.mark.parametrize("smaller", [GAMES, GAMES - CHUNK // 2])  # the smaller run ends on a full or a short chunk
def test_more_games_grow_the_run_and_keep_its_chunks(tmp_path, game_name, smaller):
    out = tmp_path / "r"
    _run(out, game_name, games=smaller)
    kept = {p.name: p.stat().st_mtime_ns for p in out.glob("chunk-*.parquet")
            if int(p.stem.split("-")[1]) < smaller // CHUNK}
    grown = _run(out, game_name, games=GAMES + 2 * CHUNK)
    assert grown.games_played == GAMES + 2 * CHUNK - smaller // CHUNK * CHUNK
    assert grown.manifest["games"] == grown.manifest["games_done"] == GAMES + 2 * CHUNK
    assert all(out.joinpath(name).stat().st_mtime_ns == t for name, t in kept.items())  # not rewritten
    assert not (out / "quarantine").exists()
    fresh = _run(tmp_path / "fresh", game_name, games=GAMES + 2 * CHUNK)
    assert grown.table().equals(fresh.table())


def test_fewer_games_than_the_folder_holds_are_refused(tmp_path, game_name):
    out = tmp_path / "r"
    _run(out, game_name)
    with pytest.raises(sims.SimsError, match=f"holds a run of {GAMES} games, more than the {GAMES - 1} asked for"):
        _run(out, game_name, games=GAMES - 1)
    assert json.loads((out / "manifest.json").read_text())["games"] == GAMES


@pytest.mark.parametrize("field, value, problem", [("games", "lots", "games is 'lots', not a whole number"),
                                                   ("players", -3, "players is -3, not a whole number"),
                                                   ("game", 7, "game is 7, not a game name")])
def test_a_manifest_with_unusable_fields_is_refused(tmp_path, game_name, field, value, problem):
    from analysis import ResultsError, read_results

    out = tmp_path / "r"
    _run(out, game_name, games=CHUNK)
    m = json.loads((out / "manifest.json").read_text())
    (out / "manifest.json").write_text(json.dumps({**m, field: value}))
    with pytest.raises(ResultsError, match=problem):
        read_results(out)
    with pytest.raises(sims.SimsError, match=problem):
        _run(out, game_name, games=CHUNK)
