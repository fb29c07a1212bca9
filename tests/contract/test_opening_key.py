"""Every game says how its opening labels read (the report prints it above the opening tables)."""

import pytest

import brux
from brux.games import get_rules


@pytest.mark.parametrize("name", brux.list_games())
def test_the_opening_key_explains_the_games_own_labels(name):
    game = brux.load_game(name, get_rules(name).min_players)
    key = get_rules(name).opening_key
    named = [label for label in game.opening_labels() if f"'{label}'" in key]
    assert key and named, f"{name}: the opening key quotes none of the game's opening labels"


def test_the_report_prints_the_key_above_the_opening_tables(tmp_path):
    import sims
    from analysis.report import write_report

    run = sims.run("bruxelles1897", 3, 400, seed=2, out=tmp_path / "r", jobs=1)
    text = write_report(run.path, tmp_path / "report.md", format="md").read_text()
    section = text.split("\n## Opening strength\n")[1]
    assert section.lstrip().startswith(get_rules("bruxelles1897").opening_key)
