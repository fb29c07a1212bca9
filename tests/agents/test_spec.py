"""Agent spec strings: parsing, canonical names, errors, line-ups, codes; tournament line-ups."""

import numpy as np
import pytest

import brux
from brux.agents import (
    agent_names,
    encode,
    parse_lineup,
    parse_spec,
    split_lineup,
    tournament_lineups,
    wilson,
)
from brux.agents import search as S
from brux.games.bruxelles1897 import agents as GA


@pytest.fixture(scope="module")
def game():
    return brux.load_game("bruxelles1897", players=3)


@pytest.mark.parametrize("text, canonical", [
    ("random", "random"),
    (" greedy ", "greedy"),
    ("greedy:rel=0", "greedy:rel=0"),
    ("heuristic:builder", "heuristic:builder"),
    ("heuristic:builder,w_house_vp=3", "heuristic:builder,w_house_vp=3"),
    ("heuristic:noble, w_money=0.5 ,finish=0", "heuristic:noble,finish=0,w_money=0.5"),
    ("flatmc:n=20", "flatmc:n=20"),
    ("flatmc", "flatmc"),
    ("mcts:c=1.4,iters=200", "mcts:iters=200,c=1.4"),
    ("mcts:iters=50,depth=10,eval=collector,temp=2.5", "mcts:iters=50,depth=10,eval=collector,temp=2.5"),
    ("mcts:prune=5,iters=100", "mcts:iters=100,prune=5"),
    ("vmcts", "vmcts"),
    ("vmcts:prune=6,c=0.8,iters=400", "vmcts:iters=400,c=0.8,prune=6"),
    ("vmcts:depth=4,eval=balanced,w_vp=2", "vmcts:depth=4,eval=balanced,w_vp=2"),
    ("greedy:eps=0.1", "greedy:eps=0.1"),
    ("heuristic:noble,eps=0.25,rel=0", "heuristic:noble,rel=0,eps=0.25"),
    ("vmcts:eps=1,iters=30", "vmcts:iters=30,eps=1"),
])
def test_canonical(text, canonical):
    assert str(parse_spec(text, GA.FEATURES, GA.PERSONAS)) == canonical


@pytest.mark.parametrize("text, words", [
    ("alphazero", ["unknown agent", "alphazero"]),
    ("random:n=3", ["takes no options"]),
    ("heuristic", ["needs a persona"]),
    ("heuristic:w_vp=1", ["needs a persona"]),
    ("heuristic:pirate", ["unknown persona", "pirate"]),
    ("greedy:n=3", ["unknown option", "'n'"]),
    ("mcts:iters=0", ["iters"]),
    ("mcts:iters=abc", ["iters", "integer"]),
    ("mcts:c=-1", ["c="]),
    ("mcts:iters=10,iters=20", ["twice"]),
    ("mcts:iters", ["key=value"]),
    ("mcts:", ["empty option"]),
    ("flatmc:n=5,,depth=3", ["empty option"]),
    ("greedy:w_charisma=2", ["unknown weight", "w_charisma"]),
    ("mcts:eval=wizard", ["eval"]),
    ("flatmc:iters=5", ["unknown option", "iters"]),
    ("vmcts:prune=-1", ["prune"]),
    ("vmcts:samples=2", ["unknown option", "samples"]),
    ("flatmc:prune=3", ["unknown option", "prune"]),
    ("random:eps=0.1", ["takes no options"]),
    ("greedy:eps=1.5", ["eps=", "0..1"]),
    ("mcts:eps=-0.1", ["eps="]),
])
def test_errors_name_the_problem(text, words):
    with pytest.raises(ValueError) as e:
        parse_spec(text, GA.FEATURES, GA.PERSONAS)
    for w in words:
        assert w in str(e.value)


def test_split_lineup():
    assert split_lineup("mcts:iters=200,c=1.4,greedy,random") == ["mcts:iters=200,c=1.4", "greedy", "random"]
    assert split_lineup("heuristic:builder,w_money=1,heuristic:noble") == ["heuristic:builder,w_money=1",
                                                                          "heuristic:noble"]
    assert split_lineup(["random", "greedy"]) == ["random", "greedy"]


def test_lineups(game):
    assert [str(s) for s in parse_lineup("greedy", 3)] == ["greedy"] * 3
    assert game.parse_agents("mcts:iters=200,c=1.4,greedy,random") == ("mcts:iters=200,c=1.4", "greedy", "random")
    with pytest.raises(ValueError, match="2 agents given for 3 players"):
        game.parse_agents(["greedy", "random"])
    with pytest.raises(ValueError, match="unknown persona"):
        game.parse_agents("heuristic:pirate")
    with pytest.raises(ValueError, match="unknown agent"):
        game.play(1, agents="alphabeta")


