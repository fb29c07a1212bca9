"""Score sources: how much VP each scoring source brings, and how strongly it is associated with winning."""

from __future__ import annotations

from typing import Any

import numpy as np
import polars as pl

from ._dist import norm_ppf, norm_sf
from ._frame import (
    SOURCE_PREFIX,
    Table,
    columns,
    finish,
    require,
    source_columns,
    to_lazy,
)
from .stats import correlation_pvalue

_STATS = ("mean", "std", "win_mean", "other_mean", "corr")


def score_sources(df: Table, *, by_seat: bool = True, as_pandas: bool = False) -> Any:
    """Mean VP per scoring source, its share of all VP, and its link with winning.

    Sources are the ``vp_*`` columns other than ``vp`` (``source`` is the name without the prefix). A seat *wins*
    when it finishes first, shared first places included (``rank == 1``; ``win_share > 0`` if there is no ``rank``
    column). One row per ``players`` x ``seat`` x ``source`` (with ``by_seat=False``: per ``players`` x ``source``
    over all seats, ``seat`` null). Columns:

    * ``games`` - rows in the group; ``mean_vp``, ``std_vp`` (sample std) of the source's VP.
    * ``share`` - mean_vp / sum of the group's source means (the source's fraction of all VP; sums to 1 per group;
      a source with negative VP, such as a penalty, has a negative share).
    * ``mean_winners``, ``mean_others`` - mean VP of the source among winning and non-winning rows;
      ``diff_winners`` = mean_winners - mean_others.
    * ``corr_win`` - point-biserial correlation between the source's VP and the 0/1 win indicator (the Pearson
      correlation, as ``scipy.stats.pointbiserialr``); ``corr_p`` its two-sided p-value (null when undefined).
    """
    lf = to_lazy(df)
    cols = columns(lf)
    sources = source_columns(cols)
    if not sources:
        raise ValueError(f"score_sources needs vp_<source> columns; the table has {cols}")
    require(lf, ("players", "seat"), "score_sources")
    if "rank" in cols:
        won = (pl.col("rank") == 1).cast(pl.Float64)
    else:
        require(lf, ("win_share",), "score_sources")
        won = (pl.col("win_share") > 0).cast(pl.Float64)
    keys = ["players", "seat"] if by_seat else ["players"]
    aggs = [pl.len().alias("games")]
    for s in sources:
        v = pl.col(s).cast(pl.Float64)
        aggs += [
            v.mean().alias(f"{s}\x00mean"),
            v.std().alias(f"{s}\x00std"),
            v.filter(pl.col("_won") == 1.0).mean().alias(f"{s}\x00win_mean"),
            v.filter(pl.col("_won") == 0.0).mean().alias(f"{s}\x00other_mean"),
            pl.corr(v, pl.col("_won")).alias(f"{s}\x00corr"),
        ]
    wide = lf.with_columns(won.alias("_won")).group_by(keys).agg(aggs).sort(keys).collect()
    if not by_seat:
        wide = wide.with_columns(pl.lit(None, dtype=pl.Int8).alias("seat"))
    parts = []
    for s in sources:
        parts.append(
            wide.select(
                "players",
                pl.col("seat").cast(pl.Int8),
                pl.lit(s[len(SOURCE_PREFIX):]).alias("source"),
                "games",
                *[pl.col(f"{s}\x00{k}").alias(k) for k in _STATS],
            )
        )
    if not parts or wide.height == 0:
        long = pl.DataFrame(
            schema={"players": wide.schema["players"], "seat": pl.Int8, "source": pl.String, "games": pl.UInt32,
                    **{k: pl.Float64 for k in _STATS}}
        )
    else:
        long = pl.concat(parts)
    corr = long["corr"].to_numpy().astype(float)
    pvals = correlation_pvalue(corr, long["games"].to_numpy().astype(float))
    out = (
        long.with_columns(
            (pl.col("mean") / pl.col("mean").sum().over("players", "seat")).alias("share"),
            (pl.col("win_mean") - pl.col("other_mean")).alias("diff_winners"),
            pl.Series("corr_p", pvals).fill_nan(None),
            pl.col("corr").fill_nan(None),
        )
        .select(
            "players", "seat", "source", "games",
            pl.col("mean").alias("mean_vp"), pl.col("std").alias("std_vp"), "share",
            pl.col("win_mean").alias("mean_winners"), pl.col("other_mean").alias("mean_others"), "diff_winners",
            pl.col("corr").alias("corr_win"), "corr_p",
        )
    )
    # sources keep the table's column order inside each group
    order = {s[len(SOURCE_PREFIX):]: i for i, s in enumerate(sources)}
    out = (
        out.with_columns(pl.col("source").replace_strict(order, return_dtype=pl.Int32).alias("_o"))
        .sort("players", "seat", "_o", nulls_last=True)
        .drop("_o")
    )
    return finish(out, as_pandas)


