// "Why that move?": the computer's options, each with its exact outcome,
// from the analysis the server returned with the computer's move.

import { cellName, outcomeText } from "./outcome.js";

function sentence(analysis, move) {
  const chosen = analysis.moves.find((entry) => entry.move === move);
  if (chosen.outcome === "unknown") {
    return "The time limit came before this position was solved, so this is the best move found in time " +
      "(a win in one or a forced block is never missed).";
  }
  const same = analysis.moves.filter((entry) => entry.score === chosen.score).length;
  const total = analysis.moves.length;
  const worse = total - same;
  const outcome = outcomeText(chosen);
  const verdict = {
    win: chosen.plies === 1 ? "This move wins at once." : `It sees a forced ${outcome}: it wins however you reply.`,
    draw: "With best play from here the game is a draw.",
    loss: `Every move loses against best play; this one holds out longest (${outcome}).`,
  }[chosen.outcome];
  const choice =
    same === 1 ? "No other move is as good." : `${same} of ${total} moves are equally good; it picked one of them.`;
  const blunders = worse > 0 ? ` ${worse} ${worse === 1 ? "move does" : "moves do"} worse.` : "";
  return `${verdict} ${choice}${blunders}`;
}

export function createWhyPanel(element) {
  let shownFor = null;

  // view.why: {analysis, move} of the computer's last move, or null.
  function update(view) {
    const why = view.why;
    const key = why ? `${why.analysis.position}|${why.move}` : null;
    if (key === shownFor) return;
    shownFor = key;
    if (!why) {
      element.replaceChildren(Object.assign(document.createElement("p"), {
        className: "note",
        textContent: "After the computer moves, every move it could have played is listed here with its outcome.",
      }));
      return;
    }
    const { analysis, move } = why;
    const chosen = analysis.moves.find((entry) => entry.move === move);
    const heading = document.createElement("p");
    heading.className = "why-summary";
    heading.textContent = `The computer (${analysis.to_move}) played ${cellName(chosen.row, chosen.col)}. ${sentence(analysis, move)}`;
    const list = document.createElement("ol");
    list.className = "why-moves";
    for (const entry of analysis.moves) {
      const item = document.createElement("li");
      item.className = `why-${entry.outcome}${entry.move === move ? " played" : ""}`;
      const where = document.createElement("span");
      where.textContent = cellName(entry.row, entry.col);
      const what = document.createElement("span");
      what.className = "why-outcome";
      what.textContent = outcomeText(entry) + (entry.move === move ? "  ← played" : "");
      item.append(where, what);
      list.append(item);
    }
    const stats = document.createElement("p");
    stats.className = "note";
    const stopped = analysis.complete ? "" : " (stopped at the time limit)";
    const positions = analysis.nodes === 1 ? "position" : "positions";
    stats.textContent = `${analysis.nodes.toLocaleString()} ${positions} searched in ${(analysis.seconds * 1000).toFixed(1)} ms${stopped}.`;
    element.replaceChildren(heading, list, stats);
  }

  return { update };
}
