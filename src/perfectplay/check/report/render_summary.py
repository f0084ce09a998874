"""A class at a glance: how many students in each verdict, the scores, each category's mean, the common findings.

``class_summary`` counts; ``summary_text`` prints it for a terminal and
``summary_svg`` draws it as plain SVG (no plotting library: a few bars and
labels). Only the checker's own words appear (verdicts, category and
finding titles, numbers): nothing a submission wrote, and no student's
name, so a summary can be shown to the whole class.
"""

from __future__ import annotations

import html
import statistics
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from perfectplay.check.report.model import KINDS, CheckReport
from perfectplay.check.report.score import TITLES, Score, Weights, score

VERDICTS = ("unbeatable", "imperfect", "beatable", "incomplete", "broken", "not checked")
"""Every verdict a class row can have, best first; ``not checked``: the check could not start."""
BINS = 10
TOP_FINDINGS = 5


@dataclass(frozen=True, slots=True)
class CategoryMean:
    """A score category over the students it applies to: the mean share of its points they earned."""

    title: str
    students: int
    mean_percent: float


@dataclass(frozen=True, slots=True)
class ClassSummary:
    students: int
    verdicts: tuple[tuple[str, int], ...]
    total: int
    scores: tuple[int, ...]
    histogram: tuple[tuple[int, int, int], ...]
    """(lowest score, highest score, students) for each of ``BINS`` ranges of points."""
    categories: tuple[CategoryMean, ...]
    findings: tuple[tuple[str, int], ...]
    """The most common findings: (title, students it was held against)."""

    @property
    def mean(self) -> float | None:
        return statistics.fmean(self.scores) if self.scores else None

    @property
    def median(self) -> float | None:
        return statistics.median(self.scores) if self.scores else None


def class_summary(
    reports: Sequence[CheckReport],
    not_checked: int = 0,
    weights: Weights | None = None,
    scores: Sequence[Score] | None = None,
) -> ClassSummary:
    """The summary of a class: ``reports`` of the students checked, ``not_checked`` those whose check never started.

    ``scores`` are the reports' scores, computed once for every format; without them they are computed here.

    Scores and category means are over the checked students (a report that
    could not be graded scores 0, as every grader format gives it).
    """
    weights = weights or Weights()
    scores = list(scores) if scores is not None else [score(report, weights) for report in reports]
    return summarise(
        [report.verdict for report in reports] + ["not checked"] * not_checked,
        VERDICTS,
        scores,
        scores[0].total if scores else weights.total,
        TITLES,
        Counter(finding.kind for report in reports for finding in report.counted),
        {kind: words[0] for kind, words in KINDS.items()},
    )


def summarise(
    verdicts: Sequence[str],
    order: Sequence[str],
    scores: Sequence[Score],
    total: int,
    titles: Mapping[str, str],
    findings: Counter[str],
    finding_titles: Mapping[str, str] | None = None,
) -> ClassSummary:
    """Any game's class summary: each student's verdict (in ``order``, best first), the scores out of ``total``,
    each category's mean (``titles``: category name to title, in order) and the commonest ``findings``
    (by title, or by a key ``finding_titles`` names)."""
    counted = Counter(verdicts)
    earned: dict[str, list[float]] = {}
    for result in scores:
        for category in result.categories:
            if category.max_points:
                earned.setdefault(category.name, []).append(100 * category.points / category.max_points)
    points = [result.points for result in scores]
    common = findings.most_common(TOP_FINDINGS)
    return ClassSummary(
        students=len(verdicts),
        verdicts=tuple((verdict, counted[verdict]) for verdict in order if counted[verdict]),
        total=total,
        scores=tuple(points),
        histogram=_histogram(points, total),
        categories=tuple(
            CategoryMean(title, len(earned[name]), statistics.fmean(earned[name]))
            for name, title in titles.items()
            if name in earned
        ),
        findings=tuple((finding_titles[key] if finding_titles else key, count) for key, count in common),
    )


def _histogram(points: Sequence[int], total: int) -> tuple[tuple[int, int, int], ...]:
    width = total / BINS
    ranges = []
    for index in range(BINS):
        low = round(index * width)
        high = total if index == BINS - 1 else round((index + 1) * width) - 1
        count = sum(1 for value in points if low <= value <= high)
        ranges.append((low, high, count))
    return tuple(ranges)


