"""`brux study`: one game at every level of play, each sized to a precision target within a CPU budget."""

import argparse

from sims.levels import CHECK_STEP, LEVEL_EPS


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("study", help="play a game at every level of play and compare the levels",
                       description="Play the game with all seats random, greedy, the best persona and the strongest "
                                   "agent (every seat with a little random noise, --eps), and mixed line-ups (one "
                                   "strong agent against weaker ones, taking every seat in turn with equal games per "
                                   "seat; by default each level's agent against the level below), and a replay of "
                                   "each level with more noise that flags agent artifacts, each run for the games its "
                                   "precision target needs (fixed in advance), within a CPU budget split across the "
                                   "levels (cheap levels reach the target, expensive ones get what is left; a level "
                                   "the budget does not cover is skipped with a note). Prints the level tables and "
                                   "the findings, writes one report. Re-running the same command resumes the study.")
    p.add_argument("game", metavar="GAME")
    p.add_argument("--players", type=int, default=3, metavar="N", help="player count (default: %(default)s)")
    p.add_argument("--budget", type=float, default=600.0, metavar="SECONDS",
                   help="total CPU seconds for the study (default: %(default)s)")
    p.add_argument("--precision", type=float, default=0.01, metavar="H",
                   help="target half-width of every seat's win-share interval, 95%% simultaneous (in a mixed line-up, "
                        "the strong agent's in each seat) (default: %(default)s)")
    p.add_argument("--margin", type=float, default=0.02, metavar="M",
                   help="fairness margin in win share (default: %(default)s = 2 points)")
    p.add_argument("--mixed", action="append", metavar="STRONG/WEAK",
                   help="a mixed line-up: the STRONG agent in one seat, WEAK in the others, every seat in turn "
                        "(e.g. greedy/random, vmcts/greedy); repeat for several, 'none' for no mixed line-ups "
                        "(default: each level's agent against the level just below it)")
    p.add_argument("--openings-deals", type=int, default=0, metavar="N",
                   help="also force every legal first decision of seat 0 on N deals at each all-same level (brux "
                        "openings), its CPU taken from the budget, at most half of it (default: %(default)s = off)")
    p.add_argument("--eps", type=float, default=LEVEL_EPS, metavar="E",
                   help="chance that a seat (random excepted) plays a random legal action at a decision, so that a "
                        "level is a population of players, not copies of one policy; each level is also replayed "
                        f"with eps raised by {CHECK_STEP:g} to flag agent artifacts (default: %(default)s; 0: copies)")
    p.add_argument("--seed", type=int, default=1, metavar="S", help="master seed (default: %(default)s)")
    p.add_argument("--out", metavar="DIR", help="study folder (default: results/GAME-Np-study)")
    p.add_argument("--report", metavar="PATH", help="report file (default: DIR/report.html, or .md with --format md)")
    p.add_argument("--format", choices=("html", "md"), help="report format (default: from the --report suffix)")
    p.add_argument("--jobs", type=int, default=-1, metavar="N", help="parallel workers (default: all cores)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    import sys

    from analysis.study_report import ARTIFACT, write_study_report
    from sims.errors import SimsError
    from sims.outputs import check_output_file, out_path, report_format
    from sims.study import study

    out = out_path(args.out, f"results/{args.game}-{args.players}p-study")
    check_output_file(args.report, "--report")
    fmt = report_format(args.report, args.format, "--report")
    mixed = args.mixed
    if mixed is not None and "none" in mixed:
        if len(mixed) > 1:
            raise SimsError("--mixed none cannot be combined with other mixed line-ups")
        mixed = []
    result = study(args.game, args.players, budget=args.budget, precision=args.precision, margin=args.margin,
                   seed=args.seed, out=out, jobs=args.jobs, progress=not args.quiet and sys.stderr.isatty(),
                   mixed=mixed, openings_deals=args.openings_deals, eps=args.eps)
    report, found = write_study_report(result.path, args.report or out / f"report.{fmt}", fmt)
    t = found.table
    print(f"{'level':<22} {'games':>7} {'CPU s':>7} {'half-width':>10}  {'verdict':<12} {'agent check':<14} "
          "seat win shares")
    for r in t.iter_rows(named=True):
        hw = f"{r['half_width']:.4f}" if r["half_width"] is not None else "-"
        seats = "  ".join(r[c] for c in t.columns if c.startswith("seat_"))
        check = (r["agent_check"] or "-").split(" (")[0].split(" at ")[0].replace(ARTIFACT, "ARTIFACT")
        print(f"{r['level']:<22} {r['games']:>7,} {r['cpu_seconds']:>7.1f} {hw:>10}  {r['verdict']:<12} "
              f"{check:<14} {seats}")
    m = found.mixed_table
    if m.height:
        fair = f"strong agent's win share (fair {1 / args.players:.3f})"
        print(f"{'mixed line-up':<34} {'games':>7} {'CPU s':>7}  {fair}  by seat")
        for r in m.iter_rows(named=True):
            seats = "  ".join(r[c] for c in m.columns if c.startswith("seat_"))
            share = r["win_share"] or r["note"]
            print(f"{r['level']:<34} {r['games']:>7,} {r['cpu_seconds']:>7.1f}  {share:<{len(fair)}}  {seats}")
    print("findings:")
    for s in found.sentences:
        print(f"- {s}")
    print(f"played now: {result.games_played:,} games; report: {report}")
    return 0
