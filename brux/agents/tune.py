"""The `policy` agent's weights tuned for strength: a coordinate search scored by seat-rotated games against the
game's search, starting from the imitation fit (`brux.agents.imitate`).

Imitation fits the weights to `vmcts`'s choices, which a linear score of the after-state features follows only so
far (top-1 agreement about 0.6); how often it picks the search's action says little about how much its other picks
cost. Here each candidate is played instead: `policy` on the candidate weights in one seat against copies of the
search in the others, every seat order, `--games` games per order on master seed `--seed` (the same games for every
candidate: common random numbers; take a seed other than the one the strength is measured on, 1). Weight by weight,
the weight times (1 + step) and times (1 - step) are played; the better is kept when its win share beats the
current weights' by more than `--margin`. Every trial is printed.

    python -m brux.agents.tune --game bruxelles1897 --players 3 --games 200 --seed 2 --passes 1 --write

It starts from the weights stored, so runs can follow one another; `policy.json` lists every run since the fit
(`"tuned"`), in order: the commands that remake the weights are the fit's and then those. `--start value` starts
from the game's `value` weights instead (fitted to self-play outcomes, `brux.agents.fit`), where they play better
than the imitation fit; the entry then begins with that run. `--options answer=2`
plays `policy` with those options (default: the ones stored with the weights) and stores them beside the weights
(`"options"`), where every `policy` spec that does not give them plays them.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

import brux
from brux.games import get_rules

from . import policyfile
from .entry import POLICY_FILE
from .tournament import tournament


def spec(features: Sequence[str], w: np.ndarray, options: str = "") -> str:
    """The `policy` spec playing weights w (one vector over the features), with `options` (`name=value,...`)."""
    return "policy:" + (options + "," if options else "") + ",".join(
        f"w_{f}={v:.6g}" for f, v in zip(features, w, strict=True))


def win_share(game: Any, features: Sequence[str], w: np.ndarray, against: str, games: int, seed: int,
              options: str = "") -> float:
    """`policy` on weights w (with `options`) in one seat against copies of `against`: its mean win share over
    every seat order."""
    me = spec(features, w, options)
    result = tournament(game, [me] + [against] * (game.players - 1), games, master_seed=seed)
    return result["agents"][me]["win_share"]


def search(score: Callable[[np.ndarray], float], w0: np.ndarray, features: Sequence[str], order: Sequence[str],
           step: float, margin: float, passes: int, log: Callable[[str], Any] = print
           ) -> tuple[np.ndarray, float, list[dict[str, Any]]]:
    """The coordinate search from weights w0 (over `features`) through the features `order`, `score(w)` the win
    share of weights w: each weight times (1 + step) and times (1 - step), the better kept when it beats the
    current score by more than `margin`. Returns the weights, their score and the trials."""
    w = np.array(w0, np.float64)
    best = score(w)
    log(f"start: win share {best:.4f}")
    trials = []
    for _ in range(passes):
        for name in order:
            i = list(features).index(name)
            tried = []
            for factor in (1 + step, 1 - step):
                c = w.copy()
                c[i] *= factor
                share = score(c)
                tried.append((share, c))
                trials.append({"feature": name, "weight": float(c[i]), "win_share": share})
                log(f"  {name} {w[i]:.4g} -> {c[i]:.4g}: {share:.4f} (current {best:.4f})")
            share, c = max(tried, key=lambda t: t[0])
            if share > best + margin:
                w, best = c, share
                log(f"kept {name} = {w[i]:.4g}: win share {best:.4f}")
    return w, best, trials


def stored_about(about: dict[str, Any], run: dict[str, Any], options: dict[str, Any] | None = None
                 ) -> dict[str, Any]:
    """What the tuned weights store beside them: the fit's command and data, the `policy` options they were tuned
    with ("options", when any), and under "tuned" every tuning run since the fit (each started where the one before
    ended), `run` last. A measured strength is dropped."""
    kept = {k: v for k, v in about.items() if k in ("command", "decisions")}
    return {**kept, **({"options": dict(options)} if options else {}), "tuned": [*about.get("tuned", []), run]}


def tuned_options(game: Any, stored: dict[str, Any], given: str | None) -> dict[str, Any]:
    """The `policy` options a run plays with: those stored with the weights, those `given` (`name=value,...`)
    replacing them; ValueError names a bad option (weights are tuned here, not given)."""
    parsed = game.rules.agents.parse(game, ["policy:" + given])[0].options if given else ()
    if any(k.startswith("w_") for k, _ in parsed):
        raise ValueError("--options takes the policy's options, not weights (w_...)")
    return {**stored, **dict(parsed)}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m brux.agents.tune", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="bruxelles1897")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--against", default="vmcts", help="the search played against (default: %(default)s)")
    parser.add_argument("--games", type=int, default=200, help="games per seat order (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=2, help="master seed of the games (default: %(default)s)")
    parser.add_argument("--step", type=float, default=0.3, help="relative change tried (default: %(default)s)")
    parser.add_argument("--margin", type=float, default=0.01, help="win share a change must add (default: "
                        "%(default)s)")
    parser.add_argument("--passes", type=int, default=1)
    parser.add_argument("--features", help="comma-separated features in the order tried (default: all, by "
                        "decreasing |weight|)")
    parser.add_argument("--options", help="options of `policy` to tune with, e.g. answer=2 (default: those stored "
                        "with the weights); stored with the weights")
    parser.add_argument("--start", metavar="NAME", help="start from the game's NAME evaluation weights (e.g. "
                        "value, fitted to self-play outcomes by brux.agents.fit) instead of the stored ones; the "
                        "stored entry then begins with this run")
    parser.add_argument("--write", action="store_true", help="store the weights in brux/games/<game>/policy.json")
    args = parser.parse_args(argv)
    try:
        game = brux.load_game(args.game, players=args.players)
        cap = game.rules.agents
        if cap is not None and args.start is not None and args.start not in cap.weights:
            raise ValueError(f"--start: {args.game} has no weights {args.start!r}; it has {', '.join(cap.weights)}")
        if cap is None or (args.start is None and args.players not in cap.policy):
            raise ValueError(f"{args.game} has no fitted policy for {args.players} players (python -m "
                             "brux.agents.imitate, or --start value)")
        w0 = cap.policy[args.players] if args.start is None else np.array(cap.weights[args.start], np.float64)
        features = list(cap.features)
        order = args.features.split(",") if args.features else [features[i] for i in np.argsort(-np.abs(w0))]
        unknown = [f for f in order if f not in features]
        if unknown:
            raise ValueError(f"unknown features {', '.join(unknown)}; known: {', '.join(features)}")
        for name, ok, rule in (("--games", args.games >= 1, "at least 1"), ("--passes", args.passes >= 1,
                               "at least 1"), ("--step", 0 < args.step < 1, "between 0 and 1")):
            if not ok:
                raise ValueError(f"{name} must be {rule}, got {getattr(args, name[2:])}")
        cap.parse(game, [args.against])
        path = Path(get_rules(args.game).hooks.__file__).parents[1] / POLICY_FILE
        stored = {} if args.start else policyfile.load_about(path, args.players)
        options = tuned_options(game, stored.get("options", {}), args.options)
    except ValueError as e:
        parser.exit(2, f"brux: error: {e}\n")
    t0 = time.process_time()
    text = ",".join(f"{k}={v}" for k, v in options.items())
    w, best, trials = search(lambda w: win_share(game, features, w, args.against, args.games, args.seed, text), w0,
                             features, order, args.step, args.margin, args.passes,
                             log=lambda s: print(s, flush=True))
    cpu = time.process_time() - t0
    print(f"win share {best:.4f} after {len(trials)} trials of {args.games * len(trials)} games per seat order, "
          f"{cpu:.0f} s CPU; " + ", ".join(f"{n}={v:.4g}" for n, v in zip(features, w, strict=True)))
    if args.write:
        doc = stored if not args.start else {"command": f"the game's `{args.start}` weights (its agents module's "
                                                        "WEIGHTS; brux.agents.fit)"}
        command = (f"python -m brux.agents.tune --game {args.game} --players {args.players} --against "
                   f"{args.against} --games {args.games} --seed {args.seed} --step {args.step} --margin "
                   f"{args.margin} --passes {args.passes}" + (f" --features {args.features}" if args.features
                                                               else "")
                   + (f" --options {args.options}" if args.options else "")
                   + (f" --start {args.start}" if args.start else "") + " --write")
        about = stored_about(doc, {"command": command, "win_share": round(best, 4), "trials": len(trials)}, options)
        try:
            policyfile.write(path, args.players, features, w, about)
        except OSError as e:
            parser.exit(2, f"brux: error: cannot write {path}: {e.strerror or e} (the weights: "
                        + ", ".join(f"{n}={v:.6g}" for n, v in zip(features, w, strict=True)) + ")\n")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
