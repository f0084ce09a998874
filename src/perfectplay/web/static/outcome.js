// Words for what the server computes: outcomes, sides and cells.

export function outcomeText(entry) {
  return entry.plies === null ? entry.outcome : `${entry.outcome} in ${entry.plies}`;
}

// "win in 1" as a short cell label: "win 1".
export function outcomeShort(entry) {
  return entry.plies === null ? entry.outcome : `${entry.outcome} ${entry.plies}`;
}

export function cellName(row, col) {
  return `row ${row + 1}, column ${col + 1}`;
}

export function otherSide(side) {
  return side === "X" ? "O" : "X";
}
