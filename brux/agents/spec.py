"""Agent spec strings: parsing, validation, canonical names and the numeric codes the kernels read.

Grammar (options in any order, each at most once; `ValueError` names an unknown agent, persona or option)::

    spec := name [":" [persona ","] item ("," item)*]      item := option "=" value | "w_" feature "=" number

The kinds, their options, defaults and ranges are declared in `brux.agents.kinds` (tables in docs/agents.md).
A spec becomes (kind, ip, fp): an int, an int vector and a float vector (see `brux.agents.search`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from . import search as S
from .kinds import BY_NAME, IP, NAMES, OPTIONS, POLICY_FALLBACK, WEIGHT_RANGE, fmt, number


@dataclass(frozen=True)
class AgentSpec:
    """A parsed agent spec: its name, its persona (a persona kind only) and its options."""

    name: str
    persona: str | None = None
    options: tuple[tuple[str, object], ...] = ()

    @property
    def opts(self) -> dict[str, object]:
        return dict(self.options)

    def get(self, key: str) -> object:
        """An option's value: given, else this agent's default."""
        return self.opts.get(key, BY_NAME[self.name].default(key))

    def __str__(self) -> str:
        items = ([self.persona] if self.persona else []) + [f"{k}={fmt(v)}" for k, v in self.options]
        return self.name + (":" + ",".join(items) if items else "")


def parse_spec(text: str, features: Sequence[str] | None = None, personas: Sequence[str] | None = None) -> AgentSpec:
    """Parse one agent spec. With `features`/`personas` (a game's), weight names and persona names are checked too."""
    if not isinstance(text, str):
        raise ValueError(f"an agent spec is a string, got {text!r}")
    raw = text.strip()
    name, sep, rest = raw.partition(":")
    name = name.strip()
    if name not in BY_NAME:
        raise ValueError(f"unknown agent {name!r} in {raw!r}; known agents: {', '.join(NAMES)}")
    kind = BY_NAME[name]
    items = [x.strip() for x in rest.split(",")] if sep else []
    if sep and (not rest.strip() or any(not x for x in items)):
        raise ValueError(f"agent {raw!r}: empty option")
    persona = None
    if kind.evaluation == "persona":
        if not items or "=" in items[0]:
            known = f"; personas: {', '.join(personas)}" if personas else ""
            raise ValueError(f"agent {raw!r}: {name} needs a persona, e.g. {name}:builder{known}")
        persona = items.pop(0)
        if personas is not None and persona not in personas:
            raise ValueError(f"agent {raw!r}: unknown persona {persona!r}; personas: {', '.join(personas)}")
    if not kind.options and kind.evaluation is None and items:
        raise ValueError(f"agent {name!r} takes no options, got {raw!r}")
    allowed = kind.by_name
    opts: dict[str, object] = {}
    for item in items:
        key, eq, value = item.partition("=")
        key = key.strip()
        value = value.strip()
        if not eq or not value:
            raise ValueError(f"agent {raw!r}: option {item!r} must be key=value")
        if key in opts:
            raise ValueError(f"agent {raw!r}: option {key!r} given twice")
        if key.startswith("w_") and kind.evaluation is not None:
            feature = key[2:]
            if features is not None and feature not in features:
                raise ValueError(f"agent {raw!r}: unknown weight {key!r}; features: {', '.join(features)}")
            opts[key] = float(number(raw, key, value, float, WEIGHT_RANGE))
        elif key not in allowed:
            extra = ", w_<feature>" if kind.evaluation is not None else ""
            raise ValueError(f"agent {raw!r}: unknown option {key!r}; options of {name}: {', '.join(allowed)}{extra}")
        elif key == "eval":
            if personas is not None and value != "greedy" and value not in personas:
                raise ValueError(f"agent {raw!r}: eval={value!r} must be greedy or a persona: {', '.join(personas)}")
            opts[key] = value
        else:
            opts[key] = allowed[key].parse(raw, value)
    ordered = [(o.name, opts[o.name]) for o in kind.options if o.name in opts]
    ordered += sorted((k, v) for k, v in opts.items() if k.startswith("w_"))
    return AgentSpec(name, persona, tuple(ordered))


def split_lineup(agents: str | Sequence[str]) -> list[str]:
    """The spec strings of a comma-separated line-up (``"mcts:iters=200,c=1.4,greedy,random"``) or a list.

    In a string, an item holding ``=`` but no ``:`` continues the previous spec (it is an option), and so does a
    persona name right after ``heuristic:``; every other item starts a new spec.
    """
    if callable(agents):  # one Python strategy for every seat (brux.agents.python)
        return [agents]
    if not isinstance(agents, str):
        return [a if callable(a) else str(a).strip() for a in agents]
    out: list[str] = []
    for item in (x.strip() for x in agents.split(",")):
        if out and "=" in item and ":" not in item:
            out[-1] += "," + item
        else:
            out.append(item)
    return out


def parse_lineup(agents: str | Sequence[str], players: int, features: Sequence[str] | None = None,
                 personas: Sequence[str] | None = None) -> tuple[AgentSpec, ...]:
    """One parsed spec per seat: a single spec plays every seat, else one per seat."""
    specs = [parse_spec(a, features, personas) for a in split_lineup(agents)]
    if len(specs) == 1:
        return tuple(specs) * players
    if len(specs) != players:
        raise ValueError(f"{len(specs)} agents given for {players} players; give one for all seats or one per seat")
    return tuple(specs)


def encode(spec: AgentSpec, features: Sequence[str], weights: Mapping[str, np.ndarray],
           policy_options: Mapping[str, object] | None = None) -> tuple[int, np.ndarray, np.ndarray]:
    """(kind, ip, fp) of one agent for a game with these evaluation features and weight sets. `policy_options`: the
    options stored with the game's `policy` weights (`brux.agents.policyfile.load_options`), which a `policy` spec
    plays where it does not give them, when it plays those weights; ValueError for a stored option `policy` does
    not take or out of its range."""
    kind = BY_NAME[spec.name]
    ip = np.zeros(S.N_IP, np.int64)
    fp = np.zeros(S.N_FP_HEAD + len(features), np.float64)
    if kind.evaluation is None:
        return kind.code, ip, fp
    base = {"greedy": "greedy", "persona": spec.persona, "eval": spec.get("eval"), "policy": "policy"}[kind.evaluation]
    if kind.evaluation == "policy" and base not in weights:
        base = next((b for b in POLICY_FALLBACK if b in weights), base)
    fallback = kind.by_name["eval"].fallback if "eval" in kind.by_name else None
    if fallback is not None and "eval" not in spec.opts and base not in weights:
        base = fallback
    if base not in weights:
        raise ValueError(f"agent {str(spec)!r}: this game has no evaluation {base!r}; known: {', '.join(weights)}")
    w = np.array(weights[base], dtype=np.float64, copy=True)
    for key, value in spec.options:
        if key.startswith("w_"):
            if key[2:] not in features:
                raise ValueError(f"agent {str(spec)!r}: unknown weight {key!r}; features: {', '.join(features)}")
            w[list(features).index(key[2:])] = value
    fp[S.FP_W:] = w
    stored = {}
    if kind.evaluation == "policy" and base == "policy" and policy_options:
        for key, value in policy_options.items():
            if key not in kind.by_name:
                raise ValueError(f"the options stored with the policy weights: policy takes no option "
                                 f"{key!r}")
            stored[key] = kind.by_name[key].parse("policy", str(value))
    filled: set[tuple[str, int]] = set()
    for option in (*kind.options, *OPTIONS):  # the kind's own options, then the first declared for a slot left
        if option.slot is not None and option.slot not in filled:
            given = option.name in spec.opts or option.name not in stored
            (ip if option.slot[0] == IP else fp)[option.slot[1]] = spec.get(option.name) if given else \
                stored[option.name]
            filled.add(option.slot)
    return kind.code, ip, fp


def encode_lineup(specs: Sequence[AgentSpec], features: Sequence[str], weights: Mapping[str, np.ndarray],
                  policy_options: Mapping[str, object] | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per-seat arrays kinds (n,), iparams (n, N_IP), fparams (n, N_FP_HEAD + features) of a line-up (`encode`)."""
    codes = [encode(s, features, weights, policy_options) for s in specs]
    kinds = np.array([c[0] for c in codes], np.int64)
    ip = np.stack([c[1] for c in codes])
    fp = np.stack([c[2] for c in codes])
    return kinds, ip, fp
