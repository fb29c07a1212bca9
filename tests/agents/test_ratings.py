"""Plackett–Luce ratings with bootstrap intervals, the evaluation fit, and the ladder script."""

import numpy as np
import pytest

import brux
from benchmarks import ladder
from brux.agents.fit import fit, log_loss, self_play
from brux.agents.ratings import game_rankings, log_strengths, rate


def sample_rankings(strength, k, n, rng):
    """n Plackett–Luce rankings of k items drawn from all items (exp(strength) weights)."""
    out = []
    for _ in range(n):
        items = list(rng.choice(len(strength), k, replace=False))
        ranking = []
        while items:
            w = np.exp([strength[i] for i in items])
            ranking.append(items.pop(rng.choice(len(items), p=w / w.sum())))
        out.append(ranking)
    return out


def test_ratings_recover_strengths_with_intervals():
    rng = np.random.default_rng(3)
    true = np.array([0.0, 0.5, 1.5, 2.5])
    rankings = sample_rankings(true, 3, 1500, rng)
    est, lo, hi = rate(4, rankings, reference=0, reps=60, seed=1)
    assert est[0] == 0.0 and lo[0] == 0.0 == hi[0]
    assert list(np.argsort(est)) == [0, 1, 2, 3]
    assert np.all(lo[1:] < est[1:]) and np.all(est[1:] < hi[1:])
    assert np.all(lo[1:] <= true[1:] + 0.05) and np.all(true[1:] - 0.05 <= hi[1:])
    assert np.abs(est - true).max() < 0.3
    assert abs(log_strengths(4, rankings).mean()) < 1e-9
    with pytest.raises(ValueError, match="no games"):
        log_strengths(3, [])


def test_game_rankings_keep_every_seat_of_an_agent():
    result = {"lineups": [("a", "b", "b"), ("c", "a", "b"), ("b", "b", "b")],
              "results": [{"rank": np.array([[2, 1, 3], [1, 1, 3]])}, {"rank": np.array([[3, 2, 1]])},
                          {"rank": np.array([[1, 2, 3]])}]}
    names = ["a", "b", "c"]
    assert game_rankings(result, names) == [[1, 0, 1], [0, 1, 1], [1, 0, 2]]  # one agent alone: nothing to rate


def sample_seat_rankings(strength, lineup, n, rng):
    """n Plackett–Luce finishing orders of the seats of `lineup` (agent indices), each seat with its agent's
    strength."""
    out = []
    for _ in range(n):
        seats = list(range(len(lineup)))
        ranking = []
        while seats:
            w = np.exp([strength[lineup[q]] for q in seats])
            ranking.append(lineup[seats.pop(rng.choice(len(seats), p=w / w.sum()))])
        out.append(ranking)
    return out


@pytest.mark.parametrize("true", [0.0, 0.7])
def test_an_agent_on_two_seats_is_not_rated_as_one_stronger_player(true):
    """One seat of agent 0 against two of agent 1: the fit recovers their strengths. Placing agent 1 by its best
    seat instead credits it with two chances to finish ahead: about log 2 too strong."""
    rng = np.random.default_rng(11)
    rankings = sample_seat_rankings(np.array([true, 0.0]), [0, 1, 1], 4000, rng)
    est, lo, hi = rate(2, rankings, reference=1, reps=40, seed=2)
    assert lo[0] <= true <= hi[0] and abs(est[0] - true) < 0.12
    by_best_seat = log_strengths(2, [list(dict.fromkeys(r)) for r in rankings])
    assert by_best_seat[0] - by_best_seat[1] < true - 0.4


def test_fit_recovers_conditional_logit_weights():
    rng = np.random.default_rng(5)
    w_true = np.array([1.0, -0.5, 0.25])
    x = rng.normal(size=(6000, 3, 3))
    z = x @ w_true
    p = np.exp(z) / np.exp(z).sum(axis=1, keepdims=True)
    y = np.zeros((6000, 3))
    y[np.arange(6000), [rng.choice(3, p=pi) for pi in p]] = 1.0
    w = fit(x, y, l2=0.0)
    assert np.abs(w - w_true).max() < 0.1
    assert log_loss(w, x, y) < log_loss(np.zeros(3), x, y) == pytest.approx(np.log(3))


