"""One search, one count: the terminal and the page agree on how many nodes alpha-beta visits.

Every front end searches the root with the textbook window unless told
otherwise (``--root-window``, the API's ``root``, the page's "engine's root"
box), so a student who compares ``perfectplay tree``, ``perfectplay orders``
and the page sees the same number.
"""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from cli_helpers import InProcess
from perfectplay import alphabeta, parse_position

POSITION = "X../.O./..."


def cli_json(in_process: InProcess, *args: str) -> dict[str, object]:
    """The command's JSON, run in this process: its output is what the real command prints."""
    result = in_process(*args)
    assert result.returncode == 0, result.stderr
    document: dict[str, object] = json.loads(result.stdout)
    return document


def api(client: TestClient, url: str, **body: object) -> dict[str, object]:
    response = client.post(url, json={"position": POSITION, **body})
    assert response.status_code == 200, response.text
    document: dict[str, object] = response.json()
    return document


def natural(document: dict[str, object]) -> object:
    orders = document["orders"]
    assert isinstance(orders, dict)
    return orders["natural"]["nodes"]


def test_tree_orders_and_the_page_give_one_alpha_beta_count_for_x_in_a_corner_o_in_the_centre(
    client: TestClient, in_process: InProcess
) -> None:
    """871 nodes with the textbook root window, 1,393 with the engine's, in every front end."""
    game, state = parse_position(POSITION)
    textbook, engine = alphabeta(game, state, find="first").nodes, alphabeta(game, state, find="best").nodes
    assert (textbook, engine) == (871, 1393)
    counts = {
        "tree": cli_json(in_process, "tree", POSITION, "--format", "json")["nodes"],
        "orders": natural(cli_json(in_process, "orders", POSITION, "--json")),
        "page tree": api(client, "/api/tree", algorithm="alphabeta")["nodes"],
        "page orders": natural(api(client, "/api/orders")),
    }
    assert counts == dict.fromkeys(counts, textbook)
    engines = {
        "tree": cli_json(in_process, "tree", POSITION, "--format", "json", "--root-window", "best")["nodes"],
        "orders": natural(cli_json(in_process, "orders", POSITION, "--json", "--root-window", "best")),
        "page tree": api(client, "/api/tree", algorithm="alphabeta", root="best")["nodes"],
        "page orders": natural(api(client, "/api/orders", root="best")),
    }
    assert engines == dict.fromkeys(engines, engine)


def test_the_root_window_flag_is_refused_for_minimax_in_one_line(in_process: InProcess) -> None:
    result = in_process("tree", POSITION, "--algorithm", "minimax", "--root-window", "best")
    assert result.returncode == 2
    assert result.stderr == (
        "perfectplay tree: error: --root-window is alpha-beta's; minimax searches every move with no window\n"
    )
