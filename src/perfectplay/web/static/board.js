// The board: a grid of buttons drawn from a view, with arrow-key focus.
//
// It knows nothing of the rules. It shows stones, the last moves, the
// winning line, the hint and the outcome overlay that it is given, and
// reports which cell the player chose.

import { cellName, outcomeShort, outcomeText } from "./outcome.js";

const SVG = "http://www.w3.org/2000/svg";

function mark(side) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("aria-hidden", "true");
  svg.classList.add("mark", side === "X" ? "mark-x" : "mark-o");
  if (side === "X") {
    for (const d of ["M26 26 L74 74", "M74 26 L26 74"]) {
      const path = document.createElementNS(SVG, "path");
      path.setAttribute("d", d);
      path.setAttribute("pathLength", "1");
      svg.append(path);
    }
  } else {
    const circle = document.createElementNS(SVG, "circle");
    circle.setAttribute("cx", "50");
    circle.setAttribute("cy", "50");
    circle.setAttribute("r", "26");
    circle.setAttribute("pathLength", "1");
    svg.append(circle);
  }
  return svg;
}

export function createBoard(element, onChoose) {
  let rows = 0;
  let cols = 0;
  let focused = 0;
  let buttons = [];

  function build(newRows, newCols) {
    rows = newRows;
    cols = newCols;
    focused = Math.min(focused, rows * cols - 1);
    element.replaceChildren();
    element.style.setProperty("--cols", cols);
    element.style.setProperty("--rows", rows);
    element.setAttribute("aria-label", `Board, ${rows} by ${cols}`);
    element.dataset.size = rows * cols > 9 ? "large" : "normal";
    buttons = [];
    for (let cell = 0; cell < rows * cols; cell += 1) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "cell";
      button.dataset.cell = String(cell);
      button.tabIndex = cell === focused ? 0 : -1;
      button.addEventListener("click", () => onChoose(cell));
      button.addEventListener("focus", () => setFocus(cell, false));
      buttons.push(button);
      element.append(button);
    }
  }

  function setFocus(cell, move = true) {
    buttons[focused].tabIndex = -1;
    focused = cell;
    buttons[cell].tabIndex = 0;
    if (move) buttons[cell].focus();
  }

  element.addEventListener("keydown", (event) => {
    const row = Math.floor(focused / cols);
    const col = focused % cols;
    const moves = {
      ArrowUp: [Math.max(0, row - 1), col],
      ArrowDown: [Math.min(rows - 1, row + 1), col],
      ArrowLeft: [row, Math.max(0, col - 1)],
      ArrowRight: [row, Math.min(cols - 1, col + 1)],
      Home: [row, 0],
      End: [row, cols - 1],
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const [newRow, newCol] = moves[event.key];
    setFocus(newRow * cols + newCol);
  });

  // view: {rows, cols, stones[], playable, fresh: Set, line: Set, hint: Set, overlay: Map|null}
  function render(view) {
    if (view.rows !== rows || view.cols !== cols) build(view.rows, view.cols);
    element.classList.toggle("over", view.line.size > 0);
    element.setAttribute("aria-busy", String(view.busy));
    view.stones.forEach((stone, cell) => {
      const button = buttons[cell];
      const entry = view.overlay ? view.overlay.get(cell) : undefined;
      const shown = button.dataset.stone || "";
      if ((stone || "") !== shown) {
        button.replaceChildren();
        if (stone) button.append(mark(stone));
        button.dataset.stone = stone || "";
      }
      button.classList.toggle("fresh", view.fresh.has(cell));
      button.classList.toggle("in-line", view.line.has(cell));
      button.classList.toggle("hinted", view.hint.has(cell));
      button.setAttribute("aria-disabled", String(!(view.playable && !stone)));
      for (const kind of ["win", "draw", "loss"]) button.classList.toggle(`shows-${kind}`, entry?.outcome === kind);
      let badge = button.querySelector(".badge");
      if (entry && !stone) {
        if (!badge) {
          badge = document.createElement("span");
          badge.className = "badge";
          badge.setAttribute("aria-hidden", "true");
          button.append(badge);
        }
        badge.textContent = outcomeShort(entry);
      } else if (badge) {
        badge.remove();
      }
      const [row, col] = [Math.floor(cell / cols), cell % cols];
      const parts = [`${cellName(row, col)}, ${stone || "empty"}`];
      if (entry && !stone) parts.push(outcomeText(entry));
      if (view.hint.has(cell)) parts.push("hint: best move");
      if (view.line.has(cell)) parts.push("winning line");
      button.setAttribute("aria-label", parts.join(", "));
    });
  }

  return { render, focusCell: (cell) => setFocus(cell) };
}
