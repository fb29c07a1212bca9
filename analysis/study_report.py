"""The findings and report of a study folder (``sims.study``): the levels of play side by side.

    from analysis.study_report import study_findings, write_study_report
    s = study_findings("results/bruxelles1897-3p-study")
    s.table, s.sentences, s.levels["greedy"].sentences
    s.mixed_table, s.mixed["greedy vs 2x random"].by_seat     # the mixed levels (analysis.mixed_report)
    table, summary = s.openings["vmcts"]                        # a level's forced openings of seat 0, if played
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl

from .artifact import artifact_reasons
from .fairness import _round2
from .findings import Findings, findings, pct
from .mixed_report import MixedLevel, mixed_level, mixed_row, sentence, skip_note, strongest_sentence
from .page import FORMATS, Block, Section, section_blocks, section_titles, write_page
from .stats import points

STUDY_FILE = "study.json"


@dataclass
class StudyFindings:
    """Per-level findings (levels with games only), the level table, the mixed levels (with games only) and their
    table, the study's sentences, and the levels flagged as agent artifacts with the reasons (``analysis.artifact``).
    """

    record: dict[str, Any]
    levels: dict[str, Findings]
    table: pl.DataFrame
    sentences: list[str]
    mixed: dict[str, MixedLevel]
    mixed_table: pl.DataFrame
    openings: dict[str, tuple[pl.DataFrame, dict[str, Any]]]  # level: forced-openings table and openings.json
    artifacts: dict[str, list[str]]


def read_study(folder: str | Path) -> dict[str, Any]:
    """The record (``study.json``) of a study folder; ValueError when there is none."""
    file = Path(folder) / STUDY_FILE
    try:
        record = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise ValueError(f"{folder} is not a study folder ({STUDY_FILE} cannot be read: {e})") from None
    if not isinstance(record, dict) or record.get("kind") != "brux study":
        raise ValueError(f"{file} is not a study record")
    return record


def _interval(f: Findings, seat: int) -> str:
    v = f.fairness[0]
    fair = v.win_share[seat] - v.deviation[seat]
    return f"{v.win_share[seat]:.3f} [{max(fair + v.low[seat], 0):.3f}, {min(fair + v.high[seat], 1):.3f}]"


def _top_source(f: Findings) -> str:
    eff = f.source_effects
    if eff is None or not eff.height:
        return ""
    eff = eff.filter((pl.col("model") == "alone") & pl.col("or_per_sd").is_not_nan()).sort(
        "or_per_sd", descending=True).head(2)
    return ", ".join(f"{r['source']} ×{r['or_per_sd']:.2f}" for r in eff.iter_rows(named=True))


def _top_opening(f: Findings) -> str:
    t = f.openings.get("opening_1")
    if t is None or not t.height:
        return ""
    sig = t.filter(pl.col("significant") & (pl.col("delta") > 0)).sort("shrunk", descending=True).head(2)
    if not sig.height:
        return "none significant"
    return "; ".join(f"seat {r['seat']} {r['opening']} {pct(r['delta'], True)}" for r in sig.iter_rows(named=True))


def level_openings(folder: str | Path, record: dict[str, Any]) -> dict[str, tuple[pl.DataFrame, dict[str, Any]]]:
    """The forced-openings table (`analysis.forced_openings.opening_effects`) and summary of every level whose
    forced openings were played."""
    from .forced_openings import OUTCOMES, opening_effects

    out = {}
    for lv in record["levels"]:
        op = lv.get("openings") or {}
        path = Path(folder) / op.get("folder", "")
        if op.get("finished") and (path / OUTCOMES).exists():
            summary = json.loads((path / "openings.json").read_text(encoding="utf-8"))
            out[lv["name"]] = (opening_effects(pl.read_parquet(path / OUTCOMES)), summary)
    return out


def _openings_sentence(openings: dict[str, tuple[pl.DataFrame, dict[str, Any]]]) -> str | None:
    parts = []
    for name, (t, _) in openings.items():
        best, worst = t.row(0, named=True), t.row(t.height - 1, named=True)
        parts.append(f"{name} {best['opening']} {best['effect']:+.1f} ({best['low']:+.1f} to {best['high']:+.1f}), "
                     f"weakest {worst['opening']} {worst['effect']:+.1f} ({worst['deals']:,} deals)")
    if not parts:
        return None
    return ("Strongest forced first decision of seat 0 (points of win share over the deal's average first decision, "
            "95% simultaneous intervals): " + "; ".join(parts) + ".")


def study_findings(folder: str | Path, margin: float | None = None) -> StudyFindings:
    """Read every level run of a study folder and compare the levels."""
    record = read_study(folder)
    margin = record["margin"] if margin is None else margin
    players = int(record["players"])
    out: dict[str, Findings] = {}
    rows, mixed, mixed_rows = [], {}, []
    checks = {lv["of"]: lv for lv in record["levels"] if lv.get("kind") == "check"}
    artifacts: dict[str, list[str]] = {}
    for lv in record["levels"]:
        if lv.get("kind") == "check":
            continue
        if lv.get("kind") == "mixed":
            m = mixed_level(folder, lv, players) if lv["games"] > 0 else None
            if m is not None:
                mixed[lv["name"]] = m
            mixed_rows.append(mixed_row(m, lv, players))
            continue
        row: dict[str, Any] = {"level": lv["name"], "games": lv["games"], "cpu_seconds": round(lv["cpu_used"], 1),
                               "cpu_per_game": lv["cpu_per_game"], "half_width": None, "verdict": "no games",
                               "max_gap": None, "agent_check": "", "top_sources": "", "strongest_openings": ""}
        row.update({f"seat_{s}": "" for s in range(players)})
        path = Path(folder) / lv["folder"]
        if lv["games"] > 0 and (path / "manifest.json").exists():
            f = findings(path, margin=margin)
            out[lv["name"]] = f
            v = f.fairness[0]
            row.update({"half_width": v.half_width, "verdict": v.verdict, "max_gap": v.gap,
                        "top_sources": _top_source(f), "strongest_openings": _top_opening(f)})
            row.update({f"seat_{s}": _interval(f, s) for s in range(players)})
            if lv["name"] in checks:
                row["agent_check"] = _check(Path(folder), checks[lv["name"]], f, margin, artifacts)
        rows.append(row)
    table = pl.DataFrame(rows)
    openings = level_openings(folder, record)
    said = _sentences(record, out, margin, mixed, artifacts)
    forced = _openings_sentence(openings)
    if forced:
        said.insert(len(said) - 1 - bool((record.get("persona") or {}).get("agent")), forced)
    return StudyFindings(record, out, table, said, mixed, pl.DataFrame(mixed_rows), openings, artifacts)


def _check(folder: Path, check: dict[str, Any], level: Findings, margin: float,
           artifacts: dict[str, list[str]]) -> str:
    """The level's agent check cell; a flagged level goes into ``artifacts`` with its reasons."""
    at = f"eps={check['eps']:g}"
    if check["games"] < 1 or not (folder / check["folder"] / "manifest.json").exists():
        return f"not checked ({at} had no games)"
    v = findings(folder / check["folder"], margin=margin).fairness[0]
    reasons = artifact_reasons(level.fairness[0], v)
    if reasons:
        artifacts[check["of"]] = [f"at {at} on {v.games:,} of the same deals: " + "; ".join(reasons)]
        return f"{ARTIFACT} ({artifacts[check['of']][0]})"
    return f"no change at {at} ({v.games:,} games: {v.verdict})"


