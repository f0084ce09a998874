"""Compiling a LaTeX document the commands wrote into a PDF, with the pdflatex the machine has.

The documents are the project's own (``forest`` pictures of trees); they are
compiled in a temporary folder of their own with shell escape off, so
nothing but the PDF is left behind. No pdflatex, or one that fails (a
missing ``forest`` package, say), is a ``PerfectplayError`` saying so and
what to install.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

from perfectplay import PerfectplayError

LATEX_SECONDS = 120
"""How long one compilation may take: a page of ``forest`` takes a second or two; this only stops a hung one."""

INSTALL = "install TeX Live's pdflatex with the forest package (Debian: texlive-latex-extra)"


def have_pdflatex() -> bool:
    return shutil.which("pdflatex") is not None


def compile_pdf(tex: str, name: str) -> bytes:
    """The PDF of the LaTeX document ``tex`` (``name`` says which one in an error)."""
    program = shutil.which("pdflatex")
    if program is None:
        raise PerfectplayError(
            f"no pdflatex on this machine to make {name}.pdf: {INSTALL}, or compile the .tex elsewhere"
        )
    with tempfile.TemporaryDirectory(prefix="perfectplay-latex-") as folder:
        (Path(folder) / "doc.tex").write_text(tex, encoding="utf-8")
        try:
            result = subprocess.run(
                [program, "-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape", "doc.tex"],
                cwd=folder,
                stdin=subprocess.DEVNULL,
                capture_output=True,
                text=True,
                errors="replace",
                timeout=LATEX_SECONDS,
            )
        except subprocess.TimeoutExpired:
            raise PerfectplayError(
                f"pdflatex took longer than {LATEX_SECONDS} s on {name}.tex and was stopped"
            ) from None
        pdf = Path(folder) / "doc.pdf"
        if result.returncode != 0 or not pdf.exists():
            error = next((line for line in result.stdout.splitlines() if line.startswith("!")), "see its log")
            raise PerfectplayError(f"pdflatex could not compile {name}.tex ({error.lstrip('! ')}); {INSTALL}")
        return pdf.read_bytes()
