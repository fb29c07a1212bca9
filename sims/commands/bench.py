"""`brux bench`: the benchmark suite (the same as `python -m benchmarks`)."""

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("bench", help="measure throughput, scaling, compile time and memory",
                       description="Run the benchmark suite and write bench-results/latest.md and .json "
                                   "(in the current folder; --out to choose). It says up front how many games it "
                                   "plays.")
    from benchmarks.__main__ import add_arguments

    add_arguments(p)
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from benchmarks.__main__ import run_suite

    from ..errors import SimsError
    from ..outputs import check_output_folder

    if args.repeats < 1:
        raise SimsError(f"--repeats must be at least 1 (a figure is the median of that many runs), got {args.repeats}")
    check_output_folder(args.out, "--out")

    return run_suite(args)
