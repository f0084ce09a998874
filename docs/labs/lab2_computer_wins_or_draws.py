import math
import random

# Player symbols
COMPUTER = 'X'
HUMAN = 'O'
EMPTY = '-'

def print_board(board):
    """Prints the Tic-Tac-Toe board."""
    print("\nBoard:")
    for row in board:
        print(" | ".join(row))
        print("---------")
    print()

def evaluate(board):
    """Checks for a win, loss, or draw.
    Returns +1 for Computer win, -1 for Human win, 0 for Draw, None otherwise.
    """
    # Check rows, columns, and diagonals
    lines = []
    lines.extend(board) # Rows
    lines.extend([list(col) for col in zip(*board)]) # Columns
    lines.append([board[i][i] for i in range(3)]) # Main diagonal
    lines.append([board[i][2 - i] for i in range(3)]) # Anti-diagonal

    for line in lines:
        if all(cell == COMPUTER for cell in line):
            return 1
        if all(cell == HUMAN for cell in line):
            return -1

    # Check for draw (no empty cells left)
    if all(cell != EMPTY for row in board for cell in row):
        return 0

    # Game is not over yet
    return None

def get_empty_cells(board):
    """Returns a list of (row, col) tuples for empty cells."""
    cells = []
    for r in range(3):
        for c in range(3):
            if board[r][c] == EMPTY:
                cells.append((r, c))
    return cells

def minimax(board, depth, is_maximizing):
    """Minimax algorithm implementation."""
    score = evaluate(board)

    # Terminal state
    if score is not None:
        return score

    empty_cells = get_empty_cells(board)

    if is_maximizing: # Computer's turn (Maximize)
        best_val = -math.inf
        for r, c in empty_cells:
            board[r][c] = COMPUTER
            value = minimax(board, depth + 1, False)
            board[r][c] = EMPTY # Undo move
            best_val = max(best_val, value)
        return best_val
    else: # Human's turn (Minimize)
        best_val = math.inf
        for r, c in empty_cells:
            board[r][c] = HUMAN
            value = minimax(board, depth + 1, True)
            board[r][c] = EMPTY # Undo move
            best_val = min(best_val, value)
        return best_val

def find_best_move(board):
    """Finds the best move for the Computer using Minimax."""
    best_val = -math.inf
    best_move = (-1, -1)
    empty_cells = get_empty_cells(board)

    # If it's the first move, choose randomly for variety (optional)
    # if len(empty_cells) == 9:
    #     return random.choice(empty_cells)

    for r, c in empty_cells:
        board[r][c] = COMPUTER
        move_val = minimax(board, 0, False) # Evaluate opponent's potential moves
        board[r][c] = EMPTY # Undo move

        # print(f"Move ({r},{c}) evaluated score: {move_val}") # Debugging

        if move_val > best_val:
            best_move = (r, c)
            best_val = move_val

    # print(f"Chosen best move: {best_move} with score {best_val}") # Debugging
    return best_move

# --- Main Game Loop ---
if __name__ == "__main__":
    board = [[EMPTY, EMPTY, EMPTY],
             [EMPTY, EMPTY, EMPTY],
             [EMPTY, EMPTY, EMPTY]]

    current_player = COMPUTER # Or HUMAN if human starts
    print("Tic-Tac-Toe: Computer (X) vs Human (O)")
    print(f"{current_player} goes first.")

    while True:
        print_board(board)
        game_over_score = evaluate(board)

        if game_over_score is not None:
            if game_over_score == 1:
                print("Computer (X) wins!")
            elif game_over_score == -1:
                print("Human (O) wins!")
            else:
                print("It's a Draw!")
            break

        if current_player == COMPUTER:
            print("Computer's turn...")
            row, col = find_best_move(board)
            if board[row][col] == EMPTY:
                board[row][col] = COMPUTER
                print(f"Computer places X at ({row}, {col})")
                current_player = HUMAN
            else:
                print("Error: Computer tried invalid move?") # Should not happen
                break
        else: # Human's turn
            print("Human's turn (O).")
            while True:
                try:
                    move = input("Enter your move (row col, e.g., 0 1): ").split()
                    r, c = int(move[0]), int(move[1])
                    if 0 <= r <= 2 and 0 <= c <= 2 and board[r][c] == EMPTY:
                        board[r][c] = HUMAN
                        current_player = COMPUTER
                        break
                    else:
                        print("Invalid move. Cell occupied or out of bounds. Try again.")
                except (ValueError, IndexError):
                    print("Invalid input format. Enter row and column numbers (0-2) separated by space.")

