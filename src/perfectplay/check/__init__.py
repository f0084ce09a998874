"""``perfectplay check``: put a student's tic-tac-toe AI against perfect play.

``check_ai`` (in ``api``) runs the candidate in child processes, asks it
every position it can be to move in, follows its own games, and returns a
frozen ``CheckReport`` (in ``report``) that ``render_text``, ``render_json``
and ``render_csv`` render. The one-file-one-job layout is described in
``api``'s docstring; only ``oracle`` talks to the engine.
"""
