// One game in the browser: whose turn it is, the undo history, and the
// requests that move it forward. The server decides everything about the
// rules (legal moves, the computer's reply, who won); this module only keeps
// the positions it was given and asks again.

import * as api from "./api.js";
import { cellName, otherSide, outcomeText } from "./outcome.js";
import * as tally from "./tally.js";

function stonesOf(position) {
  return position.split("/").flatMap((row) => [...row].map((char) => (char === "X" || char === "O" ? char : null)));
}

export function createGame({ onChange, onAnnounce, onTally }) {
  const state = {
    variant: null, // {rows, cols, k, empty}
    human: "X",
    level: "perfect",
    position: "",
    toMove: "X",
    outcome: null,
    fresh: [],
    why: null, // {analysis, move}: the computer's last decision
    history: [], // snapshots taken at each of your turns, for undo
    recorded: null, // the tally entry this game's ending added
    busy: false,
    error: null,
    hint: [],
    overlay: false,
  };
  const analyses = new Map(); // "position|to_move" -> analysis, so hint and overlay ask once
  let generation = 0; // bumped by a new game: replies to older requests are dropped

  const key = () => `${state.position}|${state.toMove}`;
  const yourTurn = () => !state.outcome && state.toMove === state.human;
  const board = () => ({ rows: state.variant.rows, cols: state.variant.cols, k: state.variant.k });

  function changed() {
    if (state.variant) onChange(view());
  }

  function fail(error) {
    state.error = error.message;
    onAnnounce(error.message);
  }

  function resultFor(outcome) {
    if (outcome.winner === null) return "draw";
    return outcome.winner === state.human ? "win" : "loss";
  }

  function resultText(outcome) {
    return { win: "You win!", draw: "It's a draw.", loss: "The computer wins." }[resultFor(outcome)];
  }

  function snapshot() {
    const { position, toMove, outcome, fresh, why, recorded } = state;
    return { position, toMove, outcome, fresh, why, recorded };
  }

  function finishIfOver() {
    if (state.outcome && !state.recorded) {
      state.recorded = resultFor(state.outcome);
      onTally(tally.add(state.recorded));
    }
  }

  async function ask(body) {
    const asked = generation;
    state.busy = true;
    state.error = null;
    state.hint = [];
    changed();
    try {
      const reply = await api.move({ ...board(), level: state.level, to_move: state.toMove, ...body });
      if (asked !== generation) return null;
      return reply;
    } catch (error) {
      if (asked !== generation) return null;
      fail(error);
      return null;
    } finally {
      if (asked === generation) state.busy = false;
    }
  }

  function apply(reply, played) {
    state.position = reply.position;
    state.toMove = reply.to_move;
    state.outcome = reply.outcome;
    state.fresh = [played, reply.move].filter((cell) => cell !== null && cell !== undefined);
    if (reply.move !== null) state.why = { analysis: reply.analysis, move: reply.move };
    finishIfOver();
    const words = [];
    if (played !== null) words.push(`You played ${cellName(...rowCol(played))}.`);
    if (reply.move !== null) words.push(`The computer played ${cellName(reply.row, reply.col)}.`);
    words.push(state.outcome ? resultText(state.outcome) : "Your move.");
    onAnnounce(words.join(" "));
    refreshOverlay();
  }

  function rowCol(cell) {
    return [Math.floor(cell / state.variant.cols), cell % state.variant.cols];
  }

  async function newGame({ variant, human, computerFirst, level }) {
    generation += 1;
    Object.assign(state, {
      variant,
      human,
      level,
      position: variant.empty,
      toMove: computerFirst ? otherSide(human) : human,
      outcome: null,
      fresh: [],
      why: null,
      history: [],
      recorded: null,
      busy: false,
      error: null,
      hint: [],
    });
    onAnnounce(`New game. You are ${human}. ${computerFirst ? "The computer moves first." : "Your move."}`);
    changed();
    if (computerFirst) {
      const reply = await ask({ position: state.position });
      if (reply) apply(reply, null);
      changed();
    } else {
      refreshOverlay();
    }
  }

  async function play(cell) {
    if (state.busy || !yourTurn() || stonesOf(state.position)[cell]) return;
    const before = snapshot();
    state.history.push(before);
    // Your stone shows at once; the computer's reply follows.
    const stones = stonesOf(state.position);
    stones[cell] = state.human;
    const rows = [];
    for (let row = 0; row < state.variant.rows; row += 1) {
      rows.push(stones.slice(row * state.variant.cols, (row + 1) * state.variant.cols).map((s) => s || ".").join(""));
    }
    const requested = state.position;
    state.position = rows.join("/");
    state.fresh = [cell];
    const reply = await ask({ position: requested, play: cell });
    if (reply) {
      apply(reply, cell);
    } else if (state.history.at(-1) === before) {
      // The request failed: take your stone back so you can try again.
      state.history.pop();
      Object.assign(state, before);
    }
    changed();
  }

  function undo() {
    if (state.busy || state.history.length === 0) return;
    if (state.recorded) onTally(tally.add(state.recorded, -1));
    Object.assign(state, state.history.pop(), { hint: [], error: null });
    onAnnounce("Took back your last move. Your move.");
    refreshOverlay();
    changed();
  }

  async function analysisNow() {
    const wanted = key();
    if (analyses.has(wanted)) return analyses.get(wanted);
    const analysis = await api.analyze({ ...board(), position: state.position, to_move: state.toMove });
    analyses.set(`${analysis.position}|${analysis.to_move}`, analysis);
    return analysis;
  }

  async function hint() {
    if (state.busy || !yourTurn()) return;
    const asked = key();
    try {
      const analysis = await analysisNow();
      if (asked !== key()) return;
      state.hint = analysis.best;
      const best = analysis.moves[0];
      const cells = analysis.best.map((cell) => cellName(...rowCol(cell)));
      onAnnounce(`Hint: ${cells.join(" or ")}, ${outcomeText(best)}.`);
    } catch (error) {
      fail(error);
    }
    changed();
  }

  function setOverlay(on) {
    state.overlay = on;
    refreshOverlay();
    changed();
  }

  async function refreshOverlay() {
    if (!state.variant || !state.overlay || !yourTurn() || analyses.has(key())) return;
    const asked = key();
    try {
      await analysisNow();
    } catch (error) {
      if (asked === key()) fail(error);
    }
    if (asked === key()) changed();
  }

  function status() {
    if (state.outcome) return { text: resultText(state.outcome), tone: resultFor(state.outcome) };
    if (state.busy) return { text: "Thinking…", tone: "thinking" };
    if (state.toMove === state.human) return { text: `Your move (${state.human})`, tone: "turn" };
    return { text: "The computer's move", tone: "turn" };
  }

  function view() {
    const analysis = state.overlay && yourTurn() ? analyses.get(key()) : undefined;
    return {
      rows: state.variant.rows,
      cols: state.variant.cols,
      stones: stonesOf(state.position),
      playable: yourTurn() && !state.busy,
      busy: state.busy,
      fresh: new Set(state.fresh),
      line: new Set(state.outcome ? state.outcome.line : []),
      hint: new Set(state.hint),
      overlay: analysis ? new Map(analysis.moves.map((entry) => [entry.move, entry])) : null,
      status: status(),
      error: state.error,
      canUndo: !state.busy && state.history.length > 0,
      canHint: !state.busy && yourTurn(),
      why: state.why,
      position: state.position,
      toMove: state.toMove,
    };
  }

  function setLevel(level) {
    state.level = level; // from the computer's next move on
  }

  return { newGame, play, undo, hint, setOverlay, setLevel, view };
}
