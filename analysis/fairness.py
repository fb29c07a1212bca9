"""Is the game fair between seats? Per-game win patterns, paired seat statistics and an equivalence verdict.

Within one game the seats' win shares are dependent (they sum to 1; a k-way tie for first gives 1/k to each tied
seat), so every standard error here is computed from **per-game** vectors, never from seats as independent rows.
A game's win-share vector is fixed by which seats share first place (its *win pattern*, a bit mask), so a results
table reduces to the counts of at most ``2**players - 1`` patterns: means, covariances and the nonparametric
bootstrap over games (a multinomial draw of pattern counts, exactly the same resampling distribution) are computed
from those counts, whatever the number of games.

The **fairness verdict** compares the seats with each other, an equivalence test by interval inclusion: every pair
of seats gets an interval for the difference of their win shares, paired by game and simultaneous over the
``players * (players - 1) / 2`` pairs (Bonferroni); the game is *not fair* when some pair's interval lies entirely
outside ``[-margin, margin]``. It is *fair within +-margin* when every pair passes two one-sided tests at level
``1 - confidence`` (TOST: the pair's ``1 - 2 alpha`` interval inside ``(-margin, margin)``); as every pair must
pass, this intersection-union test needs no correction over the pairs (Berger 1982). Otherwise *not decided yet*.
Each wrong verdict has probability at most ``1 - confidence``. Each seat's
deviation from the fair share ``1/players`` is reported beside it (simultaneous over the seats). The intervals are
fixed-sample normal intervals, or, for a run that was stopped by looking at its results
(``brux run --until-decided``), the always-valid confidence sequences of :mod:`analysis.sequential`; ``check_stop``
says whether such a run may stop.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import polars as pl

from . import sequential as sq
from ._dist import norm_ppf, norm_sf
from ._frame import Table, columns, require, to_lazy
from .patterns import DEFAULT_MARGIN, pattern_shares, verdict_masks

GAME_KEY_CANDIDATES = ("run", "game", "params_id", "players", "game_id", "seed")
MIN_GAMES = 2  # fewer games give no spread, so no interval


def game_key(cols: list[str]) -> list[str]:
    """The columns identifying a game in a per-seat table (``game_id`` plus run identity columns present)."""
    key = [c for c in GAME_KEY_CANDIDATES if c in cols]
    if "game_id" not in key:
        raise ValueError("the per-game statistics need a game_id column to group the seats of a game")
    return key


def pattern_counts(df: Table) -> dict[int, np.ndarray]:
    """Number of games per win pattern, per player count: ``{players: counts[2**players]}``.

    One lazy pass: the pattern of a game is the sum of ``2**seat`` over its seats with a positive win share.
    Raises ``ValueError`` when a game does not have one row per seat.
    """
    lf = to_lazy(df)
    require(lf, ("players", "seat", "win_share", "game_id"), "pattern_counts")
    key = game_key(columns(lf))
    bit = pl.when(pl.col("win_share") > 0).then(pl.lit(2, pl.Int64).pow(pl.col("seat").cast(pl.Int64))).otherwise(0)
    per_game = lf.group_by(key).agg(bit.sum().alias("pattern"), pl.len().alias("rows"),
                                    (~pl.col("win_share").is_finite()).fill_null(True).sum().alias("nan"))
    counts = (per_game.group_by("players", "pattern")
              .agg(pl.len().alias("games"), (pl.col("rows") != pl.col("players").cast(pl.UInt32)).sum().alias("bad"),
                   pl.col("nan").sum())
              .collect())
    if counts.height and int(counts["nan"].sum()):
        raise ValueError(f"win_share has {int(counts['nan'].sum())} missing or NaN value(s); every seat of every "
                         "game needs a win share")
    if counts.height and int(counts["bad"].sum()):
        raise ValueError(f"{int(counts['bad'].sum())} game(s) do not have exactly `players` rows for the key {key}")
    out: dict[int, np.ndarray] = {}
    for players, pattern, games in counts.select("players", "pattern", "games").iter_rows():
        arr = out.setdefault(int(players), np.zeros(1 << int(players)))
        arr[int(pattern)] += games
    return dict(sorted(out.items()))


def pattern_counts_from_matrix(w: np.ndarray) -> np.ndarray:
    """Pattern counts of a per-game win-share matrix ``w[game, seat]``."""
    _raise_missing(int(np.count_nonzero(~np.isfinite(w))))
    return _codes_counted(w)


def _raise_missing(bad: int) -> None:
    if bad:
        raise ValueError(f"win_share has {bad} missing or NaN value(s); every seat of every game needs a win share")


def _codes_counted(w: np.ndarray) -> np.ndarray:
    players = w.shape[1]
    codes = ((w > 0).astype(np.int64) << np.arange(players)).sum(axis=1)
    return np.bincount(codes, minlength=1 << players).astype(float)


#: games per batch of :func:`pattern_counts_lazy` (about 300 MB of rows at 3 players)
BATCH_GAMES = 1_000_000


def pattern_counts_lazy(lf: pl.LazyFrame, players: int, batch_games: int = BATCH_GAMES) -> np.ndarray:
    """``pattern_counts_from_matrix(per_game_lazy(lf, players, ["win_share"])["win_share"])`` in bounded memory.

    A table of ``players``-player games only is read ``batch_games`` games at a time (row slices at multiples of
    ``players``, so a table stored in game order splits between games); a table with other player counts, or one
    whose games cross a slice, is read whole as by :func:`per_game_lazy`.
    """
    names = columns(lf)
    key = [c for c in game_key(names) if c in ("game_id", "run")]
    total, only = lf.select(pl.len(), (pl.col("players") == players).all()).collect().row(0)
    if only and total % players == 0:
        counts, bad, step = np.zeros(1 << players), 0, batch_games * players
        try:
            for start in range(0, total, step):
                part = lf.slice(start, step).select(*key, "players", "seat", "win_share").collect()
                w = per_game_arrays(part, players, ["win_share"])["win_share"]
                bad += int(np.count_nonzero(~np.isfinite(w)))
                counts += _codes_counted(w)
        except ValueError:
            pass
        else:
            _raise_missing(bad)
            return counts
    return pattern_counts_from_matrix(per_game_lazy(lf, players, ["win_share"])["win_share"])


@dataclass
class SeatMoments:
    """Per-game moments of the seat win shares: ``games``, ``mean[s]`` and ``cov[s, t]`` (sample covariance)."""

    games: int
    mean: np.ndarray
    cov: np.ndarray

    @property
    def players(self) -> int:
        return len(self.mean)

    def deviation_se(self) -> np.ndarray:
        """Standard error of each seat's win share (hence of its deviation from 1/players)."""
        return np.sqrt(np.diag(self.cov) / max(self.games, 1))

    def difference_se(self) -> np.ndarray:
        """``[s, t]``: paired (within-game) standard error of ``mean[s] - mean[t]``."""
        v = np.diag(self.cov)
        return np.sqrt(np.maximum(v[:, None] + v[None, :] - 2 * self.cov, 0.0) / max(self.games, 1))


