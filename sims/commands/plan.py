"""`brux plan`: how many games a question needs, and the smallest effects a results folder can detect."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("plan", help="games needed to detect a seat gap or an opening effect",
                       description="Games needed to detect a seat gap of --gap (win share, 0.02 = 2 points) between "
                                   "two seats, or an opening effect of --opening-effect for an opening played with "
                                   "--opening-frequency, with the given power (normal approximation of the report's "
                                   "two-sided tests; see analysis.power). With RESULTS_DIR: also the smallest "
                                   "effects that folder detects, using its games and its measured spread.")
    p.add_argument("results", metavar="RESULTS_DIR", nargs="?", help="a results folder to measure")
    p.add_argument("--players", type=int, default=3, metavar="N", help="player count (default: %(default)s; "
                                                                        "from the folder when given)")
    p.add_argument("--gap", type=float, default=0.02, metavar="X", help="seat gap to detect (default: %(default)s)")
    p.add_argument("--opening-effect", type=float, default=0.02, metavar="Y",
                   help="opening effect to detect, against the rest of the seat (default: %(default)s)")
    p.add_argument("--opening-frequency", type=float, default=0.05, metavar="F",
                   help="how often the opening is played by its seat (default: %(default)s)")
    p.add_argument("--openings", type=int, default=1, metavar="K",
                   help="rows in the opening table (the correction family; Bonferroni) (default: %(default)s)")
    p.add_argument("--power", type=float, default=0.8, help="power (default: %(default)s)")
    p.add_argument("--confidence", type=float, default=0.95, help="confidence level (default: %(default)s)")
    p.add_argument("--until-precision", type=float, metavar="H",
                   help="also: the games a sequential run needs for an always-valid half-width H "
                        "(with --games as its cap)")
    p.add_argument("--games", type=int, default=1_000_000, metavar="N",
                   help="cap of the sequential run for --until-precision (default: %(default)s)")
    p.set_defaults(handler=run_plan)


def _check(name: str, value: float, low: float, high: float) -> None:
    if not low < value < high:
        raise ValueError(f"{name} must be between {low} and {high}, got {value}")


def run_plan(args: argparse.Namespace) -> int:
    import numpy as np

    from analysis import power

    for name, value, low, high in (("--gap", args.gap, 0, 1), ("--opening-effect", args.opening_effect, 0, 1),
                                   ("--opening-frequency", args.opening_frequency, 0, 1),
                                   ("--power", args.power, 0, 1), ("--confidence", args.confidence, 0, 1)):
        _check(name, value, low, high)
    if args.openings < 1:
        raise ValueError(f"--openings must be at least 1, got {args.openings}")
    players, sd_gap, sd_win, games = args.players, None, None, None
    if args.results:
        from analysis.fairness import moments, pattern_counts
        from analysis.io import read_results

        lf, manifest = read_results(args.results)
        counts = pattern_counts(lf.select("game_id", "players", "seat", "win_share"))
        players = int(manifest.get("players") or next(iter(counts)))
        mo = moments(counts[players])
        games = mo.games
        sd_gap = float(mo.difference_se().max() * np.sqrt(games))
        sd_win = float(np.sqrt(np.diag(mo.cov).mean()))
    if players < 2:
        raise ValueError(f"--players must be at least 2, got {players}")
    kw = {"power": args.power, "confidence": args.confidence}
    pw = f"{args.power:.0%} power, {args.confidence:.0%} confidence"
    n_gap = power.games_for_gap(args.gap, players, sd=sd_gap, **kw)
    n_open = power.games_for_opening(args.opening_effect, args.opening_frequency, players, tests=args.openings,
                                     sd=sd_win, **kw)
    src = "measured in the folder" if args.results else "equal seats, no ties"
    print(f"{players} players ({pw}; spread: {src}):")
    print(f"  seat gap of {100 * args.gap:g} points between two seats: {n_gap:,} games "
          f"(Bonferroni over the {players * (players - 1) // 2} seat pairs)")
    print(f"  opening effect of {100 * args.opening_effect:g} points for an opening played "
          f"{100 * args.opening_frequency:g}% of the time: {n_open:,} games"
          + (f" (Bonferroni over {args.openings} openings)" if args.openings > 1 else ""))
    if args.until_precision is not None:
        from analysis.sequential import games_for_precision

        _check("--until-precision", args.until_precision, 0, 0.5)
        n = games_for_precision(args.until_precision, 1 - args.confidence, players)
        print(f"  sequential run to a half-width of {100 * args.until_precision:g} points (always valid, cap "
              f"{args.games:,}): {n:,} games")
        if n > args.games:
            print(f"  note: that is more than the cap --games {args.games:,}: such a run stops at the cap before "
                  f"reaching the half-width; give --games {n:,} or more")
    if games is not None:
        gap = power.detectable_gap(games, players, sd=sd_gap, **kw)
        eff = power.detectable_opening(games, args.opening_frequency, players, tests=args.openings, sd=sd_win, **kw)
        print(f"{args.results}: {games:,} games detect a seat gap of {100 * gap:.2f} points and an opening effect of "
              f"{100 * eff:.2f} points (opening played {100 * args.opening_frequency:g}% of the time)")
    return 0
