"""One self-contained HTML or Markdown page summarising a results folder (plots embedded as PNG data URIs)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polars as pl

from ._figures import FigureWorker, resolved
from ._frame import columns, opening_columns, source_columns
from .balance import GAME_KEY_CANDIDATES, metrics_from_seat_balance, seat_balance
from .fairness import DEFAULT_MARGIN
from .findings import (
    CORRECTION_NAMES,
    FIXED_SAMPLE,
    STOPPING_FILE,
    Findings,
    findings,
    fixed_label,
    interval_note,
    pct,
    read_stopping,
)
from .io import ResultsError, is_sweep, open_results
from .length import game_length
from .openings import DEFAULT_CORRECTION
from .page import FORMATS, Block, Section, section_blocks, section_titles, write_page
from .stats import format_p, points

_BASE_COLUMNS = ("players", "seat", "agent", "lineup", "win_share", "rank", "vp", "length")


def _manifest_items(manifest: dict[str, Any], folder: Path, n_chunks: int) -> list[tuple[str, str]]:
    overrides = manifest.get("overrides") or {}
    over = ", ".join(f"{k} = {v}" for k, v in overrides.items()) if overrides else "none (rules as written)"
    agents = manifest.get("agents")
    games = manifest.get("games")
    done = manifest.get("games_done", games)
    items = [
        ("game", manifest.get("game")),
        ("players", manifest.get("players")),
        ("params_id", manifest.get("params_id")),
        ("non-default overrides", over),
        ("agents", " | ".join(map(str, agents)) if isinstance(agents, list) else agents),
        ("master seed", manifest.get("master_seed")),
        ("games", f"{done:,} of {games:,} (incomplete run: the report covers the games found)"
         if isinstance(done, int) and isinstance(games, int) and done != games
         else (f"{games:,}" if isinstance(games, int) else games)),
        ("brux version", manifest.get("brux_version")),
        ("folder", f"{folder} ({n_chunks} chunk files)"),
    ]
    return [(k, "" if v is None else str(v)) for k, v in items]


def _iv(lo: float, hi: float, signed: bool = False, digits: int = 1) -> str:
    return f"{pct(lo, signed, digits)} to {pct(hi, signed, digits)}"


def _seat_table(f: Findings, sb: pl.DataFrame) -> pl.DataFrame:
    rows = []
    for v in f.fairness:
        g = sb.filter(pl.col("players") == v.players)
        for r in g.iter_rows(named=True):
            s = r["seat"]
            if f.stopping:  # a sequential run: fixed-sample intervals are not valid after looking
                fair = 1.0 / v.players
                interval = {f"{f.confidence:.0%} interval (always valid)": _iv(fair + v.low[s], fair + v.high[s])}
            else:
                interval = {f"{f.confidence:.0%} interval (score, per-game variance)":
                            _iv(r["win_share_low"], r["win_share_high"])}
            rows.append({"Players": v.players, "Seat": s, "Win share (%)": pct(r["win_share"]), **interval,
                         "vs fair share (points)": pct(v.deviation[s], True, 2),
                         "simultaneous interval" + (" (always valid)" if f.stopping else ""):
                             _iv(v.low[s], v.high[s], True, 2),
                         "Outright wins": f"{r['outright_wins']:,}", "Shared wins": f"{r['shared_wins']:,}"})
    return pl.DataFrame(rows)


def _always_valid_shares(f: Findings, sb: pl.DataFrame) -> pl.DataFrame:
    """The seat balance table with the win-share intervals of the verdict's always-valid sequences."""
    ends = {(v.players, s): (1.0 / v.players + v.low[s], 1.0 / v.players + v.high[s])
            for v in f.fairness for s in range(v.players)}
    lo, hi = zip(*(ends.get((p, s), (float("nan"), float("nan"))) for p, s in zip(sb["players"], sb["seat"])))
    return sb.with_columns(win_share_low=pl.Series(lo, dtype=pl.Float64),
                           win_share_high=pl.Series(hi, dtype=pl.Float64))


