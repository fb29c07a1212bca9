"""`brux verify`: check every chunk file of a results folder (or of each run of a sweep) against its run."""

from __future__ import annotations

import argparse
from pathlib import Path


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("verify", help="check that every chunk file of a results folder belongs to its run",
                       description="Check every chunk file of a results folder (each run folder of a sweep, balance "
                                   "search or tournament) against its manifest: run identity, game range, row count "
                                   "and checksum. Exit code 0 when every chunk is intact, 1 otherwise. With "
                                   "--quarantine, bad chunk files are moved into quarantine/ so that re-running "
                                   "the run plays their games again.")
    p.add_argument("results", metavar="DIR")
    p.add_argument("--quarantine", action="store_true", help="move bad chunk files into DIR/quarantine/")
    p.set_defaults(handler=run)


def _run_folders(top: Path) -> list[Path]:
    if (top / "manifest.json").exists():
        return [top]
    return sorted(p.parent for p in top.rglob("manifest.json") if "quarantine" not in p.parts)


def run(args: argparse.Namespace) -> int:
    from ..errors import SimsError
    from ..integrity import check_folder, quarantine, ranges
    from ..lock import folder_lock
    from ..store import ResultsFolder

    top = Path(args.results)
    if not str(args.results).strip() or not top.is_dir():
        raise SimsError(f"results folder {args.results!r} does not exist")
    folders = _run_folders(top)
    if not folders:
        raise SimsError(f"{str(top)!r} holds no results folder (no manifest.json)")
    bad_total = 0
    for folder in folders:
        results = ResultsFolder(folder)
        manifest = results.read_manifest()
        assert manifest is not None
        check = check_folder(folder, manifest, results.chunk_files())
        for c in check.bad:
            where = c.path
            if args.quarantine:
                with folder_lock(folder):
                    where = quarantine(c.path)
            print(f"BAD {c.path}: {c.problem}" + (f" (moved to {where})" if args.quarantine else ""))
        bad_total += len(check.bad)
        status = "ok" if not check.bad else f"{len(check.bad)} bad chunk file(s)"
        missing = f"; incomplete: chunk(s) {ranges(check.missing)} missing" if check.missing else ""
        print(f"{folder}: {status}; {len(check.checks) - len(check.bad)} chunk file(s) verified, "
              f"{check.games:,} of {check.expected_games:,} games{missing}")
    return 1 if bad_total else 0
