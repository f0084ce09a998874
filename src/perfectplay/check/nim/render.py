"""The Nim report as text for a terminal, as Markdown for graders, and as JSON.

Pure functions of the report and its score. The student's text (error
messages, reprs of what a method returned) reaches them only through
``escape``: written out for the terminal, inline-escaped or fenced in
Markdown, and JSON-safe.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from perfectplay.check.nim.model import Games, NimReport, Play, SeedResult
from perfectplay.check.nim.positions import show
from perfectplay.check.report import escape
from perfectplay.check.report.render_graders import points_markdown
from perfectplay.check.report.score import Score

SCHEMA = "perfectplay-check-nim/v1"


def verdict_line(report: NimReport) -> str:
    """The verdict in one line: the file's name and what went wrong (the student's own text) written out."""
    target = escape.line(report.target)
    if report.machine is not None:
        return f"{target}: NOT GRADED: the machine failed ({escape.line(report.machine)})"
    if report.problem is not None:
        return f"{target}: {'NOT GRADABLE' if report.unchecked else 'BROKEN'}: {escape.line(report.problem)}"
    rates = ", ".join(f"{rate:.3f}" for rate in report.rates) or "none"
    if report.kind == "player":
        what = f"winning-move rate {rates}"
        play = report.player
        if play is not None and play.legal < play.asked:  # what failed it, where a perfect rate alone would not
            what += f", {play.asked - play.legal} of {play.asked} answers not a legal move"
        return f"{target}: {'PASS' if report.passed else 'FAIL'}: {what} (a minimax player must be perfect)"
    mark = f"pass mark {report.pass_mark:.2f} every seed"
    return f"{target}: {'PASS' if report.passed else 'FAIL'}: winning-move rate per seed {rates} ({mark})"


def _piles_drawing(piles: tuple[int, ...]) -> list[str]:
    return [f"    pile {index}: {'|' * size if size else '-'}" for index, size in enumerate(piles)]


def _play_lines(play: Play, indent: str = "  ") -> list[str]:
    lines = [
        f"{indent}{play.winning} of {play.winnable} winnable positions with a winning move "
        f"({play.rate:.3f}); {play.legal} of {play.asked} answers legal"
    ]
    if play.none_answers:
        lines.append(f"{indent}None returned in {play.none_answers} positions")
    if play.errors:
        lines.append(f"{indent}raised or gave no answer in {play.errors} positions")
    if play.first_illegal is not None:  # the simplest position it gave no legal move in: where to start looking
        piles, shown = play.first_illegal
        lines.append(f"{indent}no legal move, fewest objects: piles {show(piles)}: {escape.line(shown)}")
    for wrong in play.wrong:
        moves = ", ".join(f"({a}, {b})" for a, b in wrong.winning)
        lines.append(f"{indent}piles {show(wrong.piles)}: chose {escape.line(wrong.chose)}; wins: {moves}")
        lines += _piles_drawing(wrong.piles)
    if play.wrong_total > len(play.wrong):
        lines.append(f"{indent}... and {play.wrong_total - len(play.wrong)} more positions")
    for games in play.games:
        lines.append(f"{indent}{_games_line(games)}")
    return lines


def _games_line(games: Games) -> str:
    seat = "moving first" if games.first else "moving second"
    who = "perfect play" if games.opponent == "perfect" else "a random mover"
    forfeits = f" ({games.forfeits} forfeited: no legal move, or none in time)" if games.forfeits else ""
    line = f"against {who}, {seat}: won {games.won} of {games.played}{forfeits}"
    if games.lost_start:
        line += " (from this start the side to move loses against perfect play: nobody can win this seat)"
    return line


def _seed_lines(seed: SeedResult) -> list[str]:
    head = f"seed {seed.seed}: train({seed.games:,})"
    if not seed.trained:
        # What the candidate raised may hold newlines: written out, so it cannot forge a line of the report.
        said = seed.failure.startswith(f"train({seed.games:,})")  # "train(10,000) raised ...": not named twice
        return [f"  {f'seed {seed.seed}' if said else head}: {escape.line(seed.failure)}"]
    table = ""
    if seed.entries is not None and seed.entries >= 0:
        lowest = "" if seed.lowest_value is None else f", lowest {seed.lowest_value:g}"
        table = f"; {seed.entries:,} values learned, {seed.negative_values or 0:,} below 0{lowest}"
    printed = f"; printed {seed.printed:,} characters (not shown)" if seed.printed else ""
    lines = [f"  {head}: trained{table}{printed}"]
    if seed.play is not None:
        lines += _play_lines(seed.play, "    ")
    return lines


def render_text(report: NimReport, result: Score) -> str:
    """The whole report for a terminal, with its score (computed once, ``score.nim_score``)."""
    lines = [verdict_line(report), f"rules: {report.rules.describe()}"]
    if report.interface:
        lines.append(f"checked: {escape.line(report.interface)}")
    lines.append(f"isolation: {escape.line(report.isolation)}")
    for key, value in report.settings.items():
        lines.append(f"{key}: {value}")
    lines.append(f"points: {result.points} / {result.total}")
    for category in result.categories:
        mark = "ok " if category.passed else "-- "
        message = escape.line(category.message)
        lines.append(f"  {mark}{category.title}: {category.points} / {category.max_points} ({message})")
    if report.units:
        lines.append("methods on hand-made Q-tables:")
        for unit in report.units:
            lines.append(f"  {'ok ' if unit.passed else 'XX '}{unit.title}")
            if not unit.passed:
                lines.append(f"      {escape.line(unit.detail)}")
    if report.seeds:
        lines.append("training and play (the greedy choice in every position reachable from the start):")
        for seed in report.seeds:
            lines += _seed_lines(seed)
    if report.player is not None:
        lines.append("play (the answer in every position reachable from the start):")
        lines += _play_lines(report.player)
    for bug in report.bugs:
        lines.append(f"bug: {bug.title}: {bug.advice}")
        lines.append(f"  example: {escape.terminal(bug.example)}")
    lines += [f"note: {escape.terminal(note)}" for note in report.notes]
    timing = report.timing
    lines.append(f"time: {timing.wall:.1f} s wall, {timing.cpu:.1f} s CPU of the student's code")
    return "\n".join(lines) + "\n"


def summary_markdown(report: NimReport, result: Score) -> str:
    """The result for the student in Markdown: verdict, points, bugs, the wrong positions fenced."""
    blocks = [
        f"## perfectplay check (Nim): {result.points} / {result.total}",
        escape.markdown_inline(verdict_line(report)),
    ]
    blocks.append(f"Rules: {escape.markdown_inline(report.rules.describe())}.")
    blocks += points_markdown(report.machine, result, report.isolation)
    for bug in report.bugs:
        blocks.append(f"**{escape.markdown_inline(bug.title)}**: {escape.markdown_inline(bug.advice)}.")
        blocks.append(escape.markdown_block(bug.example))
    shown = {bug.example for bug in report.bugs}  # a bug's example is often a failed check's: shown once
    failed = [unit for unit in report.units if not unit.passed and unit.detail not in shown]
    if failed:
        blocks.append(escape.markdown_block("\n".join(f"{unit.title}:\n  {unit.detail}" for unit in failed)))
    untrained = [line.strip() for seed in report.seeds if not seed.trained for line in _seed_lines(seed)]
    if untrained:  # what train(n) raised, its line and game: the student's one way to find why it scored nothing
        blocks.append(escape.markdown_block("\n".join(untrained)))
    plays = [seed.play for seed in report.seeds if seed.play is not None]
    if report.player is not None:
        plays.append(report.player)
    if plays and plays[0].wrong:
        blocks.append(escape.markdown_block("\n".join(_play_lines(plays[0]))))
    return "\n\n".join(blocks)[:60_000]


def report_json(report: NimReport, result: Score) -> dict[str, Any]:
    """The report as JSON (``--format json``), with its score; timings under ``timing``."""
    document = {
        "schema": SCHEMA,
        "game": report.rules.name,
        "start": list(report.rules.start),
        "target": report.target,
        "kind": report.kind,
        "interface": report.interface,
        "isolation": report.isolation,
        "verdict": report.verdict,
        "complete": report.complete,
        "problem": report.problem,
        "machine": report.machine,
        "pass_mark": report.pass_mark,
        "rates": list(report.rates),
        "units": [asdict(unit) for unit in report.units],
        "seeds": [asdict(seed) for seed in report.seeds],
        "player": None if report.player is None else asdict(report.player),
        "bugs": [asdict(bug) for bug in report.bugs],
        "notes": list(report.notes),
        "settings": dict(report.settings),
        "points": result.points,
        "total": result.total,
        "categories": [
            {"name": c.name, "title": c.title, "points": c.points, "max_points": c.max_points, "message": c.message}
            for c in result.categories
        ],
        "timing": asdict(report.timing),
    }
    return dict(escape.json_value(document))
