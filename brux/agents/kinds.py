"""The agent kinds, each declared once: its name, the code the kernels read, its options (default, range, where
the kernels read it) and its evaluation. Parsing, encoding, `names()`, the contract tests' cheap specs and the
docs' tables (`python -m brux.games.paramdoc`) all come from these declarations.

A new kind is one `AgentKind` in `KINDS` (and its branch in `brux.agents.search.decide`); a new option is one
`Option` in `OPTIONS` plus its place in the option tuples of the kinds that take it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from . import search as S

IP, FP = "ip", "fp"  # the kernels' int and float parameter vectors
WEIGHT_RANGE = (-1e6, 1e6)  # any w_<feature> override


def fmt(v: object) -> str:
    """A value as a spec writes it (whole floats without a decimal point)."""
    if isinstance(v, float) and v == int(v) and abs(v) < 1e15:
        return str(int(v))
    return repr(v) if isinstance(v, float) else str(v)


def number(agent: str, key: str, text: str, kind: type, bounds: tuple[float | None, float | None]) -> int | float:
    """`text` as an int or float in bounds; ValueError naming the agent, the option and its range."""
    try:
        v = kind(text)
    except ValueError:
        what = "a number" if kind is float else "an integer"
        raise ValueError(f"agent {agent!r}: option {key}={text!r} must be {what}") from None
    lo, hi = bounds
    if v != v or (lo is not None and v < lo) or (hi is not None and v > hi):
        raise ValueError(f"agent {agent!r}: option {key}={text!r} must be in {fmt(lo)}..{fmt(hi)}")
    return v


@dataclass(frozen=True)
class Option:
    """One agent option: `name=value` in a spec. `default` fixes its type (int, float, or str for an evaluation
    name); a number must lie in low..high. `slot` is where the kernels read it: (IP or FP, index), None for an
    evaluation name. `fallback`: the evaluation used when the default one is missing from a game."""

    name: str
    default: int | float | str
    meaning: str
    low: int | float | None = None
    high: int | float | None = None
    slot: tuple[str, int] | None = None
    fallback: str | None = None

    def parse(self, agent: str, text: str) -> int | float | str:
        """The option's value from `text`; ValueError naming the option and its range."""
        if isinstance(self.default, str):
            return text
        return number(agent, self.name, text, type(self.default), (self.low, self.high))

    def range_text(self) -> str:
        """The allowed values, for the docs."""
        if isinstance(self.default, str):
            return "`greedy` or a persona"
        return f"{fmt(self.low)}..{fmt(self.high)}"


N = Option("n", 20, "playouts per legal action", 1, 100_000, (IP, S.IP_N))
ITERS = Option("iters", 200, "search iterations", 1, 200_000, (IP, S.IP_N))
C = Option("c", 1.4, "UCT exploration constant", 0.0, 100.0, (FP, S.FP_C))
DEPTH = Option("depth", -1, "playout length in decisions (-1: to the end of the game; 0: score the leaf)", -1,
               100_000, (IP, S.IP_DEPTH))
EVAL = Option("eval", "greedy", "evaluation of a playout cut short: `greedy` or a persona, with any `w_` overrides")
TEMP = Option("temp", 3.0, "softmax temperature (VP) turning evaluations into win shares", 1e-6, 1e6,
              (FP, S.FP_TEMP))
REL = Option("rel", 1, "1: a seat's value minus the best opponent's; 0: its own value", 0, 1, (FP, S.FP_REL))
FINISH = Option("finish", 1, "1: take the rest of the own turn greedily before evaluating an action", 0, 1,
                (IP, S.IP_FINISH))
PRUNE = Option("prune", 0, "search only the best `prune` root actions by one-step lookahead on `eval` (0: all)", 0,
               100_000, (IP, S.IP_PRUNE))
SAMPLES = Option("samples", 1, "determinised copies a lookahead evaluates every action on, the best total "
                 "taken (1: one copy)", 1, 10_000, (IP, S.IP_N))
EPS = Option("eps", 0.0, "at each decision, with this probability a uniformly random legal action instead of the "
             "agent's own, both drawn from the agent's stream (0 draws nothing: the plain agent)", 0.0, 1.0,
             (FP, S.FP_EPS))
ANSWER = Option("answer", 0, "at a decision that starts a turn, score the best `answer` actions again after the "
                "next seat's own one-step answer (on the same copy and weights), the best answered result taken "
                "(0 and 1: the plain lookahead)", 0, 100, (IP, S.IP_ANSWER))
# Every option, in the order that gives each kernel slot its value for the kinds without an option there.
OPTIONS = (N, ITERS, C, DEPTH, EVAL, TEMP, REL, FINISH, PRUNE, SAMPLES, EPS, ANSWER)

LOOKAHEAD = (REL, FINISH, SAMPLES, EPS, ANSWER)
LEAF_FINISH = replace(FINISH, default=0, meaning="1: the tree branches on turns, the rest of a turn after a decision "
                      "in it taken greedily on `eval`'s weights; 0: every sub-decision is a level of the tree")
SEARCH = (ITERS, C, DEPTH, EVAL, TEMP, REL, LEAF_FINISH, PRUNE, EPS)


