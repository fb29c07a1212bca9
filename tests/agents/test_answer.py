"""The lookahead's `answer=k` option (greedy, heuristic, policy): at a decision that starts a turn, the best k
actions by the one-step lookahead are scored again after the next seat's own one-step answer on the same
determinised copy and weights, and the candidate whose answered result is best for the mover is taken; answer=0
(the default) and answer=1 are the plain lookahead. Checked against a re-implementation in Python over the game's
kernel hooks."""

import numpy as np
import pytest

import brux
from brux.agents import Agent, choose, encode, parse_spec, policyfile
from brux.agents import search as S
from brux.agents.kinds import BY_NAME
from brux.games.bruxelles1897 import agents as GA

from . import stepwise

NEG = -1.0e300


def with_option(spec, item):
    return spec + ("," if ":" in spec else ":") + item


def scaled(v):
    return int(np.rint(np.clip(v, -1e12, 1e12) * 1e6))


class Lookahead:
    """The lookahead of `brux.agents.search` written again in Python over a game's kernel hooks."""

    def __init__(self, game, ip, fp):
        self.h = game.rules.hooks
        self.w, self.rel, self.fin = fp[S.FP_W:], fp[S.FP_REL], ip[S.IP_FINISH] != 0
        self.vals = np.zeros(S.MAX_PLAYERS)

    def legal(self, s):
        return [int(self.h.legal(s, i)) for i in range(self.h.nlegal(s))]

    def seat_values(self, s):
        self.h.values(s, self.w, self.vals)
        return self.vals[:self.h.nplayers(s)].copy()

    def seat(self, vals, p):
        return vals[p] if self.rel == 0.0 else vals[p] - np.delete(vals, p).max()

    def play_on(self, t, a, p):
        self.h.apply(t, a)
        steps = 0
        while self.fin and self.h.same_turn(t, p) and steps < 32:
            best, best_b = NEG, self.legal(t)[0]
            for b in self.legal(t):
                u = t.copy()
                self.h.apply(u, b)
                v = self.seat(self.seat_values(u), p)
                if v > best + 1e-9:
                    best, best_b = v, b
            self.h.apply(t, best_b)
            steps += 1
        self.h.rest_of_stage(t, p)

    def after(self, root, a, p):
        t = root.copy()
        self.play_on(t, a, p)
        return t

    def answered(self, s, k, rng):
        """The decision of answer=k at a decision that starts a turn; rng = [key, counter], advanced."""
        p = int(self.h.player(s))
        root = s.copy()
        self.h.determinise(root, p, rng, 0, 1)
        actions = self.legal(s)
        first = [scaled(self.seat(self.seat_values(self.after(root, a, p)), p)) for a in actions]
        top = sorted(range(len(actions)), key=lambda i: (-first[i], i))[:k]
        best_total, best_i = None, top[0]
        for i in top:
            t = self.after(root, actions[i], p)
            q = int(self.h.player(t))
            if q < 0:
                total = scaled(self.seat(self.seat_values(t), p))
            else:
                best_q, mine = NEG, 0.0
                for b in self.legal(t):
                    vals = self.seat_values(self.after(t, b, q))
                    if self.seat(vals, q) > best_q + 1e-9:
                        best_q, mine = self.seat(vals, q), self.seat(vals, p)
                total = scaled(mine)
            if best_total is None or total > best_total:
                best_total, best_i = total, i
        return actions[best_i], [actions[i] for i in top]


# ---- parsing and codes ------------------------------------------------------------------------------------------

def test_answer_is_an_option_of_the_lookahead_kinds_only():
    assert [k.name for k in BY_NAME.values() if "answer" in k.by_name] == ["greedy", "heuristic", "policy"]
    for text in ("flatmc:answer=2", "mcts:answer=2", "vmcts:answer=2", "random:answer=2"):
        with pytest.raises(ValueError, match="option"):
            parse_spec(text)


