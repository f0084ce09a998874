"""The Nim lab: a student's learning Nim AI (CS50 AI's ``nim.py``) or minimax player, against exact misère play.

A game plug of ``perfectplay check`` (``check/plug.py``), one job a file:
``positions`` (the positions asked, exact values from the engine's ``Nim``),
``questions`` (the hand-made Q-table checks), ``plan`` (what one check
does, from the teacher's flags), ``driver`` (the plug's code inside the
sandbox, beside the student's module), ``answers`` (its replies rebuilt on
the trusted side), ``detect`` (which interface), ``transcript``, ``judge``
and ``bugs`` (right, wrong, and which bug), ``model``, ``score``,
``render`` and ``graders`` (the report), ``plug`` (``NimPlug``, in run
order) and ``lab`` (``check_nim``: one file through the conductor).
"""
