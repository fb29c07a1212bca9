"""The page model every report shares: a page is a title and a list of blocks (headings, paragraphs, lists,
tables, images, definition lists, folded tables), rendered as one self-contained HTML or Markdown file."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl

from . import _render as R
from .stats import plural

FORMATS = ("html", "md")
BLOCK_KINDS = ("h2", "h3", "p", "ul", "table", "image", "dl", "details")


@dataclass
class Block:
    """One piece of a page: ``kind`` (one of ``BLOCK_KINDS``), its ``content`` and, for images and folded tables,
    ``extra`` (the caption, or the table's name)."""

    kind: str
    content: Any
    extra: Any = None

    def __post_init__(self) -> None:
        if self.kind not in BLOCK_KINDS:
            raise ValueError(f"block kind must be one of {BLOCK_KINDS}, got {self.kind!r}")


@dataclass(frozen=True)
class Section:
    """A report section, declared once: its title, how it builds its blocks from the report's context, and what it
    needs: when `needs(context)` is false the section shows `missing` instead of its content."""

    title: str
    build: Callable[[Any], list[Block]]
    needs: Callable[[Any], bool] | None = None
    missing: str = ""


def section_titles(sections: Sequence[Section]) -> tuple[str, ...]:
    """The titles of a report's sections, in order."""
    return tuple(s.title for s in sections)


def section_blocks(sections: Sequence[Section], context: Any) -> list[Block]:
    """Each section's heading and blocks (or its `missing` note), built in order from `context`."""
    blocks: list[Block] = []
    for s in sections:
        blocks.append(Block("h2", s.title))
        if s.needs is not None and not s.needs(context):
            blocks.append(Block("p", s.missing))
        else:
            blocks.extend(s.build(context))
    return blocks


def render_html(title: str, blocks: list[Block], csv_dir: str = "") -> str:
    head = (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}</title><style>{R.HTML_STYLE}</style></head><body>"
    )
    parts = [head, f"<h1>{html.escape(title)}</h1>"]
    for b in blocks:
        if b.kind in ("h2", "h3"):
            parts.append(f"<{b.kind}>{html.escape(b.content)}</{b.kind}>")
        elif b.kind == "p":
            parts.append(f'<p class="note">{html.escape(b.content)}</p>')
        elif b.kind == "ul":
            parts.append('<ul class="findings">' + "".join(f"<li>{html.escape(x)}</li>" for x in b.content)
                         + "</ul>")
        elif b.kind == "table":
            parts.append(R.table_html(b.content))
        elif b.kind == "details":
            link = f' <a href="{html.escape(csv_dir)}/{html.escape(b.extra)}.csv">CSV</a>' if csv_dir else ""
            parts.append(f"<details><summary>{html.escape(b.extra)} ({plural(b.content.height, 'row')})</summary>{link}"
                         + R.table_html(b.content.head(R.MAX_RAW_ROWS)) + "</details>")
        elif b.kind == "image":
            parts.append(R.image_html(b.content, b.extra))
        elif b.kind == "dl":
            parts.append("<dl>" + "".join(f"<dt>{html.escape(k)}</dt><dd>{html.escape(v)}</dd>"
                                          for k, v in b.content) + "</dl>")
    parts.append("</body></html>\n")
    return "\n".join(parts)


def render_md(title: str, blocks: list[Block], csv_dir: str = "") -> str:
    parts = [f"# {title}"]
    for b in blocks:
        if b.kind == "h2":
            parts.append(f"## {b.content}")
        elif b.kind == "h3":
            parts.append(f"### {b.content}")
        elif b.kind == "p":
            parts.append(b.content)
        elif b.kind == "ul":
            parts.append("\n".join(f"- {x}" for x in b.content))
        elif b.kind == "table":
            parts.append(R.table_md(b.content))
        elif b.kind == "details":
            link = f" ([CSV]({csv_dir}/{b.extra}.csv))" if csv_dir else ""
            parts.append(f"<details><summary>{b.extra} ({plural(b.content.height, 'row')})</summary>{link}\n\n"
                         + R.table_md(b.content.head(R.MAX_RAW_ROWS)) + "\n\n</details>")
        elif b.kind == "image":
            parts.append(R.image_md(b.content, b.extra))
        elif b.kind == "dl":
            parts.append("\n".join(f"- **{k}**: {v}" for k, v in b.content))
    return "\n\n".join(parts) + "\n"


def write_tables(raw: dict[str, pl.DataFrame], out_path: str | Path) -> str:
    """Write the raw tables as CSV into ``<report stem>_tables/`` next to the report; returns that folder's name."""
    from sims.atomic import atomic_folder

    out = Path(out_path)

    def fill(folder: Path) -> None:
        for name, t in raw.items():
            if t is not None:
                t.write_csv(folder / f"{name}.csv")

    return atomic_folder(out.with_name(out.stem + "_tables"), fill).name


def write_page(title: str, blocks: list[Block], out_path: str | Path, format: str,
               raw: dict[str, pl.DataFrame] | None = None) -> Path:
    """Render blocks as one self-contained HTML or Markdown page, written atomically (raw tables as CSV).

    A symlink is written through; a path that holds a folder, device or pipe is refused before anything is written.
    """
    from sims.atomic import atomic_write, write_target

    out = Path(out_path)
    write_target(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    csv_dir = write_tables(raw, out) if raw else ""
    text = render_html(title, blocks, csv_dir) if format == "html" else render_md(title, blocks, csv_dir)
    atomic_write(out, lambda p: p.write_text(text, encoding="utf-8"))
    return out
