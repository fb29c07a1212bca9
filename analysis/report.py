"""One self-contained HTML or Markdown page summarising a results folder (plots embedded as PNG data URIs)."""

from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl

from . import _render as R
from ._frame import columns, opening_columns, source_columns
from .balance import GAME_KEY_CANDIDATES, metrics_from_seat_balance, seat_balance
from .io import collect, read_results
from .length import game_length
from .openings import opening_strength
from .plots import (
    figure_png,
    plot_opening_strength,
    plot_score_sources,
    plot_seat_balance,
    plot_vp_distribution,
    vp_counts,
)
from .sources import score_sources

FORMATS = ("html", "md")
SECTION_TITLES = ("Run", "Seat balance", "Score sources", "VP distribution", "Opening strength", "Game length")
_BASE_COLUMNS = ("players", "seat", "agent", "lineup", "win_share", "rank", "vp", "length")


@dataclass
class _Block:
    kind: str  # "h2", "h3", "p", "table", "image", "dl"
    content: Any
    extra: Any = None


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
        ("games", f"{done} of {games} (incomplete run: the report covers the games found)" if done != games
         else games),
        ("brux version", manifest.get("brux_version")),
        ("folder", f"{folder} ({n_chunks} chunk files)"),
    ]
    return [(k, "" if v is None else str(v)) for k, v in items]


def _top_bottom(table: pl.DataFrame, top: int) -> list[tuple[str, pl.DataFrame]]:
    shown = ["players", "seat", "opening", "games", "frequency", "win_share", "win_share_low", "win_share_high",
             "seat_win_share", "delta", "p_adjusted", "significant"]
    if table.height <= 2 * top:
        return [("All openings", table.sort("delta", descending=True).select(shown))]
    return [
        (f"Top {top} by difference from the seat average", table.sort("delta", descending=True).head(top)
         .select(shown)),
        (f"Bottom {top}", table.sort("delta").head(top).select(shown)),
    ]


def build_blocks(
    results_dir: str | Path,
    *,
    min_games: int = 100,
    correction: str = "holm",
    confidence: float = 0.95,
    top: int = 10,
    max_significant: int = 50,
) -> tuple[str, list[_Block]]:
    """The report's title and content blocks (tables as polars frames, plots as PNG bytes)."""
    folder = Path(results_dir)
    lf, manifest = read_results(folder)
    cols = columns(lf)
    sources = source_columns(cols)
    openings = opening_columns(cols)
    keys = [c for c in GAME_KEY_CANDIDATES if c in cols]
    wanted = list(dict.fromkeys([c for c in (*_BASE_COLUMNS, *keys) if c in cols] + sources + openings))
    df = collect(lf.select(wanted), folder)
    n_chunks = len(list(folder.glob("chunk-*.parquet")))
    pct = f"{confidence:.0%}"
    blocks: list[_Block] = []
    add = blocks.append

    add(_Block("h2", "Run"))
    add(_Block("dl", _manifest_items(manifest, folder, n_chunks)))

    add(_Block("h2", "Seat balance"))
    sb = seat_balance(df, confidence)
    bm = metrics_from_seat_balance(sb, confidence)
    add(_Block("p", "Balance = 1 - largest gap between two seats' win shares; advantage_p1 = seat 0's win share / "
                    "fair share (1/players); drawishness = fraction of games with a shared first place "
                    f"({pct} Wilson interval)."))
    add(_Block("table", bm))
    add(_Block("p", f"Win share counts a k-way tie for first as 1/k per tied seat; win_share_low/high: {pct} Wilson "
                    f"interval. sim_low/high: {pct} Goodman simultaneous intervals for the outright-win rate of all "
                    "seats (and the tie rate) together. Outright and shared wins are counted separately."))
    add(_Block("table", sb))
    add(_Block("image", figure_png(plot_seat_balance(sb)), "Win share per seat"))

    add(_Block("h2", "Score sources"))
    if sources:
        ss = score_sources(df)
        add(_Block("p", "Mean VP per scoring source and seat; share = fraction of all VP; winners are the seats "
                        "finishing first (shared first included); diff_winners = mean among winners - mean among "
                        "the others; corr_win = point-biserial correlation with winning."))
        add(_Block("table", ss))
        add(_Block("h3", "All seats"))
        add(_Block("table", score_sources(df, by_seat=False).drop("seat")))
        add(_Block("image", figure_png(plot_score_sources(ss)), "Mean VP by source per seat"))
    else:
        add(_Block("p", "No vp_<source> columns in the results."))

    add(_Block("h2", "VP distribution"))
    add(_Block("image", figure_png(plot_vp_distribution(vp_counts(df))), "Final VP per seat"))

    add(_Block("h2", "Opening strength"))
    add(_Block("p", f"Per seat and opening with at least {min_games} games: win share with a {pct} Wilson "
                    "interval, two-sided z test against the seat's average win share, p-values corrected with "
                    f"{correction} over all openings of the table."))
    if not openings:
        add(_Block("p", "No opening_* columns in the results."))
    for col in openings:
        op = opening_strength(df, col, min_games=min_games, correction=correction, confidence=confidence)
        sig = op.filter(pl.col("significant"))
        add(_Block("h3", col))
        add(_Block("p", f"{op.height} seat x opening combinations tested, {sig.height} significant."))
        if op.height == 0:
            continue
        if sig.height:
            add(_Block("p", "Significant openings" + (f" (first {max_significant})" if sig.height > max_significant
                                                     else "") + ":"))
            add(_Block("table", sig.sort("p_adjusted").head(max_significant).select(
                "players", "seat", "opening", "games", "win_share", "win_share_low", "win_share_high",
                "seat_win_share", "delta", "lift", "p_value", "p_adjusted")))
        for title, t in _top_bottom(op, top):
            add(_Block("p", title + ":"))
            add(_Block("table", t))
        add(_Block("image", figure_png(plot_opening_strength(op)), f"Opening strength ({col})"))

    add(_Block("h2", "Game length"))
    if "length" in cols:
        add(_Block("p", "Decisions taken by players per game (each game counted once)."))
        add(_Block("table", game_length(df)))
    else:
        add(_Block("p", "No length column in the results."))

    title = f"brux results report: {manifest.get('game', folder.name)}"
    return title, blocks


