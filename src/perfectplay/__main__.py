"""``python -m perfectplay`` runs the same command as ``perfectplay``."""

from perfectplay.cli import run

run()
