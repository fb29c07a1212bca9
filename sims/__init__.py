"""sims: parallel, reproducible, resumable simulation runs of brux games, and the ``brux`` command line.

    import sims
    result = sims.run("bruxelles1897", players=3, games=100_000, seed=1, out="results/b97-3p", jobs=-1)
    result.table()          # polars DataFrame, one row per game and seat (docs/results.md)

See docs/sims.md. The public names load their modules on first use, so that a command (``brux report``) imports
only what it runs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from brux.lazy import lazy_names

if TYPE_CHECKING:
    from .agents import KNOWN_AGENTS, parse_lineup
    from .errors import SimsError
    from .rule_search import balance
    from .spec import DEFAULT_CHUNK_SIZE, RunSpec, parse_overrides

# Functions named like their modules are imported now: the first import of a submodule binds its name in the
# package, which would hide a function loaded on first use (sims.run would be the module sims/run.py).
from .run import RunResult, run
from .study import StudyResult, study
from .sweep import sweep

_WHERE = {
    "KNOWN_AGENTS": "agents",
    "parse_lineup": "agents",
    "balance": "rule_search",
    "SimsError": "errors",
    "DEFAULT_CHUNK_SIZE": "spec",
    "RunSpec": "spec",
    "parse_overrides": "spec",
}

__all__ = [
    "DEFAULT_CHUNK_SIZE",
    "KNOWN_AGENTS",
    "RunResult",
    "RunSpec",
    "SimsError",
    "StudyResult",
    "balance",
    "parse_lineup",
    "parse_overrides",
    "run",
    "study",
    "sweep",
]


__getattr__, __dir__ = lazy_names(__name__, _WHERE, __all__)
