"""Teaching tools built on the engine: traces, textbook trees, orders, compare, evaluations for depth limits.

This package is the front ends' one door to the teaching tools (as ``perfectplay`` is to the engine):
the terminal and the web server import these names from here, never from the modules below, so the
modules can move without a front end noticing. ``tests/test_package_map.py`` holds them to it.
The drawings of what these tools find have their own door a floor above, ``perfectplay.viz``:
a teaching tool never imports a drawing.
Each name is imported on first use, so ``import perfectplay.teaching`` costs next to nothing.
"""

from __future__ import annotations

import typing as _typing

from perfectplay._lazy import lazy_door as _lazy_door

_HOMES: dict[str, str] = {
    "Convention": "perfectplay.teaching.practice",
    "Convergence": "perfectplay.teaching.mcts_study",
    "DEFAULT_CHECKPOINTS": "perfectplay.teaching.mcts_study",
    "EVALUATIONS": "perfectplay.teaching.evaluators",
    "LEAF_VALUES": "perfectplay.teaching.textbook",
    "MctsTree": "perfectplay.teaching.uct_tree",
    "NodeAnswer": "perfectplay.teaching.practice",
    "ORDERS": "perfectplay.teaching.orders",
    "OrderCounts": "perfectplay.teaching.orders",
    "PSEUDOCODE": "perfectplay.teaching.pseudocode",
    "PracticeGrade": "perfectplay.teaching.practice",
    "RECORD_LIMIT": "perfectplay.teaching.trace",
    "RootSearch": "perfectplay.search.alphabeta",
    "SEARCH_NODES": "perfectplay.teaching.trace",
    "TRACEABLE": "perfectplay.search.analysis",
    "TextbookTree": "perfectplay.teaching.textbook",
    "Trace": "perfectplay.teaching.trace",
    "TraceNode": "perfectplay.teaching.trace",
    "TraceTooLarge": "perfectplay.teaching.trace",
    "TreeNode": "perfectplay.teaching.tree_node",
    "answer_key": "perfectplay.teaching.practice",
    "check_pruning": "perfectplay.teaching.textbook",
    "compare_cuts": "perfectplay.teaching.orders",
    "compare_with_perfect_play": "perfectplay.teaching.compare",
    "STUDY_POSITIONS": "perfectplay.teaching.mcts_study",
    "cut_reasons": "perfectplay.teaching.textbook",
    "default_evaluation": "perfectplay.teaching.evaluators",
    "estimated_tree_size": "perfectplay.teaching.tree_size",
    "evaluation_names": "perfectplay.teaching.evaluators",
    "get_evaluation": "perfectplay.teaching.evaluators",
    "grade_practice": "perfectplay.teaching.practice",
    "limited_value_text": "perfectplay.teaching.compare",
    "mcts_tree": "perfectplay.teaching.uct_tree",
    "move_order": "perfectplay.teaching.orders",
    "move_value": "perfectplay.teaching.compare",
    "node_name": "perfectplay.teaching.tree_node",
    "order_counts": "perfectplay.teaching.orders",
    "parse_node_answer": "perfectplay.teaching.practice",
    "pseudocode_lines": "perfectplay.teaching.pseudocode",
    "random_tree": "perfectplay.teaching.textbook",
    "returning_order": "perfectplay.teaching.practice",
    "study_convergence": "perfectplay.teaching.mcts_study",
    "textbook_trace": "perfectplay.teaching.textbook",
    "trace_alphabeta": "perfectplay.teaching.trace",
    "trace_minimax": "perfectplay.teaching.trace",
    "trace_search": "perfectplay.teaching.trace",
    "tree_text": "perfectplay.teaching.textbook",
}
"""Where each name lives: the module imported when the name is first used."""

__all__ = sorted(_HOMES)


__getattr__, __dir__ = _lazy_door(__name__, _HOMES, globals())


if _typing.TYPE_CHECKING:
    from perfectplay.search.alphabeta import RootSearch as RootSearch
    from perfectplay.search.analysis import TRACEABLE as TRACEABLE
    from perfectplay.teaching.compare import compare_with_perfect_play as compare_with_perfect_play
    from perfectplay.teaching.compare import limited_value_text as limited_value_text
    from perfectplay.teaching.compare import move_value as move_value
    from perfectplay.teaching.evaluators import EVALUATIONS as EVALUATIONS
    from perfectplay.teaching.evaluators import default_evaluation as default_evaluation
    from perfectplay.teaching.evaluators import evaluation_names as evaluation_names
    from perfectplay.teaching.evaluators import get_evaluation as get_evaluation
    from perfectplay.teaching.mcts_study import DEFAULT_CHECKPOINTS as DEFAULT_CHECKPOINTS
    from perfectplay.teaching.mcts_study import STUDY_POSITIONS as STUDY_POSITIONS
    from perfectplay.teaching.mcts_study import Convergence as Convergence
    from perfectplay.teaching.mcts_study import study_convergence as study_convergence
    from perfectplay.teaching.orders import ORDERS as ORDERS
    from perfectplay.teaching.orders import OrderCounts as OrderCounts
    from perfectplay.teaching.orders import compare_cuts as compare_cuts
    from perfectplay.teaching.orders import move_order as move_order
    from perfectplay.teaching.orders import order_counts as order_counts
    from perfectplay.teaching.practice import Convention as Convention
    from perfectplay.teaching.practice import NodeAnswer as NodeAnswer
    from perfectplay.teaching.practice import PracticeGrade as PracticeGrade
    from perfectplay.teaching.practice import answer_key as answer_key
    from perfectplay.teaching.practice import grade_practice as grade_practice
    from perfectplay.teaching.practice import parse_node_answer as parse_node_answer
    from perfectplay.teaching.practice import returning_order as returning_order
    from perfectplay.teaching.pseudocode import PSEUDOCODE as PSEUDOCODE
    from perfectplay.teaching.pseudocode import pseudocode_lines as pseudocode_lines
    from perfectplay.teaching.textbook import LEAF_VALUES as LEAF_VALUES
    from perfectplay.teaching.textbook import TextbookTree as TextbookTree
    from perfectplay.teaching.textbook import check_pruning as check_pruning
    from perfectplay.teaching.textbook import cut_reasons as cut_reasons
    from perfectplay.teaching.textbook import random_tree as random_tree
    from perfectplay.teaching.textbook import textbook_trace as textbook_trace
    from perfectplay.teaching.textbook import tree_text as tree_text
    from perfectplay.teaching.trace import RECORD_LIMIT as RECORD_LIMIT
    from perfectplay.teaching.trace import SEARCH_NODES as SEARCH_NODES
    from perfectplay.teaching.trace import Trace as Trace
    from perfectplay.teaching.trace import TraceNode as TraceNode
    from perfectplay.teaching.trace import TraceTooLarge as TraceTooLarge
    from perfectplay.teaching.trace import trace_alphabeta as trace_alphabeta
    from perfectplay.teaching.trace import trace_minimax as trace_minimax
    from perfectplay.teaching.trace import trace_search as trace_search
    from perfectplay.teaching.tree_node import TreeNode as TreeNode
    from perfectplay.teaching.tree_node import node_name as node_name
    from perfectplay.teaching.tree_size import estimated_tree_size as estimated_tree_size
    from perfectplay.teaching.uct_tree import MctsTree as MctsTree
    from perfectplay.teaching.uct_tree import mcts_tree as mcts_tree
