"""Chunk files swapped, copied, truncated, corrupted, from another run or deleted: resume quarantines and replays
them, the report refuses them naming the file, `brux verify` lists them, and an incomplete run says so."""

from __future__ import annotations

import shutil

import polars as pl
import pytest

import sims
from analysis import write_report
from analysis.io import ResultsError
from sims.cli import main

from .conftest import GAME, reference

GAMES, CHUNK = 500, 100


def _run(out, seed=3, **kw):
    return sims.run(GAME, 3, GAMES, seed=seed, chunk_size=CHUNK, jobs=1, out=out, **kw)


def _copy_over(out, other):
    shutil.copyfile(out / "chunk-000001.parquet", out / "chunk-000002.parquet")


def _truncate(out, other):
    p = out / "chunk-000002.parquet"
    p.write_bytes(p.read_bytes()[:300])


def _corrupt_pages(out, other):  # damage the data pages, keep the footer readable
    p = out / "chunk-000002.parquet"
    data = bytearray(p.read_bytes())
    for i in range(200, len(data) // 2, 97):
        data[i] ^= 0x5A
    p.write_bytes(bytes(data))


def _other_run(out, other):  # the same chunk of a run with another seed
    shutil.copyfile(other / "chunk-000002.parquet", out / "chunk-000002.parquet")


def _rewritten(out, other):  # same identity, edited rows: only the checksum tells
    p = out / "chunk-000002.parquet"
    import pyarrow.parquet as pq

    meta = pq.read_metadata(p).metadata
    t = pl.read_parquet(p).with_columns(pl.col("vp") + 1)
    t.write_parquet(p, metadata={k.decode(): v.decode() for k, v in meta.items()})


def _no_identity(out, other):
    p = out / "chunk-000002.parquet"
    pl.read_parquet(p).write_parquet(p)


TAMPER = {
    "copied over another chunk": (_copy_over, "holds games 100..199 (chunk 1), not games 200..299"),
    "truncated": (_truncate, "not a readable Parquet file"),
    "corrupt data pages": (_corrupt_pages, "chunk-000002.parquet"),
    "from a run with another seed": (_other_run, "master_seed 4 instead of 3"),
    "rows edited": (_rewritten, "does not match its checksum"),
}


@pytest.fixture(scope="module")
def other_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("other") / "r"
    _run(out, seed=4)
    return out


@pytest.mark.parametrize("case", list(TAMPER))
def test_resume_quarantines_a_bad_chunk_and_plays_it_again(case, tmp_path, other_run, capsys):
    out = tmp_path / "r"
    _run(out)
    TAMPER[case][0](out, other_run)
    capsys.readouterr()
    again = _run(out)
    err = capsys.readouterr().err
    assert again.games_played == CHUNK, err
    assert "brux: warning: chunk file" in err and "chunk-000002.parquet" in err and "quarantine/" in err
    if case != "corrupt data pages":
        assert TAMPER[case][1] in err
    assert len(list((out / "quarantine").iterdir())) == 1  # kept, not deleted
    assert again.table().equals(reference(3, GAMES))


@pytest.mark.parametrize("case", list(TAMPER))
def test_report_and_verify_refuse_a_bad_chunk_naming_it(case, tmp_path, other_run, error, capsys):
    out = tmp_path / "r"
    _run(out)
    TAMPER[case][0](out, other_run)
    with pytest.raises(ResultsError, match="chunk-000002.parquet"):
        write_report(out, tmp_path / "report.html")
    assert not list(tmp_path.glob("report.html*"))
    line = error(["report", str(out), "--out", str(tmp_path / "r.html")])
    assert "chunk-000002.parquet" in line and ("not a valid chunk of this run" in line or "not a readable" in line)
    assert main(["verify", str(out)]) == 1
    text = capsys.readouterr().out
    assert "BAD" in text and "chunk-000002.parquet" in text and "1 bad chunk file(s)" in text
    assert main(["verify", str(out), "--quarantine"]) == 1
    capsys.readouterr()
    assert main(["verify", str(out)]) == 0
    assert "incomplete: chunk(s) 2 missing" in capsys.readouterr().out


def test_chunk_without_identity_is_replayed_on_resume_but_read_by_the_report(tmp_path, capsys):
    out = tmp_path / "r"
    _run(out)
    _no_identity(out, None)
    write_report(out, tmp_path / "report.md", format="md")  # hand-made chunks stay readable
    capsys.readouterr()
    assert _run(out).games_played == CHUNK
    assert "carries no brux chunk identity" in capsys.readouterr().err


def test_deleted_chunk_the_report_counts_the_games_it_read(tmp_path, capsys):
    out = tmp_path / "r"
    _run(out)
    (out / "chunk-000003.parquet").unlink()
    text = write_report(out, tmp_path / "report.md", format="md").read_text()
    assert "400 of 500 (incomplete run" in text
    assert main(["verify", str(out)]) == 0
    assert "400 of 500 games; incomplete: chunk(s) 3 missing" in capsys.readouterr().out
