"""The promises every game makes, checked on random playouts (after OpenSpiel's random simulation test).

``check_game`` plays seeded random games from the usual start (either side
first), some of them *long* (a move that ends the game only when every move
does, so that boards fill up), and checks, at every position met and some
of their children:

* the rules: ``legal_moves`` is empty exactly when ``is_over``; ``winner``
  only once the game is over; sides alternate; no game is longer than
  ``max_plies``; moves outside ``legal_moves`` raise ``IllegalMoveError``;
* states: ``play`` never changes its argument (equal and same hash before
  and after); states hash and compare by value; ``parse(format(s)) == s``;
* people: ``parse_move(move_label(m)) == m`` for every legal move; junk
  text raises ``IllegalMoveError`` and nothing else; ``draw`` and ``view``
  work on every state and ``view`` keeps the page's contract for its kind;
* search hooks: bounds hold the value, ``moves`` are legal and never empty,
  ``to_key_frame``/``from_key_frame`` are inverse on the legal moves;
  positions with equal keys have the same children (move for mapped move)
  and the same values;
* the solver: on positions near the end of a game (walking back from the
  end while the textbook minimax finishes within ``NEAR_END_NODES`` nodes),
  every move's exact score from the solver, through the game's own node and
  through the plain ``ProtocolNode``, equals minimax's. The last position
  of a long game always qualifies (every move ends the game there), so the
  check never passes vacuously.

Node caps rather than time limits keep the cost the same on any machine.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

from perfectplay import IllegalMoveError, Limit, Player, analyze, make_game, minimax, solve
from perfectplay.documents import analysis_json
from perfectplay.game import Game, ProtocolNode, terminal_score
from perfectplay.games import MNK
from perfectplay.search.solver.exact import score_moves

PLAYOUTS = 8
"""Random games per check: with the long ones and their first positions' children, 150 to 750 positions per game,
each solver check near the end of a game (12 and 6 long ones: half as many positions again for twice the CPU)."""

LONG_PLAYOUTS = 4
"""Random games per check that avoid ending the game while they can."""

NEAR_END_NODES = 3000
"""A position is "near the end" when the textbook minimax values every move of it within this many nodes."""

SURELY_LARGE = 2 * NEAR_END_NODES
"""Nodes beyond any that a minimax limited to ``NEAR_END_NODES`` visits: it stops on reaching the cap (it looks at its
count every 2,048 nodes and at the cap), so twice the cap leaves room even for a look only every 2,048. A position
past this gate is one that minimax would not have finished: the positions checked are the same as with no gate."""

CHILDREN_OF = 3
"""Children of the first positions of each playout are checked too (they hold the symmetric twins)."""

JUNK = ["", "   ", "²", "①", "\u0661", "\uff13", "9" * 4301, "-1", "1e9", "0x10", "\x00", "é", "NaN", "quit", "1 2 3 4"]
"""Text a person might type that is no move in any game (or, if a game reads it, must be a legal one)."""

VIEW_KINDS = ("grid", "heaps", "text")
"""The drawings the page knows."""


@dataclass
class Report:
    """What a check covered, so a test can see that it did not pass vacuously."""

    positions: int = 0
    solved: int = 0
    twins: int = 0
    playout_plies: list[int] = field(default_factory=list)
    long_playouts: int = 0


class WithoutHooks:
    """A game seen through the plain protocol: its own rules, but the solver gets ``ProtocolNode``.

    No canonical key, no bounds, no ordering, no shortcuts: the solver's
    answers through it are the protocol's, and must match the game's own node.
    """

    def __init__(self, game: Game[Any]) -> None:
        self.game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def search_node(self, state: Any) -> ProtocolNode:
        return ProtocolNode(self.game, state)

    def compiled_entry(self) -> None:
        return None  # the compiled core reads the game's own nodes, not ``ProtocolNode``


def check_game(game: Game[Any], seed: str) -> Report:
    rng = random.Random(seed)
    report = Report()
    check_the_spec(game)
    playouts = [random_playout(game, rng, report) for _ in range(PLAYOUTS)]
    playouts += [random_playout(game, rng, report, long=True) for _ in range(LONG_PLAYOUTS)]
    states: dict[Any, None] = {}
    for playout in playouts:
        for state in playout:
            states[state] = None
        for state in playout[:CHILDREN_OF]:
            for move in game.legal_moves(state):
                states[game.play(state, move)] = None
    for state in states:
        check_state(game, state, rng)
        report.positions += 1
    for playout in playouts:
        report.solved += check_solver_near_the_end(game, playout)
    report.twins = check_equal_keys(game, list(states))
    return report


def check_the_spec(game: Game[Any]) -> None:
    again = make_game(game.name)
    assert again.name == game.name, f"make_game({game.name!r}) gives {again.name!r}"
    assert again.max_plies == game.max_plies
    assert again.format(again.initial_state()) == game.format(game.initial_state())
    assert isinstance(game.title, str) and game.title
    assert isinstance(game.max_plies, int) and game.max_plies > 0
    for first in Player:
        assert game.to_move(game.initial_state(first)) is first


def random_playout(game: Game[Any], rng: random.Random, report: Report, long: bool = False) -> list[Any]:
    """One random game, its positions from the start to the end, with the rules checked at every ply.

    A ``long`` game plays a move that ends the game only when all of them do.
    """
    state = game.initial_state(rng.choice(list(Player)))
    playout = [state]
    while True:
        moves = game.legal_moves(state)
        over = game.is_over(state)
        assert (moves == ()) == over, f"{game.format(state)}: legal moves {moves} but is_over {over}"
        if over:
            break
        assert game.winner(state) is None, f"{game.format(state)}: a winner before the game is over"
        if long:
            moves = tuple(move for move in moves if not game.is_over(game.play(state, move))) or moves
        move = rng.choice(moves)
        before, seal = copy.deepcopy(state), hash(state)
        child = game.play(state, move)
        assert state == before and hash(state) == seal, f"play changed {game.format(before)}"
        assert child != state
        assert game.to_move(child) is game.to_move(state).other, "the sides take turns"
        state = child
        playout.append(state)
    assert len(playout) - 1 <= game.max_plies, f"a game of {len(playout) - 1} plies, max_plies {game.max_plies}"
    report.playout_plies.append(len(playout) - 1)
    report.long_playouts += long
    return playout


def check_state(game: Game[Any], state: Any, rng: random.Random) -> None:
    text = game.format(state)
    side = game.to_move(state)
    again = game.parse(text, side)
    assert again == state and hash(again) == hash(state), f"parse(format(s)) != s for {text}"
    assert game.format(again) == text
    moves = game.legal_moves(state)
    over = game.is_over(state)
    if game.winner(state) is not None:
        assert over, f"{text}: a winner but not over"
    assert len(set(moves)) == len(moves) and all(isinstance(m, int) and m >= 0 for m in moves), text
    check_illegal_moves(game, state, moves, rng)
    check_what_people_see(game, state, moves)
    check_view(game, state, moves)
    check_node(game, state, moves)


def check_illegal_moves(game: Game[Any], state: Any, moves: tuple[int, ...], rng: random.Random) -> None:
    legal = set(moves)
    top = max(moves, default=8)
    others = [move for move in range(top + 3) if move not in legal]
    candidates = [-1, top + 1, 10**30, *rng.sample(others, min(20, len(others)))]
    for move in candidates:
        if move in legal:
            continue
        try:
            game.play(state, move)
        except IllegalMoveError:
            continue
        raise AssertionError(f"{game.format(state)}: play accepted the illegal move {move}")


def check_what_people_see(game: Game[Any], state: Any, moves: tuple[int, ...]) -> None:
    text = game.format(state)
    for move in moves:
        label = game.move_label(move)
        assert isinstance(label, str) and label and "\n" not in label
        assert game.parse_move(label, state) == move, f"{text}: label {label!r} reads back as another move"
        fields = game.move_fields(move)
        assert all(isinstance(key, str) and isinstance(value, int) for key, value in fields.items())
    help_text = game.move_help(state)
    assert isinstance(help_text, str) and "\n" not in help_text
    for junk in JUNK:
        try:
            read = game.parse_move(junk, state)
        except IllegalMoveError as error:
            assert "\n" not in str(error) and len(str(error)) < 300, f"{junk[:10]!r}: {str(error)[:80]}"
            continue
        assert read in moves, f"{text}: {junk[:10]!r} was read as {read}, not a legal move"
    marks = {move: f"W{index}" for index, move in enumerate(moves)}
    last = moves[0] if moves else None
    for drawing in (game.draw(state), game.draw(state, last_move=last), game.draw(state, marks=marks)):
        assert isinstance(drawing, str) and drawing.strip()


def check_view(game: Game[Any], state: Any, moves: tuple[int, ...]) -> None:
    view = game.view(state)
    json.dumps(view)
    kind = view["kind"]
    assert kind in VIEW_KINDS, f"the page does not know the view kind {kind!r}"
    legal = set(moves)
    if kind == "grid":
        cells = view["cells"]
        assert len(cells) == view["rows"] * view["cols"]
        assert set(cells) <= {"X", "O", ""}
        assert all(0 <= cell < len(cells) for cell in view["line"])
        if "click" in view:
            assert len(view["click"]) == len(cells)
            assert all(move is None or move in legal for move in view["click"])
        if "labels" in view:
            assert len(view["labels"]) == len(cells)
    elif kind == "heaps":
        heaps, click = view["heaps"], view["click"]
        assert isinstance(view["misere"], bool)
        assert [len(objects) for objects in click] == heaps
        for heap, objects in enumerate(click):
            for index, move in enumerate(objects):
                if move is None:  # no move takes from this object on (a game may allow only some amounts)
                    continue
                assert move in legal
                # Object ``index`` of the heap goes, and every object after it.
                assert game.view(game.play(state, move))["heaps"][heap] == index
    else:
        assert isinstance(view["text"], str)


def check_node(game: Game[Any], state: Any, moves: tuple[int, ...]) -> None:
    node = game.search_node(state)
    assert node.low <= node.high
    if game.is_over(state):
        assert node.low == node.high == terminal_score(game, state)
        return
    searched = list(node.moves())
    assert searched and set(searched) <= set(moves), f"{game.format(state)}: node moves {searched}"
    if node.forced:
        assert len(searched) == 1
    key = node.key()
    hash(key)
    framed = [node.to_key_frame(move) for move in moves]
    assert len(set(framed)) == len(moves), "to_key_frame must not merge two moves"
    assert [node.from_key_frame(move) for move in framed] == list(moves)
    assert isinstance(node.evaluate(), int)


def check_solver_near_the_end(game: Game[Any], playout: list[Any]) -> int:
    """Walk back from the end while minimax stays small; the solver must agree at every step. Returns the count."""
    checked = 0
    plain = WithoutHooks(game)
    for state in reversed(playout[:-1]):
        if surely_large(game, state):
            break
        reference = minimax(game, state, Limit(nodes=NEAR_END_NODES))
        if not reference.complete:
            break
        expected = scores(reference)
        text = game.format(state)
        ours = analyze(game, state)
        assert scores(ours) == expected, f"{text}: the solver's move scores differ from minimax"
        assert ours.best == reference.best
        assert scores(score_moves(plain, state)) == expected, f"{text}: through ProtocolNode the scores differ"
        best = solve(game, state)
        assert best.score == reference.score and best.best == reference.best, text
        node = game.search_node(state)
        assert reference.score is not None and node.low <= reference.score <= node.high, f"{text}: bounds"
        json.dumps(analysis_json(ours))
        checked += 1
    return checked


def surely_large(game: Game[Any], state: Any) -> bool:
    """True only where minimax surely visits more than ``SURELY_LARGE`` nodes, so that a limited one would stop: the
    answer of the "near the end" gate, given without the search where it is plain (on 5x5 that gate, thousands of
    nodes for each early position, was most of the check).

    On an m,n,k board no line can be made before a side has placed the stones its line still lacks (one at least),
    nor the board filled before its empty cells are: up to that ply every position has a move for each empty
    cell, and minimax visits every one of them.
    """
    if not isinstance(game, MNK):
        return False
    empty = len(game.legal_moves(state))
    mover = game.to_move(state)

    def first_line(player: Player, first_ply: int) -> int:  # the player moves at first_ply, first_ply + 2, ...
        lacking = max(1, game.k - bin(game.stones(state, player)).count("1"))
        return first_ply + 2 * (lacking - 1)

    plies = min(empty, first_line(mover, 1), first_line(mover.other, 2))
    deepest = 1  # the positions ``plies`` moves on, every one visited
    for depth in range(plies):
        deepest *= empty - depth
    return deepest > SURELY_LARGE


def check_equal_keys(game: Game[Any], states: list[Any]) -> int:
    """Distinct positions with one key: children match move for mapped move, values match. Returns the pairs."""
    groups: dict[Hashable, list[Any]] = {}
    for state in states:
        if not game.is_over(state):
            groups.setdefault(game.search_node(state).key(), []).append(state)
    pairs = 0
    for family in groups.values():
        if len(family) < 2:
            continue
        # Whether minimax is small enough here, and the solver's scores, are the family's first position's:
        # found once per family, not once per twin (on 5x5 that gate alone was most of the check).
        small = not surely_large(game, family[0]) and minimax(game, family[0], Limit(nodes=NEAR_END_NODES)).complete
        first_scores = scores(analyze(game, family[0])) if small else None
        for other in family[1:]:
            pairs += 1
            check_twins(game, family[0], other, first_scores)
    return pairs


def check_twins(game: Game[Any], first: Any, second: Any, first_scores: dict[int, int | None] | None) -> None:
    """Twins' moves map onto each other, child for child; so do their scores where ``first_scores`` (the
    solver's, given when minimax is small enough there) are given."""
    one, two = game.search_node(first), game.search_node(second)
    assert one.key() == two.key()
    mapped = {move: two.from_key_frame(one.to_key_frame(move)) for move in game.legal_moves(first)}
    assert sorted(mapped.values()) == sorted(game.legal_moves(second))
    for move, image in mapped.items():
        assert one.play(move).key() == two.play(image).key()
    if first_scores is None:
        return
    second_scores = scores(analyze(game, second))
    pair = f"{game.format(first)} and {game.format(second)}"
    assert all(first_scores[move] == second_scores[image] for move, image in mapped.items()), pair


def scores(result: Any) -> dict[int, int | None]:
    return {entry.move: entry.score for entry in result.moves}
