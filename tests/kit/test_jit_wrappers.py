"""Kernels compile without the CPython and C wrappers; a call from Python goes to a twin with them (brux.core.jit)."""

import numpy as np
from numba.core.registry import CPUDispatcher

from brux.core.jit import INLINE, JIT, TWIN_SUFFIX, KernelDispatcher, njit


@njit(**JIT)
def _triple_plus(s, k):
    s[0] = 3 * s[0] + k
    return s[0]


@njit(**INLINE)
def _double(x):
    return 2 * x


@njit(**JIT)
def _kernel_calls_both(s):
    return _triple_plus(s, _double(s[1]))


def test_kernel_options_make_a_kernel_dispatcher_without_wrappers():
    for f in (_triple_plus, _double):
        assert isinstance(f, KernelDispatcher)
        assert f.targetoptions["no_cpython_wrapper"] and f.targetoptions["no_cfunc_wrapper"]
    plain = njit(lambda x: x + 1)
    assert isinstance(plain, CPUDispatcher) and not isinstance(plain, KernelDispatcher)


def test_a_call_from_python_goes_to_a_twin_with_its_own_cache_files():
    s = np.array([5, 4], np.int64)
    assert _kernel_calls_both(s) == 3 * 5 + 8 and s[0] == 23  # its twin calls the two kernels natively
    assert "_python_twin" in _kernel_calls_both.__dict__ and "_python_twin" not in _triple_plus.__dict__
    s = np.array([2, 0], np.int64)
    assert _triple_plus(s, 7) == 13 and s[0] == 13  # from Python: the twin, the same code
    twin = _triple_plus.__dict__["_python_twin"]
    assert not isinstance(twin, KernelDispatcher) and twin.py_func.__qualname__.endswith(TWIN_SUFFIX)
    assert twin._cache._cache_file._index_name != _triple_plus._cache._cache_file._index_name
    assert _triple_plus(np.array([1, 0], np.int64), 1) == 4 and _triple_plus.__dict__["_python_twin"] is twin
    assert _double(21) == 42
