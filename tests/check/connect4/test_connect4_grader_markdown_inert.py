"""Whatever a Connect Four student controls (file name, raised text, printed text) is inert in Gradescope's Markdown
and Classroom 50's release body: no image, link, raw HTML or heading of theirs comes alive."""

from __future__ import annotations

import re
from pathlib import Path

import markdown_it

from perfectplay.check.connect4.check import check_connect4
from perfectplay.check.connect4.graders import release_body
from perfectplay.check.connect4.render import gradescope_json

HOSTILE = "![img](http://evil.example/i.png) <img src=x onerror=alert(1)> [click](http://evil.example) www.evil.example"
AGENT = f"""
print({HOSTILE!r} + "\\n# Printed heading")

def agent(observation, configuration):
    raise ValueError({HOSTILE!r} + "\\n## Raised heading")
"""
OURS = {"p", "code", "pre", "ul", "li", "table", "thead", "tbody", "tr", "th", "td", "strong", "em", "br"}


def live_tags(markdown: str) -> set[str]:
    """The HTML elements the Markdown renders to, other than the inert ones a report uses."""
    html = markdown_it.MarkdownIt("commonmark").enable(["table", "strikethrough"]).render(markdown)
    return set(re.findall(r"<([a-z][a-z0-9]*)", html)) - OURS


def test_a_hostile_file_name_error_and_output_stay_inert_in_gradescope_and_the_release_body(tmp_path: Path) -> None:
    agent = tmp_path / "![i](http:x.png)<b>#x.py"
    agent.write_text(AGENT)
    report = check_connect4(agent, positions=2, seed=1, games=False, sandbox="off", move_seconds=1.0)
    assert report.verdict == "broken" and any(failure.kind == "raises" for failure in report.failures)
    document = gradescope_json(report)
    outputs = [str(document["output"]), *(str(test["output"]) for test in document["tests"])]
    assert all(live_tags(text) == set() for text in outputs), outputs
    body = release_body(report)
    assert HOSTILE in body  # shown, as text
    assert live_tags(body) == {"h2"}  # our own title, nothing of theirs
    assert body.count("\n## ") == 0 and body.startswith("## perfectplay check:")
