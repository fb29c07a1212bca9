"""Numba compilation for brux kernels: compile options, and `njit` with an on-disk cache that stays right.

`JIT`: a cached function without the runtime's reference counting (kernels take one flat state array and allocate
nothing), with NumPy's error model (no exception paths for integer division), and without the CPython and C
wrappers (`INTERNAL`: a `KernelDispatcher`, which sends a call from Python to a twin compiled with them). `INLINE`: the
same, and inlined by LLVM into every caller.

An internal unit is compiled by `LinkOnlyCompiler` (`brux.core.codegen`): its IR is kept for its callers to link,
unoptimised, and no machine code is made for it; the entry point a call from Python runs (a twin) links its whole
call tree and optimises it once (`EntryCompiler`: one O3 pass, without the SLP vectorizer). So a unit costs Numba's
front end (typing, lowering) and its function passes, once, however many kernels call it. LLVM inlines small units
into their callers itself; an `INLINE` unit is marked ``alwaysinline``, so it is inlined wherever it is called,
however large: for thin layers (a hook's loop over step and legal actions, an init that is start then settle) and
for hot code that LLVM would leave as a call (measured slower as a call). Numba's own inlining (``inline="always"``,
used only where `LinkOnlyCompiler` is not: other Numba versions) gives the same machine code but repeats Numba's
front end at every call site.

`njit` is `numba.njit`; with ``cache=True`` it guards two gaps of Numba's on-disk cache:
- *Stale callees.* Numba checks only the source file of the cached function itself, so after an edit of a function
  it calls (another module of the game, the kit) it would load the old machine code. Here the cache entries also
  carry a fingerprint of the package's kernel sources (every module of the top-level package that compiles with
  Numba), so an edit of any of them recompiles what was cached before it.
- *Concurrent writers.* Numba picks the data file of a new entry from the index it has just read, so two processes
  that compile the same function for different signatures at once (joblib or pytest-xdist workers, a cluster on a
  shared disk) can file one signature's machine code under the other's key (numba issue 4807). Here each function's
  cache writes hold a lock file beside its index, so the second writer sees the first one's entry.

`njit_for(owner)` compiles the functions a factory makes for one game (`brux.core.kit.build`,
`brux.agents.search.build`). Numba names a compiled function by its module, qualified name, a counter of the
compiling process and its argument types, and links two definitions of one name as one function. The same factory
function made for two games has the same module, qualified name and argument types, and the counter starts anew in
every process: two games' cached entry points compiled in different processes can both hold, say,
`build.<locals>.play_batch` number 2, and in a process that loads both the second game then runs the first one's
code. `njit_for` puts the owner (the game's hooks module) in the name, so each game's functions are its own.
"""

from __future__ import annotations

import functools
import hashlib
import sys
import types as types_module
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numba
from filelock import FileLock
from numba.core import compiler, types
from numba.core.caching import NullCache
from numba.core.registry import CPUDispatcher

from .codegen import EntryCompiler, LinkOnlyCompiler, ScalarEntryCompiler, inline_everywhere, supported

INTERNAL = dict(no_cpython_wrapper=True, no_cfunc_wrapper=True)  # called by kernels; from Python via a twin
JIT = dict(cache=True, _nrt=False, error_model="numpy", **INTERNAL)
INLINE = dict(JIT, always_inline=True)
LOCK_SUFFIX = ".lock"
TWIN_SUFFIX = "@python"
NJIT_SETS = {"nopython": True, "boundscheck": None}  # the target options numba.njit adds to the given ones


