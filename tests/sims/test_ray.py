"""The Ray backend (optional extra) gives the same results as a local run."""

import pytest

import sims

pytestmark = pytest.mark.long  # needs the optional `ray` extra: pip install ".[ray]"; run with -m long


def test_ray_equals_local_run(tmp_path, reference_table, game_name):
    result = sims.run(game_name, 3, 1000, seed=11, chunk_size=100, backend="ray", jobs=2, out=tmp_path / "r")
    assert result.manifest["games_done"] == 1000
    assert result.table().equals(reference_table(1000, 11))
