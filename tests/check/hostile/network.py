# mypy: ignore-errors
# The network: at import it tries to reach a server the test listens on, and the outside world.
import socket

REACHED = []
for address in (("127.0.0.1", int("__PORT__")), ("192.0.2.1", 80)):
    try:
        with socket.create_connection(address, timeout=2) as connection:
            connection.sendall(b"exfiltrated\n")
            REACHED.append(address)
    except OSError:
        pass
