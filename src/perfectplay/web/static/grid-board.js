// The "grid" view (m,n,k boards, Connect Four): a grid of buttons with
// arrow-key focus, drawn only from the view the server sent.
//
// view: {rows, cols, cells: ["X"|"O"|""], click: [move|null], drop, line: [cell], labels: [text|null]}
// A click on a cell plays click[cell]. With drop (Connect Four) the stones
// are discs that fall into place, and every cell of a column plays that
// column: the outcome and the hint are drawn where the stone would land.

import { outcomeShort, outcomeText } from "./outcome.js";

const SVG = "http://www.w3.org/2000/svg";

export function mark(side) {
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

function disc(side, row) {
  const piece = document.createElement("span");
  piece.className = `disc disc-${side === "X" ? "x" : "o"}`;
  piece.setAttribute("aria-hidden", "true");
  // Falls from above the board: one cell per row it passes.
  piece.style.setProperty("--fall", String(row + 1));
  return piece;
}

// move -> the cell that shows it: the one cell a click plays it from, or on a
// drop board the lowest empty cell of the column (where the stone lands).
export function anchorCells(view) {
  const anchors = new Map();
  view.click.forEach((move, cell) => {
    if (move === null || move === undefined) return;
    if (!anchors.has(move) || (view.drop && !view.cells[cell])) anchors.set(move, cell);
  });
  return anchors;
}

// Size class: fewer words and smaller text as the board grows.
function sizeOf(cells) {
  if (cells <= 9) return "normal";
  return cells <= 49 ? "large" : "huge";
}

export function createGridBoard(element, onChoose) {
  let rows = 0;
  let cols = 0;
  let drop = false;
  let focused = 0;
  let buttons = [];
  let click = [];

  function build(view) {
    rows = view.rows;
    cols = view.cols;
    drop = view.drop;
    focused = Math.min(focused, rows * cols - 1);
    element.replaceChildren();
    element.className = `board grid${drop ? " drop" : ""}`;
    element.style.setProperty("--cols", cols);
    element.style.setProperty("--rows", rows);
    element.setAttribute("role", "grid");
    element.setAttribute("aria-label", `Board, ${rows} rows by ${cols} columns`);
    element.dataset.size = sizeOf(rows * cols);
    buttons = [];
    for (let row = 0; row < rows; row += 1) {
      const line = document.createElement("div");
      line.className = "grid-row";
      line.setAttribute("role", "row");
      for (let col = 0; col < cols; col += 1) {
        const cell = row * cols + col;
        const button = document.createElement("button");
        button.type = "button";
        button.className = "cell";
        button.dataset.cell = String(cell);
        button.setAttribute("role", "gridcell");
        button.tabIndex = cell === focused ? 0 : -1;
        button.addEventListener("click", () => {
          if (button.getAttribute("aria-disabled") === "false") onChoose(click[cell]);
        });
        button.addEventListener("focus", () => setFocus(cell, false));
        button.addEventListener("pointerenter", () => aim(cell));
        button.addEventListener("pointerleave", () => aim(null));
        buttons.push(button);
        line.append(button);
      }
      element.append(line);
    }
  }

  // On a drop board, pointing at any cell of a column marks where the stone would land.
  function aim(cell) {
    const landing = cell === null || !drop ? undefined : currentAnchors().get(click[cell]);
    buttons.forEach((button, at) => button.classList.toggle("aim", at === landing && button.getAttribute("aria-disabled") === "false"));
  }

  function currentAnchors() {
    return anchorCells({ click, drop, cells: buttons.map((button) => button.dataset.stone) });
  }

  function setFocus(cell, move = true) {
    buttons[focused].tabIndex = -1;
    focused = cell;
    buttons[cell].tabIndex = 0;
    if (move) buttons[cell].focus();
  }

  function onKey(event) {
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
  }

  // decor: {playable, lastMoveCells: Set, hint: Set of moves, overlay: Map move -> entry | null, busy}
  function render(view, decor) {
    if (view.rows !== rows || view.cols !== cols || view.drop !== drop || buttons.length !== view.cells.length) {
      build(view);
    }
    click = view.click;
    const anchors = anchorCells(view);
    const shows = new Map([...anchors].map(([move, cell]) => [cell, move]));
    const line = new Set(view.line);
    element.classList.toggle("over", line.size > 0);
    element.setAttribute("aria-busy", String(decor.busy));
    view.cells.forEach((stone, cell) => {
      const button = buttons[cell];
      const row = Math.floor(cell / cols);
      if ((stone || "") !== (button.dataset.stone || "")) {
        button.replaceChildren();
        if (stone) button.append(drop ? disc(stone, row) : mark(stone));
        button.dataset.stone = stone || "";
      }
      const move = view.click[cell];
      const shown = shows.get(cell);
      const entry = decor.overlay && shown !== undefined ? decor.overlay.get(shown) : undefined;
      const hinted = shown !== undefined && decor.hint.has(shown);
      const label = view.labels ? view.labels[cell] : null;
      const playable = decor.playable && move !== null && move !== undefined;
      button.classList.toggle("fresh", decor.lastMoveCells.has(cell));
      button.classList.toggle("in-line", line.has(cell));
      button.classList.toggle("hinted", hinted);
      button.classList.toggle("target", drop && shown !== undefined);
      button.setAttribute("aria-disabled", String(!playable));
      for (const kind of ["win", "draw", "loss", "unknown"]) button.classList.toggle(`shows-${kind}`, entry?.outcome === kind);
      // The number stays in sight beside an outcome or a hint: the hint's words name the cell by it.
      setText(button, "cell-label", !stone && label ? label : null);
      button.classList.toggle("label-aside", Boolean(!stone && label && (entry || hinted)));
      setText(button, "badge", !stone && entry ? outcomeShort(entry) : null);
      // With the outcome shown the cell has no room for both: the amber fill marks the hint.
      setText(button, "hint-tag", !stone && hinted && !entry ? "hint" : null);
      const name = label ? `${label}` : `row ${row + 1}, column ${cell % cols + 1}`;
      const parts = [name, stone || "empty"];
      if (entry) parts.push(outcomeText(entry));
      if (hinted) parts.push("hint: best move");
      if (line.has(cell)) parts.push("winning line");
      button.setAttribute("aria-label", parts.join(", "));
    });
  }

  // A span of ``className`` inside ``button`` showing ``text``, or none when text is null.
  function setText(button, className, text) {
    let span = button.querySelector(`:scope > .${className}`);
    if (text === null) {
      span?.remove();
      return;
    }
    if (!span) {
      span = document.createElement("span");
      span.className = className;
      span.setAttribute("aria-hidden", "true");
      button.append(span);
    }
    span.textContent = text;
  }

  function focusMove(move) {
    const cell = currentAnchors().get(move);
    if (cell !== undefined) setFocus(cell);
  }

  element.addEventListener("keydown", onKey);
  return {
    render,
    focusMove,
    destroy: () => element.removeEventListener("keydown", onKey),
  };
}

// The cells a move changed between two views of the same board: where the last stone landed.
export function changedCells(before, after) {
  const cells = new Set();
  if (!before || before.kind !== "grid" || before.cells.length !== after.cells.length) return cells;
  after.cells.forEach((stone, cell) => {
    if (stone !== before.cells[cell]) cells.add(cell);
  });
  return cells;
}