# ------------------------------------------------------------------------------------- within-game effect on winning

DEFAULT_EFFECT_GAMES = 100_000


def _clogit(x: np.ndarray, winner: np.ndarray, max_iter: int = 50) -> tuple[np.ndarray, np.ndarray]:
    """Conditional-logit (softmax within each game) fit: ``(coef[k], cov[k, k])`` by Newton-Raphson.

    ``x[g, s, k]`` is seat s's covariate k in game g, ``winner[g]`` the seat that won it outright. NaN when a
    covariate never varies within a game or when no finite estimate exists (the covariates separate winners).
    """
    x = x - x.mean(axis=1, keepdims=True)
    k = x.shape[2]
    nan = np.full(k, np.nan), np.full((k, k), np.nan)
    if not all(np.any(x[..., j]) for j in range(k)):
        return nan
    xw = x[np.arange(len(x)), winner].sum(axis=0)
    cov = np.ascontiguousarray(x.transpose(2, 1, 0))  # [k, s, g]: sums over seats and games add whole rows
    rows = cov.reshape(k, -1)
    beta = np.zeros(k)
    for _ in range(max_iter):  # einsum, not BLAS: its threads only contend with the rest of a report
        eta = np.einsum("k,ksg->sg", beta, cov)
        eta -= eta.max(axis=0)
        p = np.exp(eta)
        p /= p.sum(axis=0)
        px = cov * p
        ex = px.sum(axis=1)
        info = np.einsum("jn,kn->jk", px.reshape(k, -1), rows) - np.einsum("jg,kg->jk", ex, ex)
        grad = xw - ex.sum(axis=1)
        try:
            step = np.linalg.solve(info, grad)
        except np.linalg.LinAlgError:
            return nan
        beta += step
        if np.all(np.abs(step) <= 1e-9 * np.maximum(1.0, np.abs(beta))):
            break
    else:  # no convergence: the covariates separate winners from the others
        return nan
    return beta, np.linalg.inv(info)


def source_effects(df: Table, confidence: float = 0.95, *, max_games: int | None = DEFAULT_EFFECT_GAMES,
                   as_pandas: bool = False) -> Any:
    """Within-game association of each scoring source with winning: a conditional logit per source and player count.

    For each game with an outright winner, P(seat s wins | the game) = exp(b x_s) / sum_t exp(b x_t), where x_s is
    seat s's VP from the source: the game is its own stratum (the conditional logit of
    ``statsmodels.discrete.conditional_models.ConditionalLogit`` with the game as group), so everything common to
    the game cancels and the seats of a game are not treated as independent rows. One source at a time: the
    sources add up to the VP that decides the winner, so a model with all of them is perfectly separated and has
    no finite estimate. The coefficients are associations, not causes: a source that goes with winning may only
    travel with what decides it. **Ties**: games whose first place is shared are left out (``tie_games`` counts
    them). With ``max_games`` set, the first ``max_games`` of the ``outright_games`` outright games (in table
    order) are fitted. A source that never
    differs between the seats of a game, or that alone separates winners from losers, gets NaN.

    With three or more sources a joint fit follows (``model`` = ``"joint without <largest>"``; the one-at-a-time
    rows have ``model`` = ``"alone"``): all sources in one conditional logit but the one with the largest mean VP,
    whose VP is then the part of the total the others leave free; each coefficient is the source's association at
    equal values of the other fitted sources. Columns: ``players``, ``source``, ``model``, ``games`` (fitted),
    ``outright_games`` (available), ``tie_games`` (left out), ``coef`` (log odds ratio per VP)
    with ``se``, ``coef_low``/``coef_high`` (Wald interval at ``confidence``), ``odds_ratio`` per VP with its
    interval ``or_low``/``or_high``, ``sd_within`` (the source's mean within-game standard deviation of VP),
    ``or_per_sd`` = exp(coef * sd_within) with ``or_sd_low``/``or_sd_high``, and ``p_value`` (Wald).
    """
    from .fairness import game_key, per_game_arrays

    lf = to_lazy(df)
    cols = columns(lf)
    sources = source_columns(cols)
    if not sources:
        raise ValueError(f"source_effects needs vp_<source> columns; the table has {cols}")
    require(lf, ("players", "seat", "win_share", "game_id"), "source_effects")
    data = lf.select(*dict.fromkeys([*game_key(cols), "players", "seat", "win_share", *sources])).collect()
    rows = []
    for players in data["players"].unique().sort().to_list():
        arrays = per_game_arrays(data, int(players), ["win_share", *sources])
        rows += effects_from_arrays(int(players), arrays["win_share"], {s: arrays[s] for s in sources},
                                    confidence, max_games)
    return finish(effects_table(rows), as_pandas)


