// Words for what the server computes: outcomes, sides and cells.

// A search stopped by the time limit reports unproven moves as "unknown".
export function outcomeText(entry) {
  if (entry.outcome === "unknown") return "not proven";
  return entry.plies === null ? entry.outcome : `${entry.outcome} in ${entry.plies}`;
}

// "win in 1" as a short cell label: "win 1".
export function outcomeShort(entry) {
  if (entry.outcome === "unknown") return "?";
  return entry.plies === null ? entry.outcome : `${entry.outcome} ${entry.plies}`;
}

export function cellName(row, col) {
  return `row ${row + 1}, column ${col + 1}`;
}

export function otherSide(side) {
  return side === "X" ? "O" : "X";
}
