"""The Nim lab: a student's learning Nim AI (CS50 AI's ``nim.py``) or minimax player, against exact misère play.

One folder, one job a file: ``positions`` (the positions asked, exact values
from the engine's ``Nim``), ``questions`` (the hand-made Q-table checks),
``driver`` (the child program that imports the student's module, inside
the sandbox), ``answers`` (its replies rebuilt on the trusted side),
``detect`` (which interface), ``judge`` and ``bugs`` (right, wrong, and
which bug), ``model``, ``score``, ``render`` and ``graders`` (the report),
``speaker`` and ``lab`` (running it through ``check/run/``).
"""