def effects_from_arrays(players: int, w: np.ndarray, sources: dict[str, np.ndarray], confidence: float = 0.95,
                        max_games: int | None = DEFAULT_EFFECT_GAMES) -> list[dict[str, Any]]:
    """The rows of :func:`source_effects` from per-game arrays ``w[game, seat]`` and ``sources[name][game, seat]``."""
    z = float(norm_ppf(0.5 + confidence / 2))
    outright = (w > 0).sum(axis=1) == 1
    ties = int((~outright).sum())
    idx = np.flatnonzero(outright)
    if max_games is not None:
        idx = idx[:max_games]
    winner = w[idx].argmax(axis=1)
    xs = {name: x_all[idx].astype(float) for name, x_all in sources.items()}
    fits = {name: _clogit(x[..., None], winner) for name, x in xs.items()}
    rows = [_row(players, name, "alone", fits[name][0][0], fits[name][1][0, 0], xs[name], z) for name in xs]
    # the sources add up to the VP that decides the winner: all of them together separate the winners, so the
    # joint fit leaves out the largest source (its VP is then what the others do not explain)
    if len(xs) > 2 and idx.size:
        largest = max(xs, key=lambda n: xs[n].mean())
        others = [n for n in xs if n != largest]
        coef, cov = _clogit(np.stack([xs[n] for n in others], axis=2), winner)
        rows += [_row(players, n, f"joint without {largest[len(SOURCE_PREFIX):]}", coef[j], cov[j, j], xs[n], z)
                 for j, n in enumerate(others)]
    for r in rows:
        r.update(games=int(idx.size), outright_games=int(outright.sum()), tie_games=ties)
    return rows


def _row(players: int, name: str, model: str, coef: float, var: float, x: np.ndarray, z: float) -> dict[str, Any]:
    se = float(np.sqrt(var))
    sd = float(np.sqrt(x.var(axis=1).mean())) if x.size else float("nan")
    p = float(2 * norm_sf(abs(coef / se))) if se > 0 else float("nan")
    return {"players": players, "source": name[len(SOURCE_PREFIX):], "model": model, "coef": float(coef), "se": se,
            "coef_low": coef - z * se, "coef_high": coef + z * se, "sd_within": sd, "p_value": p}


def effects_table(rows: list[dict[str, Any]]) -> pl.DataFrame:
    """The :func:`source_effects` table from its rows."""
    out = pl.DataFrame(rows, schema={"players": pl.Int64, "source": pl.String, "model": pl.String,
                                     "games": pl.Int64, "outright_games": pl.Int64, "tie_games": pl.Int64,
                                     "coef": pl.Float64, "se": pl.Float64,
                                     "coef_low": pl.Float64, "coef_high": pl.Float64, "sd_within": pl.Float64,
                                     "p_value": pl.Float64})
    return out.with_columns(
        pl.col("coef").exp().alias("odds_ratio"), pl.col("coef_low").exp().alias("or_low"),
        pl.col("coef_high").exp().alias("or_high"),
        (pl.col("coef") * pl.col("sd_within")).exp().alias("or_per_sd"),
        (pl.col("coef_low") * pl.col("sd_within")).exp().alias("or_sd_low"),
        (pl.col("coef_high") * pl.col("sd_within")).exp().alias("or_sd_high"),
    ).select("players", "source", "model", "games", "outright_games", "tie_games", "coef", "se", "coef_low",
             "coef_high", "odds_ratio", "or_low", "or_high", "sd_within", "or_per_sd", "or_sd_low", "or_sd_high",
             "p_value")
