"""The report for people: the verdict, what went wrong by kind, one drawn example each, the shortest loss.

Cells are numbered 1-9 here, as drawn on the board (the library's and the
JSON's 0-8, plus one). Pure functions: a report in, text out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from perfectplay.check.position import TicTacToePosition, other
from perfectplay.check.report import escape
from perfectplay.check.report.model import CheckReport, CheckTiming, Example, Finding, MoveChoice, RoleResult
from perfectplay.check.report.score import Score, Weights, scored

BOARD_WIDTH = 12

escape_controls = escape.line
"""Kept under its old name for the front ends, which write one line at a time (an error, a verdict):
``escape.line``, so a candidate's newline cannot start a line of its own on their standard error."""


def render_text(report: CheckReport, points: Score | Weights | None = None) -> str:
    """The whole report as text, ready to print.

    Every piece of the candidate's text is on its own line's terms (``escape.line``:
    it cannot start a line or send a control character); ``points`` is its score
    (``score.scored``: computed once by the caller, or the weights to compute it by).
    """
    return escape.terminal(_render(report, scored(report, points)))


def _render(report: CheckReport, points: Score) -> str:
    lines = [f"perfectplay check: {escape.line(report.target)}"]
    if report.interface is not None:
        lines.append(f"Checked: {escape.line(report.interface)}")
        lines.append(f"Standard: {standard_line(report.standard)}")
    if report.isolation:
        lines.append(f"Ran in: {report.isolation}")
    lines += ["", verdict_words(report, escape.line)]
    lines += ["", *score_lines(points)]
    if report.roles:
        lines += ["", "Its games, against every sequence of opponent moves:"]
        lines += [_role_line(role, report.complete) for role in report.roles]
    if report.counted:
        lines += ["", *_table(report.counted)]
        for finding in report.counted:
            lines += ["", *finding_section(finding)]
    noted = [finding for finding in report.findings if finding.note]
    if noted:
        # Under the value standard the speed findings are shown, but apart: they cost nothing.
        lines += ["", "Not held against it (standard value), for the curious:"]
        for finding in noted:
            lines += ["", *finding_section(finding)]
    for role in report.roles:
        if role.losing_game:
            lines += ["", *losing_game(role)]
    if report.timing.moves:
        lines += ["", _timing_line(report.timing)]
    if report.notes:
        lines += ["", "Notes:"]
        lines += [f"  - {escape.line(note)}" for note in report.notes]
    return "\n".join(lines)


STANDARD_WORDS = {
    "value": "value: any move that keeps the position's win, draw or loss is right",
    "best": "best: only the fastest win (or, when lost, the slowest loss) is right",
}


def standard_line(standard: str) -> str:
    """What a standard accepts, in words (``--standard``)."""
    return STANDARD_WORDS.get(standard, standard)


def verdict_line(report: CheckReport) -> str:
    """One line of plain text: can it be beaten, and how many positions it plays best."""
    return verdict_words(report, escape.line)


def verdict_words(report: CheckReport, quote: Callable[[str], str]) -> str:
    """The verdict as a sentence, with the candidate's text (the problem) through ``quote`` for the medium."""
    if report.problem is not None:
        return f"Could not be checked: {quote(report.problem)}."
    measure = "a move that keeps the position's value" if report.standard == "value" else "the best move"
    played = f"{report.best:,} of {report.positions:,} positions ({_percent(report.best, report.positions)})"
    if report.loses:
        losing = " and ".join(role.label for role in report.roles if role.loses)
        return f"Can be beaten: it loses {losing}; it plays {measure} in {played}."
    if report.exit_status == 0:
        sampled = (
            " in every answer it gave (it is randomised: see the notes)"
            if report.randomised
            else " in every answer it gave (its answers change with what it was asked before: see the notes)"
            if report.history
            else ""
        )
        return f"Unbeatable{sampled}: it never loses, and plays {measure} in all {report.positions:,} positions."
    broken = sum(role.broken for role in report.roles)
    if broken:
        return (
            f"Breaks in its own games: it gives no legal move in time in {_count(broken, 'position')} its games reach; "
            f"it plays {measure} in {played}."
        )
    if not report.complete and report.asked < report.positions:
        return (
            f"Not checked everywhere: it was asked {report.asked:,} of {report.positions:,} positions, with no loss "
            f"found, and plays {measure} in {report.best:,} of them."
        )
    if not report.complete:
        # Every position was asked once; the check stopped later (asking again, CS50's helpers).
        return (
            f"Not checked to the end: it answered all {report.positions:,} positions, with no loss found, and plays "
            f"{measure} in {report.best:,} of them, but the check stopped before its last questions were asked."
        )
    if report.best == report.positions:
        return f"Never loses, and plays {measure} in all {report.positions:,} positions; but see what went wrong below."
    return f"Never loses, but plays {measure} in only {played}."


