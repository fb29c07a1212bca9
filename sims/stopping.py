"""Sequential runs: play chunk after chunk and stop as soon as the answer is known (``--until-precision``,
``--until-decided``).

After every batch of chunks the run looks at its results through :func:`analysis.fairness.check_stop`, whose
always-valid confidence sequences keep the error rate whatever the number of looks. Each look is recorded in
``stopping.json`` in the results folder (rule, looks, reason), which the report reads to say how the run stopped.
A stopped run resumes like any run: the same command looks at the chunks already there first and plays on only if
the answer is still open. ``--games`` is the most the run will play.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import numpy as np

from .atomic import atomic_write

STOPPING_FILE = "stopping.json"


class _Given(argparse.Action):
    """Stores the value and records that the option was given (``margin_given``)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        setattr(namespace, self.dest, values)
        setattr(namespace, f"{self.dest}_given", True)


def add_stopping_options(p: argparse.ArgumentParser) -> None:
    """The options of a sequential run (``brux run``, ``brux analyze``)."""
    g = p.add_mutually_exclusive_group()
    g.add_argument("--until-precision", type=float, metavar="H",
                   help="stop once every seat's win-share interval (always-valid confidence sequence) has half-width "
                        "at most H, e.g. 0.005; --games is the most to play")
    g.add_argument("--until-decided", action="store_true",
                   help="stop once the fairness verdict is reached (fair within ±margin, or not fair), with "
                        "always-valid confidence sequences; --games is the most to play")
    p.add_argument("--margin", type=float, default=0.02, metavar="M", action=_Given,
                   help="fairness margin in win share: fair when every two seats' win shares differ by less "
                        "than M (default: %(default)s = 2 points)")
    p.set_defaults(margin_given=False)


def stopping_rule(args: argparse.Namespace) -> tuple[str, float | None] | None:
    """``(rule, target)`` from parsed options, or None for an ordinary run; ValueError for a bad value."""
    margin = getattr(args, "margin", 0.02)
    if not 0 < margin < 1:
        raise ValueError(f"--margin must be between 0 and 1 (a win share, 0.02 = 2 points), got {margin}")
    if getattr(args, "until_precision", None) is not None:
        if not 0 < args.until_precision < 0.5:
            raise ValueError(f"--until-precision must be between 0 and 0.5 (a win share), got {args.until_precision}")
        return "precision", args.until_precision
    if getattr(args, "until_decided", False):
        return "decided", None
    return None


class Stopper:
    """The ``until`` callback of :func:`sims.run.run` for one stopping rule; records every look."""

    def __init__(self, rule: str, target: float | None, *, margin: float = 0.02, confidence: float = 0.95) -> None:
        self.rule, self.target, self.margin, self.confidence = rule, target, margin, confidence
        self.looks: list[int] = []
        self.record: dict[str, Any] = {}
        self._counts: dict[str, np.ndarray] = {}

    def _chunk_counts(self, folder: Path, players: int) -> np.ndarray:
        """``(chunks, 2**players)``: the win-pattern counts of every finished chunk, in chunk order."""
        import polars as pl

        from analysis.fairness import pattern_counts

        rows = [np.zeros(1 << players)]
        for f in sorted(folder.glob("chunk-*.parquet")):  # zero-padded names: chunk-index order
            if f.name not in self._counts:  # each finished chunk is read once
                c = pattern_counts(pl.scan_parquet(f).select("game_id", "players", "seat", "win_share"))
                self._counts[f.name] = c.get(players, np.zeros(1 << players))
            rows.append(self._counts[f.name])
        return np.array(rows[1:] or rows)

    def __call__(self, folder: Path, manifest: dict[str, Any]) -> bool:
        from analysis.fairness import check_stop

        planned = int(manifest["games"])  # only a cap: the sequences are tuned to the precision asked
        if not self.looks:  # a resumed run carries on the looks recorded before
            try:
                old = json.loads((Path(folder) / STOPPING_FILE).read_text(encoding="utf-8"))
                if old.get("params_id") == manifest.get("params_id") and \
                        old.get("master_seed") == manifest.get("master_seed"):
                    self.looks = [int(n) for n in old.get("looks", [])]
            except (OSError, ValueError, AttributeError):
                pass
        chunks = self._chunk_counts(Path(folder), int(manifest["players"]))
        games = int(chunks.sum())
        if games == 0:
            return False
        if not self.looks or self.looks[-1] != games:
            self.looks.append(games)
        stop, reason, verdict = check_stop(chunks, self.rule, target=self.target, margin=self.margin,
                                           confidence=self.confidence)
        if not stop and games >= planned:
            reason = f"all {planned:,} planned games played before the rule was met"
        self.record = {
            "rule": self.rule, "target": self.target, "margin": self.margin, "confidence": self.confidence,
            "planned_games": planned, "games_done": games, "looks": self.looks,
            "stopped_early": bool(stop and games < planned), "reason": reason or "still running",
            "verdict": verdict.verdict, "half_width": verdict.half_width,
            "gap_half_width": verdict.gap_half_width,
            "chunk_counts": chunks.astype(int).tolist(),
            "params_id": manifest.get("params_id"), "master_seed": manifest.get("master_seed"),
        }
        text = json.dumps(self.record, indent=1) + "\n"
        atomic_write(Path(folder) / STOPPING_FILE, lambda p: p.write_text(text, encoding="utf-8"))
        return stop


def make_until(args: argparse.Namespace) -> Stopper | None:
    """The ``until`` callback for parsed command-line options (None for an ordinary run)."""
    rule = stopping_rule(args)
    return None if rule is None else Stopper(rule[0], rule[1], margin=args.margin)


def stop_line(stopper: Stopper | None) -> str | None:
    """One line saying how a sequential run stopped."""
    from analysis.stats import plural

    if stopper is None or not stopper.record:
        return None
    r = stopper.record
    return (f"sequential run ({r['rule']}): {r['reason']} after {r['games_done']:,} of {r['planned_games']:,} "
            f"games; {plural(len(r['looks']), 'look')}; always-valid half-width {r['half_width']:.4f} per seat, "
            f"{r['gap_half_width']:.4f} per seat difference; "
            f"fairness verdict at ±{r['margin']:g}: {r['verdict']}")
