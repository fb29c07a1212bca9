"""The `policy` agent's weights, fitted by imitation of a search: how `brux/games/<game>/policy.json` is made.

Games are stepped with a line-up of players; at every decision the teacher (default `vmcts`) of the seat to move
names its action, and the position is kept with, for every legal action, the features that action leads to as the
`policy` lookahead sees them (`GameAgents.after_features`: one determinised copy, the rest of the turn taken on the
current weights): the mover's and each opponent's. The weights w maximise the likelihood of a conditional logit over
the legal actions: P(action a) = softmax_a(w . f_mover(a) - max_opponent w . f_opponent(a)), the score `policy`
maximises (with `rel=1`). Every fifth game is held out for the top-1 agreement and the log-loss (against a uniform
choice).

    python -m brux.agents.imitate --game bruxelles1897 --players 3 --games 300 --seed 0 --rounds 2 --write

`--rounds k` adds k - 1 rounds of DAgger: games played by `policy` on the weights of the round before (the teacher
still names the action at every decision), fitted together with every round's positions.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from scipy.optimize import minimize

import brux
from brux.core.rng import as_int64, derive_py
from brux.games import get_rules

from . import make_agents, policyfile
from .entry import POLICY_FILE
from .kinds import BY_NAME, fmt
from .spec import encode, parse_spec

RECORD_STREAM = 1000  # the stream of the recording's determinisations: derive(game seed, RECORD_STREAM + seat)


@dataclass
class Decisions:
    """Decisions with the features of every legal action: rows X (actions, 1 + opponents, features), the mover's
    first; `start` (decisions + 1) the first row of each decision, `label` the teacher's action (row within its
    decision), `game` the game index of each decision."""

    x: np.ndarray
    start: np.ndarray
    label: np.ndarray
    game: np.ndarray

    def __len__(self) -> int:
        return len(self.label)

    def take(self, mask: np.ndarray) -> Decisions:
        """The decisions where `mask` is true."""
        idx = np.flatnonzero(mask)
        rows = [np.arange(self.start[i], self.start[i + 1]) for i in idx]
        sizes = np.array([len(r) for r in rows], np.int64)
        start = np.concatenate([[0], np.cumsum(sizes)])
        return Decisions(self.x[np.concatenate(rows)], start, self.label[idx], self.game[idx])

    @staticmethod
    def join(parts: Sequence[Decisions]) -> Decisions:
        """The decisions of every part, in order (game indices kept)."""
        starts, offset = [np.zeros(1, np.int64)], 0
        for d in parts:
            starts.append(d.start[1:] + offset)
            offset += d.start[-1]
        return Decisions(np.concatenate([d.x for d in parts]), np.concatenate(starts),
                         np.concatenate([d.label for d in parts]), np.concatenate([d.game for d in parts]))


def record(game: Any, players: str | Sequence[str], teacher: str, n_games: int, first_seed: int,
           weights: np.ndarray) -> Decisions:
    """Decisions of games first_seed.. played by `players` (seat p's agent makes the move), each labelled by seat
    p's `teacher` (its own stream; when the player is the teacher, the same choice). The features of each legal
    action are taken as `policy` on `weights` sees them."""
    cap = game.rules.agents
    _, ip, fp = encode(parse_spec("heuristic:value"), cap.features, {"value": weights})
    xs, starts, labels, games = [], [0], [], []
    for g in range(n_games):
        seed = first_seed + g
        state = game.new_initial_state(seed=seed)
        movers = make_agents(game, players, seed)
        teachers = make_agents(game, teacher, seed)
        same = [str(m.spec) == str(t.spec) for m, t in zip(movers, teachers, strict=True)]
        rngs = [np.array([as_int64(derive_py(seed, RECORD_STREAM + p)), 0], np.int64) for p in range(game.players)]
        while not state.is_terminal():
            p = state.current_player()
            legal = state.legal_actions()
            target = teachers[p].choose(state)
            out = cap.after_features(state.array, ip, fp, rngs[p])
            others = [q for q in range(game.players) if q != p]
            xs.append(out[:, [p, *others], :].astype(np.float32))
            starts.append(starts[-1] + len(legal))
            labels.append(legal.index(target))
            games.append(g)
            state.apply_action(target if same[p] else movers[p].choose(state))
    return Decisions(np.concatenate(xs), np.array(starts, np.int64), np.array(labels, np.int64),
                     np.array(games, np.int64))


def _scores(w: np.ndarray, d: Decisions) -> tuple[np.ndarray, np.ndarray]:
    """Each action's score (own value minus the best opponent's) and the index of that opponent."""
    z = d.x @ w  # (rows, 1 + opponents)
    best = 1 + np.argmax(z[:, 1:], axis=1)
    return z[:, 0] - z[np.arange(len(z)), best], best


def _segment_log_softmax(score: np.ndarray, start: np.ndarray) -> np.ndarray:
    top = np.maximum.reduceat(score, start[:-1])
    sizes = np.diff(start)
    shifted = score - np.repeat(top, sizes)
    lse = np.log(np.add.reduceat(np.exp(shifted), start[:-1]))
    return shifted - np.repeat(lse, sizes)


def log_loss(w: np.ndarray, d: Decisions) -> float:
    """Mean negative log-likelihood of the teacher's actions (log of the number of legal actions for w = 0)."""
    logp = _segment_log_softmax(_scores(w, d)[0], d.start)
    return float(-logp[d.start[:-1] + d.label].mean())


