import numpy as np
import polars as pl
import pytest

from analysis import game_length
from tests.analysis.synthetic import make_table


def test_summary_matches_numpy_and_counts_each_game_once():
    df = pl.concat([make_table(1_500, 3, seed=1), make_table(700, 2, seed=2)])
    gl = game_length(df)
    assert gl["players"].to_list() == [2, 3]
    assert gl["games"].to_list() == [700, 1_500]
    x = df.filter((pl.col("players") == 3) & (pl.col("seat") == 0))["length"].to_numpy().astype(float)
    row = gl.filter(pl.col("players") == 3).row(0, named=True)
    assert row["mean"] == pytest.approx(x.mean())
    assert row["std"] == pytest.approx(x.std(ddof=1))
    for q, name in [(0.05, "q05"), (0.25, "q25"), (0.5, "q50"), (0.75, "q75"), (0.95, "q95")]:
        assert row[name] == pytest.approx(np.quantile(x, q))
    assert (row["min"], row["max"]) == (x.min(), x.max())


def test_custom_quantiles_and_validation():
    df = make_table(200, 2, seed=3)
    gl = game_length(df, quantiles=(0.1, 0.9))
    assert {"q10", "q90"} <= set(gl.columns) and "q50" not in gl.columns
    with pytest.raises(ValueError, match="quantiles"):
        game_length(df, quantiles=(1.5,))
    with pytest.raises(ValueError, match="length"):
        game_length(df.drop("length"))