def _source_table(f: Findings) -> pl.DataFrame:
    if f.source_effects is None:
        return pl.DataFrame()
    e = f.source_effects
    fixed = fixed_label(f.stopping)
    alone = e.filter(pl.col("model") == "alone")
    joint = e.filter(pl.col("model") != "alone").select(
        "players", "source", pl.col("or_per_sd").alias("j"), pl.col("or_sd_low").alias("jl"),
        pl.col("or_sd_high").alias("jh"))
    t = alone.join(f.source_shares, on=["players", "source"], how="left").join(
        joint, on=["players", "source"], how="left").sort("or_per_sd", descending=True, nulls_last=True)
    return pl.DataFrame([{
        "Source": r["source"], "Share of VP (%)": f"{100 * r['share']:.1f}", "Mean VP": f"{r['mean_vp']:.2f}",
        "Odds ratio per SD, alone": f"{r['or_per_sd']:.3f}", f"{f.confidence:.0%} interval{fixed}":
            f"{r['or_sd_low']:.3f} to {r['or_sd_high']:.3f}",
        "Odds ratio per VP": f"{r['odds_ratio']:.3f}", "p": format_p(r["p_value"]),
        f"Odds ratio per SD, joint ({f.confidence:.0%} interval{fixed})":
            "left free" if r["j"] is None else f"{r['j']:.3f} ({r['jl']:.3f} to {r['jh']:.3f})",
    } for r in t.iter_rows(named=True)])


def _opening_table(t: pl.DataFrame, n: int, fixed: str = "") -> pl.DataFrame:
    sig = t.filter(pl.col("significant"))
    shown = pl.concat([sig.filter(pl.col("delta") > 0).sort("shrunk", descending=True).head(n),
                       sig.filter(pl.col("delta") < 0).sort("shrunk").head(n)])
    return pl.DataFrame([{
        "Seat": r["seat"], "Opening": "(no decision)" if r["opening"] == "-" else r["opening"],
        "Games (% of seat)": f"{r['games']:,} ({100 * r['frequency']:.1f}%)",
        "Win share vs rest (%)": f"{pct(r['win_share'])} vs {pct(r['reference_share'])}",
        "Difference (points)": pct(r["delta"], True, 2),
        f"Corrected interval{fixed}": _iv(r["delta_low"], r["delta_high"], True, 2),
        "Shrunk": pct(r["shrunk"], True, 2), "Adjusted p": format_p(r["p_adjusted"]),
    } for r in shown.iter_rows(named=True)]) if shown.height else pl.DataFrame()


def build_blocks(results_dir: str | Path, **options: Any
                 ) -> tuple[str, list[Block], dict[str, pl.DataFrame], Findings]:
    """The report's title, content blocks, raw tables (exported as CSV) and findings.

    The results are read lazily (each analysis reads only its columns); a data read failure raises ResultsError.
    """
    try:
        lf, manifest, games = open_results(results_dir)  # the chunk check runs while the tables are computed
        try:
            with FigureWorker() as figs:  # the figures are drawn while the next tables are computed
                title, blocks, raw, f = _build_blocks(figs, Path(results_dir), lf, manifest, games, **options)
                for b in blocks:
                    b.content = resolved(b.content)
        except Exception:
            games()  # a chunk that fails its check is the error to report, not what the analysis made of it
            raise
        return title, blocks, raw, f
    except (pl.exceptions.PolarsError, OSError) as exc:
        if isinstance(exc, ResultsError):
            raise
        raise ResultsError(f"results data cannot be read in results folder '{results_dir}': {exc}") from exc


def _opening_key(game: Any) -> str:
    """How the game's opening labels read (its rules' `opening_key`); empty for a game brux does not know."""
    from brux.games import GAMES, get_rules

    return get_rules(game).opening_key if game in GAMES else ""


