"""`brux fuzz`: random games under random valid rules, invariants after every decision, a replayable failure."""

import argparse
import sys
from pathlib import Path

from tqdm import tqdm


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("fuzz", help="play random games under random rules and check the invariants",
                       description="Play random games (random valid rule parameters with --params random) and check "
                                   "every invariant of the rules after every decision. A failure is shrunk to a "
                                   "small game and written as a record that `brux replay` accepts; exit code 1.")
    p.add_argument("game", metavar="GAME")
    p.add_argument("--players", type=int, metavar="N", help="player count (default: all counts)")
    p.add_argument("--examples", type=int, default=200, metavar="N", help="games to play (default: %(default)s)")
    p.add_argument("--params", choices=("random", "default"), default="random",
                   help="rule parameters: random valid sets or the rules (default: %(default)s)")
    p.add_argument("--seed", type=int, metavar="S", help="hypothesis seed (default: a fixed, derandomized search)")
    p.add_argument("--jobs", type=int, default=1, metavar="N",
                   help="processes, -1: all cores; other than 1 splits the games into chunks of 500 searched "
                        "with seeds S, S+1, ... (default: %(default)s)")
    p.add_argument("--out", default=".", metavar="DIR", help="where a failing record is written (default: .)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from brux.testing.fuzz import fuzz
    from brux.testing.strategies import player_counts

    if args.examples < 1:
        raise ValueError(f"--examples must be at least 1, got {args.examples}")
    if args.jobs == 0 or args.jobs < -1:
        raise ValueError(f"--jobs must be at least 1, or -1 for all cores, got {args.jobs}")
    player_counts(args.game, args.players)  # validates the game and the player count up front
    quiet = args.quiet or not sys.stderr.isatty()
    with tqdm(total=args.examples, unit=" games", disable=quiet, file=sys.stderr) as bar:
        report = fuzz(args.game, args.players, args.examples, args.params, Path(args.out), args.seed,
                      progress=lambda n: bar.update(n - bar.n), jobs=args.jobs)
    summary = f"{report.examples} games, {report.decisions} decisions in {report.seconds:.1f} s"
    if report.ok:
        print(f"fuzz {args.game}: no invariant broken ({summary})")
        return 0
    print(f"fuzz {args.game}: INVARIANT BROKEN after {summary}", file=sys.stderr)
    for problem in report.problems:
        print(f"  {problem}", file=sys.stderr)
    print(f"  shrunk game record: {report.record_path} (brux replay {report.record_path} --trace)", file=sys.stderr)
    return 1
