"""The simulation tables of docs/statistics.md: sequential runs to a fairness verdict, with the pairwise
empirical-Bernstein sequence of :mod:`analysis.sequential`, with the earlier sequence (each seat difference given
twice a seat's Hoeffding normal-mixture half-width, tuned to the cap) and the fixed-sample references; then the
coverage, at the sequential stop, of every interval the report prints after a stop.

    PYTHONPATH=. python -m benchmarks.sequential_table [coverage.md]

The coverage table is also written to the file named on the command line.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
from scipy import stats as st

from analysis.fairness import bootstrap_counts, moments, pattern_shares, verdict_masks, z_simultaneous
from analysis.sequential import cs_half_width, simulate_paths, simulate_runs, synthetic_patterns
from analysis.stats import share_interval, wilson_interval

RUNS, LOOK, CAP, MARGIN, SEED = 1_000, 2_000, 400_000, 0.02, 11
FINE_LOOK = 250  # the sequence's own cost, with looks as frequent as a test can afford (runs look once per batch)
FIXED_DRAWS, BOOT = 20_000, 1_000
CASES = {"3 equal seats (5% shared first)": ((1 / 3, 1 / 3, 1 / 3), 0.05),
         "gap of seats 1 and 0 on the margin": ((1 / 3 - 0.01, 1 / 3 + 0.01, 1 / 3), 0.0),
         "Bruxelles 1897 shares": ((0.316, 0.330, 0.354), 0.0)}
#: the fixed-sample tests: 95% pairwise intervals, Bonferroni over the 3 pairs (the report's rule for "not fair"),
#: and a classic TOST (two one-sided 5% tests per pair, i.e. 90% intervals, intersection-union over the pairs: no
#: correction; the report's rule for "fair")
BONFERRONI, TOST = "Bonferroni 95% intervals", "TOST (α = 5%, 90% intervals)"
FIXED_TESTS = {BONFERRONI: z_simultaneous(3, 0.95), TOST: float(st.norm.ppf(0.95))}


def old_sequence(shares: tuple[float, ...], tie_rate: float) -> dict[str, float]:
    """The earlier rule: mean differences +- 2 x the per-seat normal-mixture half-width tuned to the cap."""
    prob, p = synthetic_patterns(shares, tie_rate), len(shares)
    w = pattern_shares(p)
    ia, ib = np.triu_indices(p, 1)
    looks = np.arange(LOOK, CAP + 1, LOOK)
    blocks = np.random.default_rng(SEED).multinomial(LOOK, prob, size=(RUNS, looks.size))
    means = np.cumsum(blocks, axis=1) @ w / looks[None, :, None]
    diff = means[..., ia] - means[..., ib]
    half = np.array([2 * cs_half_width(n, 0.05, min(len(ia), p), CAP) for n in looks])[None, :, None]
    fair, unfair = verdict_masks(diff - half, diff + half, MARGIN)
    done = fair | unfair
    first = np.where(done.any(axis=1), done.argmax(axis=1), looks.size - 1)
    idx = np.arange(RUNS)
    return {"fair": fair[idx, first].mean(), "not_fair": unfair[idx, first].mean(),
            "games_median": float(np.median(looks[first]))}


def zero_noise_games(shares: tuple[float, ...], tie_rate: float) -> float:
    """Games at which the report's fixed-sample pairwise interval, at the true spread, is exactly +-MARGIN wide
    (it fits inside the margin only if every estimated gap is 0: the fixed test passes with ~0 probability)."""
    mo = moments(synthetic_patterns(shares, tie_rate) * 1e9)
    ia, ib = np.triu_indices(len(shares), 1)
    sd = float(np.max(mo.difference_se()[ia, ib])) * np.sqrt(mo.games)
    return (z_simultaneous(len(ia), 0.95) * sd / MARGIN) ** 2


def pair_intervals(counts: np.ndarray, z: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(diff, low, high)`` of every seat pair from pattern counts ``(..., patterns)``: the report's paired
    normal intervals ``diff +- z se`` (se from the per-game differences, sample variance)."""
    p = int(round(np.log2(counts.shape[-1])))
    w = pattern_shares(p)
    ia, ib = np.triu_indices(p, 1)
    d = w[:, ia] - w[:, ib]
    n = counts.sum(axis=-1, keepdims=True)
    mean = counts @ d / n
    var = np.maximum(counts @ d ** 2 / n - mean ** 2, 0.0) * n / (n - 1)
    half = z * np.sqrt(var / n)
    return mean, mean - half, mean + half


