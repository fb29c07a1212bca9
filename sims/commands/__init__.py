"""Further `brux` commands, each a module with `register(subparsers)` that sets `handler` on its parser."""

import argparse

from . import bench, fuzz, openings, plan, study, sweep, tournament, verify

MODULES = (fuzz, bench, sweep, tournament, plan, verify, study, openings)


def register_all(sub: argparse._SubParsersAction) -> None:
    for module in MODULES:
        module.register(sub)