def moments(counts: np.ndarray) -> SeatMoments:
    """Means and sample covariance of the per-game win-share vectors from pattern counts."""
    counts = np.asarray(counts, dtype=float)
    players = int(round(np.log2(len(counts))))
    w = pattern_shares(players)
    n = counts.sum()
    mean = counts @ w / n if n else np.full(players, np.nan)
    centred = w - mean
    cov = (centred * counts[:, None]).T @ centred / (n - 1) if n > 1 else np.full((players, players), np.nan)
    return SeatMoments(int(n), mean, cov)


def z_simultaneous(k: int, confidence: float) -> float:
    """Two-sided normal quantile of a Bonferroni split of ``1 - confidence`` over ``k`` intervals."""
    return float(norm_ppf(1.0 - (1.0 - confidence) / (2 * max(k, 1))))


def seat_differences(counts: np.ndarray, confidence: float = 0.95) -> pl.DataFrame:
    """Every pair of seats: difference of win shares with the paired standard error and a simultaneous interval.

    Columns ``seat_a``, ``seat_b``, ``diff`` (= share a - share b), ``se`` (from the per-game differences
    ``w_a - w_b``), ``low``/``high`` (Bonferroni over the pairs), ``p_value`` (two-sided z test, unadjusted) and
    ``p_adjusted`` (Holm over the pairs).
    """
    from .stats import adjust_pvalues

    mo = moments(counts)
    se = mo.difference_se()
    pairs = [(a, b) for a in range(mo.players) for b in range(a + 1, mo.players)]
    z = z_simultaneous(len(pairs), confidence)
    diff = np.array([mo.mean[a] - mo.mean[b] for a, b in pairs])
    s = np.array([se[a, b] for a, b in pairs])
    with np.errstate(divide="ignore", invalid="ignore"):
        p = np.where(s > 0, 2 * norm_sf(np.abs(diff / s)), np.where(diff == 0, 1.0, 0.0))
    _, p_adj = adjust_pvalues(p, "holm", confidence)
    return pl.DataFrame({
        "seat_a": [a for a, _ in pairs], "seat_b": [b for _, b in pairs], "diff": diff, "se": s,
        "low": diff - z * s, "high": diff + z * s, "p_value": p, "p_adjusted": p_adj,
    })