@dataclass
class RunContext:
    """What the run report's sections read: the results (lazy), their findings, the options and the raw tables the
    sections collect for the Full tables section."""

    figs: FigureWorker
    folder: Path
    manifest: dict[str, Any]
    games: Callable[[], int]
    df: pl.LazyFrame
    cols: list[str]
    sources: list[str]
    openings: list[str]
    n_chunks: int
    stopping: dict[str, Any] | None
    f: Findings
    min_games: int
    correction: str
    confidence: float
    top: int
    margin: float
    raw: dict[str, pl.DataFrame] = field(default_factory=dict)

    @property
    def fixed(self) -> str:
        return fixed_label(self.stopping)

    @property
    def valid(self) -> str:
        return "always valid" if self.stopping else ""


def _findings_section(r: RunContext) -> list[Block]:
    return [Block("ul", r.f.sentences)]


def _seat_balance_section(r: RunContext) -> list[Block]:
    f, confidence, margin, valid = r.f, r.confidence, r.margin, r.valid
    sb = seat_balance(r.df, confidence)
    bm = metrics_from_seat_balance(sb, confidence)
    r.raw["seat_balance"], r.raw["balance_figures"] = sb, bm
    blocks = [
        Block("image", r.figs.figure("plot_seat_balance", _always_valid_shares(f, sb) if r.stopping else sb,
                                     confidence=confidence, margin=margin, interval=valid),
              "Win share per seat around the fair share"),
        Block("p", f"Win share counts a k-way tie for first as 1/k per tied seat. The shaded band is the fair "
                   f"share ± {points(margin)}. The verdict applies the margin to the difference between every "
                   f"two seats (the next figure); its simultaneous intervals use the per-game win shares "
                   f"({f.fairness[0].method if f.fairness else ''})."),
        Block("table", _seat_table(f, sb)),
    ]
    for players, d in f.seat_differences.items():
        r.raw[f"seat_differences_{players}p"] = d
        blocks.append(Block("image", r.figs.figure("plot_seat_differences", d, confidence=confidence, margin=margin,
                                                   interval=valid),
                            f"Paired seat differences, {players} players"))
    shared = [f"{row['players']} players: {100 * row['shared_first_rate']:.2f}% of games "
              f"({pct(row['shared_first_low'], digits=2)}% to {pct(row['shared_first_high'], digits=2)}%)"
              for row in bm.iter_rows(named=True)]
    pairs = ("the always-valid confidence sequences of the verdict" if r.stopping else
             "Bonferroni intervals over the pairs (the standard error of the per-game difference of the two seats' "
             "shares)")
    blocks.append(Block("p", f"Seat differences are paired within games, with {pairs}. First place shared: "
                             + "; ".join(shared) + f" ({confidence:.0%} Wilson{r.fixed})."))
    return blocks


def _score_sources_section(r: RunContext) -> list[Block]:
    f = r.f
    r.raw["source_means"] = f.source_means
    r.raw["source_effects"] = f.source_effects
    e = f.source_effects
    ties = int(e["tie_games"].max()) if e.height else 0
    fitted = int(e["games"].min()) if e.height else 0
    outright = int(e["outright_games"].max()) if e.height else 0
    joint = e.filter(pl.col("model") != "alone")["model"].unique().to_list()
    left = joint[0].removeprefix("joint without ") if joint else ""
    return [
        Block("image", r.figs.figure("plot_source_effects", e, f.source_shares, interval=r.fixed.lstrip(", ")),
              "Score sources and their effect"),
        Block("p", "Left: each source's share of all VP. Right: its within-game association with winning, a "
                   "conditional logit with the game as stratum, one source at a time: an edge in a source "
                   "goes with these odds of winning, which says nothing of cause (a source can travel with "
                   "what decides the game). The odds ratio is per within-game standard deviation of the "
                   "source, and per VP in the table. "
                   + (f"The joint column fits all sources but {left} in one conditional logit (the sources "
                      "add up to the VP that decides the winner, so with all of them the fit has no finite "
                      f"estimate): each figure is a source's association at equal values of the other fitted "
                      f"sources, {left} left free. " if left else "")
                   + f"Games with a shared first place are left out ({ties:,} games); the fits use the first "
                   f"{fitted:,} of the {outright:,} outright games."),
        Block("table", _source_table(f)),
    ]