def score_lines(result: Score) -> list[str]:
    """The points, then one line a category: its points and what they are for."""
    width = max(len(category.title) for category in result.categories)
    lines = [f"Score: {result.points} of {result.total}" + ("" if result.gradable else " (not gradable)")]
    for category in result.categories:
        points = f"{category.points:>3} / {category.max_points:<3}"
        lines.append(f"  {category.title:<{width}}  {points}  {escape.line(category.message)}")
    return lines


def _percent(part: int, whole: int) -> str:
    if not whole:
        return "0%"
    value = 100 * part / whole
    if part != whole and value > 99.9:
        return ">99.9%"
    return f"{value:.1f}%".replace(".0%", "%")


def _role_line(role: RoleResult, complete: bool) -> str:
    if role.loses:
        status = f"can lose, in {len(role.losing_game)} plies at the quickest (shown below)"
    elif role.broken:
        status = f"breaks: no legal move in time in {_count(role.broken, 'position')} it reaches"
    elif complete:
        status = "never loses"
    elif role.positions == 0:
        return f"  {role.label:<20} not checked: the check stopped before its first move"
    else:
        status = "no loss found where it was asked"
    return f"  {role.label:<20} {status}; it is to move in {_count(role.positions, 'position')}"


def _count(number: int, noun: str) -> str:
    return f"{number:,} {noun}" + ("" if number == 1 else "s")


def _table(findings: tuple[Finding, ...]) -> list[str]:
    width = max(len(finding.title) for finding in findings) + 2
    lines = [f"{'What went wrong':<{width}}  positions"]
    for finding in findings:
        lines.append(f"  {finding.title:<{width}}{finding.count:>9,}")
    return lines


def finding_section(finding: Finding) -> list[str]:
    """One finding as lines: its title and count, its example drawn, what happened, what it printed.

    The candidate's text in it is on one line each (``escape.line``).
    """
    example = _shown(finding.example)
    title = finding.title if "(" in finding.title.split()[0] else finding.title[0].upper() + finding.title[1:]
    many = _count(finding.count, "position")
    if example.position is None:
        lines = [f"{title}:"]
    else:
        lines = [f"{title}: {many}, e.g.", ""]
        lines += _boards(finding.kind, example)
    lines += [f"  {sentence}" for sentence in _explain(finding.kind, example)]
    shown = [escape.line(line) for line in (example.output or "").strip().splitlines()[:4]]
    if shown:
        lines.append("  It printed: " + shown[0])
        lines += [f"              {line}" for line in shown[1:]]
    return lines


def _shown(example: Example) -> Example:
    """The example with the candidate's one-line answers (what it returned, raised, changed) written out."""
    return replace(
        example,
        answer=_line(example.answer),
        expected=_line(example.expected),
        call=_line(example.call),
        after=_line(example.after),
    )


def _line(text: str | None) -> str | None:
    return None if text is None else escape.line(text)


def _boards(kind: str, example: Example) -> list[str]:
    assert example.position is not None and example.to_move is not None
    position = TicTacToePosition.from_text(example.position, example.to_move)
    blocks = [(draw(position.cells), f"{example.to_move} to move")]
    if kind in ("mutates", "cs50_result_mutates") and example.after is not None:
        after = example.after.replace("/", "")
        blocks.append((draw(after) if len(after) == 9 else [example.after], "the board it left"))
    elif example.chose is not None:
        after = _play(position, example.chose.move)
        blocks.append((draw(after, marked=example.chose.move), f"it played {example.chose.move + 1}"))
    return side_by_side(blocks)


def _play(position: TicTacToePosition, move: int) -> str:
    return position.cells[:move] + position.to_move + position.cells[move + 1 :]


def draw(cells: str, marked: int | None = None, line: tuple[int, ...] = ()) -> list[str]:
    """A board as five lines; free cells show their number 1-9, ``[X]`` the last move, ``*X*`` a winning line."""
    rows = []
    for row in range(3):
        parts = []
        for col in range(3):
            cell = row * 3 + col
            mark = cells[cell]
            if mark == ".":
                text = str(cell + 1)
            elif cell == marked:
                text = f"[{mark}]"
            elif cell in line:
                text = f"*{mark}*"
            else:
                text = mark
            parts.append(text.center(3))
        rows.append(" " + "|".join(parts))
        if row < 2:
            rows.append(" ---+---+---")
    return rows


def side_by_side(blocks: list[tuple[list[str], str]]) -> list[str]:
    """Boards next to each other, each with a caption under it."""
    gap = " " * 6
    height = max(len(board) for board, _ in blocks)
    lines = []
    for index in range(height):
        # A block may be shorter than a board (the one line of a board it left in some other shape).
        row = (board[index] if index < len(board) else "" for board, _ in blocks)
        lines.append("  " + gap.join(text.ljust(BOARD_WIDTH) for text in row).rstrip())
    lines.append("  " + gap.join(caption.ljust(BOARD_WIDTH) for _, caption in blocks).rstrip())
    lines.append("")
    return lines


def _cells(moves: list[int]) -> str:
    """``7``, ``7 or 9``, ``1, 3 or 9`` (1-based)."""
    names = [str(move + 1) for move in moves]
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " or " + names[-1]