ARTIFACT = "agent artifact, not a property of the game"


def _join(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _sentences(record: dict[str, Any], all_levels: dict[str, Findings], margin: float,
               mixed: dict[str, MixedLevel], artifacts: dict[str, list[str]]) -> list[str]:
    pts = f"±{points(margin)}"
    levels = {n: f for n, f in all_levels.items() if n not in artifacts}  # their seat effect is not the game's
    by_verdict: dict[str, list[str]] = {}
    for name, f in levels.items():
        by_verdict.setdefault(f.fairness[0].verdict, []).append(name)
    parts = []
    if "fair" in by_verdict:
        parts.append(f"fair within {pts} between every two seats among {_join(by_verdict['fair'])} players")
    if "not fair" in by_verdict:
        worst = [f"{n} (seat {levels[n].fairness[0].best_seat} minus seat {levels[n].fairness[0].worst_seat}: "
                 f"{pct(levels[n].fairness[0].gap)} points)"
                 for n in by_verdict["not fair"]]
        parts.append(f"not fair (a seat gap beyond {pts}) among {_join(worst)} players")
    for n in by_verdict.get("not decided", []):
        v = levels[n].fairness[0]
        more = f"needs ~{_round2(v.more_games):,} more" if v.more_games else "no number of games in sight"
        parts.append(f"not decided among {n} players ({v.games:,} games, {more})")
    out = []
    if parts:
        out.append("Seat balance: " + "; ".join(parts) + ".")
    decided = {n: f.fairness[0].verdict for n, f in levels.items() if f.fairness[0].verdict != "not decided"}
    if len(set(decided.values())) > 1:
        out.append("The verdict changes with the level of play: " + "; ".join(
            f"{v} among {_join([n for n in decided if decided[n] == v])}" for v in dict.fromkeys(decided.values()))
            + ".")
    elif len(decided) > 1 and len(decided) == len(levels):
        out.append(f"The verdict does not change with the level of play: {next(iter(decided.values()))} at every "
                   "level.")
    elif decided:
        open_ = [n for n in levels if n not in decided]
        out.append(f"The verdict is {next(iter(decided.values()))} at every decided level ({_join(list(decided))})"
                   + (f"; {_join(open_)} not decided yet, so whether it changes with the level of play is open."
                      if open_ else "."))
    for n, why in artifacts.items():
        v = all_levels[n].fairness[0]
        out.append(f"{n}: {ARTIFACT}. Its seats are {v.verdict} (seat {v.best_seat} minus seat {v.worst_seat}: "
                   f"{pct(v.gap)} points) with eps={record['eps']:g}, but not when replayed {why[0]}; this seat "
                   "effect depends on the agents and is left out of the seat balance.")
    if record.get("eps"):
        out.append(f"Every seat of a level (random excepted) plays a uniformly random legal action with probability "
                   f"{record['eps']:g} (agent option eps), so that a level is a population of players, not copies of "
                   f"one policy; each level is checked by replaying it at eps={record['check_eps']:g}.")
    out += [sentence(m, [float(x) for x in levels[m.weak].fairness[0].win_share] if m.weak in levels else None)
            for m in mixed.values()]
    gone = [f"{lv['name']} ({skip_note(lv)})" for lv in record["levels"]
            if lv.get("kind") == "mixed" and lv["name"] not in mixed]
    if gone:
        out.append("Mixed line-ups without games: " + "; ".join(gone) + ".")
    srcs = [f"{n}: {_top_source(f)}" for n, f in all_levels.items() if _top_source(f)]
    if srcs:
        out.append("Sources associated with winning (odds ratio of a one-SD edge, one source at a time): "
                   + "; ".join(srcs) + ".")
    ops = [f"{n}: {_top_opening(f)}" for n, f in all_levels.items() if _top_opening(f)]
    if ops:
        out.append("Strongest first openings (points of win share against the rest of the seat): "
                   + "; ".join(ops) + ".")
    out.append(_budget_sentence(record))
    p = record.get("persona") or {}
    if p.get("agent"):
        out.append(f"Best persona: {p['agent']}, by {p['method']}.")
    top = record.get("strongest")
    if top:
        out.append(strongest_sentence(top["agent"], top["why"], mixed))
    return out


def _budget_sentence(record: dict[str, Any]) -> str:
    used = record.get("setup_cpu", 0.0) + sum(lv["cpu_used"] for lv in record["levels"])
    mixed_too = "; a mixed line-up needs them in each seat" if any(lv.get("kind") == "mixed"
                                                                   for lv in record["levels"]) else ""
    target = f"±{points(record['precision'])} per level ({record['games_for_target']:,} games{mixed_too})"
    per = []
    for lv in record["levels"]:
        mixed = lv.get("kind") == "mixed"
        if lv["games_cap"] < 1:
            per.append(f"{lv['name']} none ({skip_note(lv) if mixed else 'the budget did not cover one game'})")
            continue
        if lv["reaches_target"]:
            how = "allowed the target"
        else:
            how = f"budget-limited: its share bought {lv['games_cap']:,} games at the pilot's rate"
            if lv.get("kind") != "mixed" and lv.get("finished") and lv["games"] > lv["games_cap"]:
                how += ", played on to its CPU limit"
        if lv.get("finished") and lv["games"] < lv["games_cap"]:
            how += ", stopped short of it at its CPU limit"
        seats = f" ({lv['games'] // lv['rotation']:,} in each seat)" if mixed else ""
        per.append(f"{lv['name']} {lv['games']:,} games{seats} in {lv['cpu_used']:.0f} s ({how})")
    return (f"Budget: {record['budget']:g} CPU seconds for a precision target of {target}; used "
            f"{used:.0f} s ({record.get('setup_cpu', 0.0):.0f} s of pilots and persona choice); " + "; ".join(per)
            + ".")


def _levels_section(s: StudyFindings) -> list[Block]:
    return [Block("p", "Every level plays its agent in every seat, its games fixed before it plays (the precision "
                       f"target's, or what its CPU limit allowed); seat win shares with {int(100 * 0.95)}% "
                       "intervals (simultaneous over seats); half_width is the interval's "
                       "half-width reached; cpu_seconds the CPU time the level's games used; agent_check what "
                       "became of the seat verdict when the level was replayed on the same deals with more agent "
                       "noise (a level whose verdict does not hold is an agent artifact, not a property of the "
                       "game)."),
            Block("table", s.table)]


def _mixed_section(s: StudyFindings) -> list[Block]:
    return [Block("p", "One strong agent against weaker ones, the strong agent taking every seat in turn with the "
                       "same games (and deals) in each seat. win_share is the strong agent's share of wins over all "
                       f"seats, seat_0.. its share in that seat, each with a {int(100 * 0.95)}% score "
                       "interval (simultaneous over the seats for seat_0..); fair_share is what an agent no stronger "
                       "than the others gets; from_skill the win share above it."),
            Block("table", s.mixed_table)]


def _each_level_section(s: StudyFindings) -> list[Block]:
    blocks = []
    for name, f in s.levels.items():
        flag = [f"{ARTIFACT.capitalize()}: {s.artifacts[name][0]}."] if name in s.artifacts else []
        blocks += [Block("h3", f"Level {name}"), Block("ul", flag + f.sentences)]
    return blocks


def _forced_openings_section(s: StudyFindings) -> list[Block]:
    from .forced_report import openings_blocks

    blocks = []
    for name, (table, summary) in s.openings.items():
        blocks += [Block("h3", f"Level {name}"), *openings_blocks(table, summary)[1][1:]]  # [0]: its own heading
    return blocks


SECTIONS = (
    Section("Findings", lambda s: [Block("ul", s.sentences)]),
    Section("Levels of play", _levels_section),
    Section("Mixed line-ups", _mixed_section, lambda s: s.mixed_table.height > 0,
            "This study played no mixed line-ups."),
    Section("Each level", _each_level_section, lambda s: bool(s.levels), "No level has games yet."),
    Section("Forced openings of seat 0", _forced_openings_section, lambda s: bool(s.openings),
            "This study played no forced openings."),
)
SECTION_TITLES = section_titles(SECTIONS)


def write_study_report(folder: str | Path, out_path: str | Path, format: str = "html",
                       margin: float | None = None) -> tuple[Path, StudyFindings]:
    """Write the study's report (HTML or Markdown) with the analysis page writer; returns the path and findings."""
    if format not in FORMATS:
        raise ValueError(f"format must be one of {FORMATS}, got {format!r}")
    s = study_findings(folder, margin)
    raw = {"levels": s.table, **({"mixed": s.mixed_table} if s.mixed_table.height else {})}
    title = f"brux study: {s.record['game']}, {s.record['players']} players"
    return write_page(title, section_blocks(SECTIONS, s), out_path, format, raw), s
