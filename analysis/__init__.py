"""Analysis of brux result tables: seat balance, score sources, opening strength, game length, plots, report.

Every table function takes a polars DataFrame/LazyFrame or a pandas DataFrame of per-seat results
(``docs/results.md``) and returns a tidy polars DataFrame (pandas with ``as_pandas=True``). Nothing here plays games.
"""

from __future__ import annotations

import importlib
from typing import Any

#: Where each public name lives; a submodule is imported on first use (scipy, matplotlib and the sweep comparison
#: are slow to import, and a command that needs only some of them should not pay for all).
_HOMES = {
    "balance": ("balance_metrics", "metrics_from_seat_balance", "seat_balance"),
    "compare": ("SweepComparison", "compare", "plot_sweep_gaps", "write_sweep_report"),
    "fairness": ("FairnessVerdict", "fairness_verdict", "pattern_counts", "seat_differences"),
    "findings": ("Findings", "findings"),
    "io": ("ResultsError", "collect", "is_sweep", "read_manifest", "read_results"),
    "length": ("game_length",),
    "openings": ("opening_strength",),
    "plots": ("figure_png", "plot_opening_strength", "plot_score_sources", "plot_seat_balance",
              "plot_seat_differences", "plot_source_effects", "plot_vp_distribution", "vp_counts"),
    "report": ("write_report",),
    "sources": ("score_sources", "source_effects"),
    "stats": ("adjust_pvalues", "adjusted_levels", "correlation_pvalue", "format_p", "shrink",
              "simultaneous_intervals", "wilson_interval", "ztest_two_sample", "ztest_vs_value"),
}
_MODULE_OF = {name: module for module, names in _HOMES.items() for name in names}


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


__all__ = [
    "FairnessVerdict",
    "Findings",
    "ResultsError",
    "SweepComparison",
    "adjust_pvalues",
    "adjusted_levels",
    "fairness_verdict",
    "findings",
    "format_p",
    "pattern_counts",
    "plot_seat_differences",
    "plot_source_effects",
    "seat_differences",
    "shrink",
    "source_effects",
    "balance_metrics",
    "collect",
    "compare",
    "correlation_pvalue",
    "figure_png",
    "game_length",
    "is_sweep",
    "metrics_from_seat_balance",
    "opening_strength",
    "plot_opening_strength",
    "plot_score_sources",
    "plot_seat_balance",
    "plot_sweep_gaps",
    "plot_vp_distribution",
    "read_manifest",
    "read_results",
    "score_sources",
    "seat_balance",
    "simultaneous_intervals",
    "vp_counts",
    "wilson_interval",
    "write_report",
    "write_sweep_report",
    "ztest_two_sample",
    "ztest_vs_value",
]
