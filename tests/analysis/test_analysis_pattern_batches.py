"""pattern_counts_lazy: the win-pattern counts read in batches of games equal those of the whole table."""

import numpy as np
import polars as pl
import pytest

from analysis.fairness import pattern_counts_from_matrix, pattern_counts_lazy, per_game_lazy


def _table(games: int, players: int = 3, seed: int = 4) -> pl.DataFrame:
    rng = np.random.default_rng(seed)
    w = np.zeros((games, players))
    winners = rng.integers(0, players, games)
    w[np.arange(games), winners] = 1.0
    tied = rng.random(games) < 0.2
    w[tied] = 1.0 / players
    return pl.DataFrame({"game_id": np.repeat(np.arange(games), players), "players": np.full(games * players, players),
                         "seat": np.tile(np.arange(players), games), "win_share": w.ravel()})


def _whole(lf: pl.LazyFrame, players: int) -> np.ndarray:
    return pattern_counts_from_matrix(per_game_lazy(lf, players, ["win_share"])["win_share"])


@pytest.mark.parametrize("batch", [1, 7, 1000, 5000])
def test_batches_equal_the_whole_table(batch: int) -> None:
    lf = _table(1001).lazy()
    got = pattern_counts_lazy(lf, 3, batch_games=batch)
    assert got.sum() == 1001
    np.testing.assert_array_equal(got, _whole(lf, 3))


def test_unordered_rows_are_read_whole() -> None:
    lf = _table(300).sample(fraction=1.0, shuffle=True, seed=2).lazy()
    np.testing.assert_array_equal(pattern_counts_lazy(lf, 3, batch_games=7), _whole(_table(300).lazy(), 3))


def test_other_player_counts_are_left_out() -> None:
    mixed = pl.concat([_table(50, 3), _table(40, 4).with_columns(pl.col("game_id") + 1000)]).lazy()
    np.testing.assert_array_equal(pattern_counts_lazy(mixed, 4, batch_games=3), _whole(mixed, 4))


def test_missing_win_shares_counted_over_all_batches() -> None:
    t = _table(20).with_columns(pl.when(pl.col("game_id").is_in([0, 19])).then(None).otherwise(pl.col("win_share"))
                                .alias("win_share"))
    with pytest.raises(ValueError, match="win_share has 6 missing or NaN"):
        pattern_counts_lazy(t.lazy(), 3, batch_games=5)
