"""A Connect Four report as text, JSON and the graders' files (Gradescope, PrairieLearn, Autolab).

Whatever the agent wrote (a raised message, a returned value, its target's
name) reaches the output only through ``escape``: the terminal's and the
JSON's functions, and Markdown's for the graders.
"""

from __future__ import annotations

from typing import Any

from perfectplay.check.connect4.judge import TOP_K
from perfectplay.check.connect4.model import SECRET_WORDS, Blunder, Connect4Report, PhaseRates
from perfectplay.check.connect4.score import connect4_score, games_rate, shown_percent
from perfectplay.check.connect4.suite import COLUMNS, ROWS, grid_cells
from perfectplay.check.report import escape
from perfectplay.check.report.render_graders import gradescope_document, prairielearn_document
from perfectplay.check.report.render_json import score_json
from perfectplay.check.report.score import Score

SCHEMA = "perfectplay/check-connect4/v1"
SYMBOLS = {"0": ".", "1": "X", "2": "O"}
FAILURE_TITLES = {
    "illegal": "illegal move (a full column, or not a column)",
    "wrong_type": "not a column",
    "raises": "raises",
    "timeout": "time-out",
    "died": "its process died",
    "mutates": "changes the board it was given",
}


def draw_board(moves: str, marks: dict[int, str] | None = None) -> list[str]:
    """The position after ``moves`` as text, row 0 at the top, with ``marks`` (column -> letter) under it."""
    cells = grid_cells(moves)
    lines = [" ".join(SYMBOLS[cell] for cell in cells[row * COLUMNS : (row + 1) * COLUMNS]) for row in range(ROWS)]
    lines.append(" ".join(str(col + 1) for col in range(COLUMNS)))
    if marks:
        lines.append(" ".join(marks.get(col, " ") for col in range(COLUMNS)).rstrip())
    return lines


def verdict_line(report: Connect4Report) -> str:
    name = escape.line(report.target)
    if report.problem is not None:
        # A machine's failure is worded "not graded: ..." already (as graders show it): said once here.
        problem = report.problem.removeprefix(f"{report.verdict}: ")
        return f"{name}: {report.verdict}: {escape.line(problem)}"
    overall = report.overall
    return (
        f"{name}: {report.verdict}: good moves {_rate(overall.good, overall.asked)}, "
        f"perfect {_rate(overall.perfect, overall.asked)}, {overall.blunders} blunders in {overall.asked} positions"
    )


def render_text(report: Connect4Report, result: Score | None = None) -> str:
    """The text report, as ``perfectplay check --game connect4`` prints it."""
    lines = [verdict_line(report), ""]
    if report.interface is not None:
        lines.append(f"Checked: {escape.line(report.interface)}")
    lines.append(f"Ran in: {escape.line(report.isolation)}")
    if report.problem is None:
        lines.append(f"Positions: {_drawn(report)}")
        lines += ["", f"phase      asked   good  perfect  top-{TOP_K}  blunders"]
        for rates in (*report.phases, report.overall):
            lines.append(_phase_row(rates))
        for failure in report.failures:
            lines += [
                "",
                f"{FAILURE_TITLES[failure.kind]}: {failure.count} positions; first after {failure.moves or 'no move'}:",
            ]
            lines.append(f"  it {escape.line(failure.answer)}")
        if report.blunders:
            lines += ["", "Worst blunders (X moved first; * a best move, + keeps the value, ! its move):"]
            for blunder in report.blunders:
                lines += ["", *_blunder_lines(blunder)]
        if report.games:
            lines += ["", "Games (its result; X moves first):"]
            for game in report.games:
                seat = "X" if game.agent_first else "O"
                why = f" ({escape.line(game.forfeit)})" if game.forfeit else ""
                played = f"{len(game.moves)} moves: {game.moves}"
                lines.append(f"  as {seat} against {game.opponent:<8} {game.result}{why} in {played}")
            points = shown_percent(games_rate(report))
            lines.append(f"Rating: holds its own up to {report.rating} ({points} of the game points)")
        if report.timing is not None:
            timing = report.timing
            lines += [
                "",
                f"Time: {timing.moves} moves, median {timing.median * 1000:.1f} ms, "
                f"slowest {timing.slowest * 1000:.1f} ms "
                f"(after {timing.slowest_moves or 'no move'}), {timing.cpu:.1f} s of CPU in its moves, "
                f"{timing.wall:.1f} s in all",
            ]
    for note in report.notes:
        lines.append(f"Note: {escape.line(note)}")
    result = result or connect4_score(report)
    machine = report.exit_status == 3
    unscored = " (not graded: the machine's failure, not the submission's)" if machine else " (not gradable)"
    lines += ["", f"Score: {result.points} of {result.total}" + ("" if result.gradable else unscored)]
    for category in result.categories:
        lines.append(f"  {category.title}: {category.points}/{category.max_points} ({escape.line(category.message)})")
    return "\n".join(lines) + "\n"


def _drawn(report: Connect4Report) -> str:
    # A report with positions and no seed was drawn from the grader's secret: the number is not shown (a student
    # could draw the same positions on their own machine with it).
    seed = f", seed {report.seed} (--seed {report.seed} asks them again)" if report.seed is not None else ""
    seed = seed or f", {SECRET_WORDS}"
    return (
        f"{report.overall.asked} of {report.suite_size} decisive positions (some moves keep the value, some lose "
        f"it) from games played for this check{seed}; exact scores by perfectplay's solver; a random mover keeps "
        f"the value in {report.overall.chance_good:.0%} of them"
    )


