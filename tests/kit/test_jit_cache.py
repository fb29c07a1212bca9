"""The on-disk kernel cache stays right when processes compile the same function at once (brux.core.jit)."""

import importlib
import pkgutil
import subprocess
import sys
import textwrap
from pathlib import Path

from numba.core.registry import CPUDispatcher

import brux

ROOT = Path(brux.__file__).resolve().parent.parent

MODULE = """
from {njit_module} import njit

@njit(cache=True)
def f(x):
    return x * 3 + 1
"""

# Widens Numba's window between reading the cache index and writing the data file, as a slow disk or a big kernel
# does: both writers read the index before either writes it, and the first to write the index writes its data last.
WRITER = """
import sys, time
import numba.core.caching as caching
load_index, save_data = caching.IndexDataCacheFile._load_index, caching.IndexDataCacheFile._save_data
caching.IndexDataCacheFile._load_index = lambda self: (load_index(self), time.sleep(2.0))[0]
caching.IndexDataCacheFile._save_data = lambda self, n, d: (time.sleep(float(sys.argv[2])), save_data(self, n, d))[1]
import racy
print(racy.f(int(sys.argv[1]) if sys.argv[1] == "5" else float(sys.argv[1])))
"""

READER = """
import sys
import racy
x = int(sys.argv[1]) if sys.argv[1] == "5" else float(sys.argv[1])
print(repr(racy.f(x)), sum(racy.f.stats.cache_hits.values()))
"""


def _race(tmp_path: Path, njit_module: str) -> list[str]:
    """Two processes compile `f` for int and float at once; then a fresh process per type reads the cache."""
    (tmp_path / "racy.py").write_text(MODULE.format(njit_module=njit_module))
    env = {"PYTHONPATH": f"{tmp_path}:{ROOT}", "PATH": "/usr/bin:/bin"}

    def start(script, *args):
        return subprocess.Popen([sys.executable, "-c", textwrap.dedent(script), *args], cwd=tmp_path, env=env,
                                stdout=subprocess.PIPE, text=True)

    writers = [start(WRITER, "5", "0.6"), start(WRITER, "5.0", "0")]
    assert [w.communicate(timeout=120)[0].strip() for w in writers] == ["16", "16.0"]
    return [start(READER, x).communicate(timeout=120)[0].strip() for x in ("5", "5.0")]


def test_numba_alone_files_one_signature_under_the_other(tmp_path):
    """The hazard is real: plain `numba.njit` hands the float reader the int code (or misses the cache)."""
    assert _race(tmp_path, "numba") != ["16 1", "16.0 1"]


def test_brux_njit_keeps_both_signatures_right_and_cached(tmp_path):
    assert _race(tmp_path, "brux.core.jit") == ["16 1", "16.0 1"]


def test_every_cached_kernel_writes_its_cache_under_the_lock():
    cached = []
    for package in ("brux", "sims", "analysis"):
        root = importlib.import_module(package)
        for info in pkgutil.walk_packages(root.__path__, package + "."):
            module = importlib.import_module(info.name)
            for value in vars(module).values():
                if isinstance(value, CPUDispatcher) and value.py_func.__module__ == info.name \
                        and getattr(value._cache, "_cache_file", None) is not None:
                    cached.append(value)
    assert len(cached) > 300
    unlocked = [d.py_func.__qualname__ for d in cached if not getattr(d._cache._cache_file.save, "locked", False)]
    assert unlocked == []


CALLER = """
from {njit_module} import njit
from .callee import g

@njit(cache=True)
def f(x):
    return g(x)
"""

CALLEE = """
from {njit_module} import njit

@njit(cache=True)
def g(x):
    return x + {step}
"""


def _after_editing_the_callee(tmp_path: Path, njit_module: str) -> list[str]:
    """f (cached) calls g in another module; f(1) in a fresh process before and after g's module changes."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "caller.py").write_text(CALLER.format(njit_module=njit_module))
    # no .pyc: Python would take a same-size callee rewritten within the same second for unchanged
    env = {"PYTHONPATH": f"{tmp_path}:{ROOT}", "PATH": "/usr/bin:/bin", "PYTHONDONTWRITEBYTECODE": "1"}
    outputs = []
    for step in (1, 2):
        (pkg / "callee.py").write_text(CALLEE.format(njit_module=njit_module, step=step))
        run = subprocess.run([sys.executable, "-c", "from pkg.caller import f; print(f(1))"], cwd=tmp_path, env=env,
                             capture_output=True, text=True, timeout=120)
        outputs.append(run.stdout.strip())
    return outputs


def test_numba_alone_keeps_running_the_old_callee(tmp_path):
    assert _after_editing_the_callee(tmp_path, "numba") == ["2", "2"]


def test_brux_njit_recompiles_after_a_callee_edit(tmp_path):
    assert _after_editing_the_callee(tmp_path, "brux.core.jit") == ["2", "3"]


# A factory function made once per game, as brux.core.kit.build and brux.agents.search.build make them; its body is
# big enough that LLVM keeps it a function of its own (as the kit's are) instead of inlining it into the entry point.
FACTORY = """
import numba
from brux.core.jit import njit_for

def make(k, owner):
    decorate = numba.njit if owner is None else njit_for(owner)

    @decorate
    def scaled(a):
        for i in range(a.shape[0]):
{branches}
        return a[0] * k

    return scaled
"""
BRANCH = """            if a[i] % {p} == {r}:
                a[i] = (a[i] * k + {r}) % {m}
"""
PRIMES = (3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)

ENTRY = """
import numpy as np
from brux.core.jit import njit
from factory import make

scaled = make({k}, {owner})

@njit(cache=True)
def entry(x):
    return scaled(np.full(3, x))
"""


def _two_games_compiled_apart(tmp_path: Path, named: bool) -> list[str]:
    """Modules `two` and `three` each make the factory's function (k = 2, 3) and call it from a cached entry point;
    each is compiled in a process of its own, then one process loads both from the cache."""
    branches = "".join(BRANCH.format(p=p, r=i % p, m=1000 + p) for i, p in enumerate(PRIMES, 1))
    (tmp_path / "factory.py").write_text(FACTORY.format(branches=branches))
    for name, k in (("two", 2), ("three", 3)):
        (tmp_path / f"{name}.py").write_text(ENTRY.format(k=k, owner="__name__" if named else None))
    env = {"PYTHONPATH": f"{tmp_path}:{ROOT}", "PATH": "/usr/bin:/bin"}

    def run(code: str) -> str:
        return subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True,
                              timeout=120, check=True).stdout.strip()

    alone = [run(f"import {name}; print({name}.entry(1))") for name in ("two", "three")]
    together = run("import two, three; print(two.entry(1), three.entry(1))")
    return [*alone, together]


def test_numba_alone_links_one_games_factory_function_into_the_other(tmp_path):
    """The hazard is real: both processes number the function 2, and the second entry point loaded runs the first
    one's code."""
    two, three, together = _two_games_compiled_apart(tmp_path, named=False)
    assert two != three
    assert together == f"{two} {two}"


def test_njit_for_keeps_each_games_factory_function_its_own(tmp_path):
    two, three, together = _two_games_compiled_apart(tmp_path, named=True)
    assert together == f"{two} {three}"
