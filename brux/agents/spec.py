"""Agent spec strings: parsing, validation, canonical names and the numeric codes the kernels read.

Grammar (options in any order, each at most once; `ValueError` names an unknown agent, persona or option)::

    spec      := name [":" item ("," item)*]
    random                                   uniform over the legal actions
    greedy    [: lookahead options]          one-step lookahead on the game's `greedy` evaluation
    heuristic : persona [, lookahead options]   one-step lookahead on a persona's weights
    flatmc    [: n=20, depth=-1, eval=greedy, temp=3, rel=1, eps=0]
    mcts      [: iters=200, c=1.4, depth=-1, eval=greedy, temp=3, rel=1, prune=0, eps=0]
    vmcts     [: iters=600, c=1.4, depth=0, eval=value, temp=6, rel=1, prune=0, eps=0]

    lookahead options: w_<feature>=x (override one evaluation weight), rel=0|1 (relative evaluation: own value
    minus the best opponent's, default 1), finish=0|1 (take the turn's own sub-decisions greedily before
    evaluating, default 1), eps=x (see below).
    flatmc: n playouts per legal action; mcts: iters iterations, c the UCT constant. depth: playout length in
    decisions (-1: to the end of the game); a playout cut short is scored by the `eval` weights (a persona name or
    `greedy`, with w_<feature> overrides) turned into win shares by a softmax with temperature `temp` VP.
    prune: search only the best `prune` root actions by one-step lookahead on the `eval` weights (0: all).
    eps (every agent but random, default 0, 0..1): at each decision, with probability eps a uniformly random legal
    action instead of the agent's own, both drawn from the agent's stream (eps=0 draws nothing: the plain agent).
    vmcts is mcts with other defaults: no playouts (each new leaf is scored by the evaluation) and the game's
    `value` weights (fitted to the outcomes of strong self-play; `greedy` for a game without them).

A spec becomes (kind, ip, fp): an int, an int vector and a float vector (see `brux.agents.search`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from . import search as S

AGENTS = ("random", "greedy", "heuristic", "flatmc", "mcts", "vmcts")
LOOKAHEAD_OPTIONS = ("rel", "finish", "eps")
SEARCH_OPTIONS = {
    "flatmc": ("n", "depth", "eval", "temp", "rel", "eps"),
    "mcts": ("iters", "c", "depth", "eval", "temp", "rel", "prune", "eps"),
    "vmcts": ("iters", "c", "depth", "eval", "temp", "rel", "prune", "eps"),
}
DEFAULTS = {"n": 20, "iters": 200, "c": 1.4, "depth": -1, "eval": "greedy", "temp": 3.0, "rel": 1, "finish": 1,
            "prune": 0, "eps": 0.0}
AGENT_DEFAULTS = {"vmcts": {"iters": 600, "depth": 0, "eval": "value", "temp": 6.0}}  # where an agent differs
VALUE_FALLBACK = "greedy"  # vmcts's evaluation in a game without `value` weights
_INT_RANGES = {"n": (1, 100_000), "iters": (1, 200_000), "depth": (-1, 100_000), "rel": (0, 1), "finish": (0, 1),
               "prune": (0, 100_000)}
_FLOAT_RANGES = {"c": (0.0, 100.0), "temp": (1e-6, 1e6), "eps": (0.0, 1.0)}


@dataclass(frozen=True)
class AgentSpec:
    """A parsed agent spec: its name, its persona (heuristic only) and its options."""

    name: str
    persona: str | None = None
    options: tuple[tuple[str, object], ...] = ()

    @property
    def opts(self) -> dict[str, object]:
        return dict(self.options)

    def get(self, key: str) -> object:
        """An option's value: given, else this agent's default."""
        return self.opts.get(key, AGENT_DEFAULTS.get(self.name, {}).get(key, DEFAULTS.get(key)))

    def __str__(self) -> str:
        items = ([self.persona] if self.persona else []) + [f"{k}={_fmt(v)}" for k, v in self.options]
        return self.name + (":" + ",".join(items) if items else "")


def _fmt(v: object) -> str:
    if isinstance(v, float) and v == int(v) and abs(v) < 1e15:
        return str(int(v))
    return repr(v) if isinstance(v, float) else str(v)


def _number(agent: str, key: str, text: str, kind: type) -> int | float:
    try:
        v = kind(text) if kind is float else int(text)
    except ValueError:
        what = "a number" if kind is float else "an integer"
        raise ValueError(f"agent {agent!r}: option {key}={text!r} must be {what}") from None
    lo, hi = (_FLOAT_RANGES if kind is float else _INT_RANGES)[key] if not key.startswith("w_") else (-1e6, 1e6)
    if not (lo <= v <= hi) or v != v:
        raise ValueError(f"agent {agent!r}: option {key}={text!r} must be in {lo}..{hi}")
    return v


def parse_spec(text: str, features: Sequence[str] | None = None, personas: Sequence[str] | None = None) -> AgentSpec:
    """Parse one agent spec. With `features`/`personas` (a game's), weight names and persona names are checked too."""
    if not isinstance(text, str):
        raise ValueError(f"an agent spec is a string, got {text!r}")
    raw = text.strip()
    name, sep, rest = raw.partition(":")
    name = name.strip()
    if name not in AGENTS:
        raise ValueError(f"unknown agent {name!r} in {raw!r}; known agents: {', '.join(AGENTS)}")
    items = [x.strip() for x in rest.split(",")] if sep else []
    if sep and (not rest.strip() or any(not x for x in items)):
        raise ValueError(f"agent {raw!r}: empty option")
    persona = None
    if name == "heuristic":
        if not items or "=" in items[0]:
            known = f"; personas: {', '.join(personas)}" if personas else ""
            raise ValueError(f"agent {raw!r}: heuristic needs a persona, e.g. heuristic:builder{known}")
        persona = items.pop(0)
        if personas is not None and persona not in personas:
            raise ValueError(f"agent {raw!r}: unknown persona {persona!r}; personas: {', '.join(personas)}")
    if name == "random" and items:
        raise ValueError(f"agent 'random' takes no options, got {raw!r}")
    allowed = LOOKAHEAD_OPTIONS if name in ("greedy", "heuristic") else SEARCH_OPTIONS.get(name, ())
    opts: dict[str, object] = {}
    for item in items:
        key, eq, value = item.partition("=")
        key = key.strip()
        value = value.strip()
        if not eq or not value:
            raise ValueError(f"agent {raw!r}: option {item!r} must be key=value")
        if key in opts:
            raise ValueError(f"agent {raw!r}: option {key!r} given twice")
        if key.startswith("w_"):
            feature = key[2:]
            if features is not None and feature not in features:
                raise ValueError(f"agent {raw!r}: unknown weight {key!r}; features: {', '.join(features)}")
            opts[key] = float(_number(raw, key, value, float))
        elif key not in allowed:
            extra = ", w_<feature>" if name != "random" else ""
            raise ValueError(f"agent {raw!r}: unknown option {key!r}; options of {name}: {', '.join(allowed)}{extra}")
        elif key == "eval":
            if personas is not None and value != "greedy" and value not in personas:
                raise ValueError(f"agent {raw!r}: eval={value!r} must be greedy or a persona: {', '.join(personas)}")
            opts[key] = value
        elif key in _FLOAT_RANGES:
            opts[key] = float(_number(raw, key, value, float))
        else:
            opts[key] = int(_number(raw, key, value, int))
    order = ("iters", "n", "c", "depth", "eval", "temp", "rel", "finish", "prune", "eps")
    ordered = [(k, opts[k]) for k in order if k in opts] + sorted((k, v) for k, v in opts.items() if k.startswith("w_"))
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


def encode(spec: AgentSpec, features: Sequence[str], weights: Mapping[str, np.ndarray]
           ) -> tuple[int, np.ndarray, np.ndarray]:
    """(kind, ip, fp) of one agent for a game with these evaluation features and weight sets."""
    kind = S.KIND_NAMES.index(spec.name)
    ip = np.zeros(S.N_IP, np.int64)
    fp = np.zeros(S.N_FP_HEAD + len(features), np.float64)
    if spec.name == "random":
        return kind, ip, fp
    base = spec.persona if spec.name == "heuristic" else ("greedy" if spec.name == "greedy" else spec.get("eval"))
    if spec.name == "vmcts" and "eval" not in spec.opts and base not in weights:
        base = VALUE_FALLBACK
    if base not in weights:
        raise ValueError(f"agent {str(spec)!r}: this game has no evaluation {base!r}; known: {', '.join(weights)}")
    w = np.array(weights[base], dtype=np.float64, copy=True)
    for key, value in spec.options:
        if key.startswith("w_"):
            if key[2:] not in features:
                raise ValueError(f"agent {str(spec)!r}: unknown weight {key!r}; features: {', '.join(features)}")
            w[list(features).index(key[2:])] = value
    fp[S.FP_W:] = w
    fp[S.FP_REL] = float(spec.get("rel"))
    fp[S.FP_C] = float(spec.get("c"))
    fp[S.FP_TEMP] = float(spec.get("temp"))
    fp[S.FP_EPS] = float(spec.get("eps"))
    ip[S.IP_N] = int(spec.get("iters") if spec.name in ("mcts", "vmcts") else spec.get("n"))
    ip[S.IP_DEPTH] = int(spec.get("depth"))
    ip[S.IP_FINISH] = int(spec.get("finish"))
    ip[S.IP_PRUNE] = int(spec.get("prune"))
    return kind, ip, fp


def encode_lineup(specs: Sequence[AgentSpec], features: Sequence[str], weights: Mapping[str, np.ndarray]
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per-seat arrays kinds (n,), iparams (n, N_IP), fparams (n, N_FP_HEAD + features) of a line-up."""
    codes = [encode(s, features, weights) for s in specs]
    kinds = np.array([c[0] for c in codes], np.int64)
    ip = np.stack([c[1] for c in codes])
    fp = np.stack([c[2] for c in codes])
    return kinds, ip, fp