@dataclass(frozen=True)
class AgentKind:
    """One agent kind. `evaluation` names the weights it evaluates with: None (none: it reads no parameters),
    "greedy" (the game's greedy weights), "persona" (the spec's persona, which it needs), "eval" (its `eval`
    option) or "policy" (the weights fitted for the game and player count, else `value`, else `greedy`); a kind
    with an evaluation takes `w_<feature>` overrides. `cheap`: options that make it quick enough for the contract
    tests."""

    name: str
    code: int
    meaning: str
    options: tuple[Option, ...] = ()
    evaluation: str | None = None
    cheap: str = ""

    @property
    def by_name(self) -> dict[str, Option]:
        return {o.name: o for o in self.options}

    def default(self, key: str) -> int | float | str:
        """This kind's default of option `key` (of the first declared option for it when this kind has none)."""
        if key in self.by_name:
            return self.by_name[key].default
        return next(o.default for o in OPTIONS if o.name == key)

    def spec_text(self) -> str:
        """The grammar line of the docs: `name[:opt=default,...]`."""
        head = f"{self.name}:<persona>" if self.evaluation == "persona" else self.name
        items = [f"{o.name}={fmt(o.default)}" for o in self.options] + (["w_<feature>=x"] if self.evaluation else [])
        if not items:
            return head
        return f"{head}[{',' if self.evaluation == 'persona' else ':'}{','.join(items)}]"


KINDS = (
    AgentKind("random", S.RANDOM, "uniform over the legal actions"),
    AgentKind("greedy", S.GREEDY, "one-step lookahead maximising the game's `greedy` evaluation: VP so "
              "far plus the end-game VP of the current tableau", LOOKAHEAD,
              "greedy"),
    AgentKind("heuristic", S.HEURISTIC, "the same lookahead on a persona's weights, which add positional "
              "terms and lean towards a style", LOOKAHEAD, "persona"),
    AgentKind("flatmc", S.FLATMC, "flat Monte Carlo: `n` random playouts per legal action, the best mean win share",
              (N, DEPTH, EVAL, TEMP, REL, EPS), "eval", cheap="n=2"),
    AgentKind("mcts", S.MCTS, "open-loop UCT (`iters` iterations, constant `c`), determinised afresh at every "
              "iteration", SEARCH, "eval", cheap="iters=30"),
    AgentKind("vmcts", S.VMCTS, "the same search scoring every new leaf by the game's `value` evaluation (`greedy` "
              "in a game without it) instead of a playout; the strongest agent per CPU second",
              (replace(ITERS, default=600), C, replace(DEPTH, default=0), replace(EVAL, default="value",
               fallback="greedy"), replace(TEMP, default=6.0), REL, LEAF_FINISH, PRUNE, EPS), "eval", cheap="iters=30"),
    AgentKind("policy", S.POLICY, "no search: the lookahead on weights fitted to imitate `vmcts` decisions, one set "
              "per game and player count (`value`, else `greedy`, where none was fitted); about `heuristic`'s CPU",
              LOOKAHEAD, "policy"),
)
POLICY_FALLBACK = ("value", "greedy")  # the weights of `policy` where none were fitted, first found
BY_NAME = {k.name: k for k in KINDS}
NAMES = tuple(BY_NAME)


def check(kinds: tuple[AgentKind, ...], options: tuple[Option, ...]) -> None:
    """ValueError unless the declarations are consistent: distinct names and codes 0.., every option of a kind
    declared in `options`, at most one option of a kind per kernel slot, defaults within their ranges."""
    codes = sorted(k.code for k in kinds)
    if codes != list(range(len(kinds))) or len({k.name for k in kinds}) != len(kinds):
        raise ValueError(f"agent kinds need distinct names and codes 0..{len(kinds) - 1}")
    declared = {o.name for o in options}
    for k in kinds:
        unknown = [o.name for o in k.options if o.name not in declared]
        if unknown or k.evaluation not in (None, "greedy", "persona", "eval", "policy"):
            raise ValueError(f"agent kind {k.name}: undeclared options {unknown} or evaluation {k.evaluation!r}")
        slots = [o.slot for o in k.options if o.slot is not None]
        if len(set(slots)) != len(slots):
            raise ValueError(f"agent kind {k.name}: two options read at the same kernel slot")
        for o in k.options:
            o.parse(k.name, str(o.default))


check(KINDS, OPTIONS)


def names(personas: list[str] | tuple[str, ...]) -> list[str]:
    """The agents of a game with these personas (base names; a persona kind once per persona)."""
    return [n for k in KINDS for n in ([f"{k.name}:{p}" for p in personas] if k.evaluation == "persona"
                                      else [k.name])]


def cheap_spec(name: str) -> str:
    """The spec of agent `name` (an entry of `names`) with its kind's cheap options."""
    cheap = BY_NAME[name.partition(":")[0]].cheap
    return name if not cheap else name + ("," if ":" in name else ":") + cheap


def markdown() -> str:
    """The docs' tables: one row per kind, then one per option of each kind (default and range)."""
    rows = ["| spec | what it does |", "|---|---|"]
    rows += [f"| `{k.name}{':<persona>' if k.evaluation == 'persona' else ''}` | {k.meaning} |" for k in KINDS]
    rows += ["", "```", *(k.spec_text() for k in KINDS), "```", "",
             "| option | agents | default | allowed | meaning |", "|---|---|---|---|---|"]
    for o in OPTIONS:
        for default in dict.fromkeys(k.default(o.name) for k in KINDS if o.name in k.by_name):
            who = [k.name for k in KINDS if o.name in k.by_name and k.default(o.name) == default]
            rows.append(f"| `{o.name}` | {', '.join(who)} | `{fmt(default)}` | {o.range_text()} | {o.meaning} |")
    lo, hi = WEIGHT_RANGE
    rows.append(f"| `w_<feature>` | every agent with an evaluation | the evaluation's | {fmt(lo)}..{fmt(hi)} | "
                "overrides one evaluation weight |")
    return "\n".join(rows) + "\n"