@pytest.mark.parametrize("text, message", [
    ("greedy:answer=-1", "option answer='-1' must be in 0..100"),
    ("policy:answer=101", "option answer='101' must be in 0..100"),
    ("heuristic:builder,answer=2.5", "option answer='2.5' must be an integer"),
    ("policy:answer=two", "option answer='two' must be an integer"),
])
def test_bad_answers_are_refused_naming_the_option(text, message):
    with pytest.raises(ValueError, match=message.replace(".", r"\.")):
        parse_spec(text, GA.FEATURES, GA.PERSONAS)


def test_answer_goes_to_its_slot_and_nothing_else_changes():
    game = brux.load_game("bruxelles1897", players=3)
    weights = game.rules.agents.weight_table(3)
    assert str(parse_spec("policy:answer=2,rel=0")) == "policy:rel=0,answer=2"
    for spec in ("greedy", "heuristic:builder", "policy:rel=1"):
        plain = encode(parse_spec(spec), GA.FEATURES, weights)
        two = encode(parse_spec(with_option(spec, "answer=2")), GA.FEATURES, weights)
        assert plain[1][S.IP_ANSWER] == 0 and two[1][S.IP_ANSWER] == 2
        assert np.array_equal(np.delete(plain[1], S.IP_ANSWER), np.delete(two[1], S.IP_ANSWER))
        assert plain[0] == two[0] and np.array_equal(plain[2], two[2])
    for spec in ("vmcts", "mcts", "flatmc", "random"):  # the kinds without it read 0 there
        assert encode(parse_spec(spec), GA.FEATURES, weights)[1][S.IP_ANSWER] == 0


# ---- answer=0 and answer=1 are the plain lookahead -----------------------------------------------------------------

@pytest.mark.parametrize("name, players", [("bruxelles1893", 3), ("bruxelles1897", 3), ("lutece", 3),
                                           ("prestige", 2)])
def test_answer_zero_and_one_are_the_plain_lookahead(name, players):
    game = brux.load_game(name, players=players)
    specs = [n for n in game.agent_names() if n.partition(":")[0] in ("greedy", "heuristic", "policy")]
    checked = 0
    for state in stepwise.random_states(game, seed=17, every=5)[:20]:
        for spec in specs:
            plain = choose(state, spec, seed=5)
            assert choose(state, with_option(spec, "answer=0"), seed=5) == plain, spec
            assert choose(state, with_option(spec, "answer=1"), seed=5) == plain, spec
            checked += 1
    assert checked >= 50


# ---- answer=k: the Python re-implementation -----------------------------------------------------------------------

@pytest.mark.parametrize("name, players, spec, k", [
    ("bruxelles1897", 3, "policy", 2),
    ("bruxelles1897", 3, "greedy", 3),
    ("bruxelles1897", 4, "heuristic:builder,rel=0", 2),
    ("bruxelles1897", 3, "greedy:finish=0", 2),
    ("bruxelles1893", 3, "greedy", 3),
    ("lutece", 3, "greedy", 2),
    ("prestige", 3, "heuristic:landlord", 2),
])
def test_answer_k_is_the_python_lookahead_with_the_answer(name, players, spec, k):
    """At a decision that starts a turn, the kernel's decision and the stream it leaves are those of the Python
    re-implementation on the same copy; at a sub-decision (`same_turn`) it is the plain lookahead's."""
    game = brux.load_game(name, players=players)
    h = game.rules.hooks
    answered = sub = 0
    for i, state in enumerate(stepwise.random_states(game, seed=40 + players, every=3)[:45]):
        p = state.current_player()
        agent = Agent(game, with_option(spec, f"answer={k}"), p, game_seed=200 + i)
        assert agent.ip[S.IP_ANSWER] == k
        if h.same_turn(state.array, p):
            plain = Agent(game, spec, p, game_seed=200 + i)
            assert agent.choose(state) == plain.choose(state)
            assert np.array_equal(agent.rng, plain.rng)
            sub += 1
            continue
        rng = agent.rng.copy()
        expected, top = Lookahead(game, agent.ip, agent.fp).answered(state.array.copy(), k, rng)
        assert agent.choose(state) == expected, (i, spec)
        assert np.array_equal(agent.rng, rng)
        assert expected in top
        answered += 1
    assert answered >= 10
    if name == "bruxelles1897":
        assert sub >= 3


