"""`brux openings`: every legal first decision forced on the same deals, played out by the line-up."""

from __future__ import annotations

import argparse
import sys

from ..backends import BACKENDS


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("openings", help="the effect of each first decision, forced on common deals",
                       description="For each deal and seat, force every legal first decision on copies of the "
                                   "same position and play the rest with the line-up on common random numbers; "
                                   "writes DIR/openings.csv, DIR/forced_openings.parquet and the report "
                                   "DIR/openings.html and DIR/openings.md. Re-running the same command resumes.")
    p.add_argument("game", metavar="GAME")
    p.add_argument("--players", type=int, default=3, metavar="N", help="player count (default: %(default)s)")
    p.add_argument("--agents", default="random", metavar="SPEC", help="line-up (default: %(default)s)")
    p.add_argument("--set", dest="overrides", action="append", default=[], metavar="KEY=VALUE",
                   help="rule override (repeatable), as for brux run")
    p.add_argument("--deals", type=int, default=20, metavar="N",
                   help="deals (default: %(default)s); with --until-precision, the most to play")
    p.add_argument("--seed", type=int, default=1, metavar="S", help="master seed (default: %(default)s)")
    p.add_argument("--seat", type=int, default=None, metavar="S", help="one seat only (default: every seat)")
    p.add_argument("--out", required=True, metavar="DIR", help="output folder")
    p.add_argument("--jobs", type=int, default=1, metavar="N", help="parallel workers; -1: all cores "
                                                                     "(default: %(default)s)")
    p.add_argument("--chunk-size", type=int, default=10, metavar="N", help="deals per chunk file "
                                                                            "(default: %(default)s)")
    p.add_argument("--backend", choices=BACKENDS, default="processes",
                   help="where chunks run (default: %(default)s)")
    p.add_argument("--until-precision", type=float, default=None, metavar="X",
                   help="stop once every row's always-valid interval has half-width at most X points of win share")
    p.add_argument("--compare", metavar="RESULTS_DIR",
                   help="an ordinary run of the same game and players: adds each opening's observational "
                        "difference and the rows where experiment and observation disagree")
    p.add_argument("--force", action="store_true", help="replace an output folder that holds a different run")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    import json
    from pathlib import Path

    import polars as pl

    from analysis.forced_openings import opening_effects
    from analysis.forced_report import observational_effects, with_observation, write_openings_report
    from analysis.page import FORMATS

    from ..atomic import atomic_write
    from ..openings import PrecisionStop, forced_openings, forced_spec
    from ..spec import parse_overrides

    if args.deals < 2:
        raise ValueError(f"--deals must be at least 2, got {args.deals}")
    if args.compare is not None and not Path(args.compare).is_dir():
        raise ValueError(f"--compare {args.compare!r} is not a results folder")
    seats = None if args.seat is None else [args.seat]
    spec = forced_spec(args.game, args.players, args.agents, args.deals, args.seed, seats,
                       parse_overrides(args.overrides), args.chunk_size)
    until = None if args.until_precision is None else PrecisionStop(spec, args.until_precision)
    observed = None if args.compare is None else observational_effects(args.compare, spec.game, spec.players)
    outcomes, result = forced_openings(args.game, args.players, spec=spec, out=args.out, jobs=args.jobs,
                                       backend=args.backend, force=args.force, until=until,
                                       progress=not args.quiet and sys.stderr.isatty())
    table = opening_effects(outcomes, sequential=None if until is None else until.sequential())
    out = Path(args.out)
    if observed is not None:
        table = with_observation(table, observed)
    atomic_write(out / "openings.csv", lambda p: table.write_csv(p))
    summary = json.loads((out / "openings.json").read_text(encoding="utf-8"))
    for fmt in FORMATS:
        write_openings_report(table, summary, out / f"openings.{fmt}", fmt)
    with pl.Config(tbl_rows=40):
        print(table)
    done = outcomes["deal"].n_unique()
    print(f"{args.game}, {args.players} players, {'/'.join(spec.agents)}: {done:,} deals, "
          f"{outcomes.height:,} forced playouts in {out}")
    if until is not None:
        half = float(((table["high"] - table["low"]) / 2).max())
        reached = "reached" if until.deals is not None else "not reached"
        print(f"until precision {args.until_precision:g} points: {reached} after {done:,} of at most "
              f"{spec.games:,} deals (widest always-valid half-width {half:.2f} points)")
    return 0
