"""The teaching views of the search-tree panel in Chromium: depth limits, move orders, textbook trees, the quiz."""

# ruff: noqa: RUF001, RUF002 - expected texts use the Greek letters students read

from __future__ import annotations

from typing import Any

from browser_page import ALPHABETA, MINIMAX, PATIENCE, POLL, open_panel, position, wait_idle
from browser_support import screenshot
from perfectplay import parse_position
from perfectplay.search.base.limits import Limit
from perfectplay.teaching.compare import compare_with_perfect_play
from perfectplay.teaching.evaluators import get_evaluation
from perfectplay.teaching.orders import compare_cuts, move_order, order_counts
from perfectplay.teaching.textbook import TextbookTree, textbook_trace
from perfectplay.teaching.trace import RECORD_LIMIT, trace_search


def play(page: Any, *cells: int) -> None:
    for cell in cells:
        page.click(f".cell[data-cell='{cell}']")
        wait_idle(page)


def texts(page: Any, selector: str) -> list[str]:
    found: list[str] = page.eval_on_selector_all(selector, "nodes => nodes.map(node => node.textContent)")
    return found


def test_a_depth_limited_search_shows_its_horizon_and_what_the_depth_limit_costs(page: Any) -> None:
    """
     X | X | O
    ---+---+---      X to move (the computer answered 1 with 5, then 2 with 3, both forced).
     . | O | .       One ply cannot see O's threat on the diagonal: the depth-1
    ---+---+---      choice loses in 2; two plies see it and cost nothing.
     . | . | .
    """
    play(page, 0, 1)
    board = position(page)
    assert board == "XXO/.O./..."
    open_panel(page)
    page.select_option(".tdepth select", "1")
    page.wait_for_selector(".tdepth-compare", timeout=PATIENCE)
    game, state = parse_position(board)
    expected = compare_with_perfect_play(game, state, 1, "open-lines")
    verdict = page.inner_text(".tdepth-verdict")
    for choice in expected.choices:
        said = f"plays {game.move_label(choice.move)}: " + (
            f"as good as perfect play ({choice.outcome})" if choice.perfect else choice.cost.replace(" -> ", " → ")
        )
        assert said in verdict
    assert "draw → loss in 2" in verdict
    chosen = page.eval_on_selector_all(".tdepth-table tr.chosen", "rows => rows.map(row => +row.dataset.move)")
    assert chosen == sorted(expected.limited.best)

    # The tree: every move is a horizon node valued by open-lines, a guess apart from proven values.
    page.wait_for_selector(f"{MINIMAX} .tnode.horizon", timeout=PATIENCE)
    limited = trace_search(
        game, state, "minimax", limit=Limit(depth=1), evaluate=get_evaluation("open-lines", game).function
    )
    horizon = [child for child in limited.root.children if child.horizon]
    assert len(page.query_selector_all(f"{MINIMAX} .tnode.horizon")) == len(horizon)
    assert set(texts(page, f"{MINIMAX} .thorizon")) == {"horizon: open-lines"}
    guesses = texts(page, f"{MINIMAX} .tnode.horizon > .trow .tvalue.guess")
    assert guesses == [f"≈{child.value}".replace("-", "−") for child in horizon]
    assert page.inner_text(".tcount-minimax") == f"{limited.nodes:,}"
    screenshot(page.locator("#tree-panel"), "web-tree-depth.png")

    # Two plies see the threat; another evaluation is one choice away.
    page.select_option(".tdepth select", "2")
    page.wait_for_function(
        "document.querySelector('.tdepth-verdict')?.textContent.includes('Here the depth limit costs nothing')",
        timeout=PATIENCE,
        polling=POLL,
    )
    assert compare_with_perfect_play(game, state, 2, "open-lines").agrees
    page.select_option(".teval select", "threats")
    page.wait_for_function(
        f"document.querySelector('{MINIMAX} .tfacts')?.textContent.includes('estimate of threats')",
        timeout=PATIENCE,
        polling=POLL,
    )