def summary_text(summary: ClassSummary) -> str:
    """The summary for a terminal: a few aligned tables."""
    lines = [f"Class summary: {_students(summary.students)}", "", "Verdicts:"]
    lines += [f"  {verdict:<12} {count:>5,}" for verdict, count in summary.verdicts]
    if summary.scores:
        assert summary.mean is not None and summary.median is not None
        lines += ["", f"Scores out of {summary.total:,} (mean {summary.mean:.1f}, median {summary.median:g}):"]
        most = max(count for _, _, count in summary.histogram) or 1
        for low, high, count in summary.histogram:
            bar = "#" * round(30 * count / most)
            lines.append(f"  {low:>5,}-{high:<5,} {count:>5,}  {bar}".rstrip())
    if summary.categories:
        lines += ["", "Categories (mean share of their points, over the students they apply to):"]
        width = max(len(category.title) for category in summary.categories)
        lines += [
            f"  {category.title:<{width}}  {category.mean_percent:5.1f} %  ({_students(category.students)})"
            for category in summary.categories
        ]
    if summary.findings:
        lines += ["", "Most common findings (students it was held against):"]
        width = max(len(title) for title, _ in summary.findings)
        lines += [f"  {title:<{width}}  {count:>5,}" for title, count in summary.findings]
    return "\n".join(lines) + "\n"


def _students(count: int) -> str:
    return f"{count:,} student" + ("" if count == 1 else "s")


_WIDTH = 720
_ROW = 22
_LABEL = 260


def summary_svg(summary: ClassSummary) -> str:
    """The summary drawn as a standalone SVG: verdicts, the score histogram, category means, common findings."""
    parts: list[str] = []
    y = 30
    parts.append(_text(16, y, f"Class summary: {_students(summary.students)}", size=18, weight="bold"))
    y += 20
    sections: list[tuple[str, list[tuple[str, float, str]]]] = []
    most = max((count for _, count in summary.verdicts), default=1) or 1
    sections.append(("Verdicts", [(verdict, count / most, f"{count:,}") for verdict, count in summary.verdicts]))
    if summary.scores:
        most = max(count for _, _, count in summary.histogram) or 1
        rows = [(f"{low:,}-{high:,}", count / most, f"{count:,}") for low, high, count in summary.histogram]
        sections.append((f"Scores out of {summary.total:,} (mean {summary.mean:.1f})", rows))
    if summary.categories:
        rows = [(c.title, c.mean_percent / 100, f"{c.mean_percent:.1f} %") for c in summary.categories]
        sections.append(("Categories: mean share of their points", rows))
    if summary.findings:
        most = max(count for _, count in summary.findings) or 1
        sections.append(
            ("Most common findings", [(title, count / most, f"{count:,}") for title, count in summary.findings])
        )
    for heading, rows in sections:
        y += 24
        parts.append(_text(16, y, heading, size=14, weight="bold"))
        y += 8
        for label, share, value in rows:
            y += _ROW
            parts.append(_text(_LABEL - 8, y - 6, label, anchor="end"))
            width = max(0.0, min(1.0, share)) * (_WIDTH - _LABEL - 80)
            parts.append(
                f'<rect x="{_LABEL}" y="{y - _ROW + 4}" width="{width:.1f}" height="{_ROW - 8}" fill="#4a7ab8"/>'
            )
            parts.append(_text(_LABEL + width + 6, y - 6, value))
    height = y + 20
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_WIDTH}" height="{height}" '
        f'viewBox="0 0 {_WIDTH} {height}" font-family="sans-serif">\n'
        f'<rect width="{_WIDTH}" height="{height}" fill="white"/>\n' + "\n".join(parts) + "\n</svg>\n"
    )


def _text(x: float, y: float, text: str, size: int = 12, weight: str = "normal", anchor: str = "start") -> str:
    return (
        f'<text x="{x:.1f}" y="{y}" font-size="{size}" font-weight="{weight}" text-anchor="{anchor}">'
        f"{html.escape(text)}</text>"
    )
