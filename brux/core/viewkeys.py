"""Unknown keys of a readable view: a key `state_from_dict` would not read is refused rather than ignored."""

from __future__ import annotations

from typing import Any

MAX_KNOWN = 12  # known keys listed in a message


def _merged(items: list[Any]) -> Any:
    """The shape of a list's items: the union of their tables (recursively), a list of the shape of their items,
    or None (any other value)."""
    tables = [x for x in items if isinstance(x, dict)]
    if tables:
        out: dict[str, list[Any]] = {}
        for t in tables:
            for k, v in t.items():
                out.setdefault(k, []).append(v)
        return {k: _merged(vs) for k, vs in out.items()}
    lists = [x for x in items if isinstance(x, list)]
    return [_merged([y for x in lists for y in x])] if lists else None


def unknown_key(given: Any, view: Any, path: str = "", extra: tuple[str, ...] = ()) -> str | None:
    """The first key of `given` at no place of `view` (the view of the state built from it), as
    "path.key: unknown key; known: …"; None when every key is known. `extra` names top-level keys accepted
    beyond the view. Items of a list are checked against the union of the view's items."""
    if isinstance(given, dict) and isinstance(view, dict):
        for key, value in given.items():
            where = f"{path}.{key}" if path else str(key)
            if key not in view:
                if not path and key in extra:
                    continue
                known = list(view)
                shown = ", ".join(map(str, known[:MAX_KNOWN])) + (", …" if len(known) > MAX_KNOWN else "")
                return f"{where}: unknown key; known: {shown}"
            problem = unknown_key(value, view[key], where)
            if problem:
                return problem
    elif isinstance(given, list) and isinstance(view, list):
        shape = _merged(view)
        for i, item in enumerate(given):
            problem = unknown_key(item, shape, f"{path}[{i}]")
            if problem:
                return problem
    return None
