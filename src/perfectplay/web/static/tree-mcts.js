// Monte Carlo tree search in the search-tree panel.
//
// ``mctsFacts``: what a row of the tree viewer says about a node MCTS grew:
// the mean reward it learned for the side that made the move (1 a win, 0.5 a
// draw, 0 a loss), its visits (with a bar), and beside them the exact outcome
// the solver proves, in red where the mean still points the other way.
//
// ``createConvergence``: the plot of MCTS held against the exact value as its
// iterations grow, for the position in front of you or one of the study's
// positions (POST /api/mcts/convergence: the study ``perfectplay mcts`` prints,
// drawn by the server's own plot).

import { element } from "./tree-dom.js";
import { count } from "./tree-words.js";

const REWARDS = { win: 1, draw: 0.5, loss: 0 };

// The study's positions, as teaching/mcts_study.py's STUDY_POSITIONS (a test holds the two equal).
export const STUDY_POSITIONS = [
  ["tictactoe", "X.O/.../..."],
  ["tictactoe", "XO./.X./..O"],
  ["connect4", "52753311433677442422121"],
  ["connect4", "5554224333234511764415115"],
  ["connect4", "7422341735647741166133573473242566"],
];

const CHECKPOINTS = [10, 30, 100, 300, 1000, 3000];
const RUNS = 10;

function span(className, text) {
  return element("span", className, text);
}

// True where the mean still points away from the exact outcome: a won move under 0.5, a lost one over it,
// a drawn one nearer a win or a loss than a draw (as viz/mcts_tree.py marks it).
function pointsAway(mean, exact) {
  if (exact === "win") return mean < 0.5;
  if (exact === "loss") return mean > 0.5;
  return Math.abs(mean - 0.5) > 0.25;
}

export function mctsFacts(node, trace) {
  if (node.move === null || node.move === undefined) return [span("tvalue", `${count(node.visits)} visits`)];
  const facts = [span("tvalue", `mean ${node.text}`)];
  const bar = span("tvisits", "");
  bar.setAttribute("aria-hidden", "true");
  bar.style.setProperty("--share", String(Math.max(0.02, node.visits / trace.iterations)));
  facts.push(bar, span("tmeta", `${count(node.visits)} visits`));
  if (node.exact) {
    const off = pointsAway(node.mean, node.exact);
    const exact = span(`texact${off ? " off" : ""}`, `exact: ${node.exact} (${REWARDS[node.exact]})`);
    exact.title = off
      ? "The mean still points the other way: more iterations would move it towards the exact value."
      : "The solver's outcome for the side that made the move, on the same scale as the mean.";
    facts.push(exact);
  } else {
    facts.push(span("texact unknown", "exact: not proven here"));
  }
  if (node.chosen) facts.push(span("tbest", node.depth === 1 ? "★ MCTS plays this" : "★ its most visited reply"));
  if (node.terminal) facts.push(span("toutcome", "game over"));
  return facts;
}

function studyName([game, position]) {
  return `${game === "tictactoe" ? "Tic-tac-toe" : "Connect Four"} ${position}`;
}

// ``current()``: the position in front of you, {game, position, to_move}; ``request(body)``: the API call.
export function createConvergence(box, { current, request }) {
  const heading = element("h3", "tcolumn-title", "Does MCTS converge to the exact value?");
  const label = element("label", "tfield tmcts-study", "Position ");
  const select = element("select");
  select.append(Object.assign(element("option", "", "the one in front of you"), { value: "" }));
  STUDY_POSITIONS.forEach((study, index) => select.append(Object.assign(element("option", "", studyName(study)), { value: String(index) })));
  label.append(select);
  const go = element("button", "primary tmcts-plot", "Plot convergence");
  go.type = "button";
  const note = element("p", "note", `${RUNS} seeded runs at ${CHECKPOINTS.map(count).join(", ")} iterations: how often MCTS's move is an exact best move, how often it keeps the value, and how far its value is from the exact one.`);
  const result = element("div", "tmcts-result");
  result.setAttribute("aria-live", "polite");
  go.addEventListener("click", () => {
    const chosen = select.value === "" ? current() : { game: STUDY_POSITIONS[Number(select.value)][0], position: STUDY_POSITIONS[Number(select.value)][1] };
    result.replaceChildren(element("p", "note", "Running the study…"));
    go.disabled = true;
    request({ ...chosen, iterations: CHECKPOINTS, runs: RUNS, seed: 0 })
      .then((study) => result.replaceChildren(plot(study), summary(study)))
      .catch((error) => result.replaceChildren(element("p", "note tree-off", `${error.message}.`)))
      .finally(() => {
        go.disabled = false;
      });
  });
  box.replaceChildren(heading, label, go, note, result);
}

function plot(study) {
  // The server's own drawing (viz/convergence.py), the one `perfectplay mcts --svg` and the notebook show.
  const parsed = new DOMParser().parseFromString(study.svg, "image/svg+xml").documentElement;
  const figure = element("figure", "tmcts-plot-figure");
  figure.append(document.importNode(parsed, true));
  figure.querySelector("svg")?.setAttribute("role", "img");
  return figure;
}

function summary(study) {
  const best = study.exact_best_labels.join(", ");
  const settled = study.always_best_from === null
    ? "Not every run plays an exact best move yet at the last checkpoint."
    : `Every run plays an exact best move from ${count(study.always_best_from)} iterations on.`;
  return element("p", "tmcts-summary", `Exact value: ${study.exact_outcome}; exact best moves: ${best}. ${settled}`);
}