def agreement(w: np.ndarray, d: Decisions) -> float:
    """Share of decisions where the best-scored action (the first of equals, as the lookahead) is the teacher's."""
    score = _scores(w, d)[0]
    top = np.maximum.reduceat(score, d.start[:-1])
    picks = np.array([int(np.argmax(score[a:b] >= t - 1e-9)) for a, b, t in zip(d.start[:-1], d.start[1:], top)])
    return float((picks == d.label).mean())


def fit(d: Decisions, l2: float = 1e-4, w0: np.ndarray | None = None) -> np.ndarray:
    """Weights (logit units) maximising the likelihood of the teacher's actions, with an L2 penalty l2 * |w|^2."""
    chosen = d.start[:-1] + d.label
    sizes = np.diff(d.start)
    x = d.x
    rows = np.arange(len(x))

    def objective(w: np.ndarray) -> tuple[float, np.ndarray]:
        score, best = _scores(w, d)
        logp = _segment_log_softmax(score, d.start)
        p = np.exp(logp)
        y = np.zeros_like(p)
        y[chosen] = 1.0
        dscore = x[:, 0, :] - x[rows, best, :]
        grad = ((p - y)[:, None] * dscore).sum(axis=0) / len(sizes) + 2 * l2 * w
        return float(-logp[chosen].mean() + l2 * (w @ w)), grad

    start = np.zeros(d.x.shape[2]) if w0 is None else np.array(w0, np.float64)
    return minimize(objective, start, jac=True, method="L-BFGS-B").x


def report(w: np.ndarray, test: Decisions, baseline: np.ndarray) -> str:
    """Held-out figures of weights w against the uniform choice and the `baseline` weights."""
    uniform = float(np.log(np.diff(test.start)).mean())
    return (f"held-out decisions {len(test)}: top-1 agreement {agreement(w, test):.3f} (baseline weights "
            f"{agreement(baseline, test):.3f}), log-loss {log_loss(w, test):.4f} (uniform {uniform:.4f}, baseline "
            f"weights {log_loss(baseline, test):.4f})")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m brux.agents.imitate", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="bruxelles1897")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--teacher", default="vmcts", help="the agent imitated (default: %(default)s)")
    parser.add_argument("--games", type=int, default=300, help="games per round (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=0, help="first game seed; round r plays seeds from "
                        "seed + r * games")
    parser.add_argument("--rounds", type=int, default=1, help="1: imitation only; more: DAgger rounds")
    parser.add_argument("--l2", type=float, default=1e-4)
    parser.add_argument("--save", metavar="NPZ", help="also save the decisions of every round to this file")
    parser.add_argument("--write", action="store_true", help="store the weights in brux/games/<game>/policy.json")
    args = parser.parse_args(argv)
    try:
        game = brux.load_game(args.game, players=args.players)
        cap = game.rules.agents
        if cap is None or cap.after_features is None:
            raise ValueError(f"{args.game} has no evaluation features to fit a policy on")
        parse_spec(args.teacher, cap.features, cap.personas())
        if args.games < 5 or args.rounds < 1:
            raise ValueError("give --games >= 5 and --rounds >= 1")
    except ValueError as e:
        parser.exit(2, f"brux: error: {e}\n")
    features = list(cap.features)
    table = cap.weight_table()
    baseline = table.get("value", table["greedy"])
    w, parts, t0 = baseline, [], time.process_time()
    # the DAgger rounds play the lookahead the fit models: the kind's defaults for the options stored with the
    # weights being replaced (brux.agents.tune --options)
    plain = "".join(f"{k}={fmt(BY_NAME['policy'].default(k))}," for k in cap.policy_options.get(args.players, {}))
    for r in range(args.rounds):
        weights = ",".join(f"w_{f}={v:.6g}" for f, v in zip(features, w))
        players = args.teacher if r == 0 else [f"policy:{plain}{weights}"]
        first = args.seed + r * args.games
        parts.append(record(game, players * (game.players if r else 1), args.teacher, args.games, first, w))
        parts[-1].game += first
        t1 = time.process_time()
        data = Decisions.join(parts)
        test = data.game % 5 == 0
        w_fit = fit(data.take(~test), args.l2)
        print(f"round {r + 1}: {len(data)} decisions, {len(data.x)} actions; recorded in {t1 - t0:.0f} s CPU; "
              f"{report(w_fit, data.take(test), baseline)}")
        w = fit(data, args.l2, w_fit)
        t0 = time.process_time()
        print(f"  fitted in {t0 - t1:.0f} s CPU; " + ", ".join(f"{n}={v:.4g}" for n, v in zip(features, w)))
    if args.save:
        np.savez(args.save, x=data.x, start=data.start, label=data.label, game=data.game)
    if args.write:
        path = Path(get_rules(args.game).hooks.__file__).parents[1] / POLICY_FILE
        command = (f"python -m brux.agents.imitate --game {args.game} --players {args.players} --teacher "
                   f"{args.teacher} --games {args.games} --seed {args.seed} --rounds {args.rounds} --l2 {args.l2} "
                   "--write")
        policyfile.write(path, args.players, features, w, {"command": command, "decisions": len(data)})
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
