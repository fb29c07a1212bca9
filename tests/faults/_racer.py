"""A worker process of the concurrency tests: runs `sims.run` into a folder when both racers are ready."""

from __future__ import annotations

from typing import Any

GAME = "bruxelles1897"


def warm() -> None:
    import sims

    sims.run(GAME, 3, 10, seed=0, jobs=1)  # loads the kernels once per worker process


def race(barrier: Any, out: str, seed: int, force: bool, games: int, chunk: int) -> str:
    import sims

    barrier.wait()
    try:
        sims.run(GAME, 3, games, seed=seed, chunk_size=chunk, jobs=2, out=out, force=force)
    except sims.SimsError as e:
        return f"refused: {e}"
    return "ok"
