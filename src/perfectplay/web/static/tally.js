// The session score, kept in localStorage so it survives a reload.

const KEY = "perfectplay.tally.v1";
const EMPTY = { win: 0, draw: 0, loss: 0 };

export function load() {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) || "null");
    if (stored && ["win", "draw", "loss"].every((key) => Number.isInteger(stored[key]) && stored[key] >= 0)) {
      return { win: stored.win, draw: stored.draw, loss: stored.loss };
    }
  } catch {
    // Unreadable storage (private mode, corrupt value): start from zero.
  }
  return { ...EMPTY };
}

function save(tally) {
  try {
    localStorage.setItem(KEY, JSON.stringify(tally));
  } catch {
    // Storage full or disabled: the score still works for this visit.
  }
  return tally;
}

// result is "win", "draw" or "loss"; step is +1 when a game ends, -1 when undo reopens it.
export function add(result, step = 1) {
  const tally = load();
  tally[result] = Math.max(0, tally[result] + step);
  return save(tally);
}

export function reset() {
  return save({ ...EMPTY });
}