def test_two_move_orders_side_by_side_count_as_the_engine_does_and_mark_the_cuts_that_change(page: Any) -> None:
    play(page, 0)
    board = position(page)
    assert board == "X../.O./..."  # the computer's only best answer to a corner is the centre
    open_panel(page)
    page.click("input[name='tree-mode'][value='orders']")
    page.wait_for_selector(".torder-natural", timeout=PATIENCE)
    game, state = parse_position(board)
    counts = order_counts(game, state, find="first")
    assert page.inner_text(".torder-minimax") == f"{counts.minimax.nodes:,}"
    for name, count in counts.orders.items():
        assert page.inner_text(f".torder-{name}") == f"{count.nodes:,}"
    assert f"about {counts.best_case:,} leaves" in page.inner_text(".tbest-case")

    # Left natural, right best-first: the right prunes below the moves whose children the left searched.
    left, right = "#tree-order-0", "#tree-order-1"
    page.wait_for_selector(f"{right} .tree", timeout=PATIENCE)
    natural = trace_search(game, state, "alphabeta", depth=1, find="first")
    best = trace_search(game, state, "alphabeta", depth=1, find="first", order=move_order("best-first"))
    assert page.inner_text(f"{left} .tfacts").startswith(f"{natural.nodes:,} nodes")
    assert page.inner_text(f"{right} .tfacts").startswith(f"{best.nodes:,} nodes")
    whole = trace_search(game, state, "alphabeta", max_nodes=RECORD_LIMIT, find="first")
    appeared = compare_cuts(best, whole, "natural").appeared
    cut = next(child for child in best.root.children if any((child.move, move) in appeared for move in child.pruned))
    new = [move for move in cut.pruned if (cut.move, move) in appeared]
    page.click(f"{right} .ttoggle[data-id='{cut.id}']")
    new_cuts = f"{right} .tnode[data-id='{cut.id}'] > .tchildren > .tnode.pruned.new-cut"
    page.wait_for_selector(new_cuts, timeout=PATIENCE)
    assert len(page.query_selector_all(new_cuts)) == len(new) < len(cut.pruned)
    assert set(texts(page, f"{new_cuts} .tnewcut")) == {"new cut: natural order searches it"}
    same = next(child for child in natural.root.children if child.move == cut.move)
    page.click(f"{left} .ttoggle[data-id='{same.id}']")
    vanished = f"{left} .tnode[data-id='{same.id}'] > .tchildren .tvanished"
    page.wait_for_selector(vanished, timeout=PATIENCE)
    assert len(page.query_selector_all(vanished)) == len(new)
    assert set(texts(page, vanished)) == {"cut in best-first order"}
    screenshot(page.locator("#tree-panel"), "web-tree-orders.png")

    # Each column replays its own search.
    page.click(f"{right} button[aria-label='Next event']")
    assert page.inner_text(f"{right} .tposition") == f"Event 1 of {best.root.steps:,}"


def test_the_textbook_quiz_checks_a_wrong_and_a_right_answer_and_explains_the_cut(page: Any) -> None:
    """3 12 8 | 2 4 6 | 14 5 2: MIN 2 is cut after its first leaf (β = 2 ≤ α = 3), so 2.2 and 2.3 are pruned."""
    page.click("#tree-toggle")
    page.click("input[name='tree-mode'][value='textbook']")
    page.wait_for_selector("#tree-textbook-alphabeta .tree", timeout=PATIENCE)
    tree = TextbookTree.parse_text("3 12 8 | 2 4 6 | 14 5 2")
    assert page.inner_text("#tree-textbook-alphabeta .tfacts").startswith(f"{textbook_trace(tree).nodes} nodes")

    # The replay: root, MIN 1, its first leaf, whose value the search reads on the fourth step.
    for _ in range(4):
        page.click("#tree-textbook-alphabeta button[aria-label='Next event']")
    assert page.inner_text("#tree-textbook-alphabeta .tevent") == "Leaf 1.1: its value is 3."

    page.click(".tquiz-toggle")
    page.wait_for_selector(".tquiz-check", timeout=PATIENCE)
    assert page.is_hidden("#tree-textbook-alphabeta"), "the answer stays hidden during the quiz"
    page.check("input[aria-label='Node 2.2 is pruned']")
    page.click(".tquiz-check")
    page.wait_for_selector(".tquiz-result.wrong", timeout=PATIENCE)
    assert page.inner_text(".tquiz-result") == "Not quite: alpha-beta prunes 2.2 and 2.3."
    assert "You left out 2.3." in page.inner_text(".tquiz-verdict")
    page.check("input[aria-label='Node 2.3 is pruned']")
    page.click(".tquiz-check")
    page.wait_for_selector(".tquiz-result.right", timeout=PATIENCE)
    assert page.inner_text(".tquiz-result") == "Right: alpha-beta prunes 2.2 and 2.3."
    assert texts(page, ".tquiz-cuts li") == ["✂ At MIN 2: β = 2 ≤ α = 3, so 2.2 and 2.3 are never searched."]
    assert page.is_visible("#tree-textbook-alphabeta")
    screenshot(page.locator("#tree-panel"), "web-tree-quiz.png")

    # A tree that cannot be read says what is wrong and where, in words.
    page.fill("#tree-textbook", "[[3 12] [2")
    page.click("button:has-text('Draw')")
    page.wait_for_selector("#tree-textbook-alphabeta .tree-off", timeout=PATIENCE)
    assert "is never closed" in page.inner_text("#tree-textbook-alphabeta .tree-off")

    # A deeper tree of your own, in brackets.
    page.fill("#tree-textbook", "[[[3 5] [6 9]] [[1 2] [0 -1]]]")
    page.click("button:has-text('Draw')")
    deeper = textbook_trace(TextbookTree.parse_text("[[[3 5] [6 9]] [[1 2] [0 -1]]]"))
    page.wait_for_function(
        "text => document.querySelector('#tree-textbook-alphabeta .tfacts')?.textContent.startsWith(text)",
        arg=f"{deeper.nodes} nodes",
        timeout=PATIENCE,
        polling=POLL,
    )


