"""`brux tournament`: agents in every seat order on the same seeds, with win shares, per-seat shares and ratings."""

import argparse

from brux.agents import split_lineup


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("tournament", help="play agents against each other in every seat order",
                       description="Play every seat permutation of the agents on the same game seeds (common "
                                   "random numbers); prints each agent's win share with a 95% interval, its win "
                                   "share per seat and a Plackett-Luce rating. Results: one folder per line-up.")
    p.add_argument("game", metavar="GAME")
    p.add_argument("--players", type=int, default=3, metavar="N", help="player count (default: %(default)s)")
    p.add_argument("--agents", required=True, metavar="A,B,C",
                   help="agents, e.g. mcts:iters=200,greedy,random (as many as players, or a divisor of them)")
    p.add_argument("--games", type=int, default=1000, metavar="N", help="games per line-up (default: %(default)s)")
    p.add_argument("--seed", type=int, default=1, metavar="S", help="master seed (default: %(default)s)")
    p.add_argument("--out", default=None, metavar="DIR", help="results folder (default: results/GAME-tournament)")
    p.add_argument("--jobs", type=int, default=-1, metavar="N", help="parallel workers (default: all cores)")
    p.add_argument("--chunk-size", type=int, default=1000, metavar="N", help="games per chunk (default: %(default)s)")
    p.add_argument("--force", action="store_true", help="replace a different run in the folder")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    import sys

    from sims.outputs import out_path
    from sims.tournament import summary, tournament

    out = out_path(args.out, f"results/{args.game}-tournament")
    result = tournament(args.game, args.players, split_lineup(args.agents), args.games, seed=args.seed, out=out,
                        jobs=args.jobs, chunk_size=args.chunk_size, force=args.force,
                        progress=not args.quiet and sys.stderr.isatty())
    print(summary(result))
    print(f"results: {out}")
    return 0
