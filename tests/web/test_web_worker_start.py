"""A search worker starts on what a search needs: each server starts one per core and one after every kill."""

from __future__ import annotations

import json
import subprocess
import sys

from cli_helpers import PATIENCE

NOT_FOR_A_SEARCH = ("fastapi", "pydantic", "starlette", "uvicorn", "urllib.request", "http", "email", "ssl", "xml")
"""The web framework, and the standard library's network, mail and XML modules (``xml.sax.saxutils`` alone
imports ``urllib.request``, ``http.client``, ``email`` and ``ssl``: a third of a worker's start-up)."""

WORKER = """
import json, sys
from perfectplay.web.jobs import run_job
job = {"game": "tictactoe", "position": "X../.O./...", "to_move": "X", "level": "perfect", "level_note": None,
       "seed": 1, "seconds": 10.0}
result = run_job(job)
print(json.dumps({"modules": sorted(sys.modules), "move": result["move"]}))
"""


def test_a_search_worker_answers_a_move_without_loading_the_web_framework_or_the_network_and_mail_modules() -> None:
    finished = subprocess.run([sys.executable, "-c", WORKER], capture_output=True, text=True, timeout=PATIENCE)
    assert finished.returncode == 0, finished.stderr
    reply = json.loads(finished.stdout)
    assert reply["move"] is not None  # the job was answered: what it loaded is what answering needs
    loaded = [name for name in reply["modules"] if name.split(".")[0] in NOT_FOR_A_SEARCH or name in NOT_FOR_A_SEARCH]
    assert loaded == []