def test_the_answer_changes_decisions():
    """The answer is not the plain lookahead under another name: over turn-starting decisions of random
    Bruxelles 1897 games, answer=3 picks another action than the plain lookahead at some of them, always one of the
    plain lookahead's best three."""
    game = brux.load_game("bruxelles1897", players=3)
    h = game.rules.hooks
    differs = checked = 0
    for i, state in enumerate(stepwise.random_states(game, seed=3, every=2)):
        p = state.current_player()
        if h.same_turn(state.array, p):
            continue
        agent = Agent(game, "greedy:answer=3", p, game_seed=i)
        _, top = Lookahead(game, agent.ip, agent.fp).answered(state.array.copy(), 3, agent.rng.copy())
        a = agent.choose(state)
        assert a in top
        differs += a != choose(state, "greedy", seed=i)
        checked += 1
    assert checked >= 20
    assert differs >= 1


def test_answer_is_reproducible_and_the_batch_is_step_by_step_play():
    game = brux.load_game("bruxelles1897", players=3)
    lineup = ["policy:answer=2", "greedy:answer=3", "heuristic:noble"]
    res = game.play(2, master_seed=13, agents=lineup)
    again = game.play(2, master_seed=13, agents=lineup)
    assert all(np.array_equal(res[key], again[key]) for key in res)
    stepwise.assert_step_by_step_is_the_batch(game, lineup, res)


# ---- options stored with the policy weights -----------------------------------------------------------------------

def test_options_stored_with_the_weights_are_played_where_the_spec_gives_none(tmp_path):
    game = brux.load_game("bruxelles1897", players=3)
    weights = game.rules.agents.weight_table(3)
    stored = {"answer": 2}
    assert encode(parse_spec("policy"), GA.FEATURES, weights, stored)[1][S.IP_ANSWER] == 2
    assert encode(parse_spec("policy:answer=0"), GA.FEATURES, weights, stored)[1][S.IP_ANSWER] == 0
    assert encode(parse_spec("greedy"), GA.FEATURES, weights, stored)[1][S.IP_ANSWER] == 0
    fallback = {k: v for k, v in weights.items() if k != "policy"}  # policy on `value`: not the stored weights'
    assert encode(parse_spec("policy"), GA.FEATURES, fallback, stored)[1][S.IP_ANSWER] == 0
    with pytest.raises(ValueError, match="policy takes no option 'iters'"):
        encode(parse_spec("policy"), GA.FEATURES, weights, {"iters": 3})
    with pytest.raises(ValueError, match="option answer='500' must be in 0..100"):
        encode(parse_spec("policy"), GA.FEATURES, weights, {"answer": 500})
    path = tmp_path / "policy.json"
    policyfile.write(path, 3, GA.FEATURES, np.ones(len(GA.FEATURES)), {"options": {"answer": 2}})
    policyfile.write(path, 4, GA.FEATURES, np.ones(len(GA.FEATURES)), {})
    assert policyfile.load_options(path) == {3: {"answer": 2}}
    assert policyfile.load_options(tmp_path / "none.json") == {}


def test_the_game_plays_its_stored_policy_options():
    game = brux.load_game("bruxelles1897", players=3)
    cap = game.rules.agents
    stored = cap.policy_options.get(3, {})
    agent = Agent(game, "policy", 0, game_seed=5)
    assert agent.ip[S.IP_ANSWER] == stored.get("answer", 0)
    assert Agent(game, "policy:answer=0", 0, game_seed=5).ip[S.IP_ANSWER] == 0