def bootstrap_counts(counts: np.ndarray, n_boot: int, seed: int = 0) -> np.ndarray:
    """``(n_boot, len(counts))`` pattern counts of bootstrap resamples of the games (multinomial draws)."""
    counts = np.asarray(counts, dtype=float)
    n = int(counts.sum())
    rng = np.random.default_rng(seed)
    return rng.multinomial(n, counts / n, size=n_boot).astype(float)


def bootstrap_gap(counts: np.ndarray, confidence: float = 0.95, n_boot: int = 20_000, seed: int = 0
                  ) -> tuple[float, float, float, float]:
    """Largest seat gap (best minus worst win share) with a percentile bootstrap interval over games.

    Returns ``(gap, low, high, mc_error)``; ``mc_error`` is the Monte Carlo standard error of the interval's
    endpoints (the larger of the two, see :func:`analysis.stats.quantile_mc_error`).
    """
    from .stats import quantile_mc_error

    counts = np.asarray(counts, dtype=float)
    players = int(round(np.log2(len(counts))))
    w = pattern_shares(players)
    gap = float(np.ptp(counts @ w / counts.sum()))
    reps = bootstrap_counts(counts, n_boot, seed) @ w / counts.sum()
    g = np.ptp(reps, axis=1)
    alpha = 1.0 - confidence
    low, high = np.quantile(g, [alpha / 2, 1 - alpha / 2])
    mc = max(quantile_mc_error(g, alpha / 2), quantile_mc_error(g, 1 - alpha / 2))
    return gap, float(low), float(high), mc


