"""Single games step by step: play one game with agents or replay a record, with a readable trace."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, TextIO

import brux
from brux import Game, State

from .agents import make_agents


def _scores(state: State) -> tuple[list[int], list[dict[str, int]]]:
    seats = state.to_dict()["seats"]
    return [int(s["vp"]) for s in seats], [dict(s.get("vp_by_source") or {}) for s in seats]


def _vp_changes(before: tuple[list[int], list[dict[str, int]]], after: tuple[list[int], list[dict[str, int]]]
                ) -> str:
    parts = []
    for seat, (v0, v1) in enumerate(zip(before[0], after[0])):
        if v0 == v1:
            continue
        src0, src1 = before[1][seat], after[1][seat]
        detail = ", ".join(f"{k} {src1[k] - src0.get(k, 0):+d}" for k in src1 if src1[k] != src0.get(k, 0))
        parts.append(f"seat {seat} {v1 - v0:+d} VP" + (f" ({detail})" if detail else "") + f" = {v1}")
    return "; ".join(parts)


def trace_steps(state: State, choose: Callable[[State], int | str], out: TextIO | None) -> State:
    """Advance `state` to the end with `choose`, writing one line per decision to `out` (None: no trace)."""
    if out is not None:
        out.write(f"{'step':>5}  {'round':>5}  {'seat':>4}  {'decision':<14}  {'action':<24}  VP changes\n")
    step = 0
    while not state.is_terminal():
        step += 1
        view = state.to_dict() if out is not None else None
        before = _scores(state) if out is not None else None
        seat = state.current_player()
        action = choose(state)
        state.apply_action(action)
        if out is not None:
            name = action if isinstance(action, str) else state.action_to_string(action)
            line = (f"{step:>5}  {view.get('round', ''):>5}  {seat:>4}  {view.get('pending', ''):<14}  "
                    f"{name:<24}  {_vp_changes(before, _scores(state))}")
            out.write(line.rstrip() + "\n")
    return state


def summary(state: State, agents: Sequence[str] | None) -> str:
    """The final result of a finished game: one line per seat with VP, rank, win share and VP by source; for an
    unfinished game (a fuzzing record, say) where it stopped."""
    head = f"{state.game.name}, {state.game.players} players, seed {state.seed}"
    if not state.is_terminal():
        view = state.to_dict()
        return (f"{head}: not finished after {len(state.history)} decisions; seat {state.current_player()} to decide "
                f"{view.get('pending')} in round {view.get('round')}")
    lines = [f"{head}: game over after {len(state.history)} decisions"]
    for r in state.result():
        agent = agents[r["seat"]] if agents else "?"
        sources = ", ".join(f"{k} {v}" for k, v in r["vp_by_source"].items() if v)
        lines.append(f"seat {r['seat']} ({agent}): {r['vp']} VP, rank {r['rank']}, win share {r['win_share']:.3g}"
                     + (f" [{sources}]" if sources else ""))
    return "\n".join(lines)


def play(game: Game, lineup: Sequence[str], seed: int, out: TextIO | None = None) -> State:
    """Play one game with seed `seed` and one agent per seat; trace it to `out` when given."""
    agents = make_agents(game, lineup, seed)
    state = game.new_initial_state(seed=seed)
    return trace_steps(state, lambda s: agents[s.current_player()].choose(s), out)


def read_record(path: str | Path) -> dict[str, Any]:
    """A game record from a JSON file (size and nesting bounded); a ValueError names what is wrong."""
    from brux.core.records import read_record as read

    return read(path)


def replay(record: dict[str, Any], out: TextIO | None = None) -> State:
    """Replay a game record (checked by ``brux.replay``), tracing every decision to `out` when given."""
    final = brux.replay(record)
    if out is None:
        return final
    game = final.game
    if record.get("scenario") is not None:
        state = game.state_from_dict(record["scenario"], seed=record["seed"])
    else:
        state = game.new_initial_state(seed=record["seed"])
    actions: Iterable[str] = iter(record["actions"])
    return trace_steps(state, lambda s: next(actions), out)
