"""The site's generated pages, made in the build's own process from the code they describe (so they cannot drift).

- ``reference/cli.md``: what every command's ``--help`` prints, from the
  argparse parsers ``perfectplay.cli.build_parser`` makes;
- ``reference/api/*.md``: one page per door (the engine's and each floor's),
  every public name of the door rendered by mkdocstrings from its docstring,
  found where the door itself finds it (its ``_HOMES`` table);
- ``changelog.md``: CHANGELOG.md, as it is at the root of the repository.

The version the package says (``perfectplay.__version__``) is the site's too: it is in every page's footer.
"""

from __future__ import annotations

import argparse
import importlib
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parents[2]

DOORS: dict[str, str] = {
    "perfectplay": "the engine: the game protocol, the built-in games, positions, limits, results, the searches",
    "perfectplay.games": "every registered kind of game, presets, input caps, exact score files",
    "perfectplay.search.solver": "the solver's tables, progress reports, game hooks and opening books",
    "perfectplay.teaching": "traces, textbook trees, quizzes, exercises, root windows, pseudocode",
    "perfectplay.viz": "drawings of boards and trees: SVG, DOT, TikZ",
    "perfectplay.play": "players by level, matches, data sets",
    "perfectplay.words": "what the commands and the page say, in words",
    "perfectplay.check": "the checker of a student's AI",
    "perfectplay.notebook": "boards, trees and checks drawn in a notebook",
    "perfectplay.rl": "PettingZoo and Gymnasium environments with an exact oracle",
}
"""Every door the API reference documents, with what it is for."""

HELP_WIDTH = "100"
"""argparse wraps ``--help`` to $COLUMNS: one width for the page, whatever terminal builds the site."""


def api_page_name(door: str) -> str:
    return f"reference/api/{door}.md"


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """The version in the footer, and the door pages in the navigation under the API's index."""
    import perfectplay

    config.copyright = f"perfectplay {perfectplay.__version__}"
    config.nav = [insert_doors(entry) for entry in config.nav or []]
    return config


def insert_doors(entry: Any) -> Any:
    """The navigation with ``reference/api/index.md`` followed by one entry per door, wherever it appears."""
    if isinstance(entry, dict):
        return {title: insert_doors(value) for title, value in entry.items()}
    if isinstance(entry, list):
        return [insert_doors(item) for item in entry]
    if entry == "reference/api/index.md":
        return [entry, *({door: api_page_name(door)} for door in DOORS)]
    return entry


def on_files(files: Files, config: MkDocsConfig) -> Files:
    pages = {"reference/cli.md": cli_reference(), "reference/api/index.md": api_index(), "changelog.md": changelog()}
    pages.update({api_page_name(door): api_page(door) for door in DOORS})
    for path, text in pages.items():
        files.append(File.generated(config, path, content=text))
    return files


@contextmanager
def help_width() -> Iterator[None]:
    before = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = HELP_WIDTH
    try:
        yield
    finally:
        if before is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = before


def subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def cli_reference() -> str:
    from perfectplay.cli import COMMANDS, build_parser

    with help_width():
        parser = build_parser()
        top = parser.format_help()
        helps = {name: sub.format_help() for name, sub in subcommands(parser).items()}
    lines = [
        "# Command reference",
        "",
        "What `perfectplay --help` and each `perfectplay COMMAND --help` print, made from the commands' own",
        "parsers when this site is built. What the commands share (positions, games, limits, output) is in",
        "[the command line](../command-line.md).",
        "",
        "| command | what it does |",
        "|---|---|",
        *(f"| [`{name}`](#perfectplay-{name}) | {summary} |" for name, (_, summary) in COMMANDS.items()),
        "",
        "## perfectplay",
        "",
        "```text",
        top.rstrip(),
        "```",
    ]
    for name, text in helps.items():
        lines += ["", f"## perfectplay {name}", "", "```text", text.rstrip(), "```"]
    return "\n".join(lines) + "\n"


def homes(door: str) -> dict[str, str]:
    """Where each public name of ``door`` lives: the door's own table (every door is a ``lazy_door``)."""
    module = importlib.import_module(door)
    table: dict[str, str] = module._HOMES
    assert sorted(table) == list(module.__all__), door
    return table


def api_index() -> str:
    lines = [
        "# API reference",
        "",
        "perfectplay's public names, each imported from a door: the engine's (`import perfectplay`) or a",
        "floor's. Every name of every door is on its door's page, with its docstring; the",
        "[package map](../../package-map.md) says which floor may import which.",
        "",
        "| door | what it holds | names |",
        "|---|---|--:|",
    ]
    for door, summary in DOORS.items():
        lines.append(f"| [`{door}`]({door}.md) | {summary} | {len(homes(door))} |")
    return "\n".join(lines) + "\n"


def first_doors() -> dict[str, str]:
    """For each public object (its home and name), the first door in ``DOORS`` that offers it.

    A name two doors offer (``MNK`` is the engine's and ``perfectplay.games``'s) is documented once, on the
    first door's page; the other door's table links there, so every object has one anchor.
    """
    first: dict[str, str] = {}
    for door in DOORS:
        for name, home in homes(door).items():
            first.setdefault(f"{home}.{name}", door)
    return first


def api_page(door: str) -> str:
    table = homes(door)
    first = first_doors()
    rows = []
    for name, home in table.items():
        where = first[f"{home}.{name}"]
        page = "" if where == door else f"{where}.md"
        rows.append(f"| [`{name}`]({page}#{home}.{name}) | `{home}` |")
    lines = [
        f"# `{door}`",
        "",
        f"{DOORS[door][:1].upper()}{DOORS[door][1:]}. Import each name from the door: `from {door} import NAME`.",
        "",
        f"::: {door}",
        "    options:",
        "      members: false",
        "      show_root_heading: false",
        "",
        "| name | defined in |",
        "|---|---|",
        *rows,
    ]
    for name, home in table.items():
        if first[f"{home}.{name}"] != door:
            continue
        lines += [
            "",
            f"::: {home}.{name}",
            "    options:",
            f'      heading: "{door}.{name}"',
            "      heading_level: 2",
        ]
    return "\n".join(lines) + "\n"


def changelog() -> str:
    return (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
