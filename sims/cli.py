"""The ``brux`` command line: games, run, play, replay, report and analyze."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import brux
from brux.games import DEFAULT_GAME, get_rules

from .backends import BACKENDS
from .commands import register_all
from .errors import SimsError
from .outputs import check_output_file, out_path, report_format
from .spec import DEFAULT_CHUNK_SIZE, YES_GAMES, parse_overrides
from .stopping import add_stopping_options, make_until, stop_line
from .warmup import announce_compiles

if TYPE_CHECKING:
    from .run import RunResult

DEFAULT_ANALYZE_GAMES = 200_000


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    """Usage errors as one line (``brux: error: ...``) and exit code 2, raised rather than exiting."""

    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{message} (see '{self.prog} --help')")


def _add_game_options(p: argparse.ArgumentParser, *, players: int | None = 3) -> None:
    p.add_argument("--players", type=int, default=players, metavar="N", help="player count (default: %(default)s)")
    p.add_argument("--agents", default="random", metavar="SPEC",
                   help="agent spec for every seat, or one per seat separated by commas (default: random)")
    p.add_argument("--set", dest="overrides", action="append", default=[], metavar="KEY=VALUE",
                   help="rule override, VALUE a JSON/TOML literal or a bare string; dotted KEY sets one entry of a "
                        "table (repeatable), e.g. --set rounds=5 --set start_money=[4,5,6,7]")


def _add_run_options(p: argparse.ArgumentParser, *, games: int, out_flag: str) -> None:
    p.add_argument("--games", type=int, default=games, metavar="N", help="games to play (default: %(default)s)")
    p.add_argument("--seed", type=int, default=1, metavar="S", help="master seed (default: %(default)s)")
    p.add_argument(out_flag, dest="out", metavar="DIR",
                   help="results folder (default: results/GAME-Np); re-running the same command resumes it")
    p.add_argument("--jobs", type=int, default=-1, metavar="N",
                   help="parallel workers; -1: all cores, or all cluster workers (default: %(default)s)")
    p.add_argument("--chunk-size", type=int, default=DEFAULT_CHUNK_SIZE, metavar="N",
                   help="games per chunk file (default: %(default)s)")
    p.add_argument("--backend", choices=BACKENDS, default="threads",
                   help="where chunks run: local threads or processes, a Dask or a Ray cluster (default: threads)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="Dask scheduler (tcp://host:8786) or Ray cluster address; without it a local cluster starts")
    p.add_argument("--force", action="store_true", help="replace a results folder that holds a different run")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--yes", action="store_true", help=f"start a run of more than {YES_GAMES:,} games")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="brux", description="Monte Carlo simulation and strategy analysis of board games.")
    parser.add_argument("--version", action="version", version=f"brux {brux.__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser, required=True)

    sub.add_parser("games", help="list the games with their player counts",
                   description="List the games brux can simulate, with their player counts and scoring sources.")

    p = sub.add_parser("run", help="simulate many games into a results folder",
                       description="Simulate games in parallel into a results folder of Parquet chunk files and a "
                                   "manifest. Re-running the same command resumes an interrupted run.")
    p.add_argument("game", metavar="GAME")
    _add_game_options(p)
    _add_run_options(p, games=100_000, out_flag="--out")
    add_stopping_options(p)

    p = sub.add_parser("play", help="play one game and print it step by step",
                       description="Play one game (its seed is the `seed` column of a results table) and print the "
                                   "result, or with --trace every decision with its VP changes.")
    p.add_argument("game", metavar="GAME")
    _add_game_options(p)
    p.add_argument("--seed", type=int, default=0, metavar="S", help="game seed (default: %(default)s)")
    p.add_argument("--trace", action="store_true", help="print every decision and the VP it changed")
    p.add_argument("--record", metavar="PATH", help="also write the game record (JSON) to PATH")

    p = sub.add_parser("replay", help="replay a game record",
                       description="Replay a game record (JSON) and print its result, or its trace with --trace.")
    p.add_argument("record", metavar="RECORD.json")
    p.add_argument("--trace", action="store_true", help="print every decision and the VP it changed")

    p = sub.add_parser("report", help="write the HTML or Markdown report of a results folder",
                       description="Write a self-contained report (seat balance, score sources, openings, length) "
                                   "of a results folder.")
    p.add_argument("results", metavar="RESULTS_DIR")
    p.add_argument("--out", metavar="PATH", help="report file (default: report.html, or report.md with --format md)")
    p.add_argument("--format", choices=("html", "md"),
                   help="report format (default: from the --out suffix, else html)")
    p.add_argument("--margin", type=float, default=0.02, metavar="M",
                   help="fairness margin in win share (default: %(default)s = 2 points)")

    p = sub.add_parser("analyze", help="simulate and write the report in one go",
                       description="Simulate a game and write its report; prints the seat win shares with 95% "
                                   f"intervals. Without options: {DEFAULT_GAME}, 3 players, 200,000 random games, "
                                   f"seed 1, results in results/{DEFAULT_GAME}-3p, report in "
                                   f"report-{DEFAULT_GAME}-3p.html.")
    p.add_argument("game", metavar="GAME", nargs="?", default=DEFAULT_GAME,
                   help="game (default: %(default)s)")
    _add_game_options(p)
    _add_run_options(p, games=DEFAULT_ANALYZE_GAMES, out_flag="--out-dir")
    add_stopping_options(p)
    p.add_argument("--report", metavar="PATH",
                   help="report file (default: report-GAME-Np.html, or .md with --format md)")
    p.add_argument("--format", choices=("html", "md"), help="report format (default: from the --report suffix)")
    register_all(sub)
    return parser


def _cmd_games(args: argparse.Namespace) -> int:
    for name in brux.list_games():
        rules = get_rules(name)
        print(f"{name:<16} {rules.min_players}-{rules.max_players} players   "
              f"VP sources: {', '.join(rules.vp_sources)}")
    return 0


def _run(args: argparse.Namespace) -> RunResult:
    from .run import run

    flag = "--out-dir" if args.command == "analyze" else "--out"
    out = out_path(args.out, Path("results") / f"{args.game}-{args.players}p", flag)
    until = make_until(args)
    if args.games > YES_GAMES and until is None and not args.yes:  # a sequential run's --games is only a cap
        raise SimsError(f"this run plays {args.games:,} games (more than {YES_GAMES:,}); check --games, then pass "
                        "--yes to start it")
    result = run(args.game, args.players, args.games, agents=args.agents, seed=args.seed,
                 overrides=parse_overrides(args.overrides), out=out, chunk_size=args.chunk_size, jobs=args.jobs,
                 backend=args.backend, scheduler=args.scheduler, force=args.force,
                 progress=not args.quiet and sys.stderr.isatty(), until=until)
    line = stop_line(until)
    if line:
        print(line)
    return result


def _run_line(result: RunResult) -> str:
    m = result.manifest
    resumed = m["games_done"] - result.games_played
    rate = f", {result.games_per_second:,.0f} games/s" if result.games_played else ""
    return (f"{m['game']}, {m['players']} players, seed {m['master_seed']}: {m['games_done']:,} games in "
            f"{result.path} ({result.games_played:,} played in {result.seconds:.2f} s{rate}"
            + (f"; {resumed:,} already there" if resumed else "") + ")")


def _cmd_run(args: argparse.Namespace) -> int:
    if args.margin_given and not args.until_decided and args.until_precision is None:
        raise SimsError("--margin is the fairness margin of a sequential run: add --until-decided (or "
                        "--until-precision), or leave it out; a report's margin is `brux report --margin`")
    print(_run_line(_run(args)))
    return 0


def _cmd_play(args: argparse.Namespace) -> int:
    from .atomic import atomic_write
    from .spec import RunSpec
    from .trace import play, summary

    check_output_file(args.record, "--record", parents=False)
    spec = RunSpec.create(args.game, args.players, 1, args.agents, args.seed, parse_overrides(args.overrides))
    state = play(spec.load_game(), spec.agents, args.seed, sys.stdout if args.trace else None)
    if args.record:
        text = json.dumps(state.record(agents=list(spec.agents)), indent=1) + "\n"
        atomic_write(Path(args.record), lambda p: p.write_text(text, encoding="utf-8"))
    print(summary(state, spec.agents))
    if args.record:
        print(f"record: {args.record}")
    return 0


def _cmd_replay(args: argparse.Namespace) -> int:
    from .trace import read_record, replay, summary

    record = read_record(args.record)
    state = replay(record, sys.stdout if args.trace else None)
    print(summary(state, record.get("agents")))
    return 0


def _cmd_report(args: argparse.Namespace) -> int:
    from analysis.io import is_sweep, verify_in_background

    if not is_sweep(args.results):
        verify_in_background(args.results)  # the chunk checksums are checked while the analysis is imported
    from analysis import write_report

    check_output_file(args.out, "--out")
    fmt = report_format(args.out, args.format)
    out = write_report(args.results, args.out or f"report.{fmt}", format=fmt, margin=args.margin)
    print(f"report: {out}")
    return 0


def _cmd_analyze(args: argparse.Namespace) -> int:
    from .execute import check_backend
    from .lock import folder_lock
    from .spec import RunSpec

    if args.report is None:
        args.report = f"report-{args.game}-{args.players}p.{args.format or 'html'}"
    check_output_file(args.report, "--report")
    report_format(args.report, args.format, "--report")
    RunSpec.create(args.game, args.players, args.games, args.agents, args.seed, parse_overrides(args.overrides),
                   args.chunk_size)
    check_backend(args.backend, args.jobs, args.scheduler)
    with folder_lock(out_path(args.out, Path("results") / f"{args.game}-{args.players}p", "--out-dir")):
        return _analyze(args)  # the folder stays ours from the first game to the report


def _analyze(args: argparse.Namespace) -> int:
    from analysis import collect, read_results, seat_balance
    from analysis.report import report_and_findings

    result = _run(args)
    print(_run_line(result))
    lf, _ = read_results(result.path)
    table = seat_balance(collect(lf.select("game_id", "players", "seat", "agent", "win_share"), result.path))
    print(f"{'seat':>4}  {'win share':>9}  {'95% interval':<17}  {'outright':>8}  {'shared':>7}  agent")
    lineup = result.manifest["agents"]
    for r in table.iter_rows(named=True):
        print(f"{r['seat']:>4}  {r['win_share']:>9.4f}  [{r['win_share_low']:.4f}, {r['win_share_high']:.4f}]  "
              f"{r['outright_wins']:>8}  {r['shared_wins']:>7}  {lineup[r['seat']]}")
    fmt = report_format(args.report, args.format, "--report")
    out, found = report_and_findings(result.path, args.report, fmt, margin=args.margin)
    print("findings:")
    for sentence in found.sentences:
        print(f"- {sentence}")
    print(f"report: {out}")
    return 0


_COMMANDS = {"games": _cmd_games, "run": _cmd_run, "play": _cmd_play, "replay": _cmd_replay,
             "report": _cmd_report, "analyze": _cmd_analyze}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``brux`` command line; returns the exit code (0 ok, 2 bad input or unusable files)."""
    # joblib's process pool starts a resource tracker that, when a run stops on an error, may warn at exit about
    # semaphores already released; the error message is the one line a user needs
    os.environ.setdefault("PYTHONWARNINGS", "ignore:resource_tracker:UserWarning")
    try:
        args = build_parser().parse_args(argv)
        announce_compiles()
        handler = getattr(args, "handler", None) or _COMMANDS[args.command]
        return handler(args)
    except SystemExit as e:  # --help
        return e.code if isinstance(e.code, int) else 0
    except BrokenPipeError:  # output piped into a command that stopped reading
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        return _interrupted()
    except SystemError as e:  # Ctrl-C inside a Numba kernel surfaces as a SystemError caused by the interrupt
        if not _caused_by_interrupt(e):
            raise
        return _interrupted()
    except (_UsageError, ValueError, OSError) as e:
        message = " ".join(str(e).split()) or type(e).__name__
        print(f"brux: error: {message}", file=sys.stderr)
        return 2
    except MemoryError:
        print("brux: error: out of memory; use a smaller --chunk-size or fewer --jobs", file=sys.stderr)
        return 2
    except RecursionError:
        print("brux: error: the input is nested too deeply", file=sys.stderr)
        return 2
    except Exception as e:  # I/O failures reported by a library under its own exception type (polars, pyarrow)
        if not _is_resource_error(e):
            raise
        print(f"brux: error: {' '.join(str(e).split())}", file=sys.stderr)
        return 2


def _interrupted() -> int:
    print("brux: interrupted (an interrupted run resumes when the same command is run again)", file=sys.stderr)
    return 130


def _caused_by_interrupt(e: BaseException) -> bool:
    seen: set[int] = set()
    cause: BaseException | None = e
    while cause is not None and id(cause) not in seen:
        if isinstance(cause, KeyboardInterrupt):
            return True
        seen.add(id(cause))
        cause = cause.__cause__ or cause.__context__
    return False


def _is_resource_error(e: BaseException) -> bool:
    text = str(e)
    return any(s in text for s in ("No space left", "Disk quota", "Permission denied", "Input/output error",
                                   "Read-only file system"))


if __name__ == "__main__":
    sys.exit(main())