def test_agent_names(game):
    names = agent_names(game)
    assert names[:2] == ["random", "greedy"]
    for p in ("builder", "collector", "noble"):
        assert f"heuristic:{p}" in names
    assert names[-4:] == ["flatmc", "mcts", "vmcts", "policy"]
    assert game.agent_names() == names
    for n in names:
        game.parse_agents(n)


def test_codes():
    kind, ip, fp = encode(parse_spec("mcts:iters=300,c=0.7,depth=12,eval=builder,w_money=9"), GA.FEATURES,
                          GA.WEIGHTS)
    assert kind == S.MCTS
    assert ip[S.IP_N] == 300 and ip[S.IP_DEPTH] == 12
    assert fp[S.FP_C] == 0.7 and fp[S.FP_REL] == 1.0
    w = GA.WEIGHTS["builder"].copy()
    w[GA.FEATURES.index("money")] = 9
    assert np.array_equal(fp[S.FP_W:], w)
    kind, ip, fp = encode(parse_spec("greedy"), GA.FEATURES, GA.WEIGHTS)
    assert kind == S.GREEDY and np.array_equal(fp[S.FP_W:], GA.WEIGHTS["greedy"])
    assert encode(parse_spec("heuristic:noble"), GA.FEATURES, GA.WEIGHTS)[0] == S.HEURISTIC
    assert encode(parse_spec("flatmc"), GA.FEATURES, GA.WEIGHTS)[1][S.IP_N] == 20
    assert encode(parse_spec("mcts"), GA.FEATURES, GA.WEIGHTS)[1][S.IP_N] == 200


def test_eps_codes():
    """eps goes to FP_EPS; without it the codes are those of eps=0."""
    for spec in ("greedy", "heuristic:builder", "flatmc", "mcts", "vmcts"):
        plain = encode(parse_spec(spec), GA.FEATURES, GA.WEIGHTS)
        zero = encode(parse_spec(f"{spec}{',' if ':' in spec else ':'}eps=0"), GA.FEATURES, GA.WEIGHTS)
        noisy = encode(parse_spec(f"{spec}{',' if ':' in spec else ':'}eps=0.2"), GA.FEATURES, GA.WEIGHTS)
        assert plain[2][S.FP_EPS] == 0.0 and noisy[2][S.FP_EPS] == 0.2
        assert all(np.array_equal(a, b) for a, b in zip(plain, zero, strict=True))


def test_vmcts_codes():
    """vmcts is MCTS with its own defaults: leaves scored by the `value` weights, no playouts."""
    kind, ip, fp = encode(parse_spec("vmcts"), GA.FEATURES, GA.WEIGHTS)
    assert kind == S.VMCTS
    assert ip[S.IP_N] == 600 and ip[S.IP_DEPTH] == 0 and ip[S.IP_PRUNE] == 0
    assert np.array_equal(fp[S.FP_W:], GA.WEIGHTS["value"]) and fp[S.FP_TEMP] == 6.0
    kind, ip, fp = encode(parse_spec("vmcts:iters=50,depth=-1,eval=noble,temp=2,prune=4"), GA.FEATURES, GA.WEIGHTS)
    assert ip[S.IP_N] == 50 and ip[S.IP_DEPTH] == -1 and ip[S.IP_PRUNE] == 4 and fp[S.FP_TEMP] == 2.0
    assert np.array_equal(fp[S.FP_W:], GA.WEIGHTS["noble"])
    assert encode(parse_spec("mcts:prune=3"), GA.FEATURES, GA.WEIGHTS)[1][S.IP_PRUNE] == 3
    # a game without `value` weights: vmcts evaluates with `greedy`; asking for eval=value names the problem
    other = {k: v for k, v in GA.WEIGHTS.items() if k != "value"}
    assert np.array_equal(encode(parse_spec("vmcts"), GA.FEATURES, other)[2][S.FP_W:], GA.WEIGHTS["greedy"])
    with pytest.raises(ValueError, match="no evaluation 'value'"):
        encode(parse_spec("vmcts:eval=value"), GA.FEATURES, other)


def test_tournament_lineups():
    lus = tournament_lineups(["a", "b", "c"], 3)
    assert len(lus) == 6 and len(set(lus)) == 6
    for seat in range(3):
        assert sorted(lu[seat] for lu in lus) == ["a", "a", "b", "b", "c", "c"]
    lus = tournament_lineups(["a", "b", "b"], 3)
    assert lus == [("a", "b", "b"), ("b", "a", "b"), ("b", "b", "a")]
    lus = tournament_lineups(["a", "b"], 4)
    assert len(lus) == 6 and all(sorted(lu) == ["a", "a", "b", "b"] for lu in lus)
    with pytest.raises(ValueError):
        tournament_lineups(["a", "b"], 3)
    with pytest.raises(ValueError):
        tournament_lineups([], 3)


def test_wilson():
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and abs((lo + hi) / 2 - 0.5) < 1e-12
    assert wilson(0, 10)[0] == 0.0
    assert abs(wilson(81, 100)[0] - 0.7222) < 1e-3
