// "Search tree": the trees the searches really searched for the position in
// front of you, two side by side, each with its own step-through replay.
//
// Three views: minimax against alpha-beta (optionally depth-limited with a
// named evaluation, beside perfect play), alpha-beta under two move orders
// (the cuts that appear and vanish, every order's node count), and textbook
// trees of leaf values (with a pruning quiz), and the tree Monte Carlo tree
// search grew with its convergence to the exact value. Collapsed until asked for, so
// plain play stays light; while open it follows the game.

import * as api from "./api.js";
import { capitalized } from "./outcome.js";
import { comparisonTable } from "./tree-compare.js";
import { countBars, orderBars } from "./tree-counts.js";
import { button, choice, element } from "./tree-dom.js";
import { createConvergence } from "./tree-mcts.js";
import { createPlayer } from "./tree-player.js";
import { createPractice } from "./tree-practice.js";
import { createQuiz } from "./tree-quiz.js";
import { createTreeView } from "./tree-view.js";
import { ALGORITHM_NAMES, ORDER_NAMES, ORDER_NOTES, ROOT_WINDOW_NOTES, count } from "./tree-words.js";

const MODES = [
  ["search", "Minimax and alpha-beta"],
  ["orders", "Two move orders"],
  ["textbook", "Textbook tree"],
  ["mcts", "Monte Carlo tree search"],
];
const ITERATIONS = [100, 1000, 10000].map((iterations) => [String(iterations), `${count(iterations)} iterations`]);
const DEPTHS = [["", "to the end"], ...[1, 2, 3, 4, 5, 6].map((depth) => [String(depth), `${depth} ${depth === 1 ? "ply" : "plies"}`])];
const orderChoices = () => Object.entries(ORDER_NAMES); // filled from the server's words at start
const CLASSIC = "3 12 8 | 2 4 6 | 14 5 2";

// The root window in force, in the server's words (words.ROOT_WINDOWS): "first" the textbook's, "best" the engine's.
function rootNote(engineRoot) {
  const note = ROOT_WINDOW_NOTES[engineRoot ? "best" : "first"];
  return `Root window: ${note}.`;
}

