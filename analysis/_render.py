"""Rendering small polars tables and images as HTML or Markdown fragments."""

from __future__ import annotations

import base64
import html
import math
from typing import Any

import polars as pl

from .stats import format_p

P_COLUMNS = ("p_value", "p_adjusted", "corr_p")
#: rows of a raw table shown inside the report (the CSV next to it has them all)
MAX_RAW_ROWS = 200


def fmt(value: Any, column: str = "") -> str:
    """One cell as text: floats to 4 decimals (p-values to 3 significant digits), nulls empty."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        if math.isnan(value):
            return ""
        if column in P_COLUMNS:
            return format_p(value)
        if value != 0 and abs(value) < 1e-3:
            return f"{value:.3g}"
        return f"{value:.4f}"
    return str(value)


def _rows(df: pl.DataFrame) -> list[list[str]]:
    cols = df.columns
    return [[fmt(v, c) for v, c in zip(row, cols)] for row in df.iter_rows()]


def table_html(df: pl.DataFrame) -> str:
    """An HTML ``<table>`` of ``df``."""
    head = "".join(f"<th>{html.escape(c)}</th>" for c in df.columns)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>" for row in _rows(df)
    )
    return f'<div class="scroll"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'


def _md_cell(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def table_md(df: pl.DataFrame) -> str:
    """A GitHub-flavoured Markdown pipe table of ``df``."""
    lines = ["| " + " | ".join(_md_cell(c) for c in df.columns) + " |",
             "|" + "|".join("---" for _ in df.columns) + "|"]
    lines += ["| " + " | ".join(_md_cell(cell) for cell in row) + " |" for row in _rows(df)]
    return "\n".join(lines)


def data_uri(png: bytes) -> str:
    """A ``data:image/png;base64,...`` URI for PNG bytes."""
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def image_html(png: bytes, alt: str) -> str:
    return f'<figure><img alt="{html.escape(alt)}" src="{data_uri(png)}"></figure>'


def image_md(png: bytes, alt: str) -> str:
    return f"![{alt.replace(']', ')')}]({data_uri(png)})"


HTML_STYLE = """
* { box-sizing: border-box; }
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2em auto; max-width: 1100px;
       color: #222; line-height: 1.45; padding: 0 1em; }
.scroll { max-width: 100%; overflow-x: auto; }
table { border-collapse: collapse; margin: 0.6em 0 1.2em; font-size: 0.85em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.5em; text-align: right; white-space: nowrap; }
th { background: #f2f4f4; white-space: normal; vertical-align: bottom; }  /* long headers wrap, numbers do not */
td:first-child, th:first-child { text-align: left; }
h1 { border-bottom: 2px solid #2e86c1; padding-bottom: 0.2em; font-size: 1.6em; overflow-wrap: anywhere; }
h2 { margin-top: 1.8em; border-bottom: 1px solid #ddd; }
figure { margin: 0.5em 0 1.5em; } img { max-width: 100%; height: auto; }
.note { color: #555; font-size: 0.9em; }
ul.findings { font-size: 1.05em; background: #f4f9fd; border-left: 4px solid #2e86c1; padding: 0.8em 1em 0.8em 2em; }
ul.findings li { margin: 0.35em 0; }
details { margin: 0.4em 0; } summary { cursor: pointer; font-weight: 600; }
dl { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0.2em 1em; }
dt { font-weight: 600; } dd { margin: 0; overflow-wrap: anywhere; }
"""
