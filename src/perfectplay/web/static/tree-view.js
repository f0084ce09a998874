// One search tree as a nested list, in two modes.
//
// Exploring, every node loaded so far can be opened: a searched child that
// is not loaded yet (a "stub" of the trace JSON's ``hidden``) is a folded row
// with its value, fetched from the server when opened. Hovering a node lights
// up its subtree; cut moves are greyed with the condition that cut them; the
// best line is marked.
//
// Replaying (``setStep``), the tree shows the search as it stood after that
// event: only the nodes it has reached, each value only once computed (the
// best so far while a node is still being searched), each cut once made.
//
// Positions are drawn from each node's ``view`` (a grid, heaps or text), so
// the tree draws any game; a textbook tree's nodes are named boxes.
//
// The tree Monte Carlo tree search grew (algorithm "mcts") comes in the same
// shape and is explored the same way: each move's visits and mean reward
// for the side that made it, the exact outcome beside it (``mctsFacts``).

import { changedCells } from "./grid-board.js";
import { otherSide } from "./outcome.js";
import { element } from "./tree-dom.js";
import { mctsFacts } from "./tree-mcts.js";
import { alphaText, betaText, count, cutText, isTextbook, moveText, moveWords, number } from "./tree-words.js";

function span(className, text) {
  return element("span", className, text);
}

// A position drawn small from its view; what changed since ``before`` (the parent's view) is marked.
export function thumbnail(view, before) {
  if (view.kind === "grid") {
    const grid = span("thumb", "");
    grid.setAttribute("aria-hidden", "true");
    grid.style.setProperty("--cols", view.cols);
    grid.style.setProperty("--cell", `${Math.min(0.85, 4.2 / Math.max(view.cols, view.rows))}rem`);
    const changed = changedCells(before, view);
    const line = new Set(view.line || []);
    view.cells.forEach((stone, cell) => {
      const square = span(stone === "X" ? "tx" : stone === "O" ? "to" : "", stone === "X" ? "✕" : stone === "O" ? "◯" : "");
      if (changed.has(cell)) square.classList.add("last");
      if (line.has(cell)) square.classList.add("win");
      grid.append(square);
    });
    return grid;
  }
  if (view.kind === "heaps") {
    const heaps = span("thumb-heaps", "");
    heaps.setAttribute("aria-hidden", "true");
    view.heaps.forEach((size, heap) => {
      const was = before && before.kind === "heaps" ? before.heaps[heap] : size;
      const row = span(`theap${was !== size ? " last" : ""}`, "");
      const shown = Math.min(was, 12);
      for (let object = 0; object < shown; object += 1) row.append(span(object < size ? "tobj" : "tobj taken", ""));
      if (was > shown) row.append(span("tmore", `+${was - shown}`));
      if (was === 0) row.append(span("tempty", "0"));
      heaps.append(row);
    });
    return heaps;
  }
  return span("thumb-text", view.text ?? "");
}

function nameChip(node) {
  const chip = span("tname", node.move === null || node.move === undefined ? "root" : node.position);
  chip.setAttribute("aria-hidden", "true");
  return chip;
}