// ``section``: the panel's element, holding #tree-toggle and #tree-body.
// ``board()``: the game of the position shown, {game: spec}.
export function createTreePanel(section, board) {
  const toggle = section.querySelector("#tree-toggle");
  const body = section.querySelector("#tree-body");
  const settings = {
    mode: "search",
    depth: null,
    evaluation: null,
    order: "natural",
    left: "natural",
    right: "best-first",
    engineRoot: false,
    tree: CLASSIC,
    quiz: false,
    iterations: 1000,
    seed: 0,
  };
  const form = element("form", "tsettings");
  form.setAttribute("aria-label", "What the search tree shows");
  form.addEventListener("submit", (event) => event.preventDefault());
  const content = element("div", "tcontent");
  body.replaceChildren(form, content);
  let evaluations = null; // [{name, summary}] for the game, from the last trace
  let usedEvaluation = null; // the evaluation the server chose when none was named
  let open = false;
  let view = null;
  let shownFor = null;
  let players = [];
  let chosenTab = 1;

  toggle.addEventListener("click", () => {
    open = !open;
    toggle.setAttribute("aria-expanded", String(open));
    toggle.textContent = open ? "Hide the search tree" : "Show the search tree";
    body.hidden = !open;
    if (!open) stopPlayers();
    drawSettings();
    refresh();
  });

  function stopPlayers() {
    for (const player of players) player.stop();
  }

  function change(update) {
    Object.assign(settings, update);
    drawSettings();
    refresh();
  }

  // --- the settings form --------------------------------------------------------------

  function drawSettings() {
    // Redrawn on every change: the control that had the focus keeps it.
    const focused = form.contains(document.activeElement) ? document.activeElement.closest("label, button") : null;
    const focusKey = focused ? `${focused.tagName}.${focused.className}|${focused.textContent}` : null;
    const modes = element("fieldset", "tmodes");
    modes.append(element("legend", "", "Show"));
    for (const [mode, text] of MODES) {
      const label = element("label", "tmode");
      const radio = Object.assign(element("input"), { type: "radio", name: "tree-mode", value: mode, checked: settings.mode === mode });
      radio.addEventListener("change", () => change({ mode }));
      label.append(radio, ` ${text}`);
      modes.append(label);
    }
    const fields = element("div", "tfields");
    if (settings.mode === "textbook") {
      fields.append(...textbookFields());
    } else if (settings.mode === "mcts") {
      fields.append(choice("Iterations", ITERATIONS, String(settings.iterations), (value) => change({ iterations: Number(value) }), "titerations"));
      const seeds = [0, 1, 2, 3, 4].map((seed) => [String(seed), String(seed)]);
      fields.append(choice("Seed", seeds, String(settings.seed), (value) => change({ seed: Number(value) }), "tseed"));
    } else {
      fields.append(choice("Search depth", DEPTHS, settings.depth === null ? "" : String(settings.depth), (value) =>
        change({ depth: value === "" ? null : Number(value) }), "tdepth"));
      if (settings.depth !== null) fields.append(evaluationField());
      if (settings.mode === "search") {
        fields.append(choice("Alpha-beta's order", orderChoices(), settings.order, (order) => change({ order }), "torder"));
      } else {
        fields.append(choice("Left", orderChoices(), settings.left, (left) => change({ left }), "torder-left"));
        fields.append(choice("Right", orderChoices(), settings.right, (right) => change({ right }), "torder-right"));
      }
      const root = element("label", "tfield tengine-root");
      const tick = Object.assign(element("input"), { type: "checkbox", checked: settings.engineRoot, id: "tree-engine-root" });
      tick.addEventListener("change", () => change({ engineRoot: tick.checked }));
      root.append(tick, " Engine's root window (finds every best move)");
      fields.append(root);
    }
    const notes = element("p", "note tsettings-note");
    if (settings.mode !== "textbook" && settings.mode !== "mcts") notes.textContent = rootNote(settings.engineRoot);
    if (settings.mode === "orders") notes.textContent += ` ${capitalized(settings.left)}: ${ORDER_NOTES[settings.left]}; ${settings.right}: ${ORDER_NOTES[settings.right]}.`;
    form.replaceChildren(modes, fields, notes);
    if (focusKey) {
      const again = [...form.querySelectorAll("label, button")].find(
        (candidate) => `${candidate.tagName}.${candidate.className}|${candidate.textContent}` === focusKey,
      );
      (again?.matches("button") ? again : again?.querySelector("input, select"))?.focus();
    }
  }

  function evaluationField() {
    const known = evaluations || [{ name: settings.evaluation || "", summary: "the game's default" }];
    const options = known.map((entry) => [entry.name, entry.name || "default"]);
    const chosen = settings.evaluation || usedEvaluation || known[0].name;
    const field = choice("Evaluation", options, chosen, (evaluation) => change({ evaluation }), "teval");
    const summary = known.find((entry) => entry.name === chosen);
    if (summary) field.title = summary.summary;
    return field;
  }

  function textbookFields() {
    const label = element("label", "tfield ttree-text", "Leaf values ");
    const input = Object.assign(element("input"), { type: "text", value: settings.tree, id: "tree-textbook", spellcheck: false });
    input.setAttribute("aria-describedby", "tree-textbook-help");
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        event.preventDefault();
        change({ tree: input.value, quiz: false });
      }
    });
    label.append(input);
    const help = element("p", "note", "Groups separated by | (3 12 8 | 2 4 6 | 14 5 2), or brackets for deeper trees ([[[3 5] [6 9]] [[1 2] [0 -1]]]). The root is MAX.");
    help.id = "tree-textbook-help";
    const draw = button("Draw", () => change({ tree: input.value, quiz: false }));
    const random = button("Random tree", () => {
      const seed = Math.floor(Math.random() * 1_000_000);
      api
        .textbook({ seed, algorithm: "minimax" })
        .then((drawn) => change({ tree: drawn.tree_text, quiz: settings.quiz }))
        .catch((error) => content.replaceChildren(problemNote(error)));
    });
    const quiz = button(settings.quiz ? "Step through it" : "Quiz: which nodes are pruned?", () => change({ tree: input.value, quiz: !settings.quiz }), { className: "tquiz-toggle" });
    const order = choice("Alpha-beta's order", orderChoices(), settings.order, (value) => change({ order: value, tree: input.value }), "torder");
    return [label, draw, random, order, quiz, help];
  }

  // --- requests -------------------------------------------------------------------------

  function position() {
    return { ...board(), position: view.position, to_move: view.toMove };
  }

  function searchFields(algorithm) {
    const fields = {};
    if (settings.depth !== null) {
      fields.search_depth = settings.depth;
      if (settings.evaluation) fields.evaluation = settings.evaluation;
    }
    if (algorithm === "alphabeta" && settings.engineRoot) fields.root = "best";
    return fields;
  }

  function shownDepth() {
    return settings.depth === null ? 1 : Math.min(settings.depth, 3);
  }

  function traceRequest(algorithm, extra = {}) {
    return (more = {}) =>
      api.tree({ ...position(), algorithm, depth: shownDepth(), ...searchFields(algorithm), ...extra, ...more });
  }

  function textbookRequest(algorithm) {
    const order = algorithm === "alphabeta" ? { order: settings.order } : {};
    return () => api.textbook({ tree: settings.tree, algorithm, ...order });
  }

  // --- building the views ---------------------------------------------------------------

  function keyOf() {
    if (settings.mode === "textbook") return JSON.stringify(["textbook", settings.tree, settings.order, settings.quiz]);
    if (settings.mode === "mcts") return JSON.stringify(["mcts", board(), view.position, view.toMove, settings.iterations, settings.seed]);
    return JSON.stringify([board(), view.position, view.toMove, settings]);
  }

  function refresh() {
    if (!open) return;
    if (settings.mode !== "textbook" && !view) return;
    const key = keyOf();
    if (settings.mode !== "textbook" && view.busy) {
      // Keep the trees of this very position; any other waits for the computer's move.
      if (shownFor !== key) {
        stopPlayers();
        content.replaceChildren(element("p", "note", "Waiting for the computer's move…"));
        shownFor = null;
      }
      return;
    }
    if (key === shownFor) return;
    shownFor = key;
    stopPlayers();
    players = [];
    if (settings.mode === "search" || settings.mode === "orders") {
      if (view.treeOff && settings.depth === null) {
      // The page knows this position is too large to search to the end: say so, ask the server nothing.
        content.replaceChildren(offNote(view.treeOff, true));
        return;
      }
    }
    if (settings.mode === "textbook") buildTextbook(key);
    else if (settings.mode === "mcts") buildMcts(key);
    else if (settings.mode === "orders") buildOrders(key);
    else buildSearch(key);
  }

  // Why a position cannot be searched to the end, with the way out: a depth limit.
  function offNote(message, depthHelps) {
    const note = element("div", "note tree-off");
    note.append(element("p", "", message));
    if (depthHelps && settings.depth === null && settings.mode !== "textbook") {
      note.append(button("Search 2 plies deep instead", () => change({ depth: 2 }), { className: "primary" }));
    }
    return note;
  }

  function problemNote(error) {
    const message = `${capitalized(error.message)}.`;
    if (error.status === 422 && error.field === "position") return offNote(message, /search depth/.test(message));
    const note = element("div", error.status === 422 ? "note tree-off" : "tproblem");
    note.append(element("p", "", message));
    return note;
  }

  // Two columns side by side (tabs at phone width); ``specs``: [{id, title, tab, request, facts}].
  function columnsOf(key, specs, onTrace, onProblem) {
    const tabs = element("div", "ttabs");
    tabs.setAttribute("role", "tablist");
    tabs.setAttribute("aria-label", "Search");
    const columns = element("div", "tcolumns");
    specs.forEach((spec, place) => {
      const column = element("section", "tcolumn");
      column.id = `tree-${spec.id}`;
      column.dataset.place = String(place);
      column.setAttribute("role", "tabpanel");
      column.setAttribute("aria-label", spec.title);
      column.append(element("h3", "tcolumn-title", spec.title), element("p", "note", "Tracing…"));
      columns.append(column);
      const tab = element("button", "ttab", spec.tab || spec.title);
      tab.type = "button";
      tab.setAttribute("role", "tab");
      tab.setAttribute("aria-controls", column.id);
      tab.dataset.place = String(place);
      tab.addEventListener("click", () => selectTab(place));
      tabs.append(tab);
      spec
        .request()
        .then((trace) => {
          if (shownFor !== key) return;
          fillColumn(column, spec, trace);
          onTrace?.(spec, trace);
        })
        .catch((error) => {
          if (shownFor !== key) return;
          if (error.field === "evaluation" && settings.evaluation) {
            // An evaluation chosen for another game: back to this game's default.
            change({ evaluation: null });
            return;
          }
          column.replaceChildren(element("h3", "tcolumn-title", spec.title), problemNote(error));
          onProblem?.();
        });
    });
    return [tabs, columns];
  }

  function selectTab(place) {
    chosenTab = place;
    for (const tab of content.querySelectorAll(".ttab")) tab.setAttribute("aria-selected", String(Number(tab.dataset.place) === place));
    for (const column of content.querySelectorAll(".tcolumn")) column.classList.toggle("tab-chosen", Number(column.dataset.place) === place);
  }

  function fillColumn(column, spec, trace) {
    const facts = element("p", "tfacts", spec.facts(trace));
    const playerBox = element("div", "tplayer");
    const treeBox = element("div", "tbox");
    treeBox.tabIndex = -1;
    const tree = createTreeView(treeBox, { document: trace, load: (path) => spec.request({ path }) });
    if (trace.algorithm === "mcts") {
      // An MCTS tree is explored, not replayed: no step-through player.
      column.replaceChildren(element("h3", "tcolumn-title", spec.title), facts, treeBox);
      return;
    }
    players.push(
      createPlayer(playerBox, {
        algorithm: trace.algorithm,
        view: tree,
        evaluation: trace.search.evaluation,
        pseudocode: trace.pseudocode ?? [],
      }),
    );
    // A search the server limited itself (depth_note) is titled by the depth it really had.
    const title = trace.depth_note ? `Depth-${trace.search.depth} ${spec.title.toLowerCase()}` : spec.title;
    column.replaceChildren(element("h3", "tcolumn-title", title), facts, playerBox, treeBox);
  }

  function valueFacts(trace) {
    const outcome = trace.outcome ? ` (${trace.outcome})` : trace.tree.guess ? ` (an estimate of ${trace.search.evaluation})` : "";
    return `value ${trace.tree.text}${outcome}`;
  }

  function searchTitle(algorithm, order) {
    const depth = settings.depth === null || settings.mode === "textbook" ? "" : `Depth-${settings.depth} `;
    const name = depth ? ALGORITHM_NAMES[algorithm].toLowerCase() : ALGORITHM_NAMES[algorithm];
    const ordered = algorithm === "alphabeta" && order !== "natural" ? `, ${order} order` : "";
    return `${depth}${name}${ordered}`;
  }

  function introText(trace) {
    if (trace.tree.terminal) return `The game is over (${trace.outcome}): the search stops at once, so the tree is a single node.`;
    const side = `The real search for the position in front of you, ${trace.to_move} to move (MAX). `;
    const values = trace.search.depth === null
      ? `Values are from ${trace.to_move}'s side: ${trace.scores}. `
      : `It stops ${trace.search.depth} ${trace.search.depth === 1 ? "ply" : "plies"} below the position and values the positions there with ${trace.search.evaluation}: ` +
        "those horizon nodes are framed in purple and their values, written ≈v, are guesses, not proofs; wins and losses seen sooner are proven. ";
    return `${side}${values}Open a move with ▸ to see what was searched below it.`;
  }

  function buildSearch(key) {
    const intro = element("p", "tintro", "");
    const bars = element("div", "tbars");
    const comparison = element("div", "tdepth");
    const answers = {};
    const specs = ["minimax", "alphabeta"].map((algorithm) => ({
      id: algorithm,
      title: searchTitle(algorithm, settings.order),
      request: traceRequest(algorithm, algorithm === "alphabeta" ? { order: settings.order } : {}),
      facts: (trace) =>
        algorithm === "alphabeta"
          ? `${count(trace.nodes)} nodes · ${count(trace.pruned)} subtrees cut · ${valueFacts(trace)}`
          : `${count(trace.nodes)} nodes · every move searched · ${valueFacts(trace)}`,
    }));
    const [tabs, columns] = columnsOf(key, specs, (spec, trace) => {
      answers[spec.id] = trace;
      // The server's words when it limited a search too big to finish (depth_note).
      intro.textContent = trace.depth_note ? `${trace.depth_note} ${introText(trace)}` : introText(trace);
      learnEvaluations(trace);
      bars.replaceChildren(searchBars(answers));
    });
    content.replaceChildren(intro, bars, comparison, tabs, columns);
    selectTab(chosenTab);
    if (settings.depth !== null && !view.outcome) {
      comparison.append(element("p", "note", "Comparing with perfect play…"));
      api
        .compare({ ...position(), search_depth: settings.depth, ...(settings.evaluation ? { evaluation: settings.evaluation } : {}) })
        .then((answer) => shownFor === key && comparison.replaceChildren(comparisonTable(answer)))
        .catch((error) => shownFor === key && comparison.replaceChildren(problemNote(error)));
    }
  }

  function searchBars(answers) {
    const known = ["minimax", "alphabeta"].filter((algorithm) => answers[algorithm]);
    const box = countBars(
      "Nodes searched",
      known.map((algorithm) => ({
        name: ALGORITHM_NAMES[algorithm],
        nodes: answers[algorithm].nodes,
        detail: algorithm === "alphabeta" ? ` · ${count(answers[algorithm].pruned)} cut` : "",
        className: algorithm,
        countClass: `tcount-${algorithm}`,
      })),
    );
    const { minimax, alphabeta } = answers;
    if (minimax && alphabeta && minimax.nodes > 1) {
      const share = (100 * alphabeta.nodes) / minimax.nodes;
      const times = minimax.nodes / alphabeta.nodes;
      const value = alphabeta.outcome || alphabeta.tree.text;
      const said = alphabeta.nodes === minimax.nodes
        ? `Alpha-beta finds the same value, ${value}, and cuts nothing here: it searches every node minimax does.`
        : `Alpha-beta finds the same value, ${value}, after ${share < 10 ? share.toFixed(1) : share.toFixed(0)}% of minimax's nodes (${times.toFixed(1)}× fewer).`;
      box.append(element("p", "tcompare-summary", said));
    }
    return box;
  }

  // The evaluations that suit this game (and the one the server chose) come with each trace.
  function learnEvaluations(trace) {
    // A search the server limited itself (depth_note): the depth selector reads the depth really searched,
    // never "to the end".
    const depthShown = form.querySelector("label.tdepth select");
    if (trace.depth_note && settings.depth === null && depthShown && trace.search.depth !== null) {
      depthShown.value = String(trace.search.depth);
    }
    const used = trace.search.depth === null ? usedEvaluation : trace.search.evaluation;
    if (JSON.stringify(evaluations) !== JSON.stringify(trace.evaluations) || used !== usedEvaluation) {
      evaluations = trace.evaluations;
      usedEvaluation = used;
      if (settings.depth !== null) drawSettings();
    }
  }

  function buildOrders(key) {
    const intro = element(
      "p",
      "tintro",
      "Alpha-beta finds the same value whatever order it tries the moves in; the order decides what it cuts. " +
        `Left: ${settings.left} order, right: ${settings.right}. A pruned move marked “new cut” was searched by the other order; ` +
        "a node marked “cut in … order” was searched here but cut by the other.",
    );
    const bars = element("div", "tbars");
    bars.append(element("p", "note", "Counting every order…"));
    const sides = [settings.left, settings.right];
    const specs = sides.map((order, place) => ({
      id: `order-${place}`,
      title: `${settings.depth === null ? "Alpha-beta" : `Depth-${settings.depth} alpha-beta`} · ${order} order`,
      tab: capitalized(`${order} order`),
      request: traceRequest("alphabeta", { order, compare_order: sides[1 - place] }),
      facts: (trace) => `${count(trace.nodes)} nodes · ${count(trace.pruned)} subtrees cut · ${valueFacts(trace)}`,
    }));
    const [tabs, columns] = columnsOf(key, specs, (spec, trace) => {
      learnEvaluations(trace);
      if (trace.depth_note && !intro.dataset.limited) {
        intro.dataset.limited = "yes";
        intro.textContent = `${trace.depth_note} ${intro.textContent}`;
      }
    });
    content.replaceChildren(intro, bars, tabs, columns);
    selectTab(chosenTab);
    api
      .orders({ ...position(), ...searchFields("alphabeta") })
      .then((counts) => shownFor === key && bars.replaceChildren(orderBars(counts, sides)))
      .catch((error) => shownFor === key && bars.replaceChildren(problemNote(error)));
  }

  function buildTextbook(key) {
    const bars = element("div", "tbars");
    const quizBox = element("div", "tquiz");
    const specs = ["minimax", "alphabeta"].map((algorithm) => ({
      id: `textbook-${algorithm}`,
      title: searchTitle(algorithm, settings.order),
      request: textbookRequest(algorithm),
      facts: (trace) =>
        algorithm === "alphabeta"
          ? `${count(trace.nodes)} nodes · ${count(trace.pruned)} subtrees cut · value ${trace.tree.text}`
          : `${count(trace.nodes)} nodes · every node searched · value ${trace.tree.text}`,
    }));
    const [tabs, columns] = columnsOf(key, specs, (spec, trace) => {
      bars.replaceChildren(orderBars(trace.order_counts, [settings.order]));
      if (settings.quiz && spec.id === "textbook-minimax") startQuiz(quizBox, trace, [columns, tabs, bars]);
    }, () => {
      // A tree that cannot be read: its reason shows in the columns, not behind the quiz.
      quizBox.replaceChildren();
      for (const part of [columns, tabs]) part.hidden = false;
    });
    if (settings.quiz) {
      // The answer stays hidden until the quiz is answered: the trees and even the count of cuts.
      for (const part of [columns, tabs, bars]) part.hidden = true;
      quizBox.append(element("p", "note", "Drawing the tree…"));
    }
    const intro = element(
      "p",
      "tintro",
      "A textbook tree: the leaves carry the values, in MAX's view; the root is MAX, the levels take turns. Nodes are named by their path: 2.1 is the first child of the second child.",
    );
    content.replaceChildren(intro, bars, quizBox, tabs, columns);
    selectTab(chosenTab);
  }

  function buildMcts(key) {
    const intro = element(
      "p",
      "tintro",
      "Monte Carlo tree search (UCT) plays random games from the position and grows a tree where they went best. " +
        "Each move shows its visits and its mean reward for the side that made it (1 a win, 0.5 a draw, 0 a loss); " +
        "beside it, the exact outcome the solver proves. Open a move with ▸ to see the replies MCTS grew below it.",
    );
    const spec = {
      id: "mcts",
      title: `Monte Carlo tree search, ${count(settings.iterations)} iterations, seed ${settings.seed}`,
      tab: "MCTS",
      request: (more = {}) => api.mcts({ ...position(), iterations: settings.iterations, seed: settings.seed, depth: 1, ...more }),
      facts: (trace) => `${count(trace.nodes)} nodes grown · plays ${trace.best_label} · ${trace.values}`,
    };
    const [tabs, columns] = columnsOf(key, [spec]);
    tabs.hidden = true;
    columns.classList.add("tsingle");
    const study = element("section", "tmcts");
    study.setAttribute("aria-label", "MCTS against the exact value");
    createConvergence(study, { current: () => position(), request: api.mctsConvergence });
    content.replaceChildren(intro, tabs, columns, study);
    columns.querySelector(".tcolumn").classList.add("tab-chosen"); // one column: chosen at every width
  }

  function startQuiz(box, trace, hidden) {
    const tree = settings.tree;
    const pruning = element("div", "tquiz-pruning");
    const practice = element("details", "tpractice");
    practice.append(element("summary", "", "Or practise the whole search node by node: values, α, β and cuts"));
    const practiceBody = element("div", "tpractice-body");
    practice.append(practiceBody);
    box.replaceChildren(pruning, practice);
    createQuiz(pruning, {
      tree: trace.tree,
      order: settings.order,
      check: (answer) => api.quiz({ tree, answer, order: settings.order }),
      onAnswered: () => {
        for (const part of hidden) part.hidden = false;
      },
    });
    createPractice(practiceBody, { tree: trace.tree, grade: (body) => api.practice({ tree, ...body }) });
  }

  // main.js calls this after every change of the game.
  function update(next) {
    view = next;
    refresh();
  }

  return { update };
}
