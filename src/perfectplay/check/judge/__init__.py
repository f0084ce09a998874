"""Judging a candidate: which interface it has, what to ask it, and what each answer is worth.

The only floor of the checker that asks the engine (``oracle``); it reads
what ``run/`` recorded and hands its findings to ``report/``.
"""
