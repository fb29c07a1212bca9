"""The report's figures, drawn one after another on a worker thread while the caller computes the next tables.

Drawing is Python-bound while the tables are mostly computed outside the interpreter lock (polars, NumPy), so on
two cores the figures cost little wall time; matplotlib is imported on the worker too, as soon as it starts.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from types import ModuleType
from typing import Any


def _plots() -> ModuleType:
    from . import plots

    return plots


class FigureWorker:
    """``figure(name, *args)`` queues ``plots.figure_png(plots.<name>(*args))`` and returns its Future (PNG bytes).

    Use as a context manager: leaving it waits for the queued figures (or cancels them after an error).
    """

    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="brux-figures")
        self._pool.submit(_plots)  # matplotlib loads while the first tables are computed

    def figure(self, name: str, *args: Any, **kwargs: Any) -> Future[bytes]:
        def draw() -> bytes:
            plots = _plots()
            return plots.figure_png(getattr(plots, name)(*args, **kwargs))

        return self._pool.submit(draw)

    def __enter__(self) -> FigureWorker:
        return self

    def __exit__(self, *exc: object) -> None:
        self._pool.shutdown(wait=True, cancel_futures=exc[0] is not None)


def resolved(content: Any) -> Any:
    """A block's content with a figure's Future replaced by its PNG bytes."""
    return content.result() if isinstance(content, Future) else content
