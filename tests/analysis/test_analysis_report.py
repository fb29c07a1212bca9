import base64
import re
from html.parser import HTMLParser

import pytest

from analysis import ResultsError, write_report
from analysis.report import SECTION_TITLES
from tests.analysis.synthetic import PLANTED

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
DATA_URI = re.compile(r"data:image/png;base64,([A-Za-z0-9+/=]+)")


class _Collector(HTMLParser):
    def __init__(self):
        super().__init__()
        self.headings, self.images, self._tag = [], [], None

    def handle_starttag(self, tag, attrs):
        self._tag = tag
        if tag == "img":
            self.images.append(dict(attrs)["src"])

    def handle_data(self, data):
        if self._tag in ("h1", "h2", "h3") and data.strip():
            self.headings.append(data.strip())

    def handle_endtag(self, tag):
        self._tag = None


def _assert_images(text, at_least):
    images = DATA_URI.findall(text)
    assert len(images) >= at_least
    for b64 in images:
        assert base64.b64decode(b64)[:8] == PNG_MAGIC


def test_html_report(results_folder, tmp_path):
    out = write_report(results_folder, tmp_path / "sub" / "report.html")
    assert out == tmp_path / "sub" / "report.html" and out.is_file()
    text = out.read_text(encoding="utf-8")
    parser = _Collector()
    parser.feed(text)
    for title in SECTION_TITLES:
        assert title in parser.headings
    assert parser.headings[1] == "Findings"  # findings first, right under the title
    assert "opening_1" in parser.headings and "opening_2" in parser.headings
    assert len(parser.images) >= 6  # seats, seat differences, sources, VP, one forest plot per opening column
    _assert_images(text, 6)
    assert "src=\"http" not in text and "<script" not in text  # self-contained
    # manifest facts
    for fact in ("synthetic", "0123456789ab", "start_bef = 3", "random | random | random", "6,000"):
        assert fact in text
    # the findings name the verdict, the planted opening and the caveat; raw tables are folded away
    findings_html = text.split('<ul class="findings">')[1].split("</ul>")[0]
    assert "points of win share" in findings_html and PLANTED[1] in findings_html
    assert "line-up played" in findings_html
    assert "<details><summary>seat_balance" in text and "snake" not in text
    assert "< 1e-300" not in text
    assert not list(out.parent.glob("*.tmp"))
    csv = out.parent / "report_tables"
    names = {p.name for p in csv.glob("*.csv")}
    assert {"seat_balance.csv", "source_effects.csv", "openings_opening_1.csv"} <= names
    assert 'href="report_tables/seat_balance.csv"' in text


def test_markdown_report(results_folder, tmp_path):
    out = write_report(results_folder, tmp_path / "report.md", format="md")
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# brux results report: synthetic\n\n## Findings\n\n- ")
    for title in SECTION_TITLES:
        assert f"\n## {title}\n" in text
    assert "\n### opening_1\n" in text
    assert "<html" not in text
    assert "![Win share per seat around the fair share](data:image/png;base64," in text
    _assert_images(text, 6)
    # table cells holding a line-up keep the pipe escaped so the table stays intact
    assert "random \\| random \\| random" in text
    header = next(line for line in text.splitlines() if line.startswith("| players | lineup | seat"))
    assert header.count(" | ") == 14  # 15 columns


def test_report_options_and_errors(results_folder, tmp_path):
    with pytest.raises(ValueError, match="format"):
        write_report(results_folder, tmp_path / "r.pdf", format="pdf")
    with pytest.raises(ResultsError, match="does not exist"):
        write_report(tmp_path / "missing", tmp_path / "r.html")
    strict = write_report(results_folder, tmp_path / "strict.md", format="md", min_games=10**9)
    assert "with at least 1,000,000,000 games" in strict.read_text()
    wide = write_report(results_folder, tmp_path / "wide.md", format="md", margin=0.2).read_text()
    assert "Seats: fair within ±20 points of win share" in wide
