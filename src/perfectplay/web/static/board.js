// The board: one renderer per view kind, chosen by the view the server sent.
// A game whose view is a known kind is played here without the page naming it.
//
// Renderers know nothing of the rules. They draw the view and the decorations
// they are given (the last move, the hint, the outcome of each move) and
// report which move the player chose.

import { createGridBoard } from "./grid-board.js";
import { createHeapsBoard } from "./heaps-board.js";

const RENDERERS = { grid: createGridBoard, heaps: createHeapsBoard };

export function canDraw(view) {
  return Boolean(view && view.kind in RENDERERS);
}

export function createBoard(element, onChoose) {
  let kind = null;
  let renderer = null;

  function render(view, decor) {
    if (view.kind !== kind) {
      renderer?.destroy();
      element.replaceChildren();
      element.removeAttribute("data-kind");
      kind = view.kind;
      renderer = canDraw(view) ? RENDERERS[kind](element, onChoose) : null;
    }
    if (renderer) {
      renderer.render(view, decor);
      return;
    }
    element.className = "board unknown";
    element.textContent = `This page cannot draw this game's board (a "${view.kind}" view).`;
  }

  return { render, focusMove: (move) => renderer?.focusMove(move) };
}

// Label -> move for the moves playable now, from a view's labels (grids label their cells).
export function labelledMoves(view) {
  const moves = new Map();
  if (!view || !view.labels) return moves;
  view.labels.forEach((label, cell) => {
    const move = view.click[cell];
    if (label !== null && label !== undefined && move !== null && move !== undefined) moves.set(label, move);
  });
  return moves;
}
