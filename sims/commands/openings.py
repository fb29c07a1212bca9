"""`brux openings`: every legal first decision forced on the same deals, played out by the line-up."""

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("openings", help="the effect of each first decision, forced on common deals",
                       description="For each deal and seat, force every legal first decision on copies of the "
                                   "same position and play the rest with the line-up on common random numbers; "
                                   "writes DIR/openings.csv and DIR/forced_openings.parquet.")
    p.add_argument("game", metavar="GAME")
    p.add_argument("--players", type=int, default=3, metavar="N", help="player count (default: %(default)s)")
    p.add_argument("--agents", default="random", metavar="SPEC", help="line-up (default: %(default)s)")
    p.add_argument("--deals", type=int, default=20, metavar="N", help="deals (default: %(default)s)")
    p.add_argument("--seed", type=int, default=1, metavar="S", help="master seed (default: %(default)s)")
    p.add_argument("--seat", type=int, default=None, metavar="S", help="one seat only (default: every seat)")
    p.add_argument("--out", required=True, metavar="DIR", help="output folder")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from analysis.forced_openings import opening_effects
    from sims.openings import forced_openings

    if args.deals < 2:
        raise ValueError(f"--deals must be at least 2, got {args.deals}")
    seats = None if args.seat is None else [args.seat]
    outcomes = forced_openings(args.game, args.players, args.agents, args.deals, args.seed, seats, args.out)
    table = opening_effects(outcomes)
    table.write_csv(Path(args.out) / "openings.csv")
    import polars as pl

    with pl.Config(tbl_rows=40):
        print(table)
    return 0