@pytest.mark.parametrize("name", ["bruxelles1897", "bruxelles1893"])
def test_self_play_positions_hold_every_seats_features_and_the_final_shares(name):
    game = brux.load_game(name, players=3)
    x, y, g = self_play(game, "greedy", 2, first_seed=3)
    assert x.shape == (len(y), 3, len(game.rules.agents.features)) and set(g) == {0, 1}
    assert np.allclose(y.sum(axis=1), 1.0) and (x[:, :, 0] >= 0).all()


def test_ladder_tables_and_a_tiny_run(tmp_path, monkeypatch, capsys):
    names = [str(i) for i in range(6)]
    triples = ladder.tables(names)
    assert ("0", "1", "2") in triples and ("0", "2", "3") in triples and ("3", "4", "5") in triples
    assert all(len(set(t)) == 3 for t in triples) and len(triples) == 4 + 3
    fours = ladder.tables(names, 4)
    assert ("0", "1", "2", "3") in fours and ("0", "2", "3", "4") in fours and ("1", "3", "4", "5") in fours
    assert all(len(set(t)) == 4 for t in fours) and len(fours) == 3 + 2
    doc = tmp_path / "agents.md"
    start, end = ladder.markers("bruxelles1897", 3)
    doc.write_text(f"# Agents\n\n{start}\nold\n{end}\n\nafter\n")
    monkeypatch.setattr(ladder, "DOC", doc)
    assert ladder.main(["--game", "bruxelles1897", "--agents", "random,greedy,heuristic:balanced", "--games", "2",
                        "--cpu-seconds", "0.01", "--reps", "5", "--write"]) == 0
    text = doc.read_text()
    assert "old" not in text and text.endswith("after\n")
    for agent in ("`random` | +0.00 |", "`greedy` |", "`heuristic:balanced` |"):
        assert agent in text
    assert "12 games" in text and "| `random`, `greedy`, `heuristic:balanced` | 12 |" in text


@pytest.mark.parametrize(("argv", "message"), [
    (["--game", "bruxelles1897", "--agents", "random,greedy"], "at least 3 agents"),
    (["--game", "lutece", "--players", "4", "--agents", "random,greedy,vmcts"], "at least 4 agents"),
    (["--agents", "random,greedy,vmcts"], "--agents needs --game"),
    (["--game", "bruxelles1897", "--players", "4"], "no ladder for bruxelles1897 at 4 players"),
    (["--game", "nosuchgame"], "no ladder for nosuchgame"),
    (["--games", "0"], "--games must be at least 1"),
    (["--players", "1"], "--players must be at least 2"),
])
def test_ladder_argument_errors_exit_2_naming_the_problem(argv, message, capsys):
    with pytest.raises(SystemExit) as e:
        ladder.main(argv)
    assert e.value.code == 2 and message in capsys.readouterr().err


def test_every_ladder_names_valid_agents_of_its_game():
    for (name, players), agents in ladder.LADDERS.items():
        game = brux.load_game(name, players=players)
        assert len(agents) >= players and agents[0] == "random" and "policy" in agents
        assert any(a.startswith("vmcts") for a in agents) and (agents[-1] == "policy" or agents[-1].startswith("vmcts"))
        assert [game.parse_agents(a)[0] for a in agents] == list(agents), name


def test_writing_needs_every_ladders_markers(tmp_path):
    doc = tmp_path / "agents.md"
    start, end = ladder.markers("lutece", 3)
    doc.write_text(f"{start}\nold\n{end}\n")
    ladder.write([("lutece", 3, f"{start}\nnew\n{end}")], doc)
    assert "new" in doc.read_text() and "old" not in doc.read_text()
    with pytest.raises(ValueError, match="ladder lutece 4p:start"):
        ladder.write([("lutece", 4, "x")], doc)
