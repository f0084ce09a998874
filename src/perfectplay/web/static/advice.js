// Advice from an analysis (the server's JSON): which moves to hint, and the
// words for a move the computer chose. Moves are named by their labels, as
// drawn on the board and typed in the terminal.
//
// Moves are compared by what is proven about them, best first:
//   proven wins (the fastest first) > proven draws > unproven moves > proven
//   losses (the slowest first).
// So a hint never prefers a move the search could not value over one it
// proved to draw (on big boards the time limit leaves many moves unproven).

import { capitalized, orList, outcomeText } from "./outcome.js";

// [class, tie-break]: larger is better.
function merit(entry, preferred) {
  switch (entry.outcome) {
    case "win":
      return [3, -entry.plies];
    case "draw":
      return [2, 0];
    case "loss":
      return [0, entry.plies];
    default:
      // Among unproven moves, the ones the deepest finished search preferred.
      return [1, preferred.has(entry.move) ? 1 : 0];
  }
}

function compare(a, b) {
  return a[0] - b[0] || a[1] - b[1];
}

// The best moves of an analysis by the order above, in move order.
export function bestMoves(analysis) {
  const preferred = new Set(analysis.best);
  let top = null;
  for (const entry of analysis.moves) {
    const value = merit(entry, preferred);
    if (top === null || compare(value, top) > 0) top = value;
  }
  return analysis.moves
    .filter((entry) => compare(merit(entry, preferred), top) === 0)
    .sort((a, b) => a.move - b.move);
}

function labels(entries) {
  return orList(entries.map((entry) => entry.label));
}

// "Hint for X: play 5 (draw with best play)."
export function hintText(analysis, best) {
  const first = best[0];
  const what = {
    win: `${outcomeText(first)}: a forced win`,
    draw: "a draw with best play",
    loss: `every move loses against best play; this one holds out longest: ${outcomeText(first)}`,
    unknown: "the best found in the time limit; the search could not prove its outcome",
  }[first.outcome];
  return `Hint for ${analysis.to_move}: play ${labels(best)} (${what}).`;
}

// The sentence under "Why that move?" for the move the computer actually
// played: a best move is explained as such; a worse one is called a mistake,
// next to the move that was better and what it would have led to.
export function explainChoice(analysis, move, levelName, levelNote) {
  const chosen = analysis.moves.find((entry) => entry.move === move);
  const best = bestMoves(analysis);
  const preferred = new Set(analysis.best);
  const gap = compare(merit(best[0], preferred), merit(chosen, preferred));
  const level = levelNote ? ` At level ${capitalized(levelName)} the computer ${levelNote}.` : "";
  if (gap === 0 || (chosen.outcome === "unknown" && best[0].outcome !== "win")) {
    return bestChoice(analysis, chosen, best);
  }
  if (chosen.outcome === "unknown") {
    return `It could not prove this move's outcome in time, and it missed a win: ${labels(best)} ` +
      `${best.length === 1 ? "wins" : "win"} (${outcomeText(best[0])}).${level}`;
  }
  const sameKind = { win: "a slower win", loss: "a quicker loss" }[chosen.outcome];
  const worse = chosen.outcome === best[0].outcome ? sameKind : "a mistake";
  return `That is ${worse}: it leads to ${outcomeText(chosen)}, but ${labels(best)} would have led to ` +
    `${best[0].outcome === "unknown" ? "an outcome the search could not prove in time" : outcomeText(best[0])}.${level}`;
}

function bestChoice(analysis, chosen, best) {
  if (chosen.outcome === "unknown") {
    const proven = analysis.moves.filter((entry) => entry.outcome === "draw");
    const draws = proven.length
      ? ` ${labels(proven)} ${proven.length === 1 ? "is a proven draw" : "are proven draws"}.`
      : "";
    return "The time limit came before this position was solved, so this is the best move found in time " +
      `(a win in one or a forced block is never missed).${draws}`;
  }
  const total = analysis.moves.length;
  const same = best.length;
  const worse = total - same;
  const outcome = outcomeText(chosen);
  const verdict = {
    win: chosen.plies === 1 ? "This move wins at once." : `It sees a forced ${outcome}: it wins however you reply.`,
    draw: "With best play from here the game is a draw.",
    loss: `Every move loses against best play; this one holds out longest (${outcome}).`,
  }[chosen.outcome];
  const choice = same === 1 ? "No other move is as good." : `${same} of ${total} moves are equally good; it picked one of them.`;
  const blunders = worse > 0 ? ` ${worse} ${worse === 1 ? "move does" : "moves do"} worse.` : "";
  return `${verdict} ${choice}${blunders}`;
}