@dataclass
class FairnessVerdict:
    """The equivalence verdict of one player count (see the module notes).

    ``pairs`` lists the seat pairs ``(a, b)``, ``a < b``; ``pair_diff`` = share a - share b with the simultaneous
    interval ``pair_low``/``pair_high``, on which ``"not fair"`` is decided, and the equivalence bounds
    ``fair_low``/``fair_high`` (one-sided at ``1 - confidence`` each), on which ``"fair"`` is decided: ``verdict``
    is one of ``"fair"``, ``"not fair"`` or ``"not decided"``. ``best_seat``/``worst_seat`` have the largest and
    smallest win share, ``gap`` = their difference with the interval ``gap_low``/``gap_high`` (that pair's).
    ``deviation[s]`` = seat s's win share - 1/players with
    the interval ``low[s]``/``high[s]`` (simultaneous over the seats); ``max_deviation`` (largest |deviation|) with
    ``max_deviation_low``/``max_deviation_high``. ``more_games`` estimates the games still needed for an 80 %
    chance of a decision if the current estimates and spread are the truth (None: decided, too few games, or no
    decision in sight because a gap sits on the margin); ``method`` names the intervals; ``half_width`` is the
    largest per-seat half-width and ``gap_half_width`` the largest pairwise one.
    """

    players: int
    games: int
    margin: float
    confidence: float
    win_share: np.ndarray
    deviation: np.ndarray
    low: np.ndarray
    high: np.ndarray
    max_deviation: float
    max_deviation_low: float
    max_deviation_high: float
    pairs: list[tuple[int, int]]
    pair_diff: np.ndarray
    pair_low: np.ndarray
    pair_high: np.ndarray
    best_seat: int
    worst_seat: int
    gap: float
    gap_low: float
    gap_high: float
    verdict: str
    more_games: int | None
    method: str
    half_width: float = field(default=float("nan"))
    gap_half_width: float = field(default=float("nan"))
    fair_low: np.ndarray = field(default_factory=lambda: np.array([]))
    fair_high: np.ndarray = field(default_factory=lambda: np.array([]))

    def sentence(self) -> str:
        """The verdict in one plain sentence with its numbers: the gap between the best and the worst seat."""
        from .stats import pct, plural, points

        pts = points(self.margin)
        if self.games < MIN_GAMES:
            return f"Seats: not decided at ±{pts} of win share: too few games for an interval ({self.games})."
        gap = (f"seat {self.best_seat} (best) minus seat {self.worst_seat} (worst) is {pct(self.gap, digits=2)} "
               f"points ({pct(self.gap_low, True, 2)} to {pct(self.gap_high, True, 2)}, {self.confidence:.0%} "
               f"{self._valid()}simultaneous over the {plural(len(self.pairs), 'pair')} of seats)")
        if self.verdict == "fair":
            return (f"Seats: fair within ±{pts} of win share (every pair of seats passes two one-sided "
                    f"{1 - self.confidence:.0%} tests); the largest gap, {gap}.")
        if self.verdict == "not fair":
            return f"Seats: not fair (a gap between seats beyond ±{pts} of win share); {gap}."
        more = (f"needs about {_round2(self.more_games):,} more games (an {DECISION_POWER:.0%} chance of a "
                "decision if today's estimates are the truth; a larger --games on the same folder plays only the "
                "new games)" if self.more_games is not None
                else "a gap sits on the margin, so no number of games is in sight")
        return f"Seats: not decided yet at ±{pts} of win share, {more}; {gap}."

    def seat_sentence(self) -> str:
        """Each seat against the fair share 1/players: the seat furthest from it, with its interval."""
        from .stats import pct, plural

        if self.games < MIN_GAMES:
            return f"Seats one at a time: too few games for an interval ({self.games})."
        far = int(np.argmax(np.abs(self.deviation)))
        return (f"Seats one at a time: the fair share is {100 / self.players:.1f}% win share each; the seat "
                f"furthest from it is seat {far}, {pct(self.deviation[far], True, 2)} points "
                f"({pct(self.low[far], True, 2)} to {pct(self.high[far], True, 2)}, {self.confidence:.0%} "
                f"{self._valid()}simultaneous over the {plural(self.players, 'seat')}).")

    def _valid(self) -> str:
        return "always valid, " if self.method.startswith("always-valid") else ""


def _round2(n: int) -> int:
    """``n`` rounded to two significant digits (an estimate should not look precise)."""
    digits = max(len(str(int(n))) - 2, 0)
    return int(round(n, -digits)) if n >= 100 else int(n)


def _decide(low: np.ndarray, high: np.ndarray, margin: float, fair_low: np.ndarray | None = None,
            fair_high: np.ndarray | None = None) -> str:
    """The verdict on simultaneous pairwise intervals ``low``/``high`` and equivalence bounds (default: the same)."""
    fair, unfair = verdict_masks(low, high, margin, fair_low, fair_high)
    return "fair" if fair else "not fair" if unfair else "not decided"


#: "needs about N more games": the games at which a decision is this likely if today's estimates are the truth
DECISION_POWER = 0.8
_POWER_DRAWS = 4000