def fixed_decides(prob: np.ndarray, games: int, z: float, want: str, rng: np.random.Generator) -> float:
    """The probability that a fixed-sample test with pairwise intervals ``+- z se`` says ``want`` after
    ``games`` games (FIXED_DRAWS multinomial draws)."""
    _, low, high = pair_intervals(rng.multinomial(games, prob, size=FIXED_DRAWS).astype(float), z)
    fair, unfair = verdict_masks(low, high, MARGIN)
    return float((fair if want == "fair" else unfair).mean())


def fixed_median_games(shares: tuple[float, ...], tie_rate: float, z: float, want: str) -> float | None:
    """The games at which the fixed-sample test says ``want`` with probability 1/2 (bisection on a log scale,
    each step seeded); None if it does not within 10 x CAP."""
    prob = synthetic_patterns(shares, tie_rate)

    def likely(n: float) -> bool:
        return fixed_decides(prob, int(n), z, want, np.random.default_rng(SEED + int(n))) >= 0.5

    lo, hi = 100.0, 10.0 * CAP
    if not likely(hi):
        return None
    while hi / lo > 1.005:
        mid = (lo * hi) ** 0.5
        lo, hi = (lo, mid) if likely(mid) else (mid, hi)
    return hi


def coverage_at_stop(shares: tuple[float, ...], tie_rate: float) -> dict[str, float]:
    """The coverage, at the stop of ``--until-decided``, of every interval the report prints after a stop."""
    r = simulate_paths(RUNS, shares=shares, tie_rate=tie_rate, look_every=LOOK, max_games=CAP, margin=MARGIN,
                       seed=SEED)
    p = len(shares)
    w = pattern_shares(p)
    ia, ib = np.triu_indices(p, 1)
    idx, first, truth = np.arange(RUNS), r["first"], r["truth"]
    counts = np.cumsum(r["blocks"], axis=1)[idx, first].astype(float)  # (runs, patterns) at the stop
    n = counts.sum(axis=1)
    true_diff = truth[ia] - truth[ib]
    seat_cs = np.all(np.abs(r["means"][idx, first] - truth) <= r["half"][0, first], axis=1)
    pair_cs = np.all((r["low"][idx, first] <= true_diff) & (true_diff <= r["high"][idx, first]), axis=1)
    lo, hi = share_interval(counts @ w, counts @ w ** 2, n[:, None], 0.95)
    share_fixed = (lo <= truth) & (truth <= hi)
    _, plo, phi = pair_intervals(counts, z_simultaneous(len(ia), 0.95))
    pair_fixed = np.all((plo <= true_diff) & (true_diff <= phi), axis=1)
    gap_truth = float(np.ptp(truth))
    gap_in = np.empty(RUNS, dtype=bool)
    for i in range(RUNS):  # the report's percentile bootstrap of best minus worst, BOOT replicates
        g = np.ptp(bootstrap_counts(counts[i], BOOT, SEED + i) @ w / n[i], axis=1)
        gap_in[i] = np.quantile(g, 0.025) <= gap_truth <= np.quantile(g, 0.975)
    tied = np.array([k.bit_count() > 1 for k in range(1 << p)])
    tlo, thi = wilson_interval(counts[:, tied].sum(axis=1), n, 0.95)
    true_ties = float(r["prob"][tied].sum())
    return {"games_median": float(np.median(r["looks"][first])),
            "seat table (always valid, simultaneous over the seats)": seat_cs.mean(),
            "seat differences (always valid, simultaneous over the pairs)": pair_cs.mean(),
            "win share, score interval per seat (fixed-sample)": share_fixed.mean(),
            "win share, score interval, all seats at once (fixed-sample)": share_fixed.all(axis=1).mean(),
            "seat differences, Bonferroni normal (fixed-sample)": pair_fixed.mean(),
            f"largest gap, percentile bootstrap ({BOOT:,} replicates; fixed-sample)": gap_in.mean(),
            "shared-first rate, Wilson (fixed-sample)": ((tlo <= true_ties) & (true_ties <= thi)).mean()}


