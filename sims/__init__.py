"""sims: parallel, reproducible, resumable simulation runs of brux games, and the ``brux`` command line.

    import sims
    result = sims.run("bruxelles1897", players=3, games=100_000, seed=1, out="results/b97-3p", jobs=-1)
    result.table()          # polars DataFrame, one row per game and seat (docs/results.md)

See docs/sims.md.
"""

from .agents import KNOWN_AGENTS, parse_lineup
from .errors import SimsError
from .rule_search import balance
from .run import RunResult, run
from .spec import DEFAULT_CHUNK_SIZE, RunSpec, parse_overrides
from .study import StudyResult, study
from .sweep import sweep

__all__ = ["DEFAULT_CHUNK_SIZE", "KNOWN_AGENTS", "RunResult", "RunSpec", "SimsError", "StudyResult", "balance",
           "parse_lineup",
           "parse_overrides", "run", "study", "sweep"]
