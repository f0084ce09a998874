def maximizing(board):
    if terminal(board):
        return utility(board)
    v = float("-inf")
    for action in actions(board):
        v = max(v, minimizing(result(board, action)))
    return v

def minimizing(board):
    if terminal(board):
        return utility(board)
    v = float("inf")
    for action in actions(board):
        v = min(v, maximizing(result(board, action)))
    return v


def minimax(board):
    # Current Player
    current_player = player(board)

    # Maximizing
    if current_player == X:
        v = float("-inf")
        for action in actions(board):
            k = minimizing(result(board, action))
            if k > v:
                v = k
                best_action = action
    # Minimizing
    else:
        v = float("inf")
        for action in actions(board):
            k = maximizing(result(board, action))
            if k < v:
                v = k
                best_action = action
    return best_action



# Tic Tac Toe Board
game_board = [["_", "_", "X"],
            ["_", "O", "_"],
            ["X", "_", "_"]
]


# X player
X = "X"

# O player
O = "O"

# Empty cell
EMPTY = "_" 


# initial state : starting state of the board
def initial_state():

    return [[EMPTY, EMPTY, EMPTY],
            [EMPTY, EMPTY, EMPTY],
            [EMPTY, EMPTY, EMPTY]]


def player(board):
    next_turn = 0
    for row in board:
        next_turn += row.count(X)
        next_turn -= row.count(O)
    return X if next_turn <= 0 else O


def actions(board):
    available_positions = set()
    for row in range(len(board)):
        for col in range(len(board[0])):
            if board[row][col] == EMPTY:
                available_positions.add((row, col))
    return available_positions


def result(board, action):
    i, j = action
    new_board = copy.deepcopy(board)
    new_board[i][j] = player(board)
    return new_board


def winner(board):
    if utility(board) == 1:
        return X
    if utility(board) == -1:
        return O
    return None


def terminal(board):
    if len(actions(board)) == 0 or winner(board) == X or winner(board) == O:
        return True
    return False


def utility(board):
    """
    Returns 1 if X has won the game, -1 if O has won, 0 otherwise.
    """
    # Check each row for a winner
    for row in board:
        if row.count(X) == 3:
            return 1
        if row.count(O) == 3:
            return -1

    # Check vertically for a winner
    for i in range(3):
        if board[0][i] == X and board[1][i] == X and board[2][i] == X:
            return 1
        if board[0][i] == O and board[1][i] == O and board[2][i] == O:
            return -1

    # Check for a winner Diagonally from bottom left to top right
    if board[2][0] == X and board[1][1] == X and board[0][2] == X:
        return 1
    if board[2][0] == O and board[1][1] == O and board[0][2] == O:
        return -1

    # Check for a winner Diagonally from top left to bottom right
    if board[0][0] == X and board[1][1] == X and board[2][2] == X:
        return 1
    if board[0][0] == O and board[1][1] == O and board[2][2] == O:
        return -1

    # tie or no winner return 0
    return 0


def print_board(board):
    print("\n")
    print("Tic-Tac-Toe")
    print("\n")
    print("Player 1 ((X)) - Player 2 O")
    print("\n")
    print("     |     |     ")
    print("  " + board[0][0] + "  |  " + board[0][1] + "  |  " + board[0][2] + "  ")
    print("_____|_____|_____")
    print("     |     |     ")
    print("  " + board[1][0] + "  |  " + board[1][1] + "  |  " + board[1][2] + "  ")
    print("_____|_____|_____")
    print("     |     |     ")
    print("  " + board[2][0] + "  |  " + board[2][1] + "  |  " + board[2][2] + "  ")
    print("     |     |     ")

