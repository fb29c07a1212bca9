"""The documented command-line use of a Python strategy file, through the installed `brux` command."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import brux
from brux.agents.python import load_policy

ROOT = Path(__file__).resolve().parents[2]


def documented_commands() -> list[str]:
    text = (ROOT / "docs" / "interop.md").read_text()
    lines = text.splitlines()
    return [line.strip() for line in lines if line.startswith("    brux ") and "python_strategy.py:" in line]


def test_the_documented_commands_run_with_the_brux_command_from_another_folder(tmp_path):
    commands = documented_commands()
    assert len(commands) == 2
    (tmp_path / "examples").mkdir()
    shutil.copy(ROOT / "examples" / "python_strategy.py", tmp_path / "examples")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}  # this checkout's code, whatever is installed
    for command in commands:
        args = re.sub(r"--games \d+", "--games 4", command).split()
        done = subprocess.run([str(Path(sys.executable).with_name("brux")), *args[1:]], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stderr
        assert "Traceback" not in done.stderr


def test_a_strategy_file_plays_as_its_function(tmp_path, monkeypatch):
    from examples.python_strategy import always_build

    monkeypatch.chdir(ROOT)
    game = brux.load_game("bruxelles1897", players=3)
    by_file = game.play(3, master_seed=5, agents=["examples/python_strategy.py:always_build", "greedy", "greedy"])
    by_object = game.play(3, master_seed=5, agents=[always_build, "greedy", "greedy"])
    assert by_file.keys() == by_object.keys() and all((by_file[k] == by_object[k]).all() for k in by_file)


@pytest.mark.parametrize("entry, message",
                         [("nowhere/x.py:f", "no file"), ("examples/python_strategy.py:nope", "nope")])
def test_a_strategy_file_that_does_not_resolve_is_one_clear_error(entry, message, monkeypatch):
    monkeypatch.chdir(ROOT)
    with pytest.raises(ValueError, match=message):
        load_policy(entry)
