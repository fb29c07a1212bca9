"""Readers of a readable view for `state_from_dict`: each checks one value and returns it, or raises ScenarioError
"state_from_dict: {where}: {problem}", `where` naming the field. A scenario's hidden order comes from `Draws`."""

from typing import Any

import numpy as np

from brux.core.rng import GOLDEN, MASK64, as_int64, derive_py, mix_py
from brux.errors import ScenarioError

MAX_SHOWN = 120  # characters of a value's repr in a message
BIG = 10**6  # the default upper bound of an integer
_MISSING = object()


def shown(v: Any) -> str:
    """The repr of `v`, cut to MAX_SHOWN characters."""
    text = repr(v)
    return text if len(text) <= MAX_SHOWN else text[: MAX_SHOWN - 3] + "..."


def need(cond: Any, where: str, problem: str) -> None:
    """Raise ScenarioError "state_from_dict: {where}: {problem}" unless `cond` holds."""
    if not cond:
        raise ScenarioError(f"state_from_dict: {where or 'view'}: {problem}")


def at(where: str, key: Any) -> str:
    """The name of entry `key` of the table named `where` ("" for the view itself)."""
    return f"{where}.{key}" if where else str(key)


def is_int(v: Any) -> bool:
    """Whether `v` is an integer (a Python or numpy integer, not a bool)."""
    return isinstance(v, (int, np.integer)) and not isinstance(v, bool)


def table(v: Any, where: str) -> dict[str, Any]:
    """`v`, which must be a table (a dict)."""
    need(isinstance(v, dict), where, f"must be a table, got {shown(v)}")
    return v


def entry(d: Any, key: str, where: str, default: Any = _MISSING) -> Any:
    """Entry `key` of the table `d` named `where`; `default` when given and the key is missing."""
    table(d, where)
    if key not in d and default is not _MISSING:
        return default
    need(key in d, where, f"missing key {key!r}")
    return d[key]


def integer(v: Any, where: str, lo: int = 0, hi: int = BIG) -> int:
    """`v`, which must be an integer in lo..hi."""
    need(is_int(v) and lo <= v <= hi, where, f"must be an integer in {lo}..{hi}, got {shown(v)}")
    return int(v)


def int_at(d: Any, key: str, where: str, lo: int = 0, hi: int = BIG) -> int:
    """Entry `key` of the table `d` named `where`, an integer in lo..hi."""
    return integer(entry(d, key, where), at(where, key), lo, hi)


def choice(v: Any, names: tuple[Any, ...], where: str) -> int:
    """The index of `v` in `names` (strings, or None)."""
    found = [i for i, name in enumerate(names) if v is name or (isinstance(v, type(name)) and v == name)]
    need(found, where, f"{shown(v)} is not one of {', '.join(map(str, names))}")
    return found[0]


def items(v: Any, where: str, n: int | None = None) -> list[Any]:
    """`v`, which must be a list (of `n` items when n is given)."""
    ok = isinstance(v, list) and (n is None or len(v) == n)
    need(ok, where, f"must be a list{'' if n is None else f' of {n}'}, got {shown(v)}")
    return v


def only_keys(d: Any, where: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict[str, Any]:
    """The table `d`, which must hold every key of `required` and no key outside `required` and `optional`."""
    table(d, where)
    for k in required:
        need(k in d, where, f"missing key {k!r}")
    for k in d:
        need(k in required or k in optional, at(where, k), "unknown key")
    return d


class Draws:
    """The chance stream of a seed (stream 0) in plain Python: the kernels' `randbelow` draws, in order."""

    def __init__(self, seed: int) -> None:
        self.key = derive_py(seed, 0)
        self.counter = 0

    def below(self, n: int) -> int:
        """The next draw, a uniform integer in [0, n) for 1 <= n < 2**32."""
        self.counter += 1
        return ((mix_py((self.key + self.counter * GOLDEN) & MASK64) >> 32) * n) >> 32

    def shuffle(self, values: list[Any]) -> None:
        """Shuffle `values` in place (Fisher-Yates, from the last position down)."""
        for i in range(len(values) - 1, 0, -1):
            j = self.below(i + 1)
            values[i], values[j] = values[j], values[i]

    def store(self, arr: np.ndarray, key_off: int, ctr_off: int) -> None:
        """Write the stream (key, then the draws made) into a state array, where the kernels continue it."""
        arr[key_off] = as_int64(self.key)
        arr[ctr_off] = self.counter
