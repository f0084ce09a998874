# mypy: ignore-errors
# Writing outside: at import it overwrites another student's file, its own original, and drops a
# marker in the teacher's folder; it also writes where it may (its private /tmp).
for path in ("__OTHER__", "__SELF__", "__MARKER__", "/tmp/scribble-was-here"):
    try:
        with open(path, "w") as file:
            file.write("def find_best_move(board):\n    return 0\n")
    except OSError:
        pass