def stopping_table() -> list[str]:
    out = [f"{RUNS:,} runs each, a look every {LOOK:,} games (or {FINE_LOOK:,}) up to {CAP:,}, margin "
           f"±{100 * MARGIN:g} points, seed {SEED}", "",
           f"| case | rule | fair | not fair | not decided | median games | new sequence ({FINE_LOOK:,}-game looks) "
           "÷ this |", "|---|---|---|---|---|---|---|"]
    for name, (shares, tie) in CASES.items():
        fine, new = (simulate_runs(RUNS, shares=shares, tie_rate=tie, look_every=look, max_games=CAP, margin=MARGIN,
                                   seed=SEED) for look in (FINE_LOOK, LOOK))
        want = "not fair" if np.ptp(new["true_win_share"]) > MARGIN + 1e-9 else "fair"
        for label, r in ((f"empirical Bernstein (new), a look every {FINE_LOOK:,} games", fine),
                         (f"empirical Bernstein (new), a look every {LOOK:,} games", new),
                         (f"normal mixture x 2 (old), a look every {LOOK:,} games", old_sequence(shares, tie))):
            nd = 1 - r["fair"] - r["not_fair"]
            ratio = fine["games_median"] / r["games_median"]
            out.append(f"| {name} | {label} | {r['fair']:.1%} | {r['not_fair']:.1%} | {nd:.1%} | "
                       f"{r['games_median']:,.0f} | {ratio:.2f} |")
        zero = zero_noise_games(shares, tie)
        out.append(f"| {name} | fixed sample, zero noise: interval ±{100 * MARGIN:g} points wide at zero gap | | | | "
                   f"{zero:,.0f} | {fine['games_median'] / zero:.2f} |")
        for label, z in FIXED_TESTS.items():
            if label == TOST and want != "fair":
                continue  # an equivalence test: it only ever says "fair"
            g = fixed_median_games(shares, tie, z, want)
            games, ratio = (f"never (within {10 * CAP:,})", "") if g is None else \
                (f"{g:,.0f}", f"{fine['games_median'] / g:.2f}")
            out.append(f"| {name} | fixed sample, {label}: says \"{want}\" in half the runs | | | | {games} | "
                       f"{ratio} |")
        out.append(f"| {name} | new sequence missed a true seat difference at some look | "
                   f"{new['miscovered_gap_any_look']:.1%} | | | | |")
    return out


def coverage_table() -> list[str]:
    results = {name: coverage_at_stop(shares, tie) for name, (shares, tie) in CASES.items()}
    names = list(CASES)
    out = [f"Coverage at the stop of --until-decided (nominal 95%; {RUNS:,} runs per case, a look every {LOOK:,} "
           f"games up to {CAP:,}, margin ±{100 * MARGIN:g} points, seed {SEED})", "",
           "| interval | " + " | ".join(names) + " |", "|---|" + "---|" * len(names),
           "| median games at the stop | " + " | ".join(f"{results[n]['games_median']:,.0f}" for n in names) + " |"]
    for key in results[names[0]]:
        if key != "games_median":
            out.append(f"| {key} | " + " | ".join(f"{results[n][key]:.1%}" for n in names) + " |")
    return out


def main() -> None:
    print("\n".join(stopping_table()))
    print()
    cov = coverage_table()
    print("\n".join(cov))
    if len(sys.argv) > 1:
        Path(sys.argv[1]).write_text("\n".join(cov) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
