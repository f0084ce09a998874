"""``perfectplay exercise`` as SVG and PDF: the same sheet and key as the LaTeX, printable without it."""

from __future__ import annotations

import random
import shutil
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from perfectplay.cli import main
from perfectplay.teaching import Convention, answer_key, node_name, random_tree
from perfectplay.viz import exercise_svg

SVG = "{http://www.w3.org/2000/svg}"


def drawn_nodes(svg: str) -> dict[str, tuple[set[str], list[str]]]:
    """Each drawn node by name: its classes and the texts inside it (its name first)."""
    found = {}
    for group in ElementTree.fromstring(svg).iter(f"{SVG}g"):
        name = group.get("data-name")
        if name is not None:
            texts = [text.text or "" for text in group.iter(f"{SVG}text")]
            found[name] = (set((group.get("class") or "").split()), texts)
    return found


@pytest.mark.parametrize("strict", [False, True])
def test_the_svg_key_holds_every_nodes_value_and_window_and_marks_exactly_the_unvisited_as_cut(strict: bool) -> None:
    tree = random_tree(random.Random(11), 3, (2, 3), 20)
    convention = Convention(cut_on_equal=not strict)
    key = answer_key(tree.root, convention)
    drawn = drawn_nodes(exercise_svg(tree.root, convention, answers=True, title="Exercise 11"))
    assert set(drawn) == {node_name(path) for path in key}
    for path, entry in key.items():
        classes, texts = drawn[node_name(path)]
        assert ("cut" in classes) == (not entry.visited)
        if entry.visited and "leaf" not in classes:
            alpha = "-inf" if entry.alpha is None else str(entry.alpha)
            beta = "+inf" if entry.beta is None else str(entry.beta)
            assert texts[1:] == [str(entry.value), f"\u03b1 {alpha}  \u03b2 {beta}"]


def test_the_svg_sheet_gives_only_the_leaves_and_blanks_for_the_rest() -> None:
    tree = random_tree(random.Random(4), 3, (2, 3), 20)
    svg = exercise_svg(tree.root, Convention(), answers=False, title="Exercise 4")
    drawn = drawn_nodes(svg)
    for name, (classes, texts) in drawn.items():
        if "leaf" in classes:
            assert len(texts) == 2 and texts[1].lstrip("-").isdigit()
        else:
            assert "cut" not in classes and texts[1:] == ["\u03b1", "\u03b2"], name
    assert svg.count('class="blank"') == 2 * sum(1 for classes, _ in drawn.values() if "leaf" not in classes)


def test_without_pdflatex_the_sheet_and_key_come_as_latex_and_svg_and_stderr_says_why_no_pdf(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert main(["exercise", "--seed", "5", "--out", str(tmp_path / "ex")]) == 0
    assert sorted(path.name for path in tmp_path.iterdir()) == [
        "ex-key.svg",
        "ex-key.tex",
        "ex-sheet.svg",
        "ex-sheet.tex",
    ]
    err = capsys.readouterr().err
    assert "no pdflatex here, so no PDF" in err and err.count("\n") == 1
    ElementTree.fromstring((tmp_path / "ex-key.svg").read_text(encoding="utf-8"))


def test_asking_for_a_pdf_without_pdflatex_is_one_line_and_status_2_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert main(["exercise", "--seed", "5", "--out", str(tmp_path / "ex"), "--format", "svg,pdf"]) == 2
    err = capsys.readouterr().err
    assert "no pdflatex on this machine" in err and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("text", ["png", ",", "tex,svg,docx"])
def test_a_format_not_offered_is_one_line_and_status_2(text: str, capsys: pytest.CaptureFixture[str]) -> None:
    try:
        status = main(["exercise", "--out", "x", "--format", text])
    except SystemExit as stopped:
        status = int(str(stopped.code))
    err = capsys.readouterr().err
    assert status == 2 and "--format takes some of tex,svg,pdf" in err and err.count("\n") == 1


@pytest.mark.integration
@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="no LaTeX installed (Debian: texlive-latex-extra)")
def test_with_pdflatex_the_sheet_and_key_come_as_pdfs_too(tmp_path: Path) -> None:
    assert main(["exercise", "--seed", "3", "--out", str(tmp_path / "ex"), "--format", "pdf"]) == 0
    for part in ("sheet", "key"):
        pdf = (tmp_path / f"ex-{part}.pdf").read_bytes()
        assert pdf.startswith(b"%PDF") and len(pdf) > 1000
    assert sorted(path.name for path in tmp_path.iterdir()) == ["ex-key.pdf", "ex-sheet.pdf"]
