"""Kernels that only other kernels call keep their IR for linking and make no machine code, entry points optimise
once, and a brux compile types each call signature once (brux.core.codegen)."""

import operator
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import llvmlite.binding as ll
import numpy as np
from numba.core import compiler, types
from numba.core.registry import cpu_target

import brux
from brux.core import codegen, jit
from brux.core.jit import INLINE, JIT, njit

ROOT = Path(brux.__file__).resolve().parent.parent
numba_get_call_type = codegen._numba_get_call_type  # Numba's own typing of a call


UNCACHED = dict(JIT, cache=False)  # compiled in this process, so its libraries are the ones it made


@njit(**UNCACHED)
def _step(s, k):
    s[0] = 5 * s[0] + k
    return s[0] % 7


@njit(**UNCACHED)
def _two_steps(s):
    return _step(s, 1) + _step(s, 2)


@njit(**UNCACHED)
def _entry(s):
    return _two_steps(s)


def _library(dispatcher):
    (overload,) = dispatcher.overloads.values()
    return overload.library


def _defined(module) -> list[str]:
    return [fn.name for fn in module.functions if not fn.is_declaration]


def test_an_internal_kernel_is_linked_not_compiled_to_machine_code():
    s = np.array([3, 0], np.int64)
    assert _entry(s) == 16 % 7 + 82 % 7 and s[0] == 82  # 5*3+1 = 16, then 5*16+2 = 82
    for kernel in (_step, _two_steps):
        library = _library(kernel)
        assert isinstance(library, codegen.LinkOnlyLibrary)
        assert _defined(library._final_module) == []  # the engine is handed no function
        envs = [gv.name for gv in library._final_module.global_variables]
        assert envs and all(name.startswith(codegen.ENV_PREFIX) for name in envs)
        shared = [fn for fn in library._shared_module.functions if not fn.is_declaration]
        assert any(kernel.py_func.__name__ in fn.name for fn in shared)
        assert all(fn.linkage == ll.Linkage.linkonce_odr for fn in shared)
    # the caller's IR carries the callee's, so a caller that runs gets both
    assert any("_step" in name for name in _defined(_library(_two_steps)._shared_module))


def test_the_twin_called_from_python_is_an_entry_library_with_machine_code():
    s = np.array([1, 0], np.int64)
    assert _step(s, 3) == 8 % 7 and s[0] == 8
    twin = _library(_step.__dict__["_python_twin"])
    assert isinstance(twin, codegen.EntryLibrary) and not isinstance(twin, codegen.LinkOnlyLibrary)
    assert _defined(twin._final_module) != []


def test_an_entry_point_optimises_its_module_once_without_the_slp_vectorizer(monkeypatch):
    made = []
    codegen_class = type(cpu_target.target_context.codegen())
    module_pass_manager = codegen_class._module_pass_manager

    def recording(self, **kwargs):
        made.append(kwargs)
        return module_pass_manager(self, **kwargs)

    monkeypatch.setattr(codegen_class, "_module_pass_manager", recording)

    @njit(cache=False)
    def entry(s):
        return _two_steps(s) + 1

    assert entry._compiler.pipeline_class is codegen.EntryCompiler
    assert entry(np.array([3, 0], np.int64)) == 16 % 7 + 82 % 7 + 1
    assert isinstance(_library(entry), codegen.EntryLibrary)
    assert made == [{"slp_vectorize": False, "loop_vectorize": True}]  # one (Numba makes a cheap one first)


@njit(**dict(INLINE, cache=False))
def _mix(s, k):
    for i in range(s.shape[0]):
        s[i] = (s[i] * 31 + k) % 1009
        if s[i] % 3 == 0:
            s[i] += s[(i + 1) % s.shape[0]]
    return s[0]


@njit(**UNCACHED)
def _mixes(s):
    return _mix(s, 1) + _mix(s, 2) + _mix(s, 3)


def test_an_inline_kernel_is_one_unit_that_llvm_inlines_at_every_call():
    s = np.array([1, 2, 3], np.int64)
    expected = s.copy()
    total = 0
    for k in (1, 2, 3):
        total += _mix.py_func(expected, k)
    assert _mixes(s) == total and list(s) == list(expected)
    library = _library(_mix)  # compiled once by Numba's front end, as a unit of its own
    assert isinstance(library, codegen.LinkOnlyLibrary) and library.always_inline
    (fn,) = [fn for fn in library._shared_module.functions if not fn.is_declaration]
    assert "alwaysinline" in str(fn).split(" {")[0]
    final = str(_library(_mixes.__dict__["_python_twin"])._final_module)
    assert fn.name in str(library._shared_module) and f"@{fn.name}(" not in final  # no call left, no copy kept


