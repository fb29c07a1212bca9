import numpy as np
import polars as pl
import pytest
from matplotlib.colors import to_hex
from matplotlib.figure import Figure

from analysis import (
    opening_strength,
    plot_opening_strength,
    plot_score_sources,
    plot_seat_balance,
    plot_vp_distribution,
    score_sources,
    seat_balance,
    vp_counts,
)
from analysis.plots import SIGNIFICANT_COLOUR
from tests.analysis.synthetic import PLANTED, make_table

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def small(planted_table):
    return planted_table.head(9_000)


def test_seat_balance_plot(small, tmp_path):
    out = tmp_path / "sb.png"
    fig = plot_seat_balance(small, path=out)
    assert isinstance(fig, Figure)
    assert out.read_bytes()[:8] == PNG_MAGIC
    ax = fig.axes[0]
    sb = seat_balance(small)
    dots = ax.containers[0].lines[0]  # win shares as dots with interval bars, not bars from 0
    np.testing.assert_allclose(dots.get_ydata(), sb["win_share"].to_numpy())
    assert not ax.patches
    fair = [ln for ln in ax.get_lines() if ln.get_label() == "fair share"]
    assert fair and fair[0].get_ydata()[0] == pytest.approx(1 / 3)
    low, high = ax.get_ylim()  # zoomed to the data: the axis does not start at 0
    assert low > 0.2 and high < 0.5
    assert low <= sb["win_share_low"].min() and sb["win_share_high"].max() <= high
    assert fig._repr_png_()[:8] == PNG_MAGIC


def test_seat_balance_plot_from_table_and_several_groups():

    df = pl.concat([make_table(300, 2, seed=1), make_table(300, 4, seed=2)])
    fig = plot_seat_balance(seat_balance(df))
    assert len(fig.axes) == 2
    assert [len(ax.containers[0].lines[0].get_xdata()) for ax in fig.axes] == [2, 4]


@pytest.mark.parametrize("stacked", [True, False])
def test_score_sources_plot(small, stacked, tmp_path):
    fig = plot_score_sources(score_sources(small), stacked=stacked, path=tmp_path / "ss.png")
    assert isinstance(fig, Figure)
    ax = fig.axes[0]
    assert len(ax.patches) == 4 * 3  # sources x seats
    if stacked:
        tops = {}
        for p in ax.patches:
            x = round(p.get_x() + p.get_width() / 2)
            tops[x] = max(tops.get(x, 0), p.get_y() + p.get_height())
        expected = small.group_by("seat").agg(pl.col("vp").mean()).sort("seat")["vp"].to_numpy()
        np.testing.assert_allclose([tops[i] for i in range(3)], expected)
    assert (tmp_path / "ss.png").stat().st_size > 1000


def test_vp_distribution_plot_uses_counts(small, tmp_path):
    fig = plot_vp_distribution(small, path=tmp_path / "vp.png")
    assert isinstance(fig, Figure)
    ax = fig.axes[0]
    assert len(ax.patches) == 3  # one step histogram per seat
    for patch in ax.patches:
        # fractions over the VP values add up to 1
        vals = patch.get_data().values
        assert vals.sum() == pytest.approx(1.0)
    fig2 = plot_vp_distribution(vp_counts(small))
    np.testing.assert_allclose(fig2.axes[0].patches[0].get_data().values, ax.patches[0].get_data().values)


def test_opening_forest_plot_colours_significance(planted_table, tmp_path):
    op = opening_strength(planted_table)
    fig = plot_opening_strength(op, path=tmp_path / "op.png")
    ax = fig.axes[0]
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert len(labels) == op.height
    assert any(label.startswith(f"seat {PLANTED[0]}: {PLANTED[1]} (n=") for label in labels)
    groups = {c.get_label(): c for c in ax.containers}
    sig, plain = groups["significant (corrected interval)"], groups["not significant (corrected interval)"]
    assert len(sig.lines[0].get_xdata()) == int(op["significant"].sum()) == 1
    assert len(plain.lines[0].get_xdata()) == op.height - 1
    assert to_hex(sig.lines[0].get_color()) == SIGNIFICANT_COLOUR
    assert to_hex(plain.lines[0].get_color()) != SIGNIFICANT_COLOUR
    # the red interval is the corrected one and it excludes 0; the grey ones include 0
    (seg,) = sig.lines[2][0].get_segments()
    row = op.filter(pl.col("significant")).row(0, named=True)
    assert (seg[0][0], seg[1][0]) == pytest.approx((row["delta_low"], row["delta_high"]))
    assert seg[0][0] > 0
    for seg in plain.lines[2][0].get_segments():
        assert seg[0][0] <= 0 <= seg[1][0]
    assert (tmp_path / "op.png").read_bytes()[:8] == PNG_MAGIC


def test_opening_forest_plot_limits_rows(planted_table):
    fig = plot_opening_strength(planted_table, max_rows=5, min_games=50)
    labels = [t.get_text() for t in fig.axes[0].get_yticklabels()]
    assert len(labels) == 5
    assert labels[-1].startswith(f"seat {PLANTED[0]}: {PLANTED[1]}") or labels[0].startswith(
        f"seat {PLANTED[0]}: {PLANTED[1]}")


def test_empty_opening_plot_still_returns_a_figure(planted_table):
    fig = plot_opening_strength(planted_table, min_games=10**9)
    assert isinstance(fig, Figure)
    assert "no opening" in fig.axes[0].texts[0].get_text()
