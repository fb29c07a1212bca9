"""Rule parameters: validation helpers, params_id, and the parameter table each game declares (`Param`,
`ParamTable`)."""

import copy
import hashlib
import json
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

Check = Callable[[str, Any], None]


def load_defaults(path: Path) -> dict[str, Any]:
    """The default parameter set of a game, from its TOML data file."""
    with open(path, "rb") as f:
        return tomllib.load(f)


def plain(value: Any) -> Any:
    """`value` with NumPy scalars and arrays (at any depth of lists, tuples and dicts) as Python values and lists."""
    if isinstance(value, (np.ndarray, np.generic)):
        return value.tolist()
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, Mapping):
        return {k: plain(v) for k, v in value.items()}
    return value


def merge_overrides(defaults: Mapping[str, Any], overrides: Mapping[str, Any]) -> dict[str, Any]:
    """Defaults with overrides applied (NumPy values as Python ones); a table (dict) override updates the table key
    by key."""
    out = copy.deepcopy(dict(defaults))
    for key, value in overrides.items():
        value = plain(value)
        if key not in out:
            known = ", ".join(sorted(out))
            raise ValueError(f"unknown rule parameter {key!r} (known: {known})")
        if isinstance(out[key], dict):
            if not isinstance(value, Mapping):
                raise ValueError(f"rule parameter {key!r} must be a table of {sorted(out[key])}")
            for sub in value:
                if sub not in out[key]:
                    raise ValueError(f"unknown rule parameter {key}.{sub} (known: {', '.join(sorted(out[key]))})")
            out[key].update(copy.deepcopy(dict(value)))
        else:
            out[key] = copy.deepcopy(value)
    return out


