// "Why that move?": the computer's options, each with its exact outcome, from
// the analysis the server returned with the computer's move, and the server's
// sentence about the move it actually played (analysis.advice: a mistake is
// called one). The page ranks nothing itself: the best moves are the server's.

import { outcomeText } from "./outcome.js";

const LISTED = 12; // moves listed on a big board; the rest are counted by outcome

// The analyses found without a search (analysis.algorithm): the opening book, or positions solved ahead of time.
const ANSWERED_AHEAD = new Set(["book", "layer"]);

const EMPTY_NOTE = "After the computer moves, every move it could have played is listed here with its outcome.";

export function createWhyPanel(element) {
  let shownFor = null;

  // view.why: {analysis, move, level} of the last computer move up to the position shown, or null.
  function update(view) {
    const why = view.why;
    const key = why ? `${why.analysis.position}|${why.analysis.to_move}|${why.move}|${why.level}` : null;
    if (key === shownFor) return;
    shownFor = key;
    if (!why) {
      element.replaceChildren(Object.assign(document.createElement("p"), { className: "note", textContent: EMPTY_NOTE }));
      return;
    }
    const { analysis, move } = why;
    const chosen = analysis.moves.find((entry) => entry.move === move);
    const best = new Set(analysis.advice.moves);
    // "best" marks only mean something when some moves are worse.
    const markBest = best.size < analysis.moves.length;
    const heading = document.createElement("p");
    heading.className = "why-summary";
    heading.dataset.verdict = best.has(move) ? "best" : "worse";
    heading.textContent = `The computer (${analysis.to_move}) played ${chosen.label}. ${analysis.advice.why}`;
    const list = document.createElement("ol");
    list.className = "why-moves";
    const listed = analysis.moves.filter((entry, index) => index < LISTED || entry.move === move);
    for (const entry of listed) {
      const item = document.createElement("li");
      item.className = `why-${entry.outcome}${entry.move === move ? " played" : ""}${best.has(entry.move) ? " best" : ""}`;
      item.dataset.move = String(entry.move);
      const where = document.createElement("span");
      where.className = "why-label";
      where.textContent = entry.label;
      const what = document.createElement("span");
      what.className = "why-outcome";
      const marks = [entry.move === move ? "← played" : "", markBest && best.has(entry.move) ? "best" : ""].filter(Boolean);
      what.textContent = outcomeText(entry) + (marks.length ? `  (${marks.join(", ")})` : "");
      item.append(where, what);
      list.append(item);
    }
    const rest = analysis.moves.filter((entry) => !listed.includes(entry));
    if (rest.length) list.append(moreItem(rest));
    const stats = document.createElement("p");
    stats.className = "note";
    const took = `${(analysis.seconds * 1000).toFixed(1)} ms`;
    if (ANSWERED_AHEAD.has(analysis.algorithm)) {
      // The heading names the source (the server's words); no search ran, so no limit stopped one.
      stats.textContent = `Answered without a search, in ${took}.`;
    } else {
      const stopped = analysis.complete ? "" : " (stopped at the time limit)";
      const positions = analysis.nodes === 1 ? "position" : "positions";
      stats.textContent = `${analysis.nodes.toLocaleString()} ${positions} searched in ${took}${stopped}.`;
    }
    element.replaceChildren(heading, list, stats);
  }

  return { update };
}

// "… 212 more moves: 200 not proven, 12 loss" for the moves not listed.
function moreItem(rest) {
  const counts = new Map();
  for (const entry of rest) {
    const words = entry.outcome === "unknown" ? "not proven" : entry.outcome;
    counts.set(words, (counts.get(words) || 0) + 1);
  }
  const item = document.createElement("li");
  item.className = "why-more";
  const parts = [...counts].map(([words, count]) => `${count} ${words}`);
  item.textContent = `… ${rest.length} more ${rest.length === 1 ? "move" : "moves"}: ${parts.join(", ")}`;
  return item;
}
