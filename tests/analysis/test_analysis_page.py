"""analysis.page: blocks, and report sections declared once and built in order."""

import pytest

from analysis import report, sweep_report
from analysis.page import Block, Section, section_blocks, section_titles


def test_sections_build_in_order_and_a_missing_need_shows_its_note():
    built = []

    def part(name):
        def build(ctx):
            built.append(name)
            return [Block("p", f"{name} of {ctx['n']}")]
        return build

    sections = (Section("A", part("a")), Section("B", part("b"), lambda c: c["n"] > 5, "B needs more than 5."),
                Section("C", part("c")))
    blocks = section_blocks(sections, {"n": 3})
    assert [(b.kind, b.content) for b in blocks] == [("h2", "A"), ("p", "a of 3"), ("h2", "B"),
                                                     ("p", "B needs more than 5."), ("h2", "C"), ("p", "c of 3")]
    assert built == ["a", "c"]
    assert section_titles(sections) == ("A", "B", "C")


def test_the_reports_titles_are_their_sections():
    assert report.SECTION_TITLES == tuple(s.title for s in report.SECTIONS)
    assert report.SECTION_TITLES[0] == "Findings" and report.SECTION_TITLES[-1] == "Full tables"
    assert sweep_report.SECTION_TITLES == tuple(s.title for s in sweep_report.SECTIONS)


def test_an_unknown_block_kind_is_refused():
    with pytest.raises(ValueError, match="block kind must be one of"):
        Block("h7", "x")
