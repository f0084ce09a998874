"""The runner's own modules: what runs in a candidate's process beside the student's code (``runner.py``).

Standard library only, and they import one another only relatively: in a
candidate's process the runner loads this folder by its path, under a name
of its own (``runner.PARTS``), before the student's folder is on
``sys.path``, so that no file of the submission can stand in for one of
them. The sandbox shows them read-only beside the runner
(``sandbox.RUNNER_PARTS``).
"""
