"""Two runs started together into one folder (different seeds, --force, identical): each is refused or correct."""

from __future__ import annotations

import json
import multiprocessing
from concurrent.futures import ProcessPoolExecutor

import pytest

from sims.integrity import check_folder
from sims.store import ResultsFolder

from . import _racer
from .conftest import reference

GAMES, CHUNK = 4000, 250
# (seed of racer A, seed of racer B, racer B forces): 8 trials of each kind, 24 in all
KINDS = {"different seeds": (1, 2, False), "--force during a run": (1, 2, True), "identical runs": (1, 1, False)}


@pytest.fixture(scope="module")
def racers():
    ctx = multiprocessing.get_context("spawn")
    with ctx.Manager() as manager, ProcessPoolExecutor(2, mp_context=ctx, initializer=_racer.warm) as pool:
        yield manager, pool


@pytest.mark.parametrize("kind", list(KINDS))
def test_concurrent_runs_are_refused_or_correct(kind, racers, tmp_path):
    manager, pool = racers
    seed_a, seed_b, force = KINDS[kind]
    outcomes = []
    for trial in range(8):
        out = tmp_path / f"t{trial}"
        barrier = manager.Barrier(2)
        a = pool.submit(_racer.race, barrier, str(out), seed_a, False, GAMES, CHUNK)
        b = pool.submit(_racer.race, barrier, str(out), seed_b, force, GAMES, CHUNK)
        results = [a.result(timeout=120), b.result(timeout=120)]
        outcomes.append(tuple(r.split(":")[0] for r in results))
        assert "ok" in results, results
        for r in results:  # a refusal says why: the folder is in use, or holds the other run
            assert r == "ok" or "in use by another brux run" in r or "holds a different run" in r, r
        manifest = json.loads((out / "manifest.json").read_text())
        assert manifest["master_seed"] in (seed_a, seed_b) and manifest["games_done"] == GAMES
        check = check_folder(out, manifest, ResultsFolder(out).chunk_files())
        assert not check.bad and not check.missing and check.games == GAMES
        assert ResultsFolder(out).chunk_files() and not list(out.glob(".*"))  # no temporary file, no lock left
        import polars as pl

        table = pl.read_parquet(sorted(out.glob("chunk-*.parquet")))
        assert table.equals(reference(manifest["master_seed"], GAMES)), (kind, trial, results)
    print(f"{kind}: outcomes {outcomes}")
