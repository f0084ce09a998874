"""Make the README's teaching pictures again: the page in headless Chromium, sheets and TikZ trees compiled.

    .venv/bin/python docs/images/make_images.py

Writes into this folder (each picture clipped to what it shows, at one pixel
a CSS pixel, so the files stay small):

- ``web-pseudocode.png``: the page's tree panel replaying alpha-beta, its
  pseudocode's current line lit (as ``tests/web/test_web_tree_browser.py`` does);
- ``web-mcts-tree.png`` and ``web-mcts-convergence.png``: the Monte Carlo tree
  search view, its grown tree opened one level, and the convergence plot on
  a study position (as ``tests/web/test_web_mcts_browser.py`` does);
- ``exercise-sheet-svg.png`` and ``exercise-key-svg.png``: ``perfectplay
  exercise --seed 3``'s SVG sheet and key, drawn by Chromium;
- ``tikz-mcts-tree.png``: ``perfectplay tree --algorithm mcts --format tikz``
  compiled by pdflatex and rendered by pdftoppm.

It needs what the browser tests need (Debian's chromium, or
``PERFECTPLAY_CHROMIUM``), and pdflatex and pdftoppm for the last picture.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
WAIT_MS = 120_000


def chromium() -> str:
    for candidate in (os.environ.get("PERFECTPLAY_CHROMIUM"), shutil.which("chromium"), "/usr/bin/chromium"):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    sys.exit("no Chromium: install Debian's chromium or set PERFECTPLAY_CHROMIUM")


def run(*command: str, cwd: Path | None = None) -> None:
    subprocess.run(command, cwd=cwd, check=True, capture_output=True, timeout=300)


def page_pictures(browser: Any) -> None:
    server = subprocess.Popen(
        [sys.executable, "-m", "perfectplay", "serve", "--port", "0", "--workers", "1", "--time-limit", "60"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert server.stdout is not None
        found = re.search(r"(http://127\.0\.0\.1:\d+/)", server.stdout.readline())
        if found is None:
            sys.exit("the server did not start")
        page = browser.new_page(viewport={"width": 1100, "height": 900}, reduced_motion="reduce")
        page.set_default_timeout(WAIT_MS)
        page.goto(found.group(1))
        idle = "document.querySelector('#board').getAttribute('aria-busy') === 'false'"
        for cell in (0, 2):
            page.click(f".cell[data-cell='{cell}']")
            page.wait_for_function(idle)
        page.click("#tree-toggle")
        page.wait_for_selector("#tree-alphabeta .tcode")
        for _ in range(12):
            page.click("#tree-alphabeta button[aria-label='Next event']")
        page.wait_for_selector("#tree-alphabeta .tline.is-current")
        page.locator("#tree-alphabeta").screenshot(path=str(HERE / "web-pseudocode.png"))

        page.check("input[name='tree-mode'][value='mcts']")
        page.wait_for_selector("#tree-mcts .tnode .texact")
        first = page.get_attribute("#tree-mcts .tree > .tnode > .tchildren > .tnode", "data-id")
        page.click(f"#tree-mcts .ttoggle[data-id='{first}']")
        page.wait_for_selector(f"#tree-mcts .tnode[data-id='{first}'] > .tchildren > .tnode")
        page.locator("#tree-mcts").screenshot(path=str(HERE / "web-mcts-tree.png"))
        page.select_option(".tmcts-study select", "1")
        page.click(".tmcts-plot")
        page.wait_for_selector(".tmcts-summary")
        page.locator(".tmcts").screenshot(path=str(HERE / "web-mcts-convergence.png"))
    finally:
        server.terminate()
        server.wait(timeout=30)


def sheet_pictures(browser: Any, folder: Path) -> None:
    run(sys.executable, "-m", "perfectplay", "exercise", "--seed", "3", "--out", "ex", "--format", "svg", cwd=folder)
    page = browser.new_page(viewport={"width": 1120, "height": 620})
    for part in ("sheet", "key"):
        page.goto((folder / f"ex-{part}.svg").as_uri())
        page.locator("svg").screenshot(path=str(HERE / f"exercise-{part}-svg.png"))


def tikz_picture(folder: Path) -> None:
    if shutil.which("pdflatex") is None or shutil.which("pdftoppm") is None:
        print("no pdflatex or pdftoppm: tikz-mcts-tree.png left as it was")
        return
    run(
        sys.executable, "-m", "perfectplay", "tree", "XO./.X./..O", "--algorithm", "mcts", "--iterations", "500",
        "--show-depth", "1", "--format", "tikz", "-o", "mcts.tex", cwd=folder,
    )
    run("pdflatex", "-interaction=nonstopmode", "-halt-on-error", "mcts.tex", cwd=folder)
    # The page is landscape A4; cropped to the picture by pdftoppm's -x/-y/-W/-H at 60 dots an inch.
    run("pdftoppm", "-png", "-r", "60", "-singlefile", "-x", "0", "-y", "0", "-W", "700", "-H", "260", "mcts.pdf",
        str(HERE / "tikz-mcts-tree"), cwd=folder)


def main() -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as scratch, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium(), args=["--no-sandbox", "--disable-gpu"])
        try:
            page_pictures(browser)
            sheet_pictures(browser, Path(scratch))
        finally:
            browser.close()
        tikz_picture(Path(scratch))
    for picture in sorted(HERE.glob("*.png")):
        print(f"{picture.name}: {picture.stat().st_size // 1024} KiB")


if __name__ == "__main__":
    main()