def games_needed(diff: np.ndarray, cov: np.ndarray,
                 half_width_at: Callable[[float], tuple[np.ndarray, np.ndarray]], margin: float,
                 games: int, power: float = DECISION_POWER, cap: float = 1e12) -> int | None:
    """Games (in total) at which the verdict is reached with probability ``power`` if the true pairwise seat
    differences are today's estimates ``diff``, with ``cov`` the covariance of one game's pairwise differences.

    The estimates after ``n`` games are drawn as ``diff + N(0, cov / n)`` (a fixed, seeded set of draws, so the
    figure is reproducible) and decided with the half-widths ``half_width_at(n)`` (simultaneous, equivalence);
    solved by bisection on ``n``.
    None when even ``cap`` games do not reach ``power`` (a gap on the margin).
    """
    w, v = np.linalg.eigh(np.atleast_2d(cov))
    root = v * np.sqrt(np.clip(w, 0, None))
    z = np.random.default_rng(20260).standard_normal((_POWER_DRAWS, len(diff))) @ root.T

    def likely(n: float) -> bool:
        draws = diff + z / np.sqrt(n)
        half, eq = half_width_at(n)
        fair, unfair = verdict_masks(draws - half, draws + half, margin, draws - eq, draws + eq)
        return float(np.mean(fair | unfair)) >= power

    if likely(games):
        return games
    if not likely(cap):
        return None
    lo, hi = float(games), cap
    while hi / lo > 1.001:
        mid = (lo * hi) ** 0.5
        lo, hi = (lo, mid) if likely(mid) else (mid, hi)
    return int(np.ceil(hi))


def calibrated(pair_half: Callable[[float], tuple[np.ndarray, np.ndarray]], n: int, sim_half: np.ndarray,
               eq_half: np.ndarray) -> Callable[[float], tuple[np.ndarray, np.ndarray]]:
    """`pair_half` scaled so that at ``n`` games it gives the half-widths the data gave (``sim_half``, ``eq_half``;
    never narrower than the model): an always-valid sequence at few games is wider than its large-sample form, and an
    estimate of the games still needed must not start from intervals narrower than today's."""
    model_sim, model_eq = pair_half(n)

    def scale(data: np.ndarray, model: np.ndarray) -> float:  # pairs the model gives no width stay without
        ratio = np.divide(data, model, out=np.ones_like(model, dtype=float), where=np.asarray(model) > 0)
        return float(np.nanmax(np.append(ratio, 1.0)))

    k_sim, k_eq = scale(sim_half, model_sim), scale(eq_half, model_eq)

    def half(m: float) -> tuple[np.ndarray, np.ndarray]:
        h_sim, h_eq = pair_half(m)
        return k_sim * h_sim, k_eq * h_eq

    return half


def check_fraction(name: str, value: Any) -> float:
    """``value`` as a float in (0, 1); a ``TypeError`` or ``ValueError`` naming ``name`` otherwise."""
    import numbers

    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number in (0, 1), got {value!r} ({type(value).__name__})")
    if not 0 < value < 1:
        raise ValueError(f"{name} must be in (0, 1), got {value!r}")
    return float(value)


def _abs_range(low: np.ndarray, high: np.ndarray) -> tuple[float, float]:
    """The interval of the largest |value| implied by simultaneous intervals ``low``/``high``."""
    abs_low = np.where((low <= 0) & (high >= 0), 0.0, np.minimum(np.abs(low), np.abs(high)))
    return float(abs_low.max()), float(np.maximum(np.abs(low), np.abs(high)).max())