def params_id(params: Mapping[str, Any]) -> str:
    """Short stable hash of a full parameter set."""
    text = json.dumps(params, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def int_in(lo: int, hi: int) -> Check:
    def check(name: str, v: Any) -> None:
        if isinstance(v, bool) or not isinstance(v, int):
            raise ValueError(f"rule parameter {name} must be an integer, got {v!r}")
        if not lo <= v <= hi:
            raise ValueError(f"rule parameter {name} must be between {lo} and {hi}, got {v}")

    return check


def int_list(length: int, lo: int, hi: int) -> Check:
    item = int_in(lo, hi)

    def check(name: str, v: Any) -> None:
        if not isinstance(v, (list, tuple)) or len(v) != length:
            raise ValueError(f"rule parameter {name} must be a list of {length} integers, got {v!r}")
        for i, x in enumerate(v):
            item(f"{name}[{i}]", x)

    return check


def one_of(*choices: str) -> Check:
    def check(name: str, v: Any) -> None:
        if v not in choices:
            raise ValueError(f"rule parameter {name} must be one of {', '.join(choices)}, got {v!r}")

    return check


def boolean(name: str, v: Any) -> None:
    if not isinstance(v, bool):
        raise ValueError(f"rule parameter {name} must be true or false, got {v!r}")


def check_all(params: Mapping[str, Any], checks: Mapping[str, Check], prefix: str = "") -> None:
    """Run every field's check; a table's checks are a nested mapping."""
    for key, check in checks.items():
        if isinstance(check, Mapping):
            check_all(params[key], check, f"{prefix}{key}.")
        else:
            check(prefix + key, params[key])


# ---------------------------------------------------------------------------------------------------------------
# The parameter table: each rule parameter declared once
# ---------------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Param:
    """One rule parameter, declared once: validation, flattening, random valid values (brux.testing), the space
    `brux balance` searches by default and the docs' parameter table all come from this declaration.

    A value is one integer (`shape` ()), a list (`shape` (k,)) or a list of lists ((k, m)) of integers in lo..hi, or
    one of `choices` (strings or booleans, flattened as their index). `by_players`: the first index is the player
    count (min_players + i), and only the entry of the game's count is flattened. `slot` is the kernel offset the
    flattened value starts at (None: the table's `flatten` hook writes it). `search`: the integer range random
    parameters and searches draw from (default lo..hi). `check` replaces the validation from the range (messages of
    its own); `strategy(st)` replaces the hypothesis strategy from the search range.
    """

    name: str  # dotted for a field of a table: "components.money_cards"
    default: Any
    meaning: str
    lo: int | None = None
    hi: int | None = None
    choices: tuple[Any, ...] = ()
    shape: tuple[int, ...] = ()
    slot: int | None = None
    by_players: bool = False
    search: tuple[int, int] | None = None
    check: Check | None = None
    strategy: Callable[[Any], Any] | None = None

    def validate(self, value: Any) -> None:
        """ValueError naming the parameter when `value` is not allowed."""
        if self.check is not None:
            self.check(self.name, value)
        elif self.choices and all(isinstance(c, bool) for c in self.choices):
            boolean(self.name, value)
        elif self.choices:
            one_of(*self.choices)(self.name, value)
        elif not self.shape:
            int_in(self.lo, self.hi)(self.name, value)  # type: ignore[arg-type]
        elif len(self.shape) == 1:
            int_list(self.shape[0], self.lo, self.hi)(self.name, value)  # type: ignore[arg-type]
        else:
            if not isinstance(value, (list, tuple)) or len(value) != self.shape[0]:
                raise ValueError(f"rule parameter {self.name} must be {self.shape[0]} lists of {self.shape[1]} "
                                 f"integers, got {value!r}")
            for i, row in enumerate(value):
                int_list(self.shape[1], self.lo, self.hi)(f"{self.name}[{i}]", row)  # type: ignore[arg-type]

    def flat_values(self, value: Any, players: int, min_players: int) -> list[int]:
        """The integers written at `slot` for a player count."""
        if self.by_players:
            value = value[players - min_players]
        if self.choices:
            return [self.choices.index(value)]
        if isinstance(value, (list, tuple)):
            return [int(x) for row in value for x in (row if isinstance(row, (list, tuple)) else [row])]
        return [int(value)]

    def search_range(self) -> tuple[int, int] | None:
        """The integer range searches draw from (None for a parameter of choices or with its own check)."""
        if self.search is not None:
            return self.search
        return None if self.choices or self.lo is None else (self.lo, self.hi)  # type: ignore[return-value]

    def range_text(self) -> str:
        """The allowed values, for the docs."""
        if self.choices:
            return ", ".join(json.dumps(c) for c in self.choices)
        if self.lo is None:
            return "see meaning"
        items = f"{self.lo}..{self.hi}"
        if not self.shape:
            return items
        dims = " × ".join(str(d) for d in self.shape)
        return f"{dims} of {items}"


def _set_dotted(d: dict[str, Any], dotted: str, value: Any) -> None:
    *parents, last = dotted.split(".")
    for part in parents:
        d = d.setdefault(part, {})
    d[last] = value


def _get_dotted(d: Mapping[str, Any], dotted: str) -> Any:
    for part in dotted.split("."):
        d = d[part]
    return d


class ParamTable:
    """A game's rule parameters: the declared `Param`s plus `extra` tables of data (e.g. a card table) that the
    game checks itself (`check`, run after every parameter's own validation) and flattens itself (`flatten`).

    `merge` maps an extra table's name to a function (default, override) -> merged value replacing the key-by-key
    table merge for it. `players_slot` receives the player count. `joint`: groups of parameters (or extra tables)
    whose random values depend on each other, each with a function(st) -> hypothesis strategy of overrides for
    the group (brux.testing draws every other parameter from its own range).
    """

    def __init__(self, params: Sequence[Param], *, size: int, players_slot: int, min_players: int,
                 extra: Mapping[str, Any] | None = None, merge: Mapping[str, Callable[[Any, Any], Any]] | None = None,
                 check: Callable[[dict[str, Any]], None] | None = None,
                 flatten: Callable[[dict[str, Any], int, np.ndarray], None] | None = None,
                 joint: Sequence[tuple[tuple[str, ...], Callable[[Any], Any]]] = ()) -> None:
        names = [p.name for p in params]
        if len(set(names)) != len(names):
            raise ValueError(f"parameters declared twice: {sorted({n for n in names if names.count(n) > 1})}")
        self.params = tuple(params)
        self.by_name = {p.name: p for p in self.params}
        self.size = size
        self.players_slot = players_slot
        self.min_players = min_players
        self.extra = dict(extra or {})
        self.merge = dict(merge or {})
        self._check = check
        self._flatten = flatten
        self.joint = tuple(joint)
        self._defaults: dict[str, Any] = {}
        for p in self.params:
            _set_dotted(self._defaults, p.name, copy.deepcopy(p.default))
        self._defaults.update(copy.deepcopy(self.extra))
        for p in self.params:
            p.validate(p.default)

    def defaults(self) -> dict[str, Any]:
        """The full parameter set of the rules as written (a fresh copy)."""
        return copy.deepcopy(self._defaults)

    def resolve(self, overrides: Mapping[str, Any]) -> dict[str, Any]:
        """The full, validated parameter set: defaults with overrides; ValueError names a bad field."""
        overrides = dict(overrides)
        special = {k: overrides.pop(k) for k in list(overrides) if k in self.merge}
        base = {k: v for k, v in self._defaults.items() if k not in self.merge}
        params = merge_overrides({**base, **{k: {} for k in self.merge}}, overrides)
        for key, merge in self.merge.items():
            params[key] = merge(self._defaults[key], special.get(key))
        for p in self.params:
            p.validate(_get_dotted(params, p.name))
        if self._check is not None:
            self._check(params)
        return params

    def flatten(self, params: dict[str, Any], players: int) -> np.ndarray:
        """The parameter block of the kernel state for a player count."""
        a = np.zeros(self.size, np.int64)
        a[self.players_slot] = players
        for p in self.params:
            if p.slot is not None:
                values = p.flat_values(_get_dotted(params, p.name), players, self.min_players)
                a[p.slot: p.slot + len(values)] = values
        if self._flatten is not None:
            self._flatten(params, players, a)
        return a

    def search_space(self, name: str) -> dict[str, Any] | None:
        """What a search of parameter `name` may draw from by default: {"low", "high"} or {"values"}; None when
        the parameter is not declared or has no declared space."""
        p = self.by_name.get(name)
        if p is None:
            return None
        if p.choices:
            return {"values": list(p.choices)}
        r = p.search_range()
        if r is None or p.shape:
            return None
        return {"low": r[0], "high": r[1]}

    def markdown(self) -> str:
        """The parameter table of the docs: name, default, allowed values, the range random parameters and searches
        draw from, meaning."""
        rows = ["| parameter | default | allowed | searched | meaning |", "|---|---|---|---|---|"]
        joint = {name for names, _ in self.joint for name in names}
        for p in self.params:
            r = p.search_range()
            if p.name in joint or p.strategy is not None:
                searched = "see meaning"
            elif p.choices:
                searched = "all"
            else:
                searched = f"{r[0]}..{r[1]}" if r else "-"
            rows.append(f"| `{p.name}` | `{json.dumps(p.default)}` | {p.range_text()} | {searched} | {p.meaning} |")
        return "\n".join(rows) + "\n"