def _phase_row(rates: PhaseRates) -> str:
    return (
        f"{rates.phase:<9} {rates.asked:>6} {_rate(rates.good, rates.asked):>6} {_rate(rates.perfect, rates.asked):>8} "
        f"{_rate(rates.top, rates.asked):>6} {rates.blunders:>9}"
    )


def _rate(part: int, whole: int) -> str:
    return shown_percent(part / whole) if whole else "-"


def _blunder_lines(blunder: Blunder) -> list[str]:
    side = "X" if len(blunder.moves) % 2 == 0 else "O"
    marks = {col: "+" for col in blunder.good} | {col: "*" for col in blunder.best}
    marks[blunder.chose] = "!"
    best = ", ".join(str(col + 1) for col in blunder.best)
    head = (
        f"{blunder.phase}, {side} to move after {blunder.moves}: it played {blunder.chose + 1} ({blunder.lost}, "
        f"{blunder.drop} points of score); best: {best}"
    )
    return [head, *("  " + line for line in draw_board(blunder.moves, marks))]


def report_json(report: Connect4Report, result: Score | None = None) -> dict[str, Any]:
    """The report as one JSON object (``--json``)."""
    result = result or connect4_score(report)
    document: dict[str, Any] = {
        "schema": SCHEMA,
        "game": "connect4",
        "target": report.target,
        "interface": report.interface,
        "verdict": report.verdict,
        "exit_status": report.exit_status,
        "problem": report.problem,
        "complete": report.complete,
        "suite_size": report.suite_size,
        "seed": report.seed,
        "positions": "decisive positions from games played for this check, solved exactly",
        "overall": _rates_json(report.overall),
        "phases": [_rates_json(rates) for rates in report.phases],
        "blunders": [
            {
                "moves": blunder.moves,
                "phase": blunder.phase,
                "chose": blunder.chose,
                "lost": blunder.lost,
                "drop": blunder.drop,
                "best": list(blunder.best),
                "good": list(blunder.good),
            }
            for blunder in report.blunders
        ],
        "failures": [
            {"kind": failure.kind, "count": failure.count, "moves": failure.moves, "answer": failure.answer}
            for failure in report.failures
        ],
        "games": [
            {
                "opponent": game.opponent,
                "agent_first": game.agent_first,
                "result": game.result,
                "moves": game.moves,
                "forfeit": game.forfeit,
            }
            for game in report.games
        ],
        "rating": report.rating,
        "timing": None
        if report.timing is None
        else {
            "moves": report.timing.moves,
            "median": report.timing.median,
            "slowest": report.timing.slowest,
            "slowest_moves": report.timing.slowest_moves,
            "cpu_in_moves": report.timing.cpu,
            "wall": report.timing.wall,
        },
        "notes": list(report.notes),
        "isolation": report.isolation,
        "sandboxed": report.sandboxed,
        "score": score_json(result),
    }
    return dict(escape.json_value(document))


def _rates_json(rates: PhaseRates) -> dict[str, Any]:
    return {
        "phase": rates.phase,
        "asked": rates.asked,
        "legal": rates.legal,
        "good": rates.good,
        "perfect": rates.perfect,
        "blunders": rates.blunders,
        "top_k": rates.top,
        "good_rate": round(rates.good_rate, 4),
        "perfect_rate": round(rates.perfect_rate, 4),
        "top_k_rate": round(rates.top_rate, 4),
        "k": TOP_K,
        "random_good_rate": round(rates.chance_good, 4),
        "random_perfect_rate": round(rates.chance_perfect, 4),
    }


def summary_markdown(report: Connect4Report, result: Score | None = None) -> str:
    """The report for a grader's page: the text report in a fence no student text can close.

    Above it, for a submission that could not be graded, what to do (as tic-tac-toe's graders say).
    """
    block = escape.markdown_block(render_text(report, result).rstrip("\n"))
    if report.machine is not None:
        return "Nothing was graded: the machine that ran the check failed, not this submission.\n\n" + block
    if not report.gradable:
        return "This submission could not be graded; fix the problem below and submit again.\n\n" + block
    return block


def gradescope_json(report: Connect4Report, result: Score | None = None, visibility: str = "visible") -> dict[str, Any]:
    """Gradescope's ``results.json``: one test a category, the text report as the output."""
    result = result or connect4_score(report)
    output = summary_markdown(report, result)
    return gradescope_document(result, output, lambda category: escape.markdown_inline(category.message), visibility)


def prairielearn_json(report: Connect4Report, result: Score | None = None) -> dict[str, Any]:
    """PrairieLearn's ``results.json``; a check the machine failed is not gradable."""
    result = result or connect4_score(report)
    return prairielearn_document(result, escape.line(verdict_line(report)), summary_markdown(report, result))


def autolab_output(report: Connect4Report, result: Score | None = None) -> str:
    """Autolab: the text report, then the scores line it reads (one score a category)."""
    import json

    result = result or connect4_score(report)
    scores = {category.name: category.points for category in result.categories}
    return render_text(report, result) + json.dumps({"scores": scores}) + "\n"