def _render_html(title: str, blocks: list[_Block]) -> str:
    head = (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{R.HTML_STYLE}</style></head><body>"
    )
    parts = [head, f"<h1>{html.escape(title)}</h1>"]
    for b in blocks:
        if b.kind in ("h2", "h3"):
            parts.append(f"<{b.kind}>{html.escape(b.content)}</{b.kind}>")
        elif b.kind == "p":
            parts.append(f'<p class="note">{html.escape(b.content)}</p>')
        elif b.kind == "table":
            parts.append(R.table_html(b.content))
        elif b.kind == "image":
            parts.append(R.image_html(b.content, b.extra))
        elif b.kind == "dl":
            parts.append("<dl>" + "".join(f"<dt>{html.escape(k)}</dt><dd>{html.escape(v)}</dd>"
                                          for k, v in b.content) + "</dl>")
    parts.append("</body></html>\n")
    return "\n".join(parts)


def _render_md(title: str, blocks: list[_Block]) -> str:
    parts = [f"# {title}"]
    for b in blocks:
        if b.kind == "h2":
            parts.append(f"## {b.content}")
        elif b.kind == "h3":
            parts.append(f"### {b.content}")
        elif b.kind == "p":
            parts.append(b.content)
        elif b.kind == "table":
            parts.append(R.table_md(b.content))
        elif b.kind == "image":
            parts.append(R.image_md(b.content, b.extra))
        elif b.kind == "dl":
            parts.append("\n".join(f"- **{k}**: {v}" for k, v in b.content))
    return "\n\n".join(parts) + "\n"


def write_report(
    results_dir: str | Path,
    out_path: str | Path,
    format: str = "html",
    *,
    min_games: int = 100,
    correction: str = "holm",
    confidence: float = 0.95,
    top: int = 10,
) -> Path:
    """Write a self-contained report of a results folder and return its path.

    Sections: Run (the manifest: game, players, params_id, non-default overrides, agents, master seed, games),
    Seat balance (metrics and per-seat table), Score sources (per seat and all seats), VP distribution, Opening
    strength (per ``opening_*`` column: significant openings, top and bottom ``top`` by difference from the seat
    average, forest plot) and Game length. ``format`` is ``"html"`` or ``"md"``; plots are embedded as base64 PNG
    data URIs in both. The results are read once with polars; nothing is converted to pandas. A sweep folder
    (``sweep.json``) gets the comparison report of its cells instead (:func:`analysis.compare.write_sweep_report`).
    """
    if format not in FORMATS:
        raise ValueError(f"format must be one of {FORMATS}, got {format!r}")
    from .compare import is_sweep, write_sweep_report

    if is_sweep(results_dir):  # a sweep folder: the comparison report of its cells (analysis.compare)
        return write_sweep_report(results_dir, out_path, format, confidence=confidence, correction=correction)
    title, blocks = build_blocks(results_dir, min_games=min_games, correction=correction, confidence=confidence,
                                 top=top)
    return write_page(title, blocks, out_path, format)


def write_page(title: str, blocks: list[_Block], out_path: str | Path, format: str) -> Path:
    """Render blocks as one self-contained HTML or Markdown page, written atomically."""
    text = _render_html(title, blocks) if format == "html" else _render_md(title, blocks)
    out = Path(out_path)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(out.name + ".tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(out)
    except BaseException:  # a full disk leaves no partial file behind
        tmp.unlink(missing_ok=True)
        raise
    return out
