"""The compile notice follows Numba's compiles, not timestamps: said when a kernel is compiled, silent when it is
loaded from the on-disk cache, and heard by every command of the command line."""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from numba.core import event

from sims import warmup
from sims.cli import main

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = """
import sys
from brux.games import GAMES, GameEntry
from sims.warmup import announce_compiles
GAMES["tinygame"] = GameEntry("tinykernel", rules_version=1, title="Tiny", players=(2, 2), compile_seconds=7)
announce_compiles()
import tinykernel
assert tinykernel.step(2) == 5
"""


def _run_script(folder: Path) -> str:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(folder)])}
    env.pop("NUMBA_CACHE_DIR", None)
    proc = subprocess.run([sys.executable, "-c", SCRIPT], cwd=folder, env=env, capture_output=True, text=True,
                          check=True)
    return proc.stderr


def test_said_when_compiled_silent_when_loaded_from_the_cache(tmp_path):
    (tmp_path / "tinykernel.py").write_text(textwrap.dedent("""
        import numba

        @numba.njit(cache=True)
        def step(x):
            return 2 * x + 1
    """))
    first = _run_script(tmp_path)
    assert "Compiling the tinygame kernels (about 7 s of CPU, once: later runs load them from the cache)" in first
    assert first.count("Compiling") == 1
    assert list((tmp_path / "__pycache__").glob("tinykernel.step-*.nbi"))
    assert _run_script(tmp_path) == ""


def test_every_command_listens(capsys):
    assert main(["games"]) == 0
    assert warmup.announce_compiles() in event._registered["numba:compile"]
    assert len([x for x in event._registered["numba:compile"] if isinstance(x, warmup.CompileNotice)]) == 1