class KernelDispatcher(CPUDispatcher):
    """A kernel compiled without the CPython and C wrappers, which only a call from Python needs: kernels call each
    other natively, so the wrappers would be code generated and optimised for nothing. A call from Python goes to a
    twin compiled with them (its own cache entries), made on first use."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        twin = self.__dict__.get("_python_twin")
        if twin is None:
            options = {k: v for k, v in self.targetoptions.items() if k not in INTERNAL and k not in NJIT_SETS}
            twin = self._python_twin = njit(renamed(self.py_func, TWIN_SUFFIX), cache=self._cache is not None
                                            and not isinstance(self._cache, NullCache), **options)
        return twin(*args, **kwargs)


def njit(fn: Callable | None = None, **options: Any):
    """`numba.njit(**options)`; with ``cache=True``, the cache is keyed on the package's kernel sources and its
    writes are serialised across processes. With the `INTERNAL` options, a `KernelDispatcher`. An entry point with
    ``scalar=True`` is optimised without the loop vectorizer (`brux.core.codegen.ScalarEntryLibrary`)."""
    if fn is None:
        return lambda f: njit(f, **options)
    scalar = options.pop("scalar", False)
    if options.pop("always_inline", False):
        if options.get("no_cpython_wrapper") and supported():
            inline_everywhere(fn)
        else:
            options["inline"] = "always"
    if options.get("no_cpython_wrapper"):
        targetoptions = {**{k: v for k, v in options.items() if k != "cache"}, **NJIT_SETS}
        dispatcher = KernelDispatcher(py_func=fn, locals={}, targetoptions=targetoptions,
                                      pipeline_class=LinkOnlyCompiler if supported() else compiler.Compiler)
        if options.get("cache"):
            dispatcher.enable_caching()
    else:
        entry = ScalarEntryCompiler if scalar else EntryCompiler
        dispatcher = numba.njit(**options, pipeline_class=entry if supported() else compiler.Compiler)(fn)
    if options.get("cache"):
        harden_cache(dispatcher)
    compile_without_literals(dispatcher)
    return dispatcher


def renamed(fn: Callable, suffix: str) -> Callable:
    """A copy of function `fn` whose qualified name ends in `suffix` (so its cache files are its own)."""
    copy = types_module.FunctionType(fn.__code__, fn.__globals__, fn.__name__, fn.__defaults__, fn.__closure__)
    copy.__kwdefaults__ = fn.__kwdefaults__
    copy.__module__ = fn.__module__
    copy.__qualname__ = fn.__qualname__ + suffix
    copy.__doc__ = fn.__doc__
    return copy


def njit_for(owner: str, **options: Any) -> Callable[[Callable], Any]:
    """A decorator: `njit(**options)` for a function a factory makes for `owner` (a game's hooks module name), named
    after the owner so that no other game's function of that factory shares its compiled symbol."""

    def decorate(fn: Callable):
        fn.__qualname__ = f"{fn.__qualname__}@{owner}"
        return njit(fn, **options)

    return decorate


def harden_cache(dispatcher) -> None:
    """Key `dispatcher`'s on-disk cache on its package's kernel sources too, and make each write (index and data
    file together) hold `<index>.lock`."""
    cache_file = dispatcher._cache._cache_file
    root = package_root(dispatcher)
    if root is not None:
        cache_file._source_stamp = (cache_file._source_stamp, kernel_sources_fingerprint(root))
    save = cache_file.save
    lock = FileLock(cache_file._index_path + LOCK_SUFFIX)

    def locked_save(key, data):
        with lock:
            save(key, data)

    locked_save.locked = True
    cache_file.save = locked_save


def compile_without_literals(dispatcher) -> None:
    """Compile `dispatcher` for the plain types of constant arguments from other kernels: a call such as
    ``shuffle_run(s, off, n, s, G_RNG_KEY, G_RNG_CTR)`` would otherwise compile one copy per combination of
    constants (Numba types a global constant as a literal), each the same machine code."""
    template = dispatcher.get_call_template

    def plain_call_template(args, kws):
        return template(tuple(types.unliteral(a) for a in args), {k: types.unliteral(v) for k, v in kws.items()})

    dispatcher.get_call_template = plain_call_template


def package_root(dispatcher) -> Path | None:
    """The folder of the top-level package of the dispatcher's module (or of the module itself, outside packages);
    None for code without a file (a notebook cell)."""
    top = sys.modules.get(dispatcher.py_func.__module__.split(".")[0])
    file = getattr(top, "__file__", None)
    return Path(file).resolve().parent if file else None


@functools.cache
def kernel_sources_fingerprint(root: Path) -> str:
    """A hash of the name and content of every Python file under `root` that mentions njit."""
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        text = path.read_bytes()
        if b"njit" in text:
            digest.update(path.relative_to(root).as_posix().encode() + b"\0" + text + b"\0")
    return digest.hexdigest()
