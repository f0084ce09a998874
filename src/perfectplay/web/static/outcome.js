// Words for what the server computes: outcomes and sides.

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

// As the terminal marks it: W3, D, L4, ? (for small objects such as Nim's).
export function outcomeMark(entry) {
  if (entry.outcome === "unknown") return "?";
  return `${entry.outcome[0].toUpperCase()}${entry.plies === null ? "" : entry.plies}`;
}

export function otherSide(side) {
  return side === "X" ? "O" : "X";
}

// "5", "5 or 7", "5, 7 or 9": moves as people see them, by their labels.
export function orList(words) {
  if (words.length < 2) return words.join("");
  return `${words.slice(0, -1).join(", ")} or ${words.at(-1)}`;
}

export function capitalized(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
