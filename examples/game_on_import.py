"""A good AI that starts a game as soon as it is imported, in the third course lab's shape (docs/labs/).

The board is a flat list of 9 cells with '-' for empty; find_best_move(board)
plays X and returns an index 0-8. The game loop at the bottom has no
`if __name__ == "__main__":` guard, so importing the module asks for the
human's move with input(). Under the checker, input() gets end of file and
raises EOFError; the checker reports that and still checks the functions the
module defined before the game started.

    perfectplay check examples/game_on_import.py    # exit 1: fails on import (EOFError); plays perfectly
"""

board = ["-"] * 9
human_player = "O"
ai_player = "X"
win_conditions = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]
solved = {}


def print_board(b):
    for i in range(0, 9, 3):
        print(f"| {b[i]} | {b[i + 1]} | {b[i + 2]} |")


def is_winner(b, player):
    return any(b[x] == b[y] == b[z] == player for x, y, z in win_conditions)


def check_game_over(b):
    if is_winner(b, ai_player):
        return 1
    if is_winner(b, human_player):
        return -1
    if "-" not in b:
        return 0
    return None


def minimax(b, depth, is_maximizing):
    result = check_game_over(b)
    if result is not None:
        return result * (10 - depth) if result else 0
    key = ("".join(b), is_maximizing)
    if key not in solved:
        scores = []
        for i in range(9):
            if b[i] == "-":
                b[i] = ai_player if is_maximizing else human_player
                scores.append(minimax(b, 1, not is_maximizing))
                b[i] = "-"
        solved[key] = max(scores) if is_maximizing else min(scores)
    best = solved[key]
    # `best` counts moves from this board; seen from `depth` moves higher up, it is that much further away.
    return best - depth if best > 0 else best + depth if best < 0 else 0


def find_best_move(b):
    best_score, move = -100, -1
    for i in range(9):
        if b[i] == "-":
            b[i] = ai_player
            score = minimax(b, 1, False)
            b[i] = "-"
            if score > best_score:
                best_score, move = score, i
    return move


# The game: the human (O) moves first.
print("Welcome to Tic-Tac-Toe! You are O; cells are 0-8.")
print_board(board)
while check_game_over(board) is None:
    player_move = int(input("Enter your move (0-8): "))
    if 0 <= player_move <= 8 and board[player_move] == "-":
        board[player_move] = human_player
        if check_game_over(board) is None:
            board[find_best_move(board)] = ai_player
        print_board(board)
print("Game over.")
