// Node counts as bars: minimax against alpha-beta, or alpha-beta under every
// move order with Knuth and Moore's best case beside them. The numbers are
// the server's (the traces' and POST /api/orders'); this only draws them.

import { element } from "./tree-dom.js";
import { ALGORITHM_NAMES, ORDER_NAMES, count } from "./tree-words.js";

// ``rows``: [{name, nodes, detail, className, countClass}]; bars are scaled to the largest count.
export function countBars(title, rows) {
  const box = element("div", "tcompare");
  box.setAttribute("aria-live", "polite");
  box.append(element("h3", "tcompare-title", title));
  const most = Math.max(1, ...rows.map((row) => row.nodes));
  for (const row of rows) {
    const line = element("div", `tbar-row ${row.className || ""}`.trim());
    line.append(element("span", "tbar-name", row.name));
    const track = element("span", "tbar-track");
    const bar = element("span", "tbar");
    bar.style.width = `${Math.max(1, (100 * row.nodes) / most)}%`;
    track.append(bar);
    const figure = element("span", "tbar-count");
    figure.append(element("strong", row.countClass || "", count(row.nodes)), ` nodes${row.detail || ""}`);
    line.append(track, figure);
    box.append(line);
  }
  return box;
}

function levelsText(branching) {
  return branching.map((level) => (Number.isInteger(level) ? String(level) : level.toFixed(1))).join(", ");
}

// The counts of POST /api/orders (or a textbook tree's ``order_counts``); ``shown`` marks the orders drawn below.
export function orderBars(counts, shown = []) {
  const rows = [
    { name: ALGORITHM_NAMES.minimax, nodes: counts.minimax.nodes, detail: ` · ${count(counts.minimax.leaves)} leaves`, className: "minimax", countClass: "torder-minimax" },
  ];
  for (const [order, figures] of Object.entries(counts.orders)) {
    rows.push({
      name: `α-β ${ORDER_NAMES[order] || order}`,
      nodes: figures.nodes,
      detail: ` · ${count(figures.leaves)} leaves · ${count(figures.pruned)} cut`,
      className: `alphabeta order-${order}${shown.includes(order) ? " shown" : ""}`,
      countClass: `torder-${order}`,
    });
  }
  const box = countBars("Nodes searched, by move order", rows);
  const moves = counts.branching.length;
  box.append(
    element(
      "p",
      "tcompare-summary tbest-case",
      `Best case (Knuth and Moore): about ${count(counts.best_case_leaves)} leaves for a uniform tree with these ` +
        `moves per level (${levelsText(counts.branching)}): b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves instead of minimax's b^d` +
        (moves ? `, d = ${moves}` : "") +
        `. Minimax valued ${count(counts.minimax.leaves)} leaves here.`,
    ),
  );
  return box;
}
