import json

import polars as pl
import pytest

from analysis import ResultsError, collect, read_results
from tests.analysis.synthetic import make_table, write_results_folder


def test_reads_folder_lazily(results_folder):
    lf, manifest = read_results(results_folder)
    assert isinstance(lf, pl.LazyFrame)
    assert manifest["games"] == 6_000 and manifest["players"] == 3
    df = lf.collect()
    assert df.height == 18_000
    assert df["game_id"].n_unique() == 6_000
    assert df["game_id"].min() == 0 and df["game_id"].max() == 5_999


def _copy(tmp_path, n=400):
    return write_results_folder(tmp_path / "r", n, 2, chunk_size=200, seed=1)


def test_missing_folder(tmp_path):
    missing = tmp_path / "nope"
    with pytest.raises(ResultsError, match="does not exist") as info:
        read_results(missing)
    assert str(missing) in str(info.value)
    assert isinstance(info.value, ValueError)


def test_path_is_a_file(tmp_path):
    f = tmp_path / "file.txt"
    f.write_text("x")
    with pytest.raises(ResultsError, match="not a folder"):
        read_results(f)


def test_missing_manifest(tmp_path):
    folder = _copy(tmp_path)
    (folder / "manifest.json").unlink()
    with pytest.raises(ResultsError, match="manifest.json") as info:
        read_results(folder)
    assert str(folder) in str(info.value)


def test_corrupt_manifest(tmp_path):
    folder = _copy(tmp_path)
    (folder / "manifest.json").write_text('{"format": 1, "game": ')
    with pytest.raises(ResultsError, match="JSON") as info:
        read_results(folder)
    assert "manifest.json" in str(info.value)


def test_manifest_not_an_object_or_unknown_format(tmp_path):
    folder = _copy(tmp_path)
    (folder / "manifest.json").write_text("[1, 2]")
    with pytest.raises(ResultsError, match="JSON object"):
        read_results(folder)
    (folder / "manifest.json").write_text(json.dumps({"format": 99}))
    with pytest.raises(ResultsError, match="format 99"):
        read_results(folder)


def test_no_chunk_files(tmp_path):
    folder = _copy(tmp_path)
    for f in folder.glob("chunk-*.parquet"):
        f.unlink()
    (folder / "chunk-000000.parquet.tmp").write_bytes(b"unfinished")
    with pytest.raises(ResultsError, match="no chunk"):
        read_results(folder)


def test_corrupt_parquet_is_named(tmp_path):
    folder = _copy(tmp_path)
    bad = folder / "chunk-000001.parquet"
    bad.write_bytes(b"this is not parquet at all" * 10)
    with pytest.raises(ResultsError, match="chunk-000001.parquet") as info:
        read_results(folder)
    assert "Parquet" in str(info.value)


def test_damaged_data_pages_fail_on_collect(tmp_path):
    folder = _copy(tmp_path)
    f = folder / "chunk-000000.parquet"
    data = bytearray(f.read_bytes())
    for i in range(100, len(data) // 2):  # footer intact, compressed pages damaged
        data[i] ^= 0xFF
    f.write_bytes(bytes(data))
    lf, _ = read_results(folder)
    with pytest.raises(ResultsError, match="cannot be read") as info:
        collect(lf, folder)
    assert str(folder) in str(info.value)


def test_chunks_with_different_schemas(tmp_path):
    folder = _copy(tmp_path)
    make_table(10, 2, seed=3).drop("vp_money").write_parquet(folder / "chunk-000002.parquet")
    with pytest.raises(ResultsError, match="different schema") as info:
        read_results(folder)
    assert "chunk-000002.parquet" in str(info.value)


def test_chunks_without_result_columns(tmp_path):
    folder = _copy(tmp_path)
    for f in folder.glob("chunk-*.parquet"):
        pl.DataFrame({"x": [1, 2]}).write_parquet(f)
    with pytest.raises(ResultsError, match="lacks the result column"):
        read_results(folder)
