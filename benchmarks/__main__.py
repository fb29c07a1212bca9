"""`python -m benchmarks` (or `brux bench`): measure brux and write bench-results/latest.{md,json}."""

import argparse
import os
import sys
from pathlib import Path

import brux
from benchmarks import report, suites
from brux.games import DEFAULT_GAME

RESULTS = "bench-results"  # in the current folder, never inside the installed package


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--quick", action="store_true", help="fewer games and repeats (a smoke run, minutes not tens)")
    p.add_argument("--repeats", type=int, default=5, metavar="N", help="repeated runs per figure (default: 5)")
    p.add_argument("--out", default=RESULTS, metavar="DIR",
                   help="results folder (default: %(default)s, in the current folder)")
    p.add_argument("--readme", metavar="FILE", help="also replace the table between the bench-table markers of "
                   "FILE (e.g. README.md) with these figures")
    p.add_argument("--random", metavar="GAMES", help="only the random-play rows of these comma-separated games, "
                   "and each later game's decisions/s as a fraction of the first's (e.g. bruxelles1897,prestige)")
    p.add_argument("--agents", metavar="SPEC", action="append", help="only the agent rows: games and decisions per "
                   "CPU second of this agent spec playing every seat, in every game at 3 players (repeat it for "
                   "several, e.g. --agents vmcts --agents policy)")
    p.add_argument("--report", action="store_true",
                   help="only the report rows: `brux report` wall time and peak memory of 100,000 and 1,000,000 games")
    p.add_argument("--report-10m", action="store_true",
                   help="add a 10,000,000-game report row (its folder takes minutes to play and about 300 MB)")


def run_suite(args: argparse.Namespace) -> int:
    load_before = os.getloadavg()
    if args.readme:
        report.check_splice(Path(args.readme))  # a wrong file fails now, not after the measurements
    quick = args.quick
    repeats = 2 if quick else args.repeats
    games = 20_000 if quick else 200_000
    scaling, memory = (100_000, 1_000_000) if quick else (3_000_000, 10_000_000)
    scaling_repeats = repeats if quick else 3
    rows: list[dict[str, object]] = []

    def add(row_or_rows: dict[str, object] | list[dict[str, object]]) -> None:
        new = row_or_rows if isinstance(row_or_rows, list) else [row_or_rows]
        rows.extend(new)
        for r in new:
            print(f"{r['benchmark']:45s} {r['game']:14s} {r['players']}p  {r['median']:>12,.3f} {r['unit']}",
                  file=sys.stderr)

    report_games = [100_000] if quick else [100_000, 1_000_000]
    report_games += [10_000_000] if args.report_10m else []
    if args.report:
        print(f"brux bench: the report of {', '.join(f'{g:,}' for g in report_games)} games; results in "
              f"{Path(args.out).resolve()}", file=sys.stderr, flush=True)
        add(suites.report_times("bruxelles1897", 3, report_games, repeats))
        return _write(rows, args, load_before)
    if args.agents:
        print(f"brux bench: {', '.join(args.agents)} in every game; results in {Path(args.out).resolve()}",
              file=sys.stderr, flush=True)
        add(suites.agent_rows(brux.list_games(), args.agents, repeats))
        return _write(rows, args, load_before)
    names = brux.list_games() if args.random is None else _game_names(args.random)
    cases = [(name, players) for name in names
             for players in range(brux.games.get_rules(name).min_players, brux.games.get_rules(name).max_players + 1)]
    planned = len(cases) * games * repeats
    if args.random is None:
        planned += scaling * (1 + 2 * scaling_repeats) + memory + sum(report_games)
    print(f"brux bench: about {planned / 1e6:,.1f} million games"
          + ("" if args.random is not None or quick else " (--quick: a smoke run of minutes; --random GAMES: only "
             "random play)") + f"; results in {Path(args.out).resolve()}", file=sys.stderr, flush=True)
    add(suites.random_throughput(cases, games, repeats))
    base = names[0] if args.random is not None else DEFAULT_GAME
    for name in names:
        if name != base:
            add(suites.random_ratio(rows, name, base))
    if args.random is not None:
        return _write(rows, args, load_before)
    for name in brux.list_games():
        add(suites.vector_env_throughput(name, 3, 1024, 100 if quick else 1000, repeats))
    for players in (2, 3, 4):
        add(suites.agent_throughput("bruxelles1897", players, "greedy", 100 if quick else 1000, repeats))
        add(suites.agent_throughput("bruxelles1897", players, "mcts:iters=200", 2 if quick else 10, repeats))
    add(suites.forced_throughput("bruxelles1897", 3, 5 if quick else 50, repeats))
    add(suites.reference_ratio(3, 100 if quick else 500, repeats))
    add(suites.compile_times("bruxelles1897", 3, 1 if quick else 3))
    add(suites.run_scaling("bruxelles1897", 3, scaling, scaling_repeats))
    add(suites.run_memory("bruxelles1897", 3, memory))
    add(suites.report_times("bruxelles1897", 3, report_games, repeats))
    return _write(rows, args, load_before)


def _game_names(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    unknown = [n for n in names if n not in brux.list_games()]
    if not names or unknown:
        raise ValueError(f"--random: unknown game(s) {unknown or text!r}; games: {', '.join(brux.list_games())}")
    return names


def _write(rows: list[dict[str, object]], args: argparse.Namespace, load_before: tuple[float, float, float]) -> int:
    meta = report.machine(load_before)
    md, js = report.write(rows, Path(args.out), meta)
    print(md.read_text())
    print(f"written: {md} and {js}", file=sys.stderr)
    if args.readme:
        report.splice(Path(args.readme), report.table_lines(rows, meta))
        print(f"table replaced in {args.readme}", file=sys.stderr)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    add_arguments(parser)
    try:
        return run_suite(parser.parse_args())
    except ValueError as e:
        print(f"brux: error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
