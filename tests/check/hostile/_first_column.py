# mypy: ignore-errors
# The honest part of every hostile Connect Four agent: Kaggle ConnectX's agent, the first open column.
# Its verdict is known (it blunders); each attack file in this folder adds one attack to it, as
# _first_free.py does for tic-tac-toe. The tests copy it into a temporary folder as agent.py and fill
# in its __PLACEHOLDERS__ (__TARGET__: the position's 42 cells, 0/1/2 from the top row).

TARGET = "__TARGET__"
"""The one position where an attack that happens during a move is made."""


def agent(observation, configuration):
    cells = [int(cell) for cell in observation.board]
    if "".join(map(str, cells)) == TARGET:
        attack()
    return next(column for column in range(7) if cells[column] == 0)


def attack():
    pass
