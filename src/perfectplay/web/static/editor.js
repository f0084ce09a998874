// The board editor: set up any position of the current game, check it,
// see its analysis, and play from it. It edits the view kinds the page
// draws: on a grid a click cycles a cell through X, O and empty; heaps get a
// size each. The server reads the result in the game's own notation and says
// in words what is wrong with a position that cannot arise in play.

import * as api from "./api.js";
import { anchorCells, mark } from "./grid-board.js";
import { analysisText, orList, outcomeShort, outcomeText } from "./outcome.js";
import { element } from "./tree-dom.js";

const NEXT = { "": "X", X: "O", O: "" };

// The draft as position text, by view kind: grid rows top first joined by '/', heap sizes by ','.
export function positionText(draft) {
  if (draft.kind === "grid") {
    const rows = [];
    for (let row = 0; row < draft.rows; row += 1) {
      rows.push(draft.cells.slice(row * draft.cols, (row + 1) * draft.cols).map((stone) => stone || ".").join(""));
    }
    return rows.join("/");
  }
  return draft.heaps.join(",");
}

export function canEdit(view) {
  return Boolean(view) && (view.kind === "grid" || view.kind === "heaps");
}

export function createEditor(section, { game, onPlay, onClose }) {
  const board = section.querySelector("#editor-board");
  const help = section.querySelector("#editor-help");
  const problem = section.querySelector("#editor-error");
  const result = section.querySelector("#editor-result");
  let draft = null;

  section.querySelector("#editor-clear").addEventListener("click", () => {
    if (draft.kind === "grid") draft.cells = draft.cells.map(() => "");
    else draft.heaps = draft.heaps.map(() => 0);
    changed();
  });
  section.querySelector("#editor-analyse").addEventListener("click", analyse);
  section.querySelector("#editor-play").addEventListener("click", play);
  section.querySelector("#editor-cancel").addEventListener("click", () => onClose());

  function sideToMove() {
    const value = section.querySelector("input[name=editor-side]:checked").value;
    return value === "auto" ? undefined : value;
  }

  function open(view, toMove) {
    draft = view.kind === "grid"
      ? { kind: "grid", rows: view.rows, cols: view.cols, drop: view.drop, cells: [...view.cells] }
      : { kind: "heaps", heaps: [...view.heaps], misere: view.misere };
    help.textContent = draft.kind === "grid"
      ? "Click a cell to cycle it through X, O and empty."
      : "Set the size of each heap; add or remove heaps.";
    for (const radio of section.querySelectorAll("input[name=editor-side]")) radio.checked = radio.value === (toMove ? toMove : "auto");
    draw();
    clearMessages();
  }

  function clearMessages() {
    problem.hidden = true;
    problem.textContent = "";
    result.replaceChildren();
  }

  function changed() {
    clearMessages();
    draw();
  }

  function draw() {
    if (draft.kind === "grid") drawGrid();
    else drawHeaps();
  }

  function drawGrid() {
    const grid = element("div", `board grid edit${draft.drop ? " drop" : ""}`);
    grid.style.setProperty("--cols", draft.cols);
    grid.style.setProperty("--rows", draft.rows);
    grid.dataset.size = draft.cells.length <= 9 ? "normal" : draft.cells.length <= 49 ? "large" : "huge";
    draft.cells.forEach((stone, cell) => {
      const button = element("button", "cell");
      button.type = "button";
      button.dataset.cell = String(cell);
      button.dataset.stone = stone;
      const [row, col] = [Math.floor(cell / draft.cols) + 1, (cell % draft.cols) + 1];
      button.setAttribute("aria-label", `row ${row}, column ${col}: ${stone || "empty"}; click for ${NEXT[stone] || "empty"}`);
      if (stone) {
        if (draft.drop) {
          const piece = element("span", `disc disc-${stone === "X" ? "x" : "o"}`);
          piece.setAttribute("aria-hidden", "true");
          button.append(piece);
        } else {
          button.append(mark(stone));
        }
      }
      button.addEventListener("click", () => {
        draft.cells[cell] = NEXT[stone];
        changed();
        board.querySelector(`[data-cell='${cell}']`).focus();
      });
      grid.append(button);
    });
    board.replaceChildren(grid);
  }

  function drawHeaps() {
    const list = element("div", "heap-sizes");
    draft.heaps.forEach((size, heap) => {
      const row = element("div", "heap-size");
      const label = element("label", "", `Heap ${heap + 1} `);
      const input = element("input");
      input.type = "number";
      input.min = "0";
      input.inputMode = "numeric";
      input.value = String(size);
      input.dataset.heap = String(heap);
      input.addEventListener("input", () => {
        // Kept as typed: the server says what is wrong with a size it cannot use.
        draft.heaps[heap] = input.value.trim() === "" ? 0 : Number(input.value);
        clearMessages();
      });
      label.append(input);
      const remove = element("button", "quiet", "Remove");
      remove.type = "button";
      remove.setAttribute("aria-label", `Remove heap ${heap + 1}`);
      remove.disabled = draft.heaps.length <= 1;
      remove.addEventListener("click", () => {
        draft.heaps.splice(heap, 1);
        changed();
      });
      row.append(label, remove);
      list.append(row);
    });
    const add = element("button", "", "Add a heap");
    add.type = "button";
    add.id = "editor-add-heap";
    add.addEventListener("click", () => {
      draft.heaps.push(1);
      changed();
    });
    const rule = element("p", "note", draft.misere ? "Misère play: whoever takes the last object loses." : "Whoever takes the last object wins.");
    board.replaceChildren(rule, list, add);
  }

  function showProblem(error) {
    problem.textContent = `This position cannot be used: ${error.message}.`;
    problem.hidden = false;
  }

  async function check() {
    clearMessages();
    try {
      return await api.position({ game: game(), position: positionText(draft), to_move: sideToMove() });
    } catch (error) {
      showProblem(error);
      return null;
    }
  }

  async function analyse() {
    const read = await check();
    if (!read) return;
    if (read.outcome) {
      result.replaceChildren(element("p", "", `The game is over here: ${read.outcome.text}.`));
      return;
    }
    result.replaceChildren(element("p", "note", "Analysing…"));
    try {
      const analysis = await api.analyze({ game: game(), position: read.position, to_move: read.to_move });
      const best = analysis.moves.filter((entry) => analysis.best.includes(entry.move)).sort((a, b) => a.move - b.move);
      const value = analysisText(analysis);
      const summary = element("p", "editor-summary", `${analysis.to_move} to move: ${value}. Best: ${orList(best.map((entry) => entry.label))}.`);
      const list = element("ol", "why-moves");
      // Every move that keeps the value is marked, as the summary names them (the analysis's best: every
      // move proven to keep the win or the draw, however fast).
      for (const entry of analysis.moves) {
        const kept = analysis.best.includes(entry.move);
        const item = element("li", `why-${entry.outcome}${kept ? " best" : ""}`);
        item.append(element("span", "why-label", entry.label), element("span", "why-outcome", outcomeText(entry)));
        list.append(item);
      }
      result.replaceChildren(summary, list);
      if (draft.kind === "grid") markOutcomes(analysis);
    } catch (error) {
      showProblem(error);
    }
  }

  // Each move's outcome on the cell where it would be played, as "Show outcomes" does on the board.
  function markOutcomes(analysis) {
    const anchors = anchorCells(analysis.view);
    for (const entry of analysis.moves) {
      const button = board.querySelector(`[data-cell='${anchors.get(entry.move)}']`);
      if (!button) continue;
      button.classList.add(`shows-${entry.outcome}`);
      const badge = element("span", "badge", outcomeShort(entry));
      badge.setAttribute("aria-hidden", "true");
      button.append(badge);
    }
  }

  async function play() {
    const read = await check();
    if (read) onPlay(read);
  }

  return { open };
}