export function createTreeView(element_, { document: trace, load }) {
  const box = element_;
  const textbook = isTextbook(trace);
  const mcts = trace.algorithm === "mcts";
  const nodes = new Map(); // id -> node of the trace JSON, or a stub (searched, not loaded), as loaded so far
  const parents = new Map(); // id -> parent id
  const expanded = new Set([trace.tree.id]); // exploring: the nodes opened
  const opened = new Set(); // replaying: the nodes the user opened besides the search's current path
  const loading = new Map(); // id -> the promise of its subtree
  const problems = new Map(); // id -> why its subtree could not be loaded
  const spliced = []; // callbacks told when the events change
  let events = trace.events;
  let step = null; // null: exploring; else the replay's index into ``events`` (-1: before the first)

  // A stub becomes a node without children yet: same fields as a node, so rows draw alike.
  function stubNode(stub, parent) {
    return Object.assign(stub, {
      stub: true,
      to_move: otherSide(parent.to_move),
      role: parent.role === "MAX" ? "MIN" : "MAX",
      position: textbook ? (parent.move === null ? "" : `${parent.position}.`) + String(stub.move + 1) : stub.position,
      children: [],
      hidden: [],
      pruned: [],
      terminal: false,
      horizon: false,
      chosen: false,
    });
  }

  function register(node, parent) {
    nodes.set(node.id, node);
    if (parent !== null) parents.set(node.id, parent);
    for (const child of node.children) register(child, node.id);
    for (const stub of node.hidden) {
      nodes.set(stub.id, stubNode(stub, node));
      parents.set(stub.id, node.id);
    }
  }
  register(trace.tree, null);

  // Children in the order the search took them (ids are the visiting order).
  function searched(node) {
    return [...node.children, ...node.hidden].sort((a, b) => a.id - b.id);
  }

  function pathOf(id) {
    const moves = [];
    for (let at = id; parents.has(at); at = parents.get(at)) moves.unshift(nodes.get(at).move);
    return moves;
  }

  function canReveal(id) {
    return Boolean(nodes.get(id)?.stub) && !problems.has(id);
  }

  // Load a stub's subtree from the server (as the whole search saw it) and put its events in the replay.
  function reveal(id) {
    if (!nodes.get(id)?.stub) return Promise.resolve();
    if (loading.has(id)) return loading.get(id);
    const parent = nodes.get(parents.get(id));
    const promise = load(pathOf(id))
      .then((part) => {
        const node = part.tree;
        parent.hidden = parent.hidden.filter((stub) => stub.id !== id);
        parent.children = [...parent.children, node].sort((a, b) => a.id - b.id);
        register(node, parent.id);
        problems.delete(id);
        const at = events.findIndex((event) => event.type === "hidden" && event.node === id);
        if (at >= 0) {
          events = [...events.slice(0, at), ...part.events, ...events.slice(at + 1)];
          for (const tell of spliced) tell(at, part.events.length);
        }
      })
      .catch((error) => {
        problems.set(id, error.message);
        throw error;
      })
      .finally(() => {
        loading.delete(id);
        render();
      });
    loading.set(id, promise);
    render();
    return promise;
  }

  // What the search had done by event ``at``: reached, valued, best so far, cut.
  function progress(at) {
    const seen = { entered: new Set(), done: new Map(), soFar: new Map(), leaves: new Map(), cuts: new Set() };
    for (let index = 0; index <= at; index += 1) {
      const event = events[index];
      if (event.type === "enter") seen.entered.add(event.node);
      else if (event.type === "leaf") seen.leaves.set(event.node, number(event.value));
      else if (event.type === "update") seen.soFar.set(event.node, event.value);
      else if (event.type === "cut") seen.cuts.add(event.node);
      else if (event.type === "exit") seen.done.set(event.node, event.text);
      else if (event.type === "hidden") {
        seen.entered.add(event.node);
        seen.done.set(event.node, nodes.get(event.node)?.text);
      }
    }
    return seen;
  }

  function toggle(node, isOpen) {
    const opening = !isOpen;
    if (opening && node.stub) {
      reveal(node.id).then(() => toggle(nodes.get(node.id), false), () => {});
      return;
    }
    const set = step === null ? expanded : opened;
    if (opening) set.add(node.id);
    else set.delete(node.id);
    render();
  }

  function valueOf(node, seen) {
    if (!seen) return { text: node.text, final: true };
    if (seen.done.has(node.id)) return { text: seen.done.get(node.id), final: true };
    if (seen.leaves.has(node.id)) return { text: seen.leaves.get(node.id), final: true };
    if (seen.soFar.has(node.id)) return { text: `so far ${number(seen.soFar.get(node.id))}`, final: false };
    return { text: "?", final: false };
  }

  function row(node, seen, isOpen, before) {
    const line = element("div", "trow");
    line.dataset.id = String(node.id);
    const visibleBelow = seen ? searched(node).some((child) => seen.entered.has(child.id)) || seen.cuts.has(node.id) : true;
    const below = node.children.length > 0 || node.hidden.length > 0 || node.pruned.length > 0;
    // A textbook tree is always drawn whole: nothing to open or fold.
    const openable = !textbook && (node.stub ? node.nodes > 1 : below && visibleBelow);
    if (openable) {
      const toggleButton = element("button", "ttoggle", loading.has(node.id) ? "…" : isOpen ? "▾" : "▸");
      toggleButton.type = "button";
      toggleButton.dataset.id = String(node.id);
      toggleButton.setAttribute("aria-expanded", String(isOpen));
      toggleButton.setAttribute("aria-label", `${isOpen ? "Fold" : "Open"} ${moveWords(node, textbook)}`);
      if (loading.has(node.id)) toggleButton.setAttribute("aria-busy", "true");
      toggleButton.addEventListener("click", () => toggle(node, isOpen));
      line.append(toggleButton);
    } else {
      line.append(span("tspacer", ""));
    }
    line.append(textbook ? nameChip(node) : thumbnail(node.view, before));
    const main = span("tmain", "");
    if (!textbook) main.append(span("tmove", moveText(node, textbook)));
    const leaf = textbook && node.horizon;
    main.append(span(`trole ${leaf ? "leaf" : node.role.toLowerCase()}`, leaf ? "leaf" : node.role));
    if (mcts) {
      main.append(...mctsFacts(node, trace));
      line.append(main);
      return lightUp(line);
    }
    const value = valueOf(node, seen);
    const guess = value.final && value.text?.includes("≈");
    main.append(span(`tvalue${value.final ? "" : " pending"}${guess ? " guess" : ""}`, value.text));
    const reached = !seen || seen.entered.has(node.id);
    if (node.horizon && !node.terminal && reached && !textbook) main.append(span("thorizon", `horizon: ${trace.search.evaluation}`));
    if (node.terminal && (!seen || seen.leaves.has(node.id))) main.append(span("toutcome", node.outcome));
    const finished = !seen || seen.done.has(trace.tree.id);
    const choice = trace.search.depth === null || textbook ? "★ best line" : "★ its choice";
    if (node.chosen && node.move !== null && finished) main.append(span("tbest", choice));
    if (node.cut && (!seen || seen.cuts.has(node.id))) main.append(span("tcutmark", `✂ ${node.cut.condition}`));
    if (node.cut_by_other_order && reached) main.append(span("tvanished", `cut in ${trace.compare_order} order`));
    const meta = span("tmeta", "");
    if ((!seen || seen.done.has(node.id)) && node.nodes > 1) meta.append(`${count(node.nodes)} nodes`);
    if (node.entry && reached) meta.append(span("twindow", ` · α ${alphaText(node.entry.alpha)}  β ${betaText(node.entry.beta)}`));
    if (node.stub && !seen) meta.append(" · not loaded: ▸ opens it");
    main.append(meta);
    line.append(main);
    return lightUp(line);
  }

  // Hover (or keyboard focus) on a move lights up everything searched below it.
  function lightUp(line) {
    line.addEventListener("mouseenter", () => line.parentElement.classList.add("lit"));
    line.addEventListener("mouseleave", () => line.parentElement.classList.remove("lit"));
    line.addEventListener("focusin", () => line.parentElement.classList.add("lit"));
    line.addEventListener("focusout", () => line.parentElement.classList.remove("lit"));
    return line;
  }

  function item(node, seen, current, path, before) {
    const li = element("li", "tnode");
    li.dataset.id = String(node.id);
    const finished = !seen || seen.done.has(trace.tree.id);
    if (node.chosen && finished) li.classList.add("chosen");
    if (node.horizon && !node.terminal && !textbook) li.classList.add("horizon");
    if (node.stub) li.classList.add("stub");
    if (node.id === current.id) li.classList.add("current", ...(current.cut ? ["cutting"] : []));
    // A textbook tree is small: always drawn whole (in a replay, as far as the search has got).
    const isOpen = textbook || (seen ? path.has(node.id) || opened.has(node.id) : expanded.has(node.id));
    li.append(row(node, seen, isOpen && !node.stub, before));
    if (isOpen && !node.stub) li.append(below(node, seen, current, path));
    if (problems.has(node.id)) li.append(span("tproblem", problems.get(node.id)));
    return li;
  }

  function below(node, seen, current, path) {
    const list = element("ul", "tchildren");
    for (const child of searched(node)) {
      if (!seen || seen.entered.has(child.id)) list.append(item(child, seen, current, path, node.view));
    }
    if (seen && !seen.cuts.has(node.id)) return list;
    for (const pruned of node.pruned) {
      const li = element("li", `tnode pruned${pruned.new ? " new-cut" : ""}`);
      const line = element("div", "trow");
      const words = span("tmain", "");
      const name = textbook ? pruned.position : `${node.to_move} plays ${pruned.label}`;
      if (!textbook) words.append(span("tmove", name));
      words.append(span("tprunedmark", "pruned: never searched"));
      if (pruned.new) words.append(span("tnewcut", `new cut: ${trace.compare_order} order searches it`));
      line.append(span("tspacer", ""), textbook ? span("tname", pruned.position) : thumbnail(pruned.view, node.view), words);
      li.append(line);
      list.append(li);
    }
    if (node.cut) list.append(element("li", "tcut", `✂ ${cutText(node.cut)}`));
    return list;
  }

  function render() {
    const focused = document.activeElement?.closest?.(".ttoggle")?.dataset.id;
    const seen = step === null ? null : progress(step);
    const event = step === null || step < 0 ? null : events[step];
    const current = { id: event ? event.node : null, cut: event?.type === "cut" };
    const path = new Set();
    for (let at = current.id; at !== null && at !== undefined; at = parents.get(at)) path.add(at);
    const tree = element("ul", "tree");
    tree.append(item(trace.tree, seen, current, path, null));
    box.replaceChildren(tree);
    if (focused !== undefined) box.querySelector(`.ttoggle[data-id="${focused}"]`)?.focus();
    const target = box.querySelector(".tnode.current > .trow");
    if (target) {
      const frame = box.getBoundingClientRect();
      const spot = target.getBoundingClientRect();
      if (spot.top < frame.top || spot.bottom > frame.bottom) box.scrollTop += spot.top - frame.top - frame.height / 3;
    }
  }

  // The replay's position: null to explore the whole tree again.
  function setStep(at) {
    step = at;
    render();
  }

  // A move's name below a node: its label (a textbook node's name).
  function labelOf(parentId, move) {
    const parent = nodes.get(parentId);
    const child = parent && [...searched(parent), ...parent.pruned].find((entry) => entry.move === move);
    if (!child) return String(move);
    return textbook ? child.position || `${parent.move === null ? "" : `${parent.position}.`}${move + 1}` : child.label;
  }

  render();
  return {
    root: trace.tree,
    textbook,
    events: () => events,
    find: (id) => nodes.get(id),
    parentOf: (id) => parents.get(id),
    labelOf,
    canReveal,
    reveal,
    setStep,
    onSplice: (tell) => spliced.push(tell),
  };
}
