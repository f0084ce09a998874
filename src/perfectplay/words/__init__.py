"""Every sentence a person reads about a position or a search, made in this package and nowhere else.

The terminal, the page and the drawings all show what these modules write,
one subject a module: ``play.py`` (outcomes, hints, what a stopped search
proved, the levels and why the computer played its move: *perfect* is
defined there, once), ``teaching.py`` (alpha-beta's window and cuts, the root
windows, the pruning quiz, the tree panel's depth) and ``common.py`` (the
symbols, counts, durations and lists they share). A front end lays the
sentences out; it never builds one of its own from the numbers, so the same
position reads the same everywhere. The checker's verdicts are its own
(``perfectplay.check``'s report).

This is the door: ``from perfectplay.words import hint_text`` finds each
name in its module on first use. It sits with the teaching tools in the
package map: it reads the engine's results and the traces, and the front
ends read it.
"""

from __future__ import annotations

import typing as _typing

from perfectplay._lazy import lazy_door as _lazy_door

_HOMES: dict[str, str] = {
    "ALPHA": "perfectplay.words.common",
    "ANSWERED_AHEAD": "perfectplay.words.play",
    "BETA": "perfectplay.words.common",
    "DEFAULT_ROOT_WINDOW": "perfectplay.words.teaching",
    "DEPTH_PLAYERS": "perfectplay.words.play",
    "INFINITY": "perfectplay.words.common",
    "LEVEL_NOTES": "perfectplay.words.play",
    "MINUS": "perfectplay.words.common",
    "PERFECT": "perfectplay.words.play",
    "PERFECT_LEVEL": "perfectplay.words.play",
    "QuizWords": "perfectplay.words.teaching",
    "ROOT_WINDOWS": "perfectplay.words.teaching",
    "about_text": "perfectplay.words.common",
    "advised_moves": "perfectplay.words.play",
    "and_list": "perfectplay.words.common",
    "best_reaches": "perfectplay.words.play",
    "book_text": "perfectplay.words.play",
    "bound_text": "perfectplay.words.common",
    "choice_text": "perfectplay.words.play",
    "cut_reason_text": "perfectplay.words.teaching",
    "cut_text": "perfectplay.words.teaching",
    "depth_note": "perfectplay.words.play",
    "hint_text": "perfectplay.words.play",
    "length_known_text": "perfectplay.words.play",
    "level_note": "perfectplay.words.play",
    "level_title": "perfectplay.words.play",
    "level_words": "perfectplay.words.play",
    "no_move_text": "perfectplay.words.play",
    "node_path": "perfectplay.words.teaching",
    "or_list": "perfectplay.words.common",
    "outcome_class_text": "perfectplay.words.play",
    "outcome_text": "perfectplay.words.play",
    "move_outcome_text": "perfectplay.words.play",
    "proven_not_how": "perfectplay.words.play",
    "quiz_words": "perfectplay.words.teaching",
    "result_text": "perfectplay.words.play",
    "root_window": "perfectplay.words.teaching",
    "score_rule_text": "perfectplay.words.teaching",
    "searched_text": "perfectplay.words.teaching",
    "seconds_text": "perfectplay.words.common",
    "strongest_text": "perfectplay.words.play",
    "took_back_text": "perfectplay.words.play",
    "tree_too_big_text": "perfectplay.words.teaching",
    "unproven_text": "perfectplay.words.play",
    "window_label": "perfectplay.words.teaching",
    "window_text": "perfectplay.words.teaching",
}
"""Where each name lives: the module imported when the name is first used."""

__all__ = sorted(_HOMES)

__getattr__, __dir__ = _lazy_door(__name__, _HOMES, globals())

if _typing.TYPE_CHECKING:
    from perfectplay.words.common import ALPHA as ALPHA
    from perfectplay.words.common import BETA as BETA
    from perfectplay.words.common import INFINITY as INFINITY
    from perfectplay.words.common import MINUS as MINUS
    from perfectplay.words.common import about_text as about_text
    from perfectplay.words.common import and_list as and_list
    from perfectplay.words.common import bound_text as bound_text
    from perfectplay.words.common import or_list as or_list
    from perfectplay.words.common import seconds_text as seconds_text
    from perfectplay.words.play import ANSWERED_AHEAD as ANSWERED_AHEAD
    from perfectplay.words.play import DEPTH_PLAYERS as DEPTH_PLAYERS
    from perfectplay.words.play import LEVEL_NOTES as LEVEL_NOTES
    from perfectplay.words.play import PERFECT as PERFECT
    from perfectplay.words.play import PERFECT_LEVEL as PERFECT_LEVEL
    from perfectplay.words.play import advised_moves as advised_moves
    from perfectplay.words.play import best_reaches as best_reaches
    from perfectplay.words.play import book_text as book_text
    from perfectplay.words.play import choice_text as choice_text
    from perfectplay.words.play import depth_note as depth_note
    from perfectplay.words.play import hint_text as hint_text
    from perfectplay.words.play import length_known_text as length_known_text
    from perfectplay.words.play import level_note as level_note
    from perfectplay.words.play import level_title as level_title
    from perfectplay.words.play import level_words as level_words
    from perfectplay.words.play import move_outcome_text as move_outcome_text
    from perfectplay.words.play import no_move_text as no_move_text
    from perfectplay.words.play import outcome_class_text as outcome_class_text
    from perfectplay.words.play import outcome_text as outcome_text
    from perfectplay.words.play import proven_not_how as proven_not_how
    from perfectplay.words.play import result_text as result_text
    from perfectplay.words.play import strongest_text as strongest_text
    from perfectplay.words.play import took_back_text as took_back_text
    from perfectplay.words.play import unproven_text as unproven_text
    from perfectplay.words.teaching import DEFAULT_ROOT_WINDOW as DEFAULT_ROOT_WINDOW
    from perfectplay.words.teaching import ROOT_WINDOWS as ROOT_WINDOWS
    from perfectplay.words.teaching import QuizWords as QuizWords
    from perfectplay.words.teaching import cut_reason_text as cut_reason_text
    from perfectplay.words.teaching import cut_text as cut_text
    from perfectplay.words.teaching import node_path as node_path
    from perfectplay.words.teaching import quiz_words as quiz_words
    from perfectplay.words.teaching import root_window as root_window
    from perfectplay.words.teaching import score_rule_text as score_rule_text
    from perfectplay.words.teaching import searched_text as searched_text
    from perfectplay.words.teaching import tree_too_big_text as tree_too_big_text
    from perfectplay.words.teaching import window_label as window_label
    from perfectplay.words.teaching import window_text as window_text
