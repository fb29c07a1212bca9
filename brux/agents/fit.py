"""Evaluation weights fitted to the outcomes of self-play: how a game's `value` weights are made.

Self-play games are stepped with agents (any line-up); every position where a seat decides is kept with the
evaluation features of each seat and, once the game ends, each seat's win share. The weights w maximise the
likelihood of a conditional logit: the chance that seat p wins from a position is softmax_p(w . features(p)), the
same softmax MCTS uses to turn evaluations into win shares at a playout cut-off (temperature 1). They are reported
scaled to `vp` = 1 (VP units) with the temperature 1 / w_vp that goes with them.

    python -m brux.agents.fit --agents vmcts --games 500      # prints the weights and the held-out log-loss

Iterating (fit, play the next round of self-play with the fitted weights, fit again) is how `value` was made.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import Any

import numpy as np
from scipy.optimize import minimize
from scipy.special import logsumexp

import brux

from . import make_agents


def _features_fn(game: Any) -> Any:
    module = importlib.import_module(game.rules.hooks.__name__.rsplit(".", 2)[0] + ".agents")
    if not hasattr(module, "features"):
        raise ValueError(f"{game.rules.name} has no evaluation features")
    return module.features


def self_play(game: Any, agents: str | Sequence[str], n_games: int, first_seed: int = 0
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Positions of `n_games` games (seeds first_seed..): X (positions, seats, features), the final win shares Y
    (positions, seats) and the game index of each position."""
    features = _features_fn(game)
    names = list(game.rules.agents.features)
    xs, ys, gs = [], [], []
    for g in range(n_games):
        seed = first_seed + g
        state = game.new_initial_state(seed=seed)
        players = make_agents(game, agents, seed)
        rows = []
        while not state.is_terminal():
            rows.append([[features(state.array, p)[f] for f in names] for p in range(game.players)])
            state.apply_action(players[state.current_player()].choose(state))
        shares = [r["win_share"] for r in state.result()]
        xs += rows
        ys += [shares] * len(rows)
        gs += [g] * len(rows)
    return np.array(xs, np.float64), np.array(ys, np.float64), np.array(gs, np.int64)


def log_loss(w: np.ndarray, x: np.ndarray, y: np.ndarray) -> float:
    """Mean cross-entropy of the win shares y under softmax(x . w) over seats (log(players) for w = 0)."""
    z = x @ w
    return float(-(y * (z - logsumexp(z, axis=1, keepdims=True))).sum(axis=1).mean())


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3) -> np.ndarray:
    """Conditional-logit weights (logit units) maximising the likelihood of y, with an L2 penalty l2 * |w|^2."""

    def objective(w: np.ndarray) -> tuple[float, np.ndarray]:
        z = x @ w
        lse = logsumexp(z, axis=1, keepdims=True)
        p = np.exp(z - lse)
        loss = -(y * (z - lse)).sum(axis=1).mean() + l2 * (w @ w)
        grad = -np.einsum("ns,nsf->f", y - p, x) / len(x) + 2 * l2 * w
        return float(loss), grad

    res = minimize(objective, np.zeros(x.shape[2]), jac=True, method="L-BFGS-B")
    return res.x


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m brux.agents.fit", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="bruxelles1897")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--agents", default="vmcts", help="self-play line-up (default: %(default)s)")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0, help="first game seed")
    parser.add_argument("--l2", type=float, default=1e-3)
    parser.add_argument("--save", metavar="NPZ", help="also save the positions (X, Y, G) to this file")
    parser.add_argument("--data", metavar="NPZ", nargs="*", default=[], help="add positions saved before")
    args = parser.parse_args(argv)
    try:
        game = brux.load_game(args.game, players=args.players)
        x, y, g = self_play(game, args.agents, args.games, args.seed) if args.games > 0 else (None, None, None)
    except ValueError as e:
        parser.exit(2, f"brux: error: {e}\n")
    parts = [] if x is None else [(x, y, g)]
    if args.save and x is not None:
        np.savez(args.save, X=x, Y=y, G=g)
    for path in args.data:
        d = np.load(path)
        parts.append((d["X"], d["Y"], d["G"] + 1_000_000 * len(parts)))
    if not parts:
        parser.exit(2, "brux: error: no positions (give --games > 0 or --data)\n")
    x = np.concatenate([p[0] for p in parts])
    y = np.concatenate([p[1] for p in parts])
    g = np.concatenate([p[2] for p in parts])
    test = g % 5 == 0  # every fifth game held out
    w = fit(x[~test], y[~test], args.l2)
    print(f"positions {len(x)} (held out {int(test.sum())}); held-out log-loss {log_loss(w, x[test], y[test]):.4f} "
          f"(no information: {np.log(x.shape[1]):.4f})")
    w = fit(x, y, args.l2)
    names = list(game.rules.agents.features)
    scale = w[names.index("vp")] if "vp" in names else 1.0
    print(f"temperature {1 / scale:.2f}")
    print(", ".join(f"{n}={v / scale:.3g}" for n, v in zip(names, w)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
