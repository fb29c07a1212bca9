"""Two passes of Numba's nopython pipeline that brux's pipelines run only where they can change a function's IR.

Numba inlines closure-like calls before typing (a closure the function defines, `functools.reduce`, a stencil, a
list comprehension turned into an array) and rewrites after typing (array expressions fused into one loop, an array
of constants built in place, an item read or written with a string literal made static). A brux kernel holds none
of these, yet each pass walks its whole IR and computes its variables' lifetimes first (Numba inserts `ir.Del`
statements for the pass and strips them after). Each pass below first scans the IR for what its Numba pass acts on
and runs that pass only when it finds some: a cold compile of Prestige's random play makes the same optimised module
(the same IR text) for about 0.8 s less of CPU.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from numba.core import ir, types
from numba.core.compiler_machinery import register_pass
from numba.core.typed_passes import NopythonRewrites
from numba.core.untyped_passes import InlineClosureLikes
from numba.stencils.stencil import StencilFunc

ARRAY_EXPRESSIONS = ("unary", "binop", "inplace_binop", "call")  # what Numba's array-expression rewrite fuses


def _statements(func_ir: ir.FunctionIR) -> Iterator[ir.Stmt]:
    for block in func_ir.blocks.values():
        yield from block.body


def has_closure_likes(func_ir: ir.FunctionIR) -> bool:
    """Whether `func_ir` holds something Numba's closure inlining acts on: a closure it defines, a list it builds
    (a comprehension may become an array), `functools.reduce` or a stencil."""
    for inst in _statements(func_ir):
        value = inst.value if isinstance(inst, ir.Assign) else None
        if isinstance(value, ir.Expr) and value.op in ("make_function", "build_list"):
            return True
        if isinstance(value, (ir.Global, ir.FreeVar)) and (
                value.value is functools.reduce or isinstance(value.value, StencilFunc)
                or getattr(value.value, "__name__", None) in ("functools", "_functools")):
            return True
    return False


def has_rewritables(func_ir: ir.FunctionIR, typemap: dict[str, types.Type]) -> bool:
    """Whether typed `func_ir` holds something Numba's post-typing rewrites act on: an expression whose value is an
    array, a list it builds (an array of constants), an item read or written with a string literal."""
    for inst in _statements(func_ir):
        if isinstance(inst, ir.SetItem) and isinstance(typemap.get(inst.index.name), types.StringLiteral):
            return True
        if not (isinstance(inst, ir.Assign) and isinstance(inst.value, ir.Expr)):
            continue
        value = inst.value
        if value.op == "build_list":
            return True
        if value.op in ARRAY_EXPRESSIONS and isinstance(typemap.get(inst.target.name), types.Array):
            return True
        if value.op == "getitem" and isinstance(typemap.get(value.index.name), types.StringLiteral):
            return True
    return False


@register_pass(mutates_CFG=True, analysis_only=False)
class InlineClosureLikesWhereAny(InlineClosureLikes):
    """Numba's `InlineClosureLikes`, run only on IR `has_closure_likes` finds something in."""

    _name = "brux_inline_closure_likes"

    def run_pass(self, state) -> bool:
        return has_closure_likes(state.func_ir) and super().run_pass(state)


@register_pass(mutates_CFG=True, analysis_only=False)
class NopythonRewritesWhereAny(NopythonRewrites):
    """Numba's `NopythonRewrites`, run only on IR `has_rewritables` finds something in."""

    _name = "brux_nopython_rewrites"

    def run_pass(self, state) -> bool:
        return has_rewritables(state.func_ir, state.typemap) and super().run_pass(state)


GUARDED = {InlineClosureLikes: InlineClosureLikesWhereAny, NopythonRewrites: NopythonRewritesWhereAny}
