# A rule-based tic-tac-toe player in awk, for perfectplay check's --command line protocol.
#
#   perfectplay check --command "sh examples/rules.sh"    # exit 1: it can be beaten (rules.sh starts awk)
#
# Each input line is a position and the side to move, e.g. "X.O/.X./..O X"
# (rows separated by '/', '.' for an empty cell); the answer is one line, the
# cell index 0-8. The rules, in order: win at once, block the other side's
# win, take the centre, take the first free corner, take the first free side.
# Good enough against a beginner; a fork beats it.

BEGIN {
    n = split("0 1 2 3 4 5 6 7 8 0 3 6 1 4 7 2 5 8 0 4 8 2 4 6", flat, " ")
    for (k = 0; k < 8; k++)
        for (m = 0; m < 3; m++)
            line[k, m] = flat[k * 3 + m + 1]
}

# The free cell that completes a line for `side`, or -1.
function completing(side,    k, m, mine, gap) {
    for (k = 0; k < 8; k++) {
        mine = 0; gap = -1
        for (m = 0; m < 3; m++) {
            if (cell[line[k, m]] == side) mine++
            else if (cell[line[k, m]] == ".") gap = line[k, m]
        }
        if (mine == 2 && gap >= 0) return gap
    }
    return -1
}

function first_free(list,    count, i, order) {
    count = split(list, order, " ")
    for (i = 1; i <= count; i++)
        if (cell[order[i]] == ".") return order[i]
    return -1
}

NF == 2 {
    board = $1
    gsub("/", "", board)
    me = $2
    you = (me == "X") ? "O" : "X"
    for (i = 0; i < 9; i++) cell[i] = substr(board, i + 1, 1)
    move = completing(me)
    if (move < 0) move = completing(you)
    if (move < 0 && cell[4] == ".") move = 4
    if (move < 0) move = first_free("0 2 6 8")
    if (move < 0) move = first_free("1 3 5 7")
    print move
    fflush()
}
