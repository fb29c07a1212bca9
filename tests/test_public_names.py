"""The packages' public names stay what they are whatever is imported first (their modules load on first use)."""

import subprocess
import sys

import pytest

CODE = """
import importlib, sys
import {package}
for module in {modules!r}:
    importlib.import_module(module)
for name in {package}.__all__:
    value = getattr({package}, name)
    assert not isinstance(value, type(sys)), (name, value)
print("ok")
"""


@pytest.mark.parametrize("package, modules", [
    ("sims", ["sims.run", "sims.study", "sims.sweep", "sims.rule_search", "sims.agents", "sims.spec"]),
    ("analysis", ["analysis.compare", "analysis.findings", "analysis.report", "analysis.plots", "analysis.stats"]),
])
def test_importing_a_submodule_first_does_not_hide_a_public_function(package, modules):
    """A fresh interpreter imports the submodules named like public names first, then reads every public name."""
    out = subprocess.run([sys.executable, "-c", CODE.format(package=package, modules=modules)],
                         capture_output=True, text=True, check=False)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-2000:]