def _opening_strength_section(r: RunContext) -> list[Block]:
    key = _opening_key(r.manifest.get("game"))
    blocks = [Block("p", key)] if key else []
    for col, op in r.f.openings.items():
        r.raw[f"openings_{col}"] = op
        sig = op.filter(pl.col("significant"))
        fam = CORRECTION_NAMES.get(r.correction, r.correction)
        blocks += [Block("h3", col),
                   Block("p", f"Each seat x opening with at least {r.min_games:,} games against the rest of that "
                              f"seat's games; one correction family per table: {fam} over its {op.height} rows, "
                              f"{sig.height} significant. " + interval_note(r.correction, op.height, r.confidence)
                              + (f" The intervals are {FIXED_SAMPLE}." if r.stopping else "")
                              + " Ranked by the empirical-Bayes shrunken difference; the least-played opening shown "
                              f"has {int(op['games'].min()) if op.height else 0:,} games.")]
        if op.height == 0:
            continue
        t = _opening_table(op, r.top, r.fixed)
        if t.height:
            blocks.append(Block("table", t))
        blocks.append(Block("image", r.figs.figure("plot_opening_strength", op, interval=r.fixed.lstrip(", ")),
                            f"Opening strength ({col})"))
    return blocks


def _vp_distribution_section(r: RunContext) -> list[Block]:
    return [Block("image", r.figs.figure("plot_vp_distribution", r.df), "Final VP per seat")]


def _game_length_section(r: RunContext) -> list[Block]:
    gl = game_length(r.df)
    r.raw["game_length"] = gl
    return [Block("p", "Decisions taken by players per game (each game counted once)."),
            Block("table", pl.DataFrame([{
                "Players": row["players"], "Games": f"{row['games']:,}", "Mean": f"{row['mean']:.1f}",
                "Median": f"{row['q50']:.0f}", "5% to 95%": f"{row['q05']:.0f} to {row['q95']:.0f}",
                "Range": f"{row['min']} to {row['max']}"} for row in gl.iter_rows(named=True)]))]


def _how_many_section(r: RunContext) -> list[Block]:
    return [Block("p", " ".join(s for s in r.f.sentences if "detects a seat gap" in s)
                  + " Sample sizes for other effects: brux plan --players N --gap 0.01.")]


def _run_section(r: RunContext) -> list[Block]:
    blocks = [Block("dl", _manifest_items({**r.manifest, "games_done": r.games()}, r.folder, r.n_chunks))]
    stopping = r.stopping
    if stopping:
        blocks.append(Block("p", f"Sequential run: rule {stopping['rule']}"
                                 + (f" (target {stopping['target']:g})" if stopping.get("target") else "")
                                 + f", looked after {', '.join(f'{n:,}' for n in stopping.get('looks', []))} "
                                 f"games; stopped: {stopping['reason']}."))
    return blocks


def _full_tables_section(r: RunContext) -> list[Block]:
    return [Block("p", "Every table in full, also saved as CSV next to this report."
                  + (" After the sequential stop the low/high columns of seat_differences are the always-valid "
                     f"sequences; every other interval column is {FIXED_SAMPLE}." if r.stopping else ""))] + [
        Block("details", t, name) for name, t in r.raw.items() if t is not None]


SECTIONS = (
    Section("Findings", _findings_section),
    Section("Seat balance", _seat_balance_section),
    Section("Score sources", _score_sources_section, lambda r: bool(r.sources),
            "No vp_<source> columns in the results."),
    Section("Opening strength", _opening_strength_section, lambda r: bool(r.openings),
            "No opening_* columns in the results."),
    Section("VP distribution", _vp_distribution_section),
    Section("Game length", _game_length_section, lambda r: "length" in r.cols, "No length column in the results."),
    Section("How many games?", _how_many_section),
    Section("Run", _run_section),
    Section("Full tables", _full_tables_section),  # last: it folds away every table the sections before collected
)
SECTION_TITLES = section_titles(SECTIONS)


