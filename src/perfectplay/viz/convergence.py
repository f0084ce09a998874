"""An MCTS convergence study as a plain SVG line chart: iterations (log scale) against three rates."""

from __future__ import annotations

import math
from html import escape
from typing import Any

from perfectplay.teaching.mcts_study import Convergence

WIDTH, HEIGHT = 640, 360
LEFT, RIGHT, TOP, BOTTOM = 60, 170, 40, 50
SERIES = (
    ("best_rate", "exact best move chosen", "#2563eb", ""),
    ("keeps_value_rate", "value kept (win stays win)", "#059669", "6 4"),
    ("value_error", "|estimate - exact value|", "#dc2626", "2 3"),
)
"""Each line: the field it plots, its legend, its colour and its dash pattern."""


def convergence_svg(study: Convergence) -> str:
    """Draw ``study``: x the iterations on a log scale, y from 0 to 1 for all three lines."""
    points = study.points
    low, high = math.log10(points[0].iterations), math.log10(points[-1].iterations)
    span = high - low or 1.0
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(iterations: int) -> float:
        return LEFT + (math.log10(iterations) - low) / span * plot_w

    def y(value: float) -> float:
        return TOP + (1 - value) * plot_h

    title = (
        f"MCTS on {study.game.name} {study.game.format(study.state)}: {study.runs} seeded runs; "
        f"exact value {study.exact_outcome}"
    )
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" '
        'font-family="Helvetica, Arial, sans-serif" font-size="12">',
        f"<title>{escape(title)}</title>",
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>',
        f'<text x="{LEFT}" y="22" font-size="13">{escape(title)}</text>',
        f'<line x1="{LEFT}" y1="{TOP + plot_h}" x2="{LEFT + plot_w}" y2="{TOP + plot_h}" stroke="#444"/>',
        f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{TOP + plot_h}" stroke="#444"/>',
    ]
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        row = f"{y(tick):.1f}"
        parts.append(f'<line x1="{LEFT - 4}" y1="{row}" x2="{LEFT + plot_w}" y2="{row}" stroke="#eee"/>')
        parts.append(f'<text x="{LEFT - 8}" y="{y(tick) + 4:.1f}" text-anchor="end">{tick:g}</text>')
    for point in points:
        column = f"{x(point.iterations):.1f}"
        parts.append(f'<text x="{column}" y="{TOP + plot_h + 18}" text-anchor="middle">{point.iterations:,}</text>')
    parts.append(f'<text x="{LEFT + plot_w / 2}" y="{HEIGHT - 10}" text-anchor="middle">iterations (log scale)</text>')
    for index, (field, legend, colour, dash) in enumerate(SERIES):
        coordinates = " ".join(f"{x(p.iterations):.1f},{y(getattr(p, field)):.1f}" for p in points)
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<polyline points="{coordinates}" fill="none" stroke="{colour}" stroke-width="2"{dashes}/>')
        for p in points:
            parts.append(f'<circle cx="{x(p.iterations):.1f}" cy="{y(getattr(p, field)):.1f}" r="3" fill="{colour}"/>')
        legend_y = TOP + 10 + index * 20
        parts.append(
            f'<line x1="{WIDTH - RIGHT + 12}" y1="{legend_y}" x2="{WIDTH - RIGHT + 36}" y2="{legend_y}" '
            f'stroke="{colour}" stroke-width="2"{dashes}/>'
        )
        parts.append(f'<text x="{WIDTH - RIGHT + 40}" y="{legend_y + 4}" font-size="11">{escape(legend)}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def convergence_document(study: Convergence) -> dict[str, Any]:
    """The study as JSON: the position, its exact answer, one point per checkpoint, and where it settles."""
    game = study.game
    return {
        "game": game.name,
        "position": game.format(study.state),
        "runs": study.runs,
        "seed": study.seed,
        "exact_outcome": study.exact_outcome,
        "exact_best": list(study.exact_best),
        "exact_best_labels": [game.move_label(move) for move in study.exact_best],
        "points": [
            {
                "iterations": p.iterations,
                "best_rate": p.best_rate,
                "keeps_value_rate": p.keeps_value_rate,
                "value_error": round(p.value_error, 6),
            }
            for p in study.points
        ],
        "always_best_from": study.first_always_best(),
    }
