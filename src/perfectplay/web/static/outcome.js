// Words for what the server computes: outcomes and sides.

// A search stopped by the time limit reports unproven moves as "unknown"; a move proven to win or lose
// whose length is not proven has its outcome and no plies (the analysis's "proven": "outcome").
function lengthUnproven(entry) {
  return (entry.outcome === "win" || entry.outcome === "loss") && entry.plies === null;
}

export function outcomeText(entry) {
  if (entry.outcome === "unknown") return "not proven";
  if (lengthUnproven(entry)) return `${entry.outcome}, length not proven`;
  return entry.plies === null ? entry.outcome : `${entry.outcome} in ${entry.plies}`;
}

// "win in 1" as a short cell label: "win 1" ("win ?" when its length is not proven).
export function outcomeShort(entry) {
  if (entry.outcome === "unknown") return "?";
  if (lengthUnproven(entry)) return `${entry.outcome} ?`;
  return entry.plies === null ? entry.outcome : `${entry.outcome} ${entry.plies}`;
}

// As the terminal marks it: W3, D, L4, W? or L? for a length not proven, ? (for small objects such as Nim's).
export function outcomeMark(entry) {
  if (entry.outcome === "unknown") return "?";
  const plies = lengthUnproven(entry) ? "?" : entry.plies === null ? "" : entry.plies;
  return `${entry.outcome[0].toUpperCase()}${plies}`;
}

// What an analysis proved of its position: its exact outcome, else its win, draw or loss (how fast not
// proven), else nothing.
export function analysisText(analysis) {
  if (analysis.outcome !== "unknown") return outcomeText(analysis);
  if (analysis.outcome_class === "draw") return "a proven draw";
  if (analysis.outcome_class) return `a proven ${analysis.outcome_class}, its length not proven within the time limit`;
  return "not proven within the time limit";
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
