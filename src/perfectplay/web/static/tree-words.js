// Words and numbers for the search-tree panel: values, windows, moves and
// one sentence per replayed search event. Values are in the MAX/MIN view of
// the trace (see docs/trace.md); nothing here computes them.

const MINUS = "\u2212";

export const ALGORITHM_NAMES = { minimax: "Minimax", alphabeta: "Alpha-beta" };

export function number(value) {
  return value < 0 ? `${MINUS}${-value}` : String(value);
}

export function count(value) {
  return value.toLocaleString("en-US");
}

// A window bound; null is infinite (−∞ for alpha, +∞ for beta).
export function alphaText(alpha) {
  return alpha === null || alpha === undefined ? `${MINUS}∞` : number(alpha);
}

export function betaText(beta) {
  return beta === null || beta === undefined ? "+∞" : number(beta);
}

export function windowText(window) {
  // No-break spaces: "β = 0" never splits across lines.
  return `α\u00a0=\u00a0${alphaText(window.alpha)}, β\u00a0=\u00a0${betaText(window.beta)}`;
}

export function boundedText(value, bound) {
  return { exact: "", upper: "≤ ", lower: "≥ " }[bound] + number(value);
}

export function cellText(row, col) {
  return `r${row + 1} c${col + 1}`;
}

export function cellWords(row, col) {
  return `row ${row + 1}, column ${col + 1}`;
}

function otherSide(side) {
  return side === "X" ? "O" : "X";
}

// Who played into a node: the side not to move there.
export function moveText(node) {
  if (node.move === null || node.move === undefined) return `Position, ${node.to_move} to move`;
  return `${otherSide(node.to_move)} at ${cellText(node.row, node.col)}`;
}

export function moveWords(node) {
  if (node.move === null || node.move === undefined) return `the position, ${node.to_move} to move`;
  return `${otherSide(node.to_move)} in ${cellWords(node.row, node.col)}`;
}

export function cutText(cut) {
  return `${cut.condition}: the rest of this node is cut`;
}

// Cells of a move list, for a cut's pruned moves: "r3 c3 and r2 c1".
function cellsOf(moves, cols) {
  const names = moves.map((move) => cellText(Math.floor(move / cols), move % cols));
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

// One sentence for a replayed event. ``nodes`` maps ids to loaded tree nodes.
export function eventText(event, nodes, cols) {
  const node = nodes.get(event.type === "hidden" ? event.parent : event.node);
  const here = node ? moveText(node) : `node ${event.node}`;
  const bounds = "alpha" in event ? ` with ${windowText(event)}` : "";
  switch (event.type) {
    case "enter":
      return event.depth === 0
        ? `Start at the position: ${node.role} (${node.to_move}) to move${bounds}.`
        : `Enter ${here}: ${node.role} (${node.to_move}) to move${bounds}.`;
    case "leaf":
      return `Game over at ${here}: ${node.outcome}, worth ${number(event.value)}.`;
    case "hidden": {
      const move = cellText(Math.floor(event.move / cols), event.move % cols);
      const size = `${count(event.nodes)} node${event.nodes === 1 ? "" : "s"}`;
      return `Search the move ${move} below ${here} (not drawn): worth ${boundedText(event.value, event.bound)}, ${size}.`;
    }
    case "update": {
      const move = cellText(Math.floor(event.move / cols), event.move % cols);
      const keeps = node.role === "MAX" ? "largest" : "smallest";
      return `Back at ${here}: ${move} is worth ${number(event.child_value)}; the ${keeps} so far is ${number(event.value)}${bounds ? ` — now ${windowText(event)}` : ""}.`;
    }
    case "cut":
      return `✂ ${cutText(event)}: ${cellsOf(event.pruned, cols)} ${event.pruned.length === 1 ? "is" : "are"} never searched.`;
    case "exit":
      return `Leave ${here}: it is worth ${event.text}${event.bound === "exact" ? "" : " (only a bound: it was cut)"}.`;
    default:
      return event.type;
  }
}
