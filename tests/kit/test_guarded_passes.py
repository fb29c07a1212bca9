"""Numba's closure inlining and post-typing rewrites run in a brux compile only where they can change the IR, and a
kernel that needs them still gets them (brux.core.guarded_passes)."""

import functools

import numpy as np
import pytest
from numba.core import compiler
from numba.core.typed_passes import NopythonRewrites
from numba.core.untyped_passes import InlineClosureLikes

from brux.core.guarded_passes import has_closure_likes
from brux.core.jit import JIT, njit

UNCACHED = dict(JIT, cache=False)


def plain(s, k):
    t = 0
    for i in range(s.shape[0]):
        s[i] = (s[i] * 3 + k) % 11
        t += s[i]
    return t


def closure(s, k):
    def add(x):
        return x + k
    return add(s[0])


def comprehension(s, k):
    return np.array([s[i] + k for i in range(s.shape[0])]).sum()


def reduction(s, k):  # the scan sees `functools.reduce` (Numba itself cannot compile this one)
    return functools.reduce(lambda a, b: a + b, s, k)


def array_expression(s, k):
    return (s * 2 + k).sum()


def test_the_scan_before_typing_finds_closure_likes_and_nothing_in_a_plain_kernel():
    assert not has_closure_likes(compiler.run_frontend(plain))
    assert all(has_closure_likes(compiler.run_frontend(fn)) for fn in (closure, comprehension, reduction))


@pytest.fixture
def numba_passes_run(monkeypatch):
    """(pass, function name) of each run of Numba's own closure inlining and post-typing rewrites."""
    ran = []
    for cls in (InlineClosureLikes, NopythonRewrites):
        original = cls.run_pass

        def recording(self, state, original=original, cls=cls):
            ran.append((cls.__name__, state.func_id.func_name))
            return original(self, state)

        monkeypatch.setattr(cls, "run_pass", recording)
    return ran


def test_a_plain_kernel_skips_both_passes_and_computes_the_same(numba_passes_run):
    kernel = njit(**dict(JIT, cache=False))(plain)
    s = np.array([1, 5, 9], np.int64)
    expected = s.copy()
    assert kernel(s, 4) == plain(expected, 4) and list(s) == list(expected)
    assert [name for _, name in numba_passes_run if name.startswith("plain")] == []


@pytest.mark.parametrize(("fn", "needs"), [(closure, "InlineClosureLikes"), (comprehension, "InlineClosureLikes"),
                                           (array_expression, "NopythonRewrites")])
def test_a_kernel_that_needs_a_pass_gets_it(numba_passes_run, fn, needs):
    s = np.array([1, 5, 9], np.int64)
    assert njit(cache=False)(fn)(s.copy(), 4) == fn(s.copy(), 4)
    assert (needs, fn.__name__) in numba_passes_run
