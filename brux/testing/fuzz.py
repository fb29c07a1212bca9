"""Rule fuzzing: random games under random valid parameters, invariants after every decision, shrunk failures."""

import json
import shutil
import tempfile
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st

import brux
from brux.testing.invariants import StepChecker, violations
from brux.testing.strategies import player_counts, rule_params

MAX_CHOICES = 600


class InvariantViolation(AssertionError):
    """A game that broke an invariant (or crashed); carries its replayable record."""

    def __init__(self, record: dict[str, Any], problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.record = record
        self.problems = problems


@dataclass
class FuzzReport:
    game: str
    examples: int = 0
    decisions: int = 0
    seconds: float = 0.0
    problems: list[str] = field(default_factory=list)
    record_path: Path | None = None

    @property
    def ok(self) -> bool:
        return not self.problems


def play_checked(game: str, players: int, overrides: dict[str, Any], seed: int, choices: list[int]) -> int:
    """Play one game (choice i picks legal action choices[i] mod count; first legal once they run out), checking
    the invariants after every decision; returns the decisions played or raises InvariantViolation."""
    state = brux.load_game(game, players=players, **overrides).new_initial_state(seed=seed)
    steps = StepChecker(state)
    i = 0
    while True:
        try:
            problems = violations(state, steps)
        except Exception as e:  # a crash in the engine or the view is a finding too
            problems = [f"{type(e).__name__}: {e}"]
        if problems:
            raise InvariantViolation(state.record(), problems)
        if state.is_terminal():
            return i
        legal = state.legal_actions()
        choice = choices[i] if i < len(choices) else 0
        try:
            state.apply_action(legal[choice % len(legal)])
        except Exception as e:
            raise InvariantViolation(state.record(), [f"{type(e).__name__} applying a legal action: {e}"]) from e
        i += 1


def fuzz(
    game: str, players: int | None = None, examples: int = 100, params: Literal["random", "default"] = "random",
    out_dir: Path = Path("."), seed: int | None = None, progress: Callable[[int], None] | None = None,
    jobs: int = 1,
) -> FuzzReport:
    """Fuzz a game; a failure is shrunk by hypothesis and written as a record `brux replay` accepts.

    With `jobs` other than 1 (-1: all cores) the examples are split into chunks of `CHUNK` games, chunk k searched
    with hypothesis seed `(seed or 0) + k`, run by `jobs` processes; the first failing chunk stops the run. The
    chunks, and so the games played, do not depend on `jobs`."""
    if jobs != 1:
        return _fuzz_chunks(game, players, examples, params, out_dir, seed or 0, progress, jobs)
    report = FuzzReport(game)
    start = time.perf_counter()
    overrides_strategy = rule_params(game) if params == "random" else st.just({})

    @settings(max_examples=examples, database=None, deadline=None, derandomize=seed is None,
              suppress_health_check=list(HealthCheck), phases=[Phase.generate, Phase.shrink])
    @given(players=player_counts(game, players), overrides=overrides_strategy, seed=st.integers(0, 2**31 - 1),
           choices=st.lists(st.integers(0, 2**16), max_size=MAX_CHOICES))
    def prop(players: int, overrides: dict[str, Any], seed: int, choices: list[int]) -> None:
        report.decisions += play_checked(game, players, overrides, seed, choices)
        report.examples += 1
        if progress:
            progress(report.examples)

    if seed is not None:
        prop = hypothesis_seed(seed)(prop)
    try:
        prop()
    except InvariantViolation as e:
        report.problems = e.problems
        out_dir.mkdir(parents=True, exist_ok=True)
        report.record_path = out_dir / f"fuzz-failure-{game}.json"
        report.record_path.write_text(json.dumps(e.record, indent=1))
    report.seconds = time.perf_counter() - start
    return report


CHUNK = 500  # games per chunk of a parallel fuzz


def _fuzz_chunks(game: str, players: int | None, examples: int, params: Literal["random", "default"],
                 out_dir: Path, seed: int, progress: Callable[[int], None] | None, jobs: int) -> FuzzReport:
    from joblib import Parallel, delayed

    start = time.perf_counter()
    sizes = [min(CHUNK, examples - i) for i in range(0, examples, CHUNK)]
    report = FuzzReport(game)
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp, warnings.catch_warnings():
        warnings.filterwarnings("ignore", r"(?s).*(not used|cancelled)")  # joblib, when a failure stops the run early
        tasks = (delayed(fuzz)(game, players, n, params, Path(tmp) / str(k), seed + k) for k, n in enumerate(sizes))
        for part in Parallel(n_jobs=jobs, return_as="generator_unordered")(tasks):
            report.examples += part.examples
            report.decisions += part.decisions
            if progress:
                progress(report.examples)
            if not part.ok:
                report.problems = part.problems
                out_dir.mkdir(parents=True, exist_ok=True)
                report.record_path = out_dir / f"fuzz-failure-{game}.json"
                shutil.copyfile(part.record_path, report.record_path)
                break
    report.seconds = time.perf_counter() - start
    return report
