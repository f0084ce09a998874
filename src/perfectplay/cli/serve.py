"""``perfectplay serve``: the web app on a local port.

The listening socket is bound here, before uvicorn starts, so that a port in
use or a host that does not exist is one clear line and exit status 2, not
an asyncio traceback. FastAPI and uvicorn are imported only when the command
runs: the rest of the CLI works without the ``web`` extra.
"""

from __future__ import annotations

import argparse
import errno
import logging
import socket
import sys
import threading
import webbrowser

from perfectplay import PerfectplayError
from perfectplay.cli.options import add_whole, duration

MAX_PORT = 65535
"""The largest ``--port`` (0 lets the system pick a free one)."""

MAX_TIME_LIMIT = 3600.0
"""The largest ``--time-limit``: an hour for one request's search."""

MAX_WORKERS = 64
"""The most ``--workers`` (search processes)."""


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    parser.description = "Serve the web page and the JSON API (see /docs). Binds to loopback by default."
    parser.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1, this machine only)"
    )
    add_whole(
        parser,
        "--port",
        0,
        MAX_PORT,
        default=8000,
        help=f"port to listen on, 0 to {MAX_PORT}; 0 picks a free one (default 8000)",
    )
    parser.add_argument("--open", action="store_true", help="open the page in a web browser")
    parser.add_argument(
        "--time-limit",
        type=duration("--time-limit", MAX_TIME_LIMIT),
        default=5.0,
        metavar="SECONDS",
        help=f"longest search per request, above 0 and at most {MAX_TIME_LIMIT:.0f} (default 5)",
    )
    add_whole(parser, "--workers", 1, MAX_WORKERS, default=2, help=f"search processes, 1 to {MAX_WORKERS} (default 2)")
    parser.set_defaults(run=run_serve)


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port``; ``PerfectplayError`` with one readable line if impossible."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except socket.gaierror:
        raise PerfectplayError(f"cannot listen on {host!r}: no such host or address") from None
    sock = socket.socket(family, kind, proto)
    try:
        # As uvicorn does: a restart need not wait for old connections in TIME_WAIT.
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as error:
        sock.close()
        if error.errno == errno.EADDRINUSE:
            raise PerfectplayError(f"port {port} on {host} is already in use; pick another with --port") from None
        if error.errno == errno.EADDRNOTAVAIL:
            raise PerfectplayError(f"cannot listen on {host}: it is not an address of this machine") from None
        raise PerfectplayError(f"cannot listen on {host}:{port}: {error.strerror or error}") from None
    return sock


def run_serve(args: argparse.Namespace) -> int:
    # Bound before the web app is imported (half a second of CPU): a port in use or a bad host is said at once.
    sock = bind(args.host, args.port)
    try:
        from perfectplay.web.app import create_app
        from perfectplay.web.server import GracefulServer
        from perfectplay.web.settings import Settings
    except ImportError as error:
        sock.close()
        raise PerfectplayError(f"the web app needs the 'web' extra (pip install 'perfectplay[web]'): {error}") from None
    host, port = sock.getsockname()[:2]
    url = f"http://{'[' + host + ']' if ':' in host else host}:{port}/"
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr)
    settings = Settings(seconds=args.time_limit, workers=args.workers)
    server = GracefulServer(create_app(settings), settings)
    # Printed (and flushed) before serving: tests and scripts read the port from it.
    print(f"perfectplay: serving on {url} (Ctrl-C to stop)", flush=True)
    if args.open:
        threading.Timer(0.5, webbrowser.open, args=(url,)).start()
    try:
        server.run(sockets=[sock])  # returns when a signal has stopped it cleanly
    finally:
        sock.close()
    return 0
