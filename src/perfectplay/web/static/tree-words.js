// Words and numbers for the search-tree panel: values, windows, moves and
// one sentence per replayed search event. Values are in the MAX/MIN view of
// the trace (see docs/trace.md); nothing here computes them. Moves are named
// by their labels, as the board shows them (a textbook tree's nodes by their
// names, "2.1").

import { otherSide } from "./outcome.js";

const MINUS = "\u2212";

// The names and notes below are the server's (GET /api/games "words", made in
// perfectplay/words/ and the engine's tables); ``learnWords`` fills them in
// once at start, before the panel is drawn.
export const ALGORITHM_NAMES = {};
export const ORDER_NAMES = {};
export const ORDER_NOTES = {};
export const ROOT_WINDOW_NOTES = {};

export function learnWords(words) {
  for (const [name, title] of Object.entries(words.algorithms)) ALGORITHM_NAMES[name] = title.charAt(0).toUpperCase() + title.slice(1);
  for (const [name, note] of Object.entries(words.orders)) {
    ORDER_NAMES[name] = name;
    ORDER_NOTES[name] = note;
  }
  Object.assign(ROOT_WINDOW_NOTES, words.root_windows);
}

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

export function boundedText(value, bound, guess = false) {
  return { exact: "", upper: "≤ ", lower: "≥ " }[bound] + (guess ? "≈" : "") + number(value);
}

// A node of a textbook tree is named by its path ("2.1"); the root is "root".
export function isTextbook(trace) {
  return trace.game === "textbook";
}

// What a row calls a node: "X plays 5", "Position, X to move", or a textbook node's "MIN 2.1".
export function moveText(node, textbook) {
  if (textbook) return node.move === null || node.move === undefined ? "Root" : node.position;
  if (node.move === null || node.move === undefined) return `Position, ${node.to_move} to move`;
  return `${otherSide(node.to_move)} plays ${node.label}`;
}

// The same for screen readers and sentences: "X playing 5", "the root".
export function moveWords(node, textbook) {
  if (textbook) return node.move === null || node.move === undefined ? "the root" : `node ${node.position}`;
  if (node.move === null || node.move === undefined) return `the position, ${node.to_move} to move`;
  return `${otherSide(node.to_move)} playing ${node.label}`;
}

export function cutText(cut) {
  return `${cut.condition}: the rest of this node is cut`;
}

function listed(names) {
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

// One sentence for a replayed event. ``find(id)`` gives a loaded node or stub;
// ``labelOf(parentId, move)`` a move's label below a node.
export function eventText(event, { find, labelOf, textbook, evaluation }) {
  const node = find(event.node);
  const here = node ? moveWords(node, textbook) : `node ${event.node}`;
  const bounds = "alpha" in event ? ` with ${windowText(event)}` : "";
  const role = node && node.role ? `${node.role}${textbook ? "" : ` (${node.to_move})`}` : "";
  switch (event.type) {
    case "enter":
      return event.depth === 0
        ? `Start at ${textbook ? "the root" : "the position"}: ${role} to move${bounds}.`
        : `Enter ${here}: ${role} to move${bounds}.`;
    case "leaf":
      return `Game over at ${here}: ${node.outcome}, worth ${number(event.value)}.`;
    case "hidden": {
      const size = `${count(event.nodes)} node${event.nodes === 1 ? "" : "s"}`;
      return `Search ${here} in one step (${size}, folded): worth ${boundedText(event.value, event.bound, node?.guess)}. Open it to see inside.`;
    }
    case "update": {
      const move = labelOf(event.node, event.move);
      const keeps = node.role === "MAX" ? "largest" : "smallest";
      return `Back at ${here}: ${textbook ? move : `the move ${move}`} is worth ${number(event.child_value)}; the ${keeps} so far is ${number(event.value)}${bounds ? ` — now ${windowText(event)}` : ""}.`;
    }
    case "cut": {
      const moves = event.pruned.map((move) => labelOf(event.node, move));
      return `✂ ${cutText(event)}: ${listed(moves)} ${moves.length === 1 ? "is" : "are"} never searched.`;
    }
    case "exit":
      if (node && node.horizon && !node.terminal) {
        return textbook
          ? `Leaf ${node.position}: its value is ${event.text}.`
          : `The depth limit: ${here} is not searched further; ${evaluation} values it ${event.text} (a guess, not a proof).`;
      }
      return `Leave ${here}: it is worth ${event.text}${event.bound === "exact" ? "" : " (only a bound: it was cut)"}.`;
    default:
      return event.type;
  }
}
