"""Code generation for kernels that only other kernels call: their IR is kept for linking, no machine code is made.

Numba compiles every function to a library of its own: it links the optimised IR of each callee's library into the
caller's module, optimises the whole at O3 and generates machine code for it. For a kernel without the CPython and C
wrappers (`brux.core.jit.INTERNAL`) that machine code is never run: callers link its IR and run their own code, and
a call from Python goes to a twin compiled with the wrappers. So each internal unit's machine code is work done for
nothing, and so is each unit's O3 over its linked call tree, which every layer above it repeats.

`LinkOnlyCompiler` is the Numba pipeline of those kernels. Its library (`LinkOnlyLibrary`) runs Numba's function
passes on the unit's own IR as usual, keeps the linked, unoptimised module as the IR callers link (what Numba's
`_get_module_for_linking` makes of an optimised one), and hands the execution engine a module holding only the
unit's environment global (which Numba fills in after compiling). The function that finally runs, an entry point
called from Python, links the whole call tree and optimises it once. A cached unit is stored and loaded as any
other: a (tiny) object file and the bitcode for linking. A unit whose Python function was given to
`inline_everywhere` (`brux.core.jit.INLINE`) has its functions marked ``alwaysinline`` in that IR, so the entry
point's optimisation inlines it at every call site.

`EntryCompiler` is the Numba pipeline of the entry points (`EntryLibrary`). Numba optimises a final module at O3
twice: a first pass to bring the runtime's reference-count operations together, then the full one with the SLP
vectorizer. brux kernels run without reference counting (the pruning pass still follows the optimisation), and
they hold integer scalars and short loops the SLP vectorizer cannot pack, so an entry point's call tree is optimised
once, without it: the same compile CPU, and the random batches of Bruxelles 1897 and Prestige ran 2.7 % and 1.6 %
faster (Bruxelles 1893 and Lutece the same; A/B on one core). The agents of Bruxelles 1897, Bruxelles 1893 and
Prestige ran the same; Lutece's `policy` and `greedy` about 3 % and 1 % slower a decision (their float evaluation
is what the SLP vectorizer packs).

`ScalarEntryCompiler` (`ScalarEntryLibrary`) drops the loop vectorizer too, for a game whose `PLAYOUT` says
`vectorize=False` (`brux.core.kit.PlayOut`): its random batch only. Bruxelles 1897's random batch ran 6 % faster
without it (median of 5 alternating rounds on one core; the same games) and compiled a little faster; the other
games' batches ran the same or up to 1 % slower, and the agents need it (their float evaluations are vector loops:
without it Prestige's `greedy` took twice the CPU a decision), so every other entry point keeps it.

Both pipelines remember, while they compile, the signature Numba's typing found for each call of a function type
(`types.Function`: an operator, a builtin, a NumPy function) with given argument types (`remembered_call_types`).
Numba tries the function's typing templates one by one at every call site, and a kernel's typing is mostly array
items and integer arithmetic asked again and again: a cold compile of Prestige's random play asked 9,353 times for
230 distinct signatures. With the memory a cold compile of Prestige's random play took 11.7-11.8 s of CPU
instead of 12.5-13.3 s, Bruxelles 1897's 8.3-8.5 s instead of 9.0-10.2 s, and a cold `brux analyze prestige
--games 2000 --jobs 1` (the whole command) 0.90 and 0.93 of the CPU without it (medians of 4 and 5 alternating
runs on one core). A failed typing is not remembered (Numba raises it), and a function type with a new template
registered is a new type, so nothing stale is answered; outside brux's pipelines the typing runs as usual.

The two libraries override methods of Numba's `CPUCodeLibrary`, and the typing memory wraps
`BaseFunction.get_call_type`, so they are used only with the Numba versions they were checked against
(`SUPPORTED`); with any other version the kernels compile the ordinary way (same games, slower compile).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import llvmlite.binding as ll
import llvmlite.ir as llvmir
import numba
from numba.core import cgutils, compiler
from numba.core.codegen import JITCodeLibrary
from numba.core.compiler_machinery import LoweringPass, register_pass
from numba.core.typed_passes import AnnotateTypes
from numba.core.types.functions import BaseFunction

from brux.core.guarded_passes import GUARDED

SUPPORTED = ("0.60", "0.61", "0.62", "0.63", "0.64", "0.65", "0.66", "0.67", "0.68")
ENV_PREFIX = "_ZN08NumbaEnv"  # Numba's mangled names of function environments


def supported(version: str = numba.__version__) -> bool:
    """Whether `LinkOnlyLibrary` was checked against this Numba version (major.minor)."""
    return ".".join(version.split(".")[:2]) in SUPPORTED


class LinkOnlyLibrary(JITCodeLibrary):
    """A code library whose IR is only linked into callers: no module-level optimisation, no machine code."""

    always_inline = False  # mark the unit's functions for LLVM to inline at every call site

    def add_ir_module(self, ir_module: llvmir.Module) -> None:
        if self.always_inline:
            for fn in ir_module.functions:
                if not fn.is_declaration:
                    fn.attributes.discard("noinline")  # as Numba's own alwaysinline: over its debug-info noinline
                    fn.attributes.add("alwaysinline")
        super().add_ir_module(ir_module)

    def _optimize_final_module(self) -> None:
        """Nothing: the caller that runs the code optimises this IR with its own."""

    def _finalize_final_module(self) -> None:
        linked = self._final_module
        for fn in linked.functions:
            if not fn.is_declaration and fn.linkage == ll.Linkage.external:
                fn.linkage = "linkonce_odr"
        self._shared_module = linked
        self._final_module = self._environment_module(linked)
        super()._finalize_final_module()

    def _environment_module(self, linked: ll.ModuleRef) -> ll.ModuleRef:
        """A module defining only the environment globals of `linked` (Numba stores each environment's address in
        its global after compiling, so the engine must define it)."""
        module = self._codegen._create_empty_module(self.name)
        for gv in linked.global_variables:
            if gv.name.startswith(ENV_PREFIX) and not gv.is_declaration:
                env = llvmir.GlobalVariable(module, cgutils.voidptr_t, name=gv.name)
                env.linkage = "common"
                env.initializer = cgutils.get_null_value(cgutils.voidptr_t)
        parsed = ll.parse_assembly(str(module))
        parsed.name = linked.name
        return parsed


class EntryLibrary(JITCodeLibrary):
    """The code library of an entry point: its linked call tree optimised once at O3, without the SLP vectorizer."""

    loop_vectorize = True

    def _optimize_final_module(self) -> None:
        pm, pb = self._codegen._module_pass_manager(slp_vectorize=False, loop_vectorize=self.loop_vectorize)
        pm.run(self._final_module, pb)


class ScalarEntryLibrary(EntryLibrary):
    """An `EntryLibrary` without the loop vectorizer either: for the random batches, integer code whose loops run
    over a handful of players, spaces or legal actions, where a vector loop's set-up and remainder cost more than
    it saves."""

    loop_vectorize = False


INLINED: set = set()  # the Python functions whose units LLVM inlines into every caller (`inline_everywhere`)


def inline_everywhere(fn) -> None:
    """Have LLVM inline the unit of Python function `fn` wherever another unit calls it."""
    INLINED.add(fn)


class _UseLibrary(LoweringPass):
    """Give the function being compiled a library of class `library` (native lowering then fills it)."""

    library: type = JITCodeLibrary

    def __init__(self) -> None:
        LoweringPass.__init__(self)

    def run_pass(self, state) -> bool:
        if state.library is None:
            state.library = self.library(state.targetctx.codegen(), state.func_id.func_qualname)
            if isinstance(state.library, LinkOnlyLibrary):
                state.library.always_inline = state.func_id.func in INLINED
            state.library.enable_object_caching()
        return False


@register_pass(mutates_CFG=False, analysis_only=False)
class UseLinkOnlyLibrary(_UseLibrary):
    """A `LinkOnlyLibrary`, marked for inlining when its Python function is in `INLINED`."""

    _name = "brux_link_only_library"
    library = LinkOnlyLibrary


@register_pass(mutates_CFG=False, analysis_only=False)
class UseEntryLibrary(_UseLibrary):
    """An `EntryLibrary`."""

    _name = "brux_entry_library"
    library = EntryLibrary


@register_pass(mutates_CFG=False, analysis_only=False)
class UseScalarEntryLibrary(_UseLibrary):
    """A `ScalarEntryLibrary`."""

    _name = "brux_scalar_entry_library"
    library = ScalarEntryLibrary


def _pipeline(state, library_pass):
    """Numba's nopython pipeline with `library_pass` in place of the type annotation (it serves only
    `inspect_types`, and Numba would render it as text into every cache entry), and the closure inlining and the
    post-typing rewrites run only where they apply (`brux.core.guarded_passes`)."""
    pipeline = compiler.DefaultPassBuilder.define_nopython_pipeline(state)
    pipeline.passes = [(library_pass, str(library_pass)) if pss is AnnotateTypes else (GUARDED.get(pss, pss), what)
                       for pss, what in pipeline.passes]
    pipeline.finalize()
    return [pipeline]


_CALL_TYPES: dict = {}  # (function type, typing context id, argument types, keyword types) -> signature
_remembering = [0]  # depth of brux compiles under way (a unit's callees compile inside its typing)
_numba_get_call_type = BaseFunction.get_call_type


def _get_call_type(self, context, args, kws):
    """`BaseFunction.get_call_type`, answered from `_CALL_TYPES` inside a brux compile."""
    if not _remembering[0]:
        return _numba_get_call_type(self, context, args, kws)
    key = (self, id(context), tuple(args), tuple(sorted(kws.items())))
    sig = _CALL_TYPES.get(key)
    if sig is None:
        sig = _CALL_TYPES[key] = _numba_get_call_type(self, context, args, kws)
    return sig


@contextlib.contextmanager
def remembered_call_types() -> Iterator[None]:
    """Typing inside the block answers a call already typed with the same argument types from memory."""
    if BaseFunction.get_call_type is not _get_call_type:
        BaseFunction.get_call_type = _get_call_type
    _remembering[0] += 1
    try:
        yield
    finally:
        _remembering[0] -= 1


class _Remembering(compiler.CompilerBase):
    """A Numba pipeline whose typing remembers call types (`remembered_call_types`)."""

    def _compile_core(self):
        with remembered_call_types():
            return super()._compile_core()


class LinkOnlyCompiler(_Remembering):
    """Numba's nopython pipeline, lowering into a `LinkOnlyLibrary`, without the type annotation."""

    def define_pipelines(self):
        return _pipeline(self.state, UseLinkOnlyLibrary)


class EntryCompiler(_Remembering):
    """Numba's nopython pipeline, lowering into an `EntryLibrary`, without the type annotation."""

    def define_pipelines(self):
        return _pipeline(self.state, UseEntryLibrary)


class ScalarEntryCompiler(_Remembering):
    """Numba's nopython pipeline, lowering into a `ScalarEntryLibrary`, without the type annotation."""

    def define_pipelines(self):
        return _pipeline(self.state, UseScalarEntryLibrary)