def _best(best: tuple[MoveChoice, ...]) -> str:
    return f"{_cells([entry.move for entry in best])} ({best[0]})" if best else "none"


def _explain(kind: str, example: Example) -> list[str]:
    """What happened in the example, in one or two sentences."""
    chose = example.chose
    side = example.to_move or "?"
    if kind == "mutates":
        return [_mutation(example)]
    opponent = other(side)
    best = _best(example.best)
    if chose is not None:
        played = f"It played {chose.move + 1}: {chose}."
        if kind == "misses_win":
            return [f"{played} {side} could win at once with {_cells([entry.move for entry in example.best])}."]
        if kind == "fails_to_block":
            return [
                f"{opponent} threatens to win at {_cells(list(example.threats))}; it played {chose.move + 1} "
                f"and {opponent} wins next move. Best: {best}."
            ]
        if kind == "walks_into_fork":
            reply = (
                f"{opponent} answers {example.fork + 1} and threatens two lines at once"
                if example.fork is not None
                else f"{opponent} gets two threats at once"
            )
            return [f"{played} {reply}. Best: {best}."]
        if kind == "throws_win_away":
            return [f"{side} had a forced win. {played} Best: {best}."]
        if kind == "draw_to_loss":
            return [f"A draw was there. {played} Best: {best}."]
        if kind == "slower_win":
            return [f"{played} Faster: {best}."]
        if kind == "sooner_loss":
            unblocked = example.threats and chose.move not in example.threats
            block = f" It does not block {opponent} at {_cells(list(example.threats))}." if unblocked else ""
            return [f"The position is lost, but it can hold out longer. {played}{block} Best: {best}."]
    answer = example.answer or ""
    if example.call is not None:
        if kind == "cs50_result_mutates":
            return [f"{example.call} changed the board it was given to {example.after}."]
        return [f"{example.call} {answer}; expected {example.expected}."]
    if kind in ("timeout", "crash", "raises"):
        return [f"Asked for a move here, it {answer}.", f"Best: {best}."]
    if kind == "wrong_type":
        return [f"Asked for a move here, it {answer}, which is not a move.", f"Best: {best}."]
    if kind == "illegal_move":
        return [f"Asked for a move here, it {answer}, which is not a free cell.", f"Best: {best}."]
    if kind == "finished_board":
        return [f"The game is over here, so minimax(board) should return None; it {answer}."]
    if kind == "import_error":
        if answer.startswith(("SyntaxError", "IndentationError", "TabError")):
            return [f"Python cannot read it: {answer}."]
        return [f"Importing it raised {answer}.", 'Guard a game or a demo with: if __name__ == "__main__":']
    if kind == "import_input":
        return [f"Importing it started a game: {answer}.", 'Guard it with: if __name__ == "__main__":']
    return [answer] if answer else []


def _mutation(example: Example) -> str:
    if example.chose is not None and example.position is not None and example.to_move is not None:
        played = _play(TicTacToePosition.from_text(example.position, example.to_move), example.chose.move)
        if example.after is not None and example.after.replace("/", "") == played:
            return (
                f"It answered {example.chose.move + 1} and also played that move on the board it was given; "
                "the caller's board should come back as it was."
            )
    return f"It {example.answer}, and the board it was given came back changed (shown on the right)."


def losing_game(role: RoleResult) -> list[str]:
    plies = len(role.losing_game)
    winner = other(role.side)
    lines = [f"Shortest loss {role.label} ({winner} wins in {plies} plies):"]
    moves = [
        f"{index}. {step.side} {step.move + 1}{' (it)' if step.by_candidate else ''}"
        for index, step in enumerate(role.losing_game, 1)
    ]
    lines.append("  " + "   ".join(moves))
    if role.final is not None:
        final = TicTacToePosition.from_text(role.final, role.side)
        lines += ["", *side_by_side([(draw(final.cells, line=final.winning_line()), f"{winner} wins")])]
    return lines


def _seconds(value: float) -> str:
    if value < 0.001:
        return f"{value * 1000:.2f} ms"
    if value < 1:
        return f"{value * 1000:.1f} ms"
    return f"{value:.2f} s"


def _timing_line(timing: CheckTiming) -> str:
    median = _seconds(timing.median or 0.0)
    slowest = _seconds(timing.slowest or 0.0)
    where = ""
    if timing.slowest_position == ".../.../...":
        where = f" on the empty board ({timing.slowest_to_move} to move)"
    elif timing.slowest_position:
        where = f" on {timing.slowest_position}, {timing.slowest_to_move} to move"
    cpu = (
        ""
        if timing.cpu_in_candidate is None
        else f" ({_seconds(timing.cpu_in_candidate)} of CPU time, what its limits count)"
    )
    # Its processes answer side by side: their seconds added up may pass the check's own, which reads as a mistake.
    summed = ", added up over its processes answering side by side" if timing.in_moves > timing.wall else ""
    return (
        f"Time per move: median {median}, slowest {slowest}{where}; {_seconds(timing.in_moves)} inside its "
        f"{_count(timing.moves, 'move')}{summed}{cpu}, {_seconds(timing.wall)} for the whole check."
    )
