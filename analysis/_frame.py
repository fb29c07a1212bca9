"""Table plumbing shared by the analysis functions: input coercion, column discovery, output conversion."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, Union

import polars as pl

if TYPE_CHECKING:  # pandas is slow to import and only needed for pandas input or ``as_pandas=True``
    import pandas as pd

Table = Union[pl.DataFrame, pl.LazyFrame, "pd.DataFrame"]

#: Column prefix of the VP scoring sources (``vp`` itself is the total, not a source).
SOURCE_PREFIX = "vp_"
#: Column prefix of the opening decisions.
OPENING_PREFIX = "opening_"


def to_lazy(df: Any) -> pl.LazyFrame:
    """Return ``df`` (polars DataFrame/LazyFrame or pandas DataFrame) as a polars LazyFrame."""
    if isinstance(df, pl.LazyFrame):
        return df
    if isinstance(df, pl.DataFrame):
        return df.lazy()
    pd_module = sys.modules.get("pandas")  # a pandas DataFrame implies pandas is already imported
    if pd_module is not None and isinstance(df, pd_module.DataFrame):
        return pl.from_pandas(df).lazy()
    raise TypeError(f"expected a polars or pandas DataFrame, got {type(df).__name__}")


def columns(lf: pl.LazyFrame) -> list[str]:
    """Column names of a LazyFrame (schema only, no data read)."""
    return lf.collect_schema().names()


def require(lf: pl.LazyFrame, needed: list[str] | tuple[str, ...], what: str) -> None:
    """Raise ``ValueError`` naming the missing columns if any of ``needed`` is absent."""
    have = set(columns(lf))
    missing = [c for c in needed if c not in have]
    if missing:
        raise ValueError(f"{what} needs the column(s) {missing}; the table has {sorted(have)}")


def source_columns(cols: list[str]) -> list[str]:
    """The VP-source columns: every ``vp_*`` column (``vp`` itself excluded), in table order."""
    return [c for c in cols if c.startswith(SOURCE_PREFIX) and len(c) > len(SOURCE_PREFIX)]


def opening_columns(cols: list[str]) -> list[str]:
    """The opening columns ``opening_*``, ordered by their numeric suffix when there is one."""
    found = [c for c in cols if c.startswith(OPENING_PREFIX) and len(c) > len(OPENING_PREFIX)]

    def key(c: str) -> tuple[int, str]:
        suffix = c[len(OPENING_PREFIX):]
        return (int(suffix), "") if suffix.isdigit() else (1 << 30, suffix)

    return sorted(found, key=key)


def finish(out: pl.DataFrame, as_pandas: bool) -> Any:
    """Return ``out`` as polars, or as pandas when ``as_pandas`` is true."""
    if as_pandas:
        return out.to_pandas()
    return out