def fairness_verdict(counts: np.ndarray, margin: float = DEFAULT_MARGIN, confidence: float = 0.95,
                     sequential: dict[str, Any] | None = None) -> FairnessVerdict:
    """The equivalence verdict from pattern counts; ``sequential`` (the stopping record of a run) switches to
    the always-valid confidence sequences of :mod:`analysis.sequential`. Fewer than two games: not decided."""
    margin, confidence = check_fraction("margin", margin), check_fraction("confidence", confidence)
    mo = moments(counts)
    p, n = mo.players, mo.games
    pairs = [(a, b) for a in range(p) for b in range(a + 1, p)]
    ia, ib = np.array([a for a, _ in pairs], dtype=int), np.array([b for _, b in pairs], dtype=int)
    dev = mo.mean - 1.0 / p
    diff = mo.mean[ia] - mo.mean[ib]
    enough = n >= MIN_GAMES
    plow, phigh = np.full(len(pairs), np.nan), np.full(len(pairs), np.nan)
    flow, fhigh = plow.copy(), phigh.copy()
    sd_pair = mo.difference_se()[ia, ib] * np.sqrt(max(n, 1))
    if sequential is not None:
        rule, target = sequential.get("rule", "decided"), sequential.get("target")
        tuned = sq.games_for_precision(sq.seat_target(rule, target, margin), 1.0 - confidence, p)

        def seat_half(m: float) -> np.ndarray:
            return np.full(p, sq.cs_half_width(m, 1.0 - confidence, p, tuned))

        def pair_half(m: float) -> tuple[np.ndarray, np.ndarray]:
            return (sq.pair_half_width_at(m, sd_pair, 1.0 - confidence),
                    sq.pair_half_width_at(m, sd_pair, 1.0 - confidence, simultaneous=False))

        if enough:
            chunks = np.asarray(sequential.get("chunk_counts", []), dtype=float)
            if chunks.ndim != 2 or chunks.shape[1] != len(counts) or not np.array_equal(chunks.sum(axis=0), counts):
                chunks = np.asarray(counts, dtype=float)[None, :]  # one block: still valid at this many games
            bet_target = sq.pair_target(rule, target, margin)
            seq_low, seq_high = sq.pair_sequence(chunks, 1.0 - confidence, bet_target)
            eq_low, eq_high = sq.pair_sequence(chunks, 1.0 - confidence, bet_target, simultaneous=False)
            plow, phigh, flow, fhigh = seq_low[-1], seq_high[-1], eq_low[-1], eq_high[-1]
        method = ("always-valid confidence sequences: seat differences by predictable plug-in empirical Bernstein "
                  "(Waudby-Smith and Ramdas) with a union bound over the pairs (one-sided bounds at the full level for "
                  "'fair', an intersection-union test), seats by a normal mixture "
                  "(Hoeffding) with Bonferroni over the seats")
    else:
        z_seat, z_pair = z_simultaneous(p, confidence), z_simultaneous(len(pairs), confidence)
        z_eq = float(norm_ppf(confidence))  # one-sided at 1 - confidence: the TOST of each pair
        sd = np.sqrt(np.diag(mo.cov))

        def seat_half(m: float) -> np.ndarray:
            return z_seat * sd / np.sqrt(m)

        def pair_half(m: float) -> tuple[np.ndarray, np.ndarray]:
            return z_pair * sd_pair / np.sqrt(m), z_eq * sd_pair / np.sqrt(m)

        if enough:
            h_sim, h_eq = pair_half(n)
            plow, phigh, flow, fhigh = diff - h_sim, diff + h_sim, diff - h_eq, diff + h_eq
        method = ("normal intervals from per-game win shares: seat differences paired by game with Bonferroni "
                  "over the pairs (two one-sided tests per pair for 'fair', an intersection-union test), seats with "
                  "Bonferroni over the seats")
    half = seat_half(n) if enough else np.full(p, np.nan)
    low, high = dev - half, dev + half
    verdict = _decide(plow, phigh, margin, flow, fhigh) if enough else "not decided"
    more = None
    if verdict == "not decided" and enough:
        a = np.zeros((len(pairs), p))
        a[np.arange(len(pairs)), ia], a[np.arange(len(pairs)), ib] = 1.0, -1.0
        total = games_needed(diff, a @ mo.cov @ a.T, calibrated(pair_half, n, (phigh - plow) / 2, (fhigh - flow) / 2),
                             margin, n)
        more = None if total is None else max(total - n, 1)
    best, worst = int(np.argmax(mo.mean)), int(np.argmin(mo.mean))
    if best == worst:
        best, worst = 0, p - 1
    k = pairs.index((min(best, worst), max(best, worst)))
    sign = 1.0 if best < worst else -1.0
    g_lo, g_hi = sorted((sign * plow[k], sign * phigh[k]))
    dlo, dhi = _abs_range(low, high)
    return FairnessVerdict(p, n, margin, confidence, mo.mean, dev, low, high, float(np.max(np.abs(dev))), dlo, dhi,
                           pairs, diff, plow, phigh, best, worst, float(sign * diff[k]), float(g_lo), float(g_hi),
                           verdict, more, method, float(np.max(half)), float(np.max((phigh - plow) / 2)),
                           flow, fhigh)


