"""Analysis of brux result tables: seat balance, score sources, opening strength, game length, plots, report.

Every table function takes a polars DataFrame/LazyFrame or a pandas DataFrame of per-seat results
(``docs/results.md``) and returns a tidy polars DataFrame (pandas with ``as_pandas=True``). Nothing here plays games.
The public names load their modules on first use (a report does not import what it does not run).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from brux.lazy import lazy_names

if TYPE_CHECKING:
    from .balance import balance_metrics, metrics_from_seat_balance, seat_balance
    from .fairness import FairnessVerdict, fairness_verdict, pattern_counts, seat_differences
    from .io import ResultsError, collect, is_sweep, read_manifest, read_results
    from .length import game_length
    from .openings import opening_strength
    from .plots import (
        figure_png,
        plot_opening_strength,
        plot_score_sources,
        plot_seat_balance,
        plot_seat_differences,
        plot_source_effects,
        plot_vp_distribution,
        vp_counts,
    )
    from .report import write_report
    from .sources import score_sources, source_effects
    from .stats import (
        adjust_pvalues,
        adjusted_levels,
        correlation_pvalue,
        format_p,
        shrink,
        simultaneous_intervals,
        wilson_interval,
        ztest_two_sample,
        ztest_vs_value,
    )
    from .sweep_report import plot_sweep_gaps

# Functions named like their modules are imported now: the first import of a submodule binds its name in the
# package, which would hide a function loaded on first use (analysis.findings would be the module).
from .compare import SweepComparison, compare, write_sweep_report
from .findings import Findings, findings

_WHERE = {
    "balance_metrics": "balance",
    "metrics_from_seat_balance": "balance",
    "seat_balance": "balance",
    "plot_sweep_gaps": "sweep_report",
    "FairnessVerdict": "fairness",
    "fairness_verdict": "fairness",
    "pattern_counts": "fairness",
    "seat_differences": "fairness",
    "ResultsError": "io",
    "collect": "io",
    "is_sweep": "io",
    "read_manifest": "io",
    "read_results": "io",
    "game_length": "length",
    "opening_strength": "openings",
    "figure_png": "plots",
    "plot_opening_strength": "plots",
    "plot_score_sources": "plots",
    "plot_seat_balance": "plots",
    "plot_seat_differences": "plots",
    "plot_source_effects": "plots",
    "plot_vp_distribution": "plots",
    "vp_counts": "plots",
    "write_report": "report",
    "score_sources": "sources",
    "source_effects": "sources",
    "adjust_pvalues": "stats",
    "adjusted_levels": "stats",
    "correlation_pvalue": "stats",
    "format_p": "stats",
    "shrink": "stats",
    "simultaneous_intervals": "stats",
    "wilson_interval": "stats",
    "ztest_two_sample": "stats",
    "ztest_vs_value": "stats",
}

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


__getattr__, __dir__ = lazy_names(__name__, _WHERE, __all__)
