"""Compile options shared by every game kernel.

`JIT`: a cached function without the runtime's reference counting (kernels take one flat state array and allocate
nothing), with NumPy's error model (no exception paths for integer division). `TINY`: the same for trivial helpers
and hot dispatch code, inlined into their callers instead of compiled as a unit of their own.
"""

JIT = dict(cache=True, _nrt=False, error_model="numpy")
TINY = dict(JIT, inline="always")
