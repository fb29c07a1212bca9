"""The simulation table of docs/statistics.md: sequential runs to a fairness verdict, with the pairwise
empirical-Bernstein sequence of :mod:`analysis.sequential`, with the earlier sequence (each seat difference given
twice a seat's Hoeffding normal-mixture half-width, tuned to the cap), and the fixed-sample games.

    PYTHONPATH=. python -m benchmarks.sequential_table
"""

from __future__ import annotations

import numpy as np

from analysis.fairness import moments, pattern_shares, verdict_masks, z_simultaneous
from analysis.sequential import cs_half_width, simulate_runs, synthetic_patterns

RUNS, LOOK, CAP, MARGIN, SEED = 1_000, 2_000, 400_000, 0.02, 11
CASES = {"3 equal seats (5% shared first)": ((1 / 3, 1 / 3, 1 / 3), 0.05),
         "gap of seats 1 and 0 on the margin": ((1 / 3 - 0.01, 1 / 3 + 0.01, 1 / 3), 0.0),
         "Bruxelles 1897 shares": ((0.316, 0.330, 0.354), 0.0)}


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


def fixed_games(shares: tuple[float, ...], tie_rate: float) -> float:
    """Games at which the fixed-sample Bonferroni pairwise interval, at the true spread, is +-MARGIN wide."""
    mo = moments(synthetic_patterns(shares, tie_rate) * 1e9)
    ia, ib = np.triu_indices(len(shares), 1)
    sd = float(np.max(mo.difference_se()[ia, ib])) * np.sqrt(mo.games)
    return (z_simultaneous(len(ia), 0.95) * sd / MARGIN) ** 2


def main() -> None:
    print(f"{RUNS:,} runs each, a look every {LOOK:,} games up to {CAP:,}, margin ±{100 * MARGIN:g} points, "
          f"seed {SEED}")
    print("| case | sequence | fair | not fair | not decided | median games |")
    print("|---|---|---|---|---|---|")
    for name, (shares, tie) in CASES.items():
        new = simulate_runs(RUNS, shares=shares, tie_rate=tie, look_every=LOOK, max_games=CAP, margin=MARGIN,
                            seed=SEED)
        old = old_sequence(shares, tie)
        for label, r in (("empirical Bernstein (new)", new), ("normal mixture x 2 (old)", old)):
            nd = 1 - r["fair"] - r["not_fair"]
            print(f"| {name} | {label} | {r['fair']:.1%} | {r['not_fair']:.1%} | {nd:.1%} | "
                  f"{r['games_median']:,.0f} |")
        print(f"| {name} | fixed sample: interval ±{100 * MARGIN:g} points wide | | | | "
              f"{fixed_games(shares, tie):,.0f} |")
        print(f"| {name} | new sequence missed a true seat difference at some look | "
              f"{new['miscovered_gap_any_look']:.1%} | | | |")


if __name__ == "__main__":
    main()
