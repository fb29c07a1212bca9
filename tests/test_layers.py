"""The layers of docs/design.md, imports inside functions counted: brux imports neither sims nor analysis,
analysis takes from sims only the results folder's formats, and no module imports itself through others."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("brux", "sims", "analysis")
# The modules of sims that analysis may read: the results folder's file formats, below both
SIMS_BASE = {"sims.atomic", "sims.errors", "sims.integrity"}


def modules() -> dict[str, Path]:
    """Dotted module name -> file, for every module of PACKAGES."""
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def runtime_nodes(tree: ast.AST):
    """Every node of `tree` but those inside an ``if TYPE_CHECKING:`` block."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and isinstance(child.test, ast.Name) and child.test.id == "TYPE_CHECKING":
                stack.extend(child.orelse)
            else:
                stack.append(child)


def imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules of `known` that module `name` imports anywhere in its body; `from p import m` counts the
    submodule m, not the package p (the parents' __init__ that every import runs are not counted). Imports under
    ``if TYPE_CHECKING:`` never run and are not counted."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets = set()
    for node in runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            submodules = {f"{base}.{alias.name}" for alias in node.names} & known
            targets.update(submodules if len(submodules) == len(node.names) else submodules | {base})
    resolved = set()
    for target in targets:
        while target and target not in known:
            target = target.rpartition(".")[0]
        if target and target != name:
            resolved.add(target)
    return resolved


def graph() -> dict[str, set[str]]:
    found = modules()
    return {name: imports(name, path, set(found)) for name, path in found.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan), each sorted, in sorted order."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return sorted(found)


def test_the_cycle_finder_sees_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_relative_imports_resolve(tmp_path):
    names = {"sims", "sims.cli", "sims.commands", "sims.commands.run", "sims.cliutil"}
    path = tmp_path / "run.py"
    path.write_text("def f():\n    from ..cliutil import fail\n    from . import plan\n", encoding="utf-8")
    assert imports("sims.commands.run", path, names) == {"sims.cliutil", "sims.commands"}


def test_no_import_cycles():
    assert cycles(graph()) == []


def _package(module: str) -> str:
    return module.split(".")[0]


def test_packages_import_one_way():
    edges = graph()
    for module, targets in edges.items():
        reach = {_package(t) for t in targets} - {_package(module)}
        if _package(module) == "brux":
            assert not reach, f"{module} imports {reach}"
        if _package(module) == "analysis":
            assert {t for t in targets if _package(t) == "sims"} <= SIMS_BASE, module
        if module in SIMS_BASE:
            assert targets <= SIMS_BASE, f"{module} imports {targets - SIMS_BASE}"