def test_a_brux_compile_types_each_call_signature_once(monkeypatch):
    """Inside a brux pipeline a call already typed with the same argument types is answered from memory: the four
    array items below are typed once (Numba would try getitem's templates four times), the three sums of two
    items once, and i + 1, i + 2, i + 3 once each (a literal's value is part of its type); outside one, typing asks
    Numba every time."""
    asked = []
    monkeypatch.setattr(codegen, "_CALL_TYPES", {})
    monkeypatch.setattr(codegen, "_numba_get_call_type",
                        lambda fn, context, args, kws: asked.append(fn.typing_key) or numba_get_call_type(fn, context,
                                                                                                            args, kws))

    @njit(**UNCACHED)
    def items(s, i):
        return s[i] + s[i + 1] + s[i + 2] + s[i + 3]

    s = np.array([1, 2, 3, 4, 5], np.int64)
    assert items(s, 1) == 14
    assert asked.count(operator.getitem) == 1 and asked.count(operator.add) == 4
    assert len(codegen._CALL_TYPES) >= 2 and codegen._remembering == [0]
    asked.clear()
    with codegen.remembered_call_types():
        remembered = cpu_target.typing_context.resolve_function_type(operator.getitem, (types.int64[::1], types.int64),
                                                                     {})
    assert asked == [] and remembered.return_type == types.int64  # answered from memory
    twice = [cpu_target.typing_context.resolve_function_type(operator.getitem, (types.int64[::1], types.int64), {})
             for _ in range(2)]
    assert twice == [remembered] * 2 and asked == [operator.getitem] * 2  # not in a brux compile: Numba's typing


def test_only_checked_numba_versions_use_it(monkeypatch):
    assert codegen.supported("0.68.1") and codegen.supported("0.60.0")
    assert not codegen.supported("0.59.1") and not codegen.supported("1.0.0")
    assert _step._compiler.pipeline_class is codegen.LinkOnlyCompiler
    monkeypatch.setattr(jit, "supported", lambda: False)

    @njit(**UNCACHED)
    def plain(s):
        return _step(s, 4) * 2

    @njit(**UNCACHED)
    def calls_plain(s):
        return plain(s)

    @njit(cache=False)
    def entry(s):
        return calls_plain(s) + 1

    assert plain._compiler.pipeline_class is compiler.Compiler and entry._compiler.pipeline_class is compiler.Compiler
    assert calls_plain(np.array([2, 0], np.int64)) == 2 * (14 % 7)
    assert entry(np.array([2, 0], np.int64)) == 2 * (14 % 7) + 1
    assert not isinstance(_library(plain), codegen.LinkOnlyLibrary)
    assert not isinstance(_library(entry), codegen.EntryLibrary)


MODULE = """
from brux.core.jit import JIT, njit

@njit(**JIT)
def inner(s, k):
    s[0] = s[0] * {factor} + k
    return s[0]

@njit(**JIT)
def outer(s):
    return inner(s, 1) + inner(s, 2)
"""

FIRST = """
import numpy as np
import linked
from brux.core.jit import JIT, njit

@njit(**dict(JIT, cache=False))
def first(s):
    return linked.outer(s)

s = np.array([2, 0], np.int64)
print(first(s), s[0])
"""

LATER = """
import numpy as np
import linked
from brux.core.jit import JIT, njit

@njit(**dict(JIT, cache=False))
def later(s):
    return linked.outer(s) * 10 + linked.inner(s, 0)

s = np.array([2, 0], np.int64)
print(later(s), s[0], sum(linked.outer.stats.cache_hits.values()), sum(linked.inner.stats.cache_hits.values()))
"""


def test_a_cached_internal_kernel_links_into_a_caller_compiled_later(tmp_path):
    """A first process compiles and caches `outer` (and `inner`); a second loads them from the cache and compiles a
    new caller against them: the loaded IR links and runs."""
    (tmp_path / "linked.py").write_text(MODULE.format(factor=3))
    env = {"PYTHONPATH": f"{tmp_path}:{ROOT}", "PATH": "/usr/bin:/bin", "NUMBA_CACHE_DIR": str(tmp_path / "cache")}

    def run(code: str) -> str:
        return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=tmp_path, env=env, text=True,
                              capture_output=True, timeout=300, check=True).stdout.strip()

    first = run(FIRST)
    assert first == f"{7 + 23} 23"  # 2*3+1 = 7, 7*3+2 = 23
    # outer: 7 + 23 = 30, s = 23; then inner(s, 0) = 69: 30 * 10 + 69
    assert run(LATER) == f"{30 * 10 + 69} 69 1 1"


def _total(a):
    t = 0
    for i in range(a.shape[0]):
        t += a[i] * a[i]
    return t


VECTOR_OF_INTS = re.compile(r"<\d+ x i64>")


def test_a_scalar_entry_point_is_optimised_without_the_loop_vectorizer():
    vectorized = njit(cache=False)(_total)
    scalar = njit(cache=False, scalar=True)(_total)
    a = np.arange(1000, dtype=np.int64)
    assert vectorized(a) == scalar(a) == int((a * a).sum())
    assert isinstance(_library(scalar), codegen.ScalarEntryLibrary)
    assert VECTOR_OF_INTS.search(_library(vectorized).get_llvm_str())  # the loop vectorizer packs the sum
    assert not VECTOR_OF_INTS.search(_library(scalar).get_llvm_str())


def test_only_a_playout_that_asks_for_it_gets_a_scalar_random_batch():
    import brux.games.bruxelles1897.kernel.hooks as flagship
    import brux.games.prestige.kernel.hooks as prestige
    from brux.core.entry import entry_points

    assert not flagship.PLAYOUT.vectorize and prestige.PLAYOUT.vectorize
    assert entry_points(flagship).play_random_batch._compiler.pipeline_class is codegen.ScalarEntryCompiler
    assert entry_points(prestige).play_random_batch._compiler.pipeline_class is codegen.EntryCompiler
