"""Shared fixtures for the analysis tests."""

from __future__ import annotations

import matplotlib
import pytest

matplotlib.use("Agg")

from tests.analysis.synthetic import PLANTED, make_table, write_results_folder


@pytest.fixture(scope="session")
def planted_table():
    return make_table(20_000, 3, seed=11, planted=PLANTED)


@pytest.fixture(scope="session")
def null_table():
    return make_table(20_000, 3, seed=12)


@pytest.fixture(scope="session")
def results_folder(tmp_path_factory):
    folder = tmp_path_factory.mktemp("results") / "run"
    return write_results_folder(folder, 6_000, 3, chunk_size=2_500, seed=5, planted=PLANTED,
                                overrides={"start_bef": 3})
