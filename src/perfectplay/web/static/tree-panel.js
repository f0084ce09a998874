// "Search tree": the trees minimax and alpha-beta really searched for the
// board in front of you, side by side with their node counts, each with its
// own step-through player. Collapsed until asked for, so plain play stays
// light; while open it follows the game and traces each new position.

import * as api from "./api.js";
import { createPlayer } from "./tree-player.js";
import { createTreeView } from "./tree-view.js";
import { ALGORITHM_NAMES, count } from "./tree-words.js";

const ALGORITHMS = ["minimax", "alphabeta"];

function element(tag, className, text) {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

// ``section``: the panel's element, holding #tree-toggle and #tree-body.
// ``board()``: the game of the position shown, {game: spec}.
export function createTreePanel(section, board) {
  const toggle = section.querySelector("#tree-toggle");
  const body = section.querySelector("#tree-body");
  let open = false;
  let view = null;
  let shownFor = null; // "position|to_move" the trees are for
  let players = [];
  let chosenTab = "alphabeta";

  toggle.addEventListener("click", () => {
    open = !open;
    toggle.setAttribute("aria-expanded", String(open));
    toggle.textContent = open ? "Hide the search tree" : "Show the search tree";
    body.hidden = !open;
    if (!open) stopPlayers();
    refresh();
  });

  function stopPlayers() {
    for (const player of players) player.stop();
  }

  function request(algorithm, extra) {
    return api.tree({ ...board(), position: view.position, to_move: view.toMove, algorithm, depth: 1, ...extra });
  }

  function refresh() {
    if (!open || !view) return;
    if (view.treeOff) {
      // Off for this game or position: say why in plain words, ask the server nothing.
      if (shownFor !== view.treeOff) {
        stopPlayers();
        players = [];
        body.replaceChildren(element("p", "note tree-off", view.treeOff));
      }
      shownFor = view.treeOff;
      return;
    }
    const key = `${view.game}|${view.position}|${view.toMove}`;
    if (view.busy) {
      if (shownFor !== key) body.replaceChildren(element("p", "note", "Waiting for the computer's move…"));
      return;
    }
    if (key === shownFor) return;
    shownFor = key;
    stopPlayers();
    players = [];
    build(key);
  }

  function build(key) {
    const intro = element("p", "tintro", "");
    const compare = element("div", "tcompare");
    compare.setAttribute("aria-live", "polite");
    const tabs = element("div", "ttabs");
    tabs.setAttribute("role", "tablist");
    tabs.setAttribute("aria-label", "Algorithm");
    const columns = element("div", "tcolumns");
    const answers = {};
    for (const algorithm of ALGORITHMS) {
      const column = element("section", "tcolumn");
      column.id = `tree-${algorithm}`;
      column.dataset.algorithm = algorithm;
      column.setAttribute("role", "tabpanel");
      column.setAttribute("aria-label", ALGORITHM_NAMES[algorithm]);
      column.append(element("p", "note", `Tracing ${ALGORITHM_NAMES[algorithm].toLowerCase()}…`));
      columns.append(column);
      const tab = element("button", "ttab", ALGORITHM_NAMES[algorithm]);
      tab.type = "button";
      tab.setAttribute("role", "tab");
      tab.setAttribute("aria-controls", column.id);
      tab.dataset.algorithm = algorithm;
      tab.addEventListener("click", () => selectTab(algorithm));
      tabs.append(tab);
      request(algorithm)
        .then((trace) => {
          if (shownFor !== key) return;
          answers[algorithm] = trace;
          fillColumn(column, trace);
          fillIntro(intro, trace);
          fillCompare(compare, answers);
        })
        .catch((error) => {
          if (shownFor !== key) return;
          const message = error.message.charAt(0).toUpperCase() + error.message.slice(1);
          // A refusal (422) says why the tree is off here: plain words, not an error.
          column.replaceChildren(element("p", error.status === 422 ? "note tree-off" : "tproblem", `${message}.`));
        });
    }
    body.replaceChildren(intro, compare, tabs, columns);
    selectTab(chosenTab);
  }

  // Phone width shows one tree at a time; the tabs pick it (CSS hides them when both fit).
  function selectTab(algorithm) {
    chosenTab = algorithm;
    for (const tab of body.querySelectorAll(".ttab")) tab.setAttribute("aria-selected", String(tab.dataset.algorithm === algorithm));
    for (const column of body.querySelectorAll(".tcolumn")) column.classList.toggle("tab-chosen", column.dataset.algorithm === algorithm);
  }

  function fillIntro(intro, trace) {
    if (trace.tree.terminal) {
      intro.textContent = `The game is over (${trace.outcome}): the search stops at once, so the tree is a single node.`;
      return;
    }
    intro.textContent =
      `The real search for the board in front of you, ${trace.to_move} to move (MAX). ` +
      `Values are from ${trace.to_move}'s side: ${trace.values.split("; ").at(-1).replaceAll(" - ", " − ")}. ` +
      "Open a move with ▸ to see what was searched below it; hover a move to light up its subtree.";
  }

  function fillCompare(compare, answers) {
    const known = ALGORITHMS.filter((algorithm) => answers[algorithm]);
    const most = Math.max(...known.map((algorithm) => answers[algorithm].nodes));
    const rows = known.map((algorithm) => {
      const trace = answers[algorithm];
      const row = element("div", `tbar-row ${algorithm}`);
      row.append(element("span", "tbar-name", ALGORITHM_NAMES[algorithm]));
      const track = element("span", "tbar-track");
      const bar = element("span", "tbar");
      bar.style.width = `${Math.max(1, (100 * trace.nodes) / most)}%`;
      track.append(bar);
      const pruned = algorithm === "alphabeta" ? ` · ${count(trace.pruned)} cut` : "";
      const figure = element("span", "tbar-count", "");
      figure.append(element("strong", `tcount-${algorithm}`, count(trace.nodes)), ` nodes${pruned}`);
      row.append(track, figure);
      return row;
    });
    const heading = element("h3", "tcompare-title", "Nodes searched");
    compare.replaceChildren(heading, ...rows);
    if (answers.minimax && answers.alphabeta && answers.minimax.nodes > 1) {
      const share = (100 * answers.alphabeta.nodes) / answers.minimax.nodes;
      const times = answers.minimax.nodes / answers.alphabeta.nodes;
      compare.append(
        element(
          "p",
          "tcompare-summary",
          `Alpha-beta finds the same value, ${answers.alphabeta.outcome}, after ${share < 10 ? share.toFixed(1) : share.toFixed(0)}% of minimax's nodes (${times.toFixed(1)}× fewer).`,
        ),
      );
    }
  }

  function fillColumn(column, trace) {
    const heading = element("h3", "tcolumn-title", ALGORITHM_NAMES[trace.algorithm]);
    const facts = element(
      "p",
      "tfacts",
      trace.algorithm === "alphabeta"
        ? `${count(trace.nodes)} nodes · ${count(trace.pruned)} subtrees cut · value ${trace.tree.text} (${trace.outcome})`
        : `${count(trace.nodes)} nodes · every move searched · value ${trace.tree.text} (${trace.outcome})`,
    );
    const playerBox = element("div", "tplayer");
    const treeBox = element("div", "tbox");
    treeBox.tabIndex = -1;
    let player = null;
    const view = createTreeView(treeBox, {
      document: trace,
      load: (path) => request(trace.algorithm, { path }),
      onEvents: (events, start, removed, added) => player?.replace(events, start, removed, added),
    });
    player = createPlayer(playerBox, {
      algorithm: trace.algorithm,
      events: view.events(),
      nodes: view.nodes,
      cols: view.cols,
      show: view.show,
    });
    players.push(player);
    column.replaceChildren(heading, facts, playerBox, treeBox);
  }

  // main.js calls this after every change of the game.
  function update(next) {
    view = next;
    refresh();
  }

  return { update };
}
