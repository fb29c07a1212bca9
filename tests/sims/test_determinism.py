"""The same master seed gives bit-identical results whatever the workers, chunk size or backend."""

import numpy as np
import pytest

import sims

GAMES = 1000
SEED = 11


@pytest.fixture(scope="module")
def reference(reference_table):
    return reference_table(GAMES, SEED)


def test_reference_equals_the_kernel_batch(reference, game3):
    arrays = game3.play_random(GAMES, SEED, 0)
    assert np.array_equal(reference["vp"].to_numpy().reshape(GAMES, 3), arrays["vp"])
    assert np.array_equal(reference["seed"].to_numpy()[::3], arrays["seed"])
    assert reference["game_id"].to_list()[::3] == list(range(GAMES))


@pytest.mark.parametrize("chunk_size", [7, 50, 1000])
def test_chunk_sizes_give_identical_tables(reference, chunk_size, tmp_path, game_name):
    result = sims.run(game_name, 3, GAMES, seed=SEED, chunk_size=chunk_size, jobs=2, out=tmp_path / "r")
    assert result.manifest["chunk_size"] == chunk_size
    assert len(list((tmp_path / "r").glob("chunk-*.parquet"))) == -(-GAMES // chunk_size)
    assert result.table().equals(reference)


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize("backend", ["processes", "threads"])
def test_workers_and_backends_give_identical_tables(reference, jobs, backend, tmp_path, game_name):
    result = sims.run(game_name, 3, GAMES, seed=SEED, chunk_size=90, jobs=jobs, backend=backend, out=tmp_path / "r")
    assert result.table().equals(reference)
    assert result.to_pandas().equals(reference.to_pandas())


def test_other_seed_or_players_differ(reference, game_name):
    other = sims.run(game_name, 3, GAMES, seed=SEED + 1, jobs=1).table()
    assert not other["vp"].equals(reference["vp"])
    four = sims.run(game_name, 4, 10, seed=SEED, jobs=1).table()
    assert four.height == 40 and four["seat"].to_list()[:4] == [0, 1, 2, 3]
