"""The agent kinds declared once: every kind is named, parsed, encoded, covered by the contract tests and
documented from its declaration."""

from dataclasses import replace

import pytest

import brux
from brux.agents import encode, kinds, parse_spec
from brux.agents import search as S
from brux.games import paramdoc
from brux.games.bruxelles1897 import agents as GA
from tests.contract.conftest import agent_specs


@pytest.fixture(scope="module")
def game():
    return brux.load_game("bruxelles1897", players=3)


def test_names_come_from_the_declarations(game):
    personas = game.rules.agents.personas()
    assert game.agent_names() == kinds.names(personas)
    assert {n.partition(":")[0] for n in game.agent_names()} == set(kinds.NAMES)
    assert kinds.names(["a", "b"]) == ["random", "greedy", "heuristic:a", "heuristic:b", "flatmc", "mcts", "vmcts",
                                         "policy"]


def test_every_kind_encodes_to_its_code():
    for kind in kinds.KINDS:
        text = f"{kind.name}:builder" if kind.evaluation == "persona" else kind.name
        assert encode(parse_spec(text), GA.FEATURES, GA.WEIGHTS)[0] == kind.code
    assert kinds.BY_NAME["vmcts"].code == S.VMCTS and kinds.BY_NAME["random"].code == S.RANDOM


def test_contract_tests_play_every_kind_cheaply(game):
    specs = agent_specs(game)
    assert {s.partition(":")[0] for s in specs} == set(kinds.NAMES) - {"random"}
    assert "vmcts:iters=30" in specs and "mcts:iters=30" in specs and "flatmc:n=2" in specs
    assert "heuristic:builder" in specs and "policy" in specs
    for s in specs:
        parse_spec(s, GA.FEATURES, game.rules.agents.personas())


def test_a_slot_without_an_option_of_the_kind_takes_the_first_declared_default():
    # mcts's own `finish` is 0 (a tree of decisions); greedy's playout length is that of `depth` (unread); greedy's
    # count slot is its own `samples` (1), not flatmc's `n`
    _, ip, fp = encode(parse_spec("mcts:prune=2"), GA.FEATURES, GA.WEIGHTS)
    assert ip[S.IP_FINISH] == 0 and ip[S.IP_N] == 200 and ip[S.IP_PRUNE] == 2
    _, ip, fp = encode(parse_spec("vmcts:finish=1"), GA.FEATURES, GA.WEIGHTS)
    assert ip[S.IP_FINISH] == 1 and ip[S.IP_N] == 600
    _, ip, fp = encode(parse_spec("greedy:rel=0"), GA.FEATURES, GA.WEIGHTS)
    assert ip[S.IP_N] == 1 and ip[S.IP_DEPTH] == -1
    assert fp[S.FP_REL] == 0.0 and fp[S.FP_C] == 1.4 and fp[S.FP_TEMP] == 3.0
    _, ip, fp = encode(parse_spec("random"), GA.FEATURES, GA.WEIGHTS)
    assert not ip.any() and not fp.any()


@pytest.mark.parametrize("text, message", [
    ("mcts:iters=0", "option iters='0' must be in 1..200000"),
    ("vmcts:temp=0", "option temp='0' must be in 1e-06..1000000"),
    ("greedy:rel=2", "option rel='2' must be in 0..1"),
    ("flatmc:n=1.5", "option n='1.5' must be an integer"),
    ("greedy:w_vp=1e7", "option w_vp='1e7' must be in -1000000..1000000"),
])
def test_errors_name_the_option_and_its_range(text, message):
    with pytest.raises(ValueError, match=message.replace(".", r"\.").replace("+", r"\+")):
        parse_spec(text)


def test_an_option_is_one_declaration():
    eps = kinds.EPS  # declared once, taken by every kind but random
    assert [k.name for k in kinds.KINDS if eps in k.options] == [k.name for k in kinds.KINDS if k.name != "random"]
    assert eps.parse("greedy", "0.25") == 0.25
    with pytest.raises(ValueError, match="eps='2' must be in 0..1"):
        eps.parse("greedy", "2")
    assert kinds.BY_NAME["greedy"].spec_text() == "greedy[:rel=1,finish=1,samples=1,eps=0,answer=0,w_<feature>=x]"
    slim = replace(kinds.BY_NAME["greedy"], options=(kinds.REL, kinds.FINISH))  # without it, greedy is as before
    kinds.check((kinds.BY_NAME["random"], slim), kinds.OPTIONS)
    assert slim.spec_text() == "greedy[:rel=1,finish=1,w_<feature>=x]"


@pytest.mark.parametrize("broken, message", [
    (lambda k: (k[0], replace(k[1], code=0)), "distinct names and codes"),
    (lambda k: (k[0], replace(k[1], options=(kinds.Option("x", 1, "?", 0, 2),))), "undeclared options"),
    (lambda k: (k[0], replace(k[1], options=(kinds.N, kinds.ITERS))), "same kernel slot"),
    (lambda k: (k[0], replace(k[1], options=(replace(kinds.REL, default=5),))), "rel='5' must be in 0..1"),
])
def test_inconsistent_declarations_are_refused(broken, message):
    with pytest.raises(ValueError, match=message):
        kinds.check(broken((kinds.BY_NAME["random"], kinds.BY_NAME["greedy"])), kinds.OPTIONS)


def test_docs_table_is_the_declarations():
    page = (paramdoc.DOCS / "agents.md").read_text(encoding="utf-8")
    assert f"{paramdoc.AGENTS_BEGIN}\n{kinds.markdown()}{paramdoc.AGENTS_END}" in page
    for kind in kinds.KINDS:
        assert f"\n{kind.spec_text()}\n" in page
    assert "| `iters` | vmcts | `600` | 1..200000 |" in page