def test_a_board_too_large_to_search_whole_says_why_and_a_depth_limit_draws_it(page: Any) -> None:
    page.select_option("#game", "mnk:4,4,4")
    page.wait_for_selector(".cell[data-cell='15']")
    page.click("#tree-toggle")
    # The page knows the count of moves: it says why without asking the server.
    note = "#tree-body .tree-off"
    page.wait_for_selector(note, timeout=PATIENCE)
    assert "at most 9 moves to choose from, and this one has 16" in page.inner_text(note)
    page.click(f"{note} button")
    page.wait_for_selector(f"{ALPHABETA} .tree", timeout=PATIENCE)
    game, state = parse_position("..../..../..../....", "mnk:4,4,4")
    limited = trace_search(
        game,
        state,
        "alphabeta",
        limit=Limit(depth=2),
        evaluate=get_evaluation("open-lines", game).function,
        find="first",
    )
    assert page.inner_text(".tcount-alphabeta") == f"{limited.nodes:,}"
    assert page.input_value(".tdepth select") == "2"


def test_every_kind_of_view_is_drawn_small_with_what_the_move_changed_marked(page: Any) -> None:
    """Grids (m,n,k, Connect Four), heaps (Nim) and plain text: the tree draws a node from any game's view."""
    drawn = page.evaluate(
        """async () => {
            const { thumbnail } = await import('/static/tree-view.js');
            const shape = (node) => ({
                cells: node.querySelectorAll(':scope > span').length,
                marked: [...node.querySelectorAll('.last')].map((cell) => [...cell.parentNode.children].indexOf(cell)),
                taken: node.querySelectorAll('.taken').length,
                text: node.textContent,
            });
            const before = { kind: 'grid', rows: 6, cols: 7, cells: Array(42).fill(''), line: [] };
            const after = { ...before, cells: before.cells.map((cell, index) => (index === 38 ? 'X' : cell)) };
            return {
                grid: shape(thumbnail(after, before)),
                heaps: shape(thumbnail({ kind: 'heaps', heaps: [3, 4, 2] }, { kind: 'heaps', heaps: [3, 4, 5] })),
                text: shape(thumbnail({ kind: 'text', text: '2.1' }, null)),
            };
        }"""
    )
    assert drawn["grid"]["cells"] == 42 and drawn["grid"]["marked"] == [38] and drawn["grid"]["text"] == "✕"
    assert drawn["heaps"]["cells"] == 3 and drawn["heaps"]["marked"] == [2] and drawn["heaps"]["taken"] == 3
    assert drawn["text"]["text"] == "2.1"


def test_the_page_grades_a_hand_search_node_by_node(page: Any) -> None:
    """The classic tree searched by hand with one slip: MIN 3's beta (it falls to 2, not 5)."""
    page.click("#tree-toggle")
    page.click("input[name='tree-mode'][value='textbook']")
    page.wait_for_selector("#tree-textbook-alphabeta .tree", timeout=PATIENCE)
    page.click(".tquiz-toggle")
    page.wait_for_selector(".tpractice summary", timeout=PATIENCE)
    page.click(".tpractice summary")
    typed = {"1": ("3", "-inf", "3"), "2": ("2", "3", "2"), "3": ("2", "3", "5"), "root": ("3", "3", "+inf")}
    for name, (value, alpha, beta) in typed.items():
        page.fill(f"input[aria-label='value at {name}']", value)
        page.fill(f"input[aria-label='α at {name}']", alpha)
        page.fill(f"input[aria-label='β at {name}']", beta)
    for name in ("2.2", "2.3"):
        page.check(f"input[aria-label='Node {name} is never visited']")
    page.click(".tpractice-check")
    page.wait_for_selector(".tpractice .tquiz-result", timeout=PATIENCE)
    mistakes = texts(page, ".tpractice-mistakes li")
    assert len(mistakes) == 1 and mistakes[0].startswith("3 beta: you gave 5, it is 2.")
    assert page.is_visible(".tpractice-line.is-wrong")
    screenshot(page.locator(".tpractice"), "web-tree-practice.png")
