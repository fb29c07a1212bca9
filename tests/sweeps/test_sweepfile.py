"""Sweep files: the cells they describe and validation errors that name the bad key, before anything runs."""

from __future__ import annotations

import pytest

from sims import SimsError
from sims.cli import main
from sims.sweepfile import load_sweep, parse_sweep
from tests.sweeps.conftest import GAME, err_line, write

BASE = {"game": GAME, "players": 3, "games": 100}


def test_grid_is_a_cartesian_product_with_the_baseline_first():
    spec = parse_sweep({**BASE, "grid": {"start_money": [[4, 5, 6, 7], [5, 5, 6, 6], [5, 6, 6, 7]],
                                         "exhibit_vp": [1, 2, 3]}})
    cells = spec.cells
    # 9 grid points; [4,5,6,7] x exhibit_vp=2 is the rules as written and becomes the baseline
    assert len(cells) == 9
    assert cells[0].baseline and cells[0].name == "baseline" and cells[0].overrides == {}
    assert cells[0].aliases == ("start_money=[4,5,6,7] exhibit_vp=2",)
    assert sum(c.baseline for c in cells) == 1
    assert len({c.params_id for c in cells}) == 9
    assert cells[1].overrides == {"start_money": [4, 5, 6, 7], "exhibit_vp": 1}
    assert all(c.path == f"3p/random/{c.params_id}" for c in cells)


def test_variants_and_player_counts():
    spec = parse_sweep({**BASE, "players": [3, 4], "variants": [{"name": "flat", "start_money": [5, 5, 5, 5]}]})
    assert [(c.players, c.name) for c in spec.cells] == [(3, "baseline"), (3, "flat"), (4, "baseline"), (4, "flat")]
    assert spec.cells[3].agents == ("random",) * 4 and spec.cells[3].path.startswith("4p/random/")


def test_same_lineup_twice_is_refused():
    with pytest.raises(SimsError, match="share the folder name"):
        parse_sweep({**BASE, "agents": ["random", "random,random,random"]})


def test_dotted_grid_keys_become_tables():
    spec = parse_sweep({**BASE, "grid": {"bonus_lower": {"prison": ["money"]}, "rounds": [3, 4]}})
    assert spec.cells[1].overrides == {"bonus_lower": {"prison": "money"}, "rounds": 3}


@pytest.mark.parametrize("extra, message", [
    ({"gmaes": 3}, "unknown key 'gmaes'"),
    ({"games": "100"}, "key 'games' must be an integer"),
    ({"games": 0}, "key 'games' must be an integer at least 1"),
    ({"seed": -1}, "key 'seed' must be an integer"),
    ({"players": 9}, "key 'players' must be"),
    ({"players": [3, 7]}, "key 'players[1]'"),
    ({"agents": ["random", "nobody"]}, "key 'agents[1]' (3 players): unknown agent 'nobody'"),
    ({"agents": ["random,random"]}, "key 'agents[0]' (3 players): 2 agents given for 3 players"),
    ({"grid": {"exhibit_vp": [1, 300]}}, "grid.exhibit_vp[1] = 300: rule parameter exhibit_vp must be between"),
    ({"grid": {"start_money": [4, 5, 6, 7]}}, "grid.start_money[0] = 4"),
    ({"grid": {"nonsense": [1]}}, "grid.nonsense[0] = 1: unknown rule parameter 'nonsense'"),
    ({"grid": {"exhibit_vp": 3}}, "key 'grid.exhibit_vp' must be a non-empty list"),
    ({"grid": {"exhibit_vp": []}}, "key 'grid.exhibit_vp' must be a non-empty list"),
    ({"variants": [{"name": "ok", "rounds": 3}, {"name": "bad", "rounds": 0}]},
     "variants[1] ('bad') (3 players): rule parameter rounds must be between 1 and 20"),
    ({"variants": [{"name": "x", "rounds": 3}, {"name": "x", "rounds": 5}]}, "variants[1]: the name 'x' is used"),
    ({"variants": [{"name": "baseline", "rounds": 3}]}, "reserved"),
    ({"variants": [{"name": "empty"}]}, "variants[0] sets no rule parameter"),
    ({"game": "nope"}, "key 'game': unknown game 'nope'"),
])
def test_validation_names_the_key(extra, message):
    with pytest.raises(SimsError) as e:
        parse_sweep({**BASE, **extra}, "s.toml")
    text = str(e.value)
    assert text.startswith("sweep file s.toml: ") and message in text
    assert "\n" not in text


def test_missing_game_and_bad_toml(tmp_path):
    with pytest.raises(SimsError, match="missing key 'game'"):
        parse_sweep({"games": 3})
    bad = write(tmp_path / "bad.toml", "game = \n")
    with pytest.raises(SimsError, match="bad.toml: not valid TOML"):
        load_sweep(bad)
    with pytest.raises(SimsError, match="does not exist"):
        load_sweep(tmp_path / "missing.toml")


def test_cli_error_is_one_line_and_nothing_runs(tmp_path, capsys):
    file = write(tmp_path / "s.toml", f'game = "{GAME}"\ngames = 100\n[grid]\nexhibit_vp = [1, 2, 300]\n')
    out = tmp_path / "out"
    assert main(["sweep", str(file), "--out", str(out)]) == 2
    line = err_line(capsys)
    assert "grid.exhibit_vp[2] = 300" in line
    assert not out.exists()  # validated before anything is created or played


def test_help(capsys):
    for command in ("sweep", "balance"):
        assert main([command, "--help"]) == 0
        assert capsys.readouterr().out.startswith(f"usage: brux {command}")