def _build_blocks(
    figs: FigureWorker,
    folder: Path,
    lf: pl.LazyFrame,
    manifest: dict[str, Any],
    games: Callable[[], int],
    *,
    min_games: int = 100,
    correction: str = DEFAULT_CORRECTION,
    confidence: float = 0.95,
    top: int = 10,
    margin: float = DEFAULT_MARGIN,
) -> tuple[str, list[Block], dict[str, pl.DataFrame], Findings]:
    cols = columns(lf)
    sources = source_columns(cols)
    openings = opening_columns(cols)
    keys = [c for c in GAME_KEY_CANDIDATES if c in cols]
    wanted = list(dict.fromkeys([c for c in (*_BASE_COLUMNS, *keys) if c in cols] + sources + openings))
    df = lf.select(wanted)  # lazy: every analysis reads only the columns it needs
    n_chunks = len(list(folder.glob("chunk-*.parquet")))
    stopping = None  # a sequential run's stopping record belongs to the games the check counts
    if (folder / STOPPING_FILE).is_file():
        stopping = read_stopping(folder, {**manifest, "games_done": games()})
    f = findings(df, margin=margin, confidence=confidence, correction=correction, min_games=min_games,
                 stopping=stopping)
    context = RunContext(figs, folder, manifest, games, df, cols, sources, openings, n_chunks, stopping, f,
                         min_games, correction, confidence, top, margin)
    blocks = section_blocks(SECTIONS, context)
    return f"brux results report: {manifest.get('game', folder.name)}", blocks, context.raw, f


def write_report(
    results_dir: str | Path,
    out_path: str | Path,
    format: str = "html",
    *,
    min_games: int = 100,
    correction: str = DEFAULT_CORRECTION,
    confidence: float = 0.95,
    top: int = 10,
    margin: float = DEFAULT_MARGIN,
) -> Path:
    """Write a self-contained report of a results folder and return its path.

    Sections (``SECTION_TITLES``): Findings (plain sentences with numbers and intervals, see
    :func:`analysis.findings.findings`), Seat balance, Score sources, Opening strength (per ``opening_*`` column:
    the significant openings after the correction, strongest and weakest ``top``, forest plot), VP distribution,
    Game length, How many games?, Run (the manifest, and how a sequential run stopped) and Full tables (folded
    away; every one also written as CSV into the folder ``<report name>_tables`` next to the report).
    ``format`` is ``"html"`` or ``"md"``; plots are embedded as base64 PNG data URIs in both. ``margin`` is the
    fairness margin in win share (0.02 = 2 points). ``correction`` is the opening tables' multiple-comparison
    correction (:func:`analysis.opening_strength`; the default Bonferroni gives simultaneous intervals). A sweep
    folder (``sweep.json``) gets the comparison report of its cells instead
    (:func:`analysis.compare.write_sweep_report`, with its own Holm correction over the seats).
    """
    if format not in FORMATS:
        raise ValueError(f"format must be one of {FORMATS}, got {format!r}")
    if is_sweep(results_dir):  # a sweep folder: the comparison report of its cells (analysis.compare)
        from .compare import write_sweep_report

        return write_sweep_report(results_dir, out_path, format, confidence=confidence, margin=margin)
    return report_and_findings(results_dir, out_path, format, min_games=min_games, correction=correction,
                               confidence=confidence, top=top, margin=margin)[0]


def report_and_findings(results_dir: str | Path, out_path: str | Path, format: str = "html", **options: Any
                        ) -> tuple[Path, Findings]:
    """:func:`write_report` of a results folder (not a sweep) that also returns the findings it reports."""
    if format not in FORMATS:
        raise ValueError(f"format must be one of {FORMATS}, got {format!r}")
    title, blocks, raw, f = build_blocks(results_dir, **options)
    return write_page(title, blocks, out_path, format, raw), f