def check_stop(chunk_counts: np.ndarray, rule: str, *, target: float | None = None, margin: float = DEFAULT_MARGIN,
               confidence: float = 0.95) -> tuple[bool, str, Any]:
    """Whether a sequential run may stop now: ``(stop, reason, verdict)``, from the pattern counts of its chunks
    ``(chunks, 2**players)`` in chunk order.

    ``rule="precision"``: stop when the confidence-sequence half-width of every seat's win share is at most
    ``target``. ``rule="decided"``: stop when the fairness verdict (every seat difference's confidence sequence
    against ``margin``) is "fair" or "not fair".
    """
    if rule not in sq.RULES:
        raise ValueError(f"stopping rule must be one of {sq.RULES}, got {rule!r}")
    if rule == "precision" and (target is None or not 0 < target < 1):
        raise ValueError(f"precision target must be in (0, 1), got {target!r}")
    chunks = np.asarray(chunk_counts, dtype=float)
    chunks = chunks.reshape(-1, chunks.shape[-1])
    verdict = fairness_verdict(chunks.sum(axis=0), margin, confidence,
                               sequential={"rule": rule, "target": target, "chunk_counts": chunks})
    if rule == "precision":
        if verdict.half_width <= target:
            return True, f"precision reached: half-width {verdict.half_width:.4f} <= {target:g}", verdict
        return False, "", verdict
    if verdict.verdict != "not decided":
        return True, f"decided: {verdict.verdict} (margin ±{margin:g})", verdict
    return False, "", verdict


def per_game_arrays(df: pl.DataFrame, players: int, cols: list[str]) -> dict[str, np.ndarray]:
    """``{column: array[game, seat]}`` for the ``players``-player games of a collected per-seat table.

    Results folders store each game's seats on consecutive rows in seat order, so the columns are reshaped
    directly when the rows are in that order (checked: seats 0..n-1 in every block of n rows, with the same
    ``game_id``, ``seed`` and ``run`` within a block); otherwise the rows are sorted by the game key first.
    """
    sub = df if df["players"].n_unique() == 1 else df.filter(pl.col("players") == players)
    key = game_key(sub.columns)

    def ordered(t: pl.DataFrame) -> bool:
        if t.height % players:
            return False
        blocks = [t["seat"].to_numpy().reshape(-1, players)]
        if not np.array_equal(blocks[0], np.broadcast_to(np.arange(players), blocks[0].shape)):
            return False
        for c in ("game_id", "run"):
            if c in t.columns:
                b = t[c].to_physical().to_numpy().reshape(-1, players)
                if not np.all(b == b[:, :1]):
                    return False
        return True

    if not ordered(sub):
        sub = sub.sort(*key, "seat")
        if not ordered(sub):
            raise ValueError(f"some games do not have exactly `players` rows (one per seat) for the key {key}")
    return {c: sub[c].to_numpy().reshape(-1, players) for c in cols}


def per_game_lazy(lf: pl.LazyFrame, players: int, cols: list[str], games: int | None = None
                  ) -> dict[str, np.ndarray]:
    """:func:`per_game_arrays` reading only ``cols`` (and the columns that identify games) from a lazy table.

    With ``games``, only the first ``games`` games of a table stored in game order are read (the whole table when
    its rows are not in game order).
    """
    names = columns(lf)
    sub = lf.filter(pl.col("players") == players)
    key = [c for c in game_key(names) if c in ("game_id", "run")]
    if games is not None:
        try:
            head = sub.head(games * players).select(*key, "players", "seat", *cols).collect()
            out = per_game_arrays(head, players, cols)
            if len(out[cols[0]]) == games or head.height < games * players:
                return out
        except ValueError:
            pass
    full = sub.select(*dict.fromkeys([*game_key(names), "players", "seat", *cols])).collect()
    out = per_game_arrays(full, players, cols)
    return {c: a[:games] for c, a in out.items()} if games is not None else out
