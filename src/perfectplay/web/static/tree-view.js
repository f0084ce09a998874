// One search tree as a nested list: nodes open on click, deeper levels are
// fetched when first opened, a hovered node lights up its whole subtree, cut
// moves are greyed with the condition that cut them, and the best line is
// marked. The trace JSON (docs/trace.md) carries everything drawn here.

import { alphaText, betaText, count, cutText, moveText, moveWords } from "./tree-words.js";

// A board as a tiny CSS grid; the move that led here is ringed.
export function thumbnail(position, move, cols) {
  const grid = document.createElement("span");
  grid.className = "thumb";
  grid.setAttribute("aria-hidden", "true");
  grid.style.setProperty("--cols", cols);
  [...position.replaceAll("/", "")].forEach((char, cell) => {
    const square = document.createElement("span");
    if (char === "X" || char === "O") {
      square.className = char === "X" ? "tx" : "to";
      square.textContent = char === "X" ? "✕" : "◯";
    }
    if (cell === move) square.classList.add("last");
    grid.append(square);
  });
  return grid;
}

function span(className, text) {
  return Object.assign(document.createElement("span"), { className, textContent: text });
}

export function createTreeView(element, { document: trace, load, onEvents }) {
  const cols = trace.position.split("/")[0].length;
  const nodes = new Map(); // id -> node of the trace JSON, as loaded so far
  const parents = new Map(); // id -> parent id
  const expanded = new Set([trace.tree.id]);
  const loading = new Set();
  const problems = new Map(); // id -> why its subtree could not be loaded
  let events = trace.events;
  let current = null; // the node the replay is at
  let cutting = false;

  function register(node, parent) {
    nodes.set(node.id, node);
    if (parent !== null) parents.set(node.id, parent);
    for (const child of node.children) register(child, node.id);
  }
  register(trace.tree, null);

  function pathOf(id) {
    const moves = [];
    for (let at = id; parents.has(at); at = parents.get(at)) moves.unshift(nodes.get(at).move);
    return moves;
  }

  async function open(node) {
    if (node.children.length > 0 || node.hidden.length === 0) {
      expanded.add(node.id);
      render();
      return;
    }
    // Searched but not drawn yet: ask for this node's children as the whole search saw them.
    loading.add(node.id);
    problems.delete(node.id);
    render();
    try {
      const part = await load(pathOf(node.id));
      Object.assign(node, { children: part.tree.children, hidden: part.tree.hidden });
      for (const child of node.children) register(child, node.id);
      spliceEvents(node.id, part.events);
      expanded.add(node.id);
    } catch (error) {
      problems.set(node.id, error.message);
    } finally {
      loading.delete(node.id);
      render();
    }
  }

  // The new subtree's events replace this node's part of the replay: enter to exit.
  function spliceEvents(id, fresh) {
    const start = events.findIndex((event) => event.type === "enter" && event.node === id);
    const end = events.findIndex((event) => event.type === "exit" && event.node === id);
    if (start < 0 || end < start) return;
    events = [...events.slice(0, start), ...fresh, ...events.slice(end + 1)];
    onEvents(events, start, end + 1 - start, fresh.length);
  }

  function toggle(node) {
    if (expanded.has(node.id)) {
      expanded.delete(node.id);
      render();
    } else {
      open(node);
    }
  }

  function row(node) {
    const line = document.createElement("div");
    line.className = "trow";
    line.dataset.id = String(node.id);
    const openable = node.children.length > 0 || node.hidden.length > 0 || node.pruned.length > 0;
    if (openable) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "ttoggle";
      button.dataset.id = String(node.id);
      const isOpen = expanded.has(node.id);
      button.setAttribute("aria-expanded", String(isOpen));
      button.setAttribute("aria-label", `${isOpen ? "Fold" : "Open"} ${moveWords(node)}`);
      button.textContent = loading.has(node.id) ? "…" : isOpen ? "▾" : "▸";
      if (loading.has(node.id)) button.setAttribute("aria-busy", "true");
      button.addEventListener("click", () => toggle(node));
      line.append(button);
    } else {
      line.append(span("tspacer", ""));
    }
    line.append(thumbnail(node.position, node.move, cols));
    const main = span("tmain", "");
    main.append(span("tmove", moveText(node)), span(`trole ${node.role.toLowerCase()}`, node.role));
    main.append(span("tvalue", node.text));
    if (node.terminal) main.append(span("toutcome", node.outcome));
    if (node.chosen && node.move !== null) main.append(span("tbest", "★ best line"));
    if (node.cut) main.append(span("tcutmark", `✂ ${node.cut.condition}`));
    const meta = span("tmeta", `${count(node.nodes)} node${node.nodes === 1 ? "" : "s"}`);
    if (node.entry) meta.append(span("twindow", ` · α ${alphaText(node.entry.alpha)}  β ${betaText(node.entry.beta)}`));
    main.append(meta);
    line.append(main);
    // Hover (or keyboard focus) on a move lights up everything searched below it.
    line.addEventListener("mouseenter", () => line.parentElement.classList.add("lit"));
    line.addEventListener("mouseleave", () => line.parentElement.classList.remove("lit"));
    line.addEventListener("focusin", () => line.parentElement.classList.add("lit"));
    line.addEventListener("focusout", () => line.parentElement.classList.remove("lit"));
    return line;
  }

  function item(node) {
    const li = document.createElement("li");
    li.className = "tnode";
    if (node.chosen) li.classList.add("chosen");
    if (node.id === current) li.classList.add("current", ...(cutting ? ["cutting"] : []));
    li.append(row(node));
    if (expanded.has(node.id)) li.append(below(node));
    if (problems.has(node.id)) li.append(span("tproblem", problems.get(node.id)));
    return li;
  }

  function below(node) {
    const list = document.createElement("ul");
    list.className = "tchildren";
    for (const child of node.children) list.append(item(child));
    if (node.hidden.length > 0 && node.children.length > 0) {
      const more = node.hidden.reduce((sum, child) => sum + child.nodes, 0);
      list.append(Object.assign(document.createElement("li"), {
        className: "tstub",
        textContent: `+${node.hidden.length} more searched (${count(more)} nodes), not drawn`,
      }));
    }
    for (const pruned of node.pruned) {
      const li = document.createElement("li");
      li.className = "tnode pruned";
      const line = document.createElement("div");
      line.className = "trow";
      const words = span("tmain", "");
      words.append(span("tmove", `${node.to_move} at r${pruned.row + 1} c${pruned.col + 1}`), span("tprunedmark", "pruned: never searched"));
      line.append(span("tspacer", ""), thumbnail(pruned.position, pruned.move, cols), words);
      li.append(line);
      list.append(li);
    }
    if (node.cut) {
      list.append(Object.assign(document.createElement("li"), { className: "tcut", textContent: `✂ ${cutText(node.cut)}` }));
    }
    return list;
  }

  function render() {
    const focused = document.activeElement?.closest?.(".ttoggle")?.dataset.id;
    const tree = document.createElement("ul");
    tree.className = "tree";
    tree.append(item(trace.tree));
    element.replaceChildren(tree);
    if (focused !== undefined) element.querySelector(`.ttoggle[data-id="${focused}"]`)?.focus();
  }

  // The replay's position: open the way to the node and bring it into view.
  function show(id, isCut) {
    current = id;
    cutting = isCut;
    for (let at = parents.get(id); at !== undefined; at = parents.get(at)) expanded.add(at);
    render();
    const target = element.querySelector(`.tnode.current > .trow`);
    if (target) {
      const box = element.getBoundingClientRect();
      const spot = target.getBoundingClientRect();
      if (spot.top < box.top || spot.bottom > box.bottom) element.scrollTop += spot.top - box.top - box.height / 3;
    }
  }

  render();
  return { nodes, show, events: () => events, cols };
}
