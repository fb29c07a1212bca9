"""Analysis of brux result tables: seat balance, score sources, opening strength, game length, plots, report.

Every table function takes a polars DataFrame/LazyFrame or a pandas DataFrame of per-seat results
(``docs/results.md``) and returns a tidy polars DataFrame (pandas with ``as_pandas=True``). Nothing here plays games.
"""

from .balance import balance_metrics, metrics_from_seat_balance, seat_balance
from .compare import SweepComparison, compare, write_sweep_report
from .fairness import FairnessVerdict, fairness_verdict, pattern_counts, seat_differences
from .findings import Findings, findings
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
