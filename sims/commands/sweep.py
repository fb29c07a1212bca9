"""`brux sweep` (rule sweeps from a TOML file) and `brux balance` (balance search by successive halving)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..backends import BACKENDS
from ..spec import YES_GAMES

YES_SECONDS = 3600  # a sweep estimated to take longer than this needs --yes (as one above YES_GAMES games does)


def _duration(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def _add_exec_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--jobs", type=int, metavar="N", help="parallel workers; -1: all cores (default: the file's "
                                                         "'jobs', else -1)")
    p.add_argument("--backend", choices=BACKENDS, default="threads",
                   help="where chunks run: local threads or processes, a Dask or a Ray cluster (default: threads)")
    p.add_argument("--scheduler", metavar="ADDRESS", help="Dask scheduler or Ray cluster address")
    p.add_argument("--force", action="store_true", help="replace an output folder that holds a different study")
    p.add_argument("--quiet", action="store_true", help="no progress bars")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("sweep", help="play every cell of a rule sweep file and compare the variants",
                       description="Play every cell (player count x agent line-up x rule variant) of a sweep file "
                                   "(TOML, see docs/sweeps.md) into one results folder per cell, with the same game "
                                   "seeds in every cell, then print each variant's seat gap and its difference from "
                                   "the baseline. Re-running the same command resumes the sweep.")
    p.add_argument("file", metavar="FILE", help="sweep file (TOML)")
    p.add_argument("--out", metavar="DIR", help="sweep folder (default: results/sweep-<file name>)")
    p.add_argument("--chunk-size", type=int, metavar="N", help="games per chunk file (default: the file's "
                                                               "'chunk_size', else 50000)")
    p.add_argument("--report", metavar="PATH", help="also write the comparison report (.html or .md)")
    p.add_argument("--yes", action="store_true",
                   help=f"start a sweep above {YES_GAMES:,} games or an estimated {YES_SECONDS // 3600} hour "
                        "without asking (the size and estimate are always printed first)")
    p.add_argument("--no-recheck", action="store_true",
                   help="do not replay the smallest-gap variant and the baseline on fresh seeds (by default they are "
                        "played again from another master seed, as many games as a cell, to confirm the headline)")
    _add_exec_options(p)
    p.set_defaults(handler=run_sweep)

    p = sub.add_parser("balance", help="search rule variants for the smallest seat gap",
                       description="Balance search (TOML file, see docs/sweeps.md): sample rule variants from the "
                                   "[search] ranges, narrow them down by successive halving with common game seeds, "
                                   "re-check the finalists and the baseline on fresh seeds and print them with "
                                   "their measured objective and intervals. Writes balance.json and balance.csv.")
    p.add_argument("file", metavar="FILE", help="balance file (TOML)")
    p.add_argument("--out", metavar="DIR", help="output folder (default: results/balance-<file name>)")
    _add_exec_options(p)
    p.set_defaults(handler=run_balance)


def _progress(args: argparse.Namespace) -> bool:
    return not args.quiet and sys.stderr.isatty()


def _interval(v: float, lo: float, hi: float, signed: bool = False) -> str:
    f = "{:+.4f}" if signed else "{:.4f}"
    return f"{f.format(v)} [{f.format(lo)}, {f.format(hi)}]"


def run_sweep(args: argparse.Namespace) -> int:
    from ..errors import SimsError
    from ..execute import check_backend
    from ..outputs import check_output_file, out_path
    from ..sweep import check_sweep_folder, measure_rate, sweep, with_chunk_size
    from ..sweepfile import parse_sweep, planned_games, read_toml

    out = out_path(args.out, Path("results") / f"sweep-{Path(args.file).stem}")
    check_output_file(args.report, "--report")
    data = read_toml(args.file)
    planned = planned_games(data)
    if planned and planned[1] > YES_GAMES and not args.yes:
        raise SimsError(f"this sweep plays {planned[0]:,} cells x {planned[1] // planned[0]:,} games = "
                        f"{planned[1]:,} games (more than {YES_GAMES:,}); check the file, then pass --yes to start it")
    spec = with_chunk_size(parse_sweep(data, str(args.file)), args.chunk_size)  # validated before anything is made
    jobs = args.jobs if args.jobs is not None else (spec.jobs if spec.jobs is not None else -1)
    check_backend(args.backend, jobs, args.scheduler)
    check_sweep_folder(out, spec, force=args.force)  # before the estimate: a folder that cannot be used says so
    total = len(spec.cells)
    games = total * spec.games
    rate = measure_rate(spec, jobs) if args.backend in ("threads", "processes") else None
    estimate = f"; estimated time about {_duration(games / rate)} at {rate:,.0f} games/s" if rate else ""
    print(f"sweep: {total:,} cells x {spec.games:,} games = {games:,} games{estimate}", file=sys.stderr, flush=True)
    if rate and games / rate > YES_SECONDS and not args.yes:
        raise SimsError(f"this sweep would take about {_duration(games / rate)}; pass --yes to start it")

    def on_cell(cell: Any, result: Any) -> None:
        m = result.manifest
        rate = f", {result.games_per_second:,.0f} games/s" if result.games_played else ""
        print(f"cell {cell.index + 1}/{total} ({cell.players}p, {cell.lineup}) {cell.name} [{cell.params_id}]: "
              f"{m['games_done']:,} games ({result.games_played:,} played in {result.seconds:.1f} s{rate})",
              flush=True)

    result = sweep(spec, out, jobs=args.jobs, chunk_size=args.chunk_size, backend=args.backend,
                   scheduler=args.scheduler, force=args.force, progress=_progress(args), on_cell=on_cell)
    print(f"sweep: {total} cells, {result.games_played:,} games played in {result.seconds:.1f} s; folder {out}")
    cmp = result.compare()
    if not args.no_recheck and cmp.cells.height:
        from ..recheck import recheck_headline

        jobs = args.jobs if args.jobs is not None else (spec.jobs if spec.jobs is not None else -1)
        for c in recheck_headline(result, cmp.cells, jobs=jobs, backend=args.backend, scheduler=args.scheduler,
                                  force=args.force, progress=_progress(args)):
            print(f"re-check ({c['players']}p, {c['lineup']}): {c['variant']} and {c['baseline']} on "
                  f"{c['games']:,} fresh games (master seed {c['seed']})", flush=True)
        cmp = result.compare()
    width = min(max(len(v) for v in cmp.cells["variant"].to_list()), 60)
    print(f"{'variant':<{width}}  {'games':>9}  {'seat gap [95% interval]':<26}  "
          f"{'vs baseline [corrected paired bootstrap]':<36}  win shares by seat")
    for (players, lineup), g in cmp.cells.partition_by("players", "lineup", maintain_order=True,
                                                       as_dict=True).items():
        print(f"-- {players} players, {lineup}")
        for r in g.iter_rows(named=True):
            diff = "baseline" if r["baseline"] else _interval(r["gap_diff"], r["gap_diff_low"], r["gap_diff_high"],
                                                              True) + (" *" if r["significant"] else "")
            print(f"{r['variant'][:width]:<{width}}  {r['games']:>9,}  "
                  f"{_interval(r['max_gap'], r['max_gap_low'], r['max_gap_high']):<26}  {diff:<36}  "
                  f"{r['win_shares']}")
    for r in cmp.best(1).iter_rows(named=True):
        print(f"smallest seat gap ({r['players']}p, {r['lineup']}): {r['variant']}: "
              f"{_interval(r['max_gap'], r['max_gap_low'], r['max_gap_high'])}")
    print("(* the difference from the baseline is significant: its interval, Bonferroni over the variants, "
          "excludes 0)")
    print("findings:")
    for sentence in cmp.findings():
        print(f"- {sentence}")
    if args.report:
        fmt = "md" if Path(args.report).suffix.lower() == ".md" else "html"
        print(f"report: {cmp.write_report(args.report, fmt)}")
    else:
        print(f"report: brux report {out} --out report.html")
    return 0


def run_balance(args: argparse.Namespace) -> int:
    from ..outputs import out_path
    from ..rule_search import balance, load_balance

    out = out_path(args.out, Path("results") / f"balance-{Path(args.file).stem}")
    spec = load_balance(args.file)
    obj = spec.objective

    def on_round(s: dict[str, Any]) -> None:
        if s["round"] == "recheck":
            print(f"re-check: {s['candidates']} variants (finalists and baseline) x {s['games']:,} games on fresh "
                  f"seeds (master seed {s['seed']})", flush=True)
            return
        best = s["ranking"][0]
        base = next((x for x in s["ranking"] if x["baseline"]), None)
        base_text = f"; baseline {base[obj]:.4f}" if base else "; baseline eliminated"
        print(f"round {s['round']}: {s['candidates']} variants x {s['games']:,} new games (master seed {s['seed']}): "
              f"best {best['variant']} {obj} {best[obj]:.4f} over {best['games']:,} games{base_text}; "
              f"kept {s['kept']}", flush=True)

    result = balance(spec, out, jobs=args.jobs, backend=args.backend, scheduler=args.scheduler, force=args.force,
                     progress=_progress(args), on_round=on_round)
    t = result.table
    conf = f"{spec.budget['confidence']:.0%}"
    width = min(max(len(v) for v in t["variant"].to_list()), 60)
    print(f"{'rank':>4}  {'variant':<{width}}  {'games':>8}  {obj + ' [' + conf + ' interval]':<28}  "
          f"{'vs baseline [' + conf + ' paired bootstrap]':<36}  win shares by seat")
    for r in t.iter_rows(named=True):
        diff = "baseline" if r["baseline"] else _interval(r["diff"], r["diff_low"], r["diff_high"], True) + (
            " *" if r["significant"] else "")
        print(f"{r['rank']:>4}  {r['variant'][:width]:<{width}}  {r['games']:>8,}  "
              f"{_interval(r['objective'], r['objective_low'], r['objective_high']):<28}  {diff:<36}  "
              f"{r['win_shares']}")
    print(f"balance: {result.manifest['candidates']} candidates, {result.games_played:,} games played in "
          f"{result.seconds:.1f} s; results in {out / 'balance.json'} and {out / 'balance.csv'}")
    return 0
