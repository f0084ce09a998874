"""The README says what the program does in a screen or two: the set-up commands first, its transcripts (and the
players' page's) the real output, and it speaks only of the project."""

from __future__ import annotations

import re
from pathlib import Path

from cli_helpers import run_cli

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PLAYERS = (ROOT / "docs" / "for-players.md").read_text(encoding="utf-8")
PROMPTS = re.compile(
    r"^(Your move \(X\), a cell number \(1-9\) or 'row col': |Play again\? \[y/n\] )(.*)$", re.MULTILINE
)


def test_the_readme_starts_with_the_two_set_up_commands_and_fits_in_150_lines() -> None:
    first_block = README.split("```sh\n", 1)[1].split("```", 1)[0]
    assert [line.split("#")[0].strip() for line in first_block.splitlines()] == [
        "python3 dev.py play",
        "python3 dev.py test",
    ]
    assert README.startswith("# perfectplay\n\n```sh\npython3 dev.py play ")
    assert len(README.splitlines()) <= 150
    assert "python3 dev.py docs" in README


def test_the_short_game_on_the_players_page_is_what_play_seed_4_prints_for_the_same_keys() -> None:
    """The transcript shows what was typed after each prompt; run with those keys, the program prints the rest."""
    block = PLAYERS.split("```\n$ perfectplay play --seed 4\n", 1)[1].split("```", 1)[0]
    typed = [found.group(2) for found in PROMPTS.finditer(block)]
    assert len(typed) == 6
    # Through a pipe nothing is echoed: each prompt runs straight into what follows it.
    expected = PROMPTS.sub(lambda found: found.group(1) + "\0", block).replace("\0\n", "")
    result = run_cli("play", "--seed", "4", stdin="".join(f"{keys}\n" for keys in typed))
    assert result.returncode == 0, result.stderr
    assert [line.rstrip() for line in result.stdout.splitlines()] == [line.rstrip() for line in expected.splitlines()]


def test_the_readme_and_the_docs_speak_only_of_the_project() -> None:
    """No working names from outside the repository: the course labs are named for what they are, in docs/labs/."""
    pages = sorted((ROOT / "docs").rglob("*.md"))
    for path in [ROOT / "README.md", *pages]:
        text = path.read_text(encoding="utf-8")
        for outside in (r"\bseed 00\d", r"\bseeds\b", r"\bissue \d+", r"shared/seeds"):
            assert re.search(outside, text, re.IGNORECASE) is None, f"{path.relative_to(ROOT)}: {outside}"
    assert (ROOT / "docs" / "labs" / "lab1_find_best_move.py").exists()


def test_the_which_evaluation_plays_better_example_shows_a_difference_and_its_printed_result_is_real() -> None:
    command = "perfectplay match --x depth1:threats --o depth1:open-lines --alternate --games 200 --seed 1"
    assert command in README
    teaching = (ROOT / "docs" / "teaching.md").read_text(encoding="utf-8")
    printed = teaching.split(f"$ {command}\n", 1)[1].split("```", 1)[0]
    result = run_cli(*command.split()[1:])
    assert result.returncode == 0, result.stderr
    assert result.stdout == printed
    assert "depth1:threats     141 W / 59 D / 0 L" in printed  # not 200 draws: the evaluations differ
