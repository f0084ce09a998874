// One game in the browser: the line of positions played so far, which one
// is shown, who plays each side, and the requests that move it forward. The
// server decides everything about the rules (legal moves, the position after
// a move, the computer's reply, who won) and sends each position's view; this
// module only keeps the positions it was given and asks again.
//
// Modes: "computer" (you against the computer), "two" (two people at one
// screen), "watch" (the computer plays itself; it can be stopped and resumed).

import * as api from "./api.js";
import { changedCells } from "./grid-board.js";
import { labelledMoves } from "./board.js";
import * as tally from "./tally.js";

const RESULT_WORDS = { win: "You win!", draw: "It's a draw.", loss: "The computer wins." };

function nodeOf(reply, extra = {}) {
  return {
    position: reply.position,
    toMove: reply.to_move,
    view: reply.view,
    outcome: reply.outcome,
    move: null,
    label: null,
    side: null, // who played the move into this position
    by: null, // "you", "computer" or (two players) the side
    why: null, // {analysis, move, level} when the computer played it
    ...extra,
  };
}

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function createGame({ onChange, onAnnounce, onTally }) {
  const state = {
    entry: null, // the game as /api/games lists it
    mode: "computer",
    human: "X",
    level: "perfect",
    line: [],
    cursor: 0,
    scored: null, // this game's result in the score, once counted; undo never takes it back
    busy: null, // null, "move" (yours is being read) or "thinking" (the computer's search runs)
    analysing: 0, // analyses in flight for the hint or the outcome overlay
    error: null,
    hint: null, // {key, moves: Set, text}
    overlay: false,
    watch: { running: false, delay: 800 },
  };
  const analyses = new Map(); // "game|position|to_move" -> analysis, so hint and overlay ask once
  let generation = 0; // bumped whenever the line changes under a request: its late reply is dropped

  const current = () => state.line[state.cursor];
  const last = () => state.line.at(-1);
  const keyOf = (node) => `${state.entry.game}|${node.position}|${node.toMove}`;
  const atEnd = () => state.cursor === state.line.length - 1;

  function changed() {
    // Nothing to show while a new game's first position is being fetched.
    if (state.entry && state.line.length) onChange(view());
  }

  function fail(error) {
    state.error = error.message.charAt(0).toUpperCase() + error.message.slice(1);
    onAnnounce(state.error);
  }

  function peopleMove(node) {
    if (state.mode === "two") return true;
    return state.mode === "computer" && node.toMove === state.human;
  }

  function computerMoves(node) {
    return state.mode === "watch" || (state.mode === "computer" && node.toMove !== state.human);
  }

  function resultFor(outcome) {
    if (outcome.winner === null) return "draw";
    return outcome.winner === state.human ? "win" : "loss";
  }

  function resultText(outcome) {
    if (state.mode === "computer") return RESULT_WORDS[resultFor(outcome)];
    return outcome.winner === null ? "It's a draw." : `${outcome.winner} wins!`;
  }

  // --- starting -------------------------------------------------------------

  // start: a position to begin from (as /api/position answers it: a set-up or a link),
  // else the game's start with ``first`` to move.
  async function newGame({ entry, mode, human, level, first, start = null }) {
    generation += 1;
    const asked = generation;
    Object.assign(state, {
      entry,
      mode,
      human,
      level,
      line: [],
      cursor: 0,
      scored: null,
      busy: null,
      error: null,
      hint: null,
    });
    state.watch.running = mode === "watch";
    let node = start ? nodeOf(start) : null;
    if (!node) {
      node = nodeOf(entry);
      if (entry.to_move !== first) {
        // The listed start has X to move; ask for the same start with the other side first.
        try {
          node = nodeOf(await api.position({ game: entry.game, to_move: first }));
        } catch (error) {
          fail(error);
        }
        if (asked !== generation) return;
      }
    }
    state.line = [node];
    const who = {
      computer: `You are ${human}. ${computerMoves(node) ? "The computer moves first." : "Your move."}`,
      two: `Two players: ${node.toMove} moves first.`,
      watch: "The computer plays itself.",
    }[mode];
    onAnnounce(`New game of ${entry.title}. ${who}`);
    changed();
    await carryOn(asked);
  }

  // After a move (or at the start): let the computer move if it is its turn, else refresh the overlay.
  async function carryOn(asked) {
    const node = current();
    if (asked !== generation || node.outcome) {
      changed();
      return;
    }
    if (state.mode === "watch") {
      await watchLoop(asked);
    } else if (computerMoves(node)) {
      await computerMove(asked);
    }
    refreshOverlay();
  }

  // --- moves ------------------------------------------------------------------

  function push(node) {
    state.line = state.line.slice(0, state.cursor + 1);
    state.line.push(node);
    state.cursor = state.line.length - 1;
    state.hint = null;
    if (node.outcome && state.mode === "computer" && !state.scored) {
      state.scored = resultFor(node.outcome);
      onTally(tally.add(state.scored));
    }
  }

  async function computerMove(asked) {
    const from = current();
    state.busy = "thinking";
    state.error = null;
    changed();
    let reply;
    try {
      reply = await api.move({ game: state.entry.game, position: from.position, to_move: from.toMove, level: state.level });
    } catch (error) {
      if (asked !== generation) return false;
      state.busy = null;
      fail(error);
      changed();
      return false;
    }
    if (asked !== generation) return false;
    state.busy = null;
    push(nodeOf(reply, {
      move: reply.move,
      label: reply.label,
      side: from.toMove,
      by: "computer",
      why: { analysis: reply.analysis, move: reply.move, level: state.level },
    }));
    const who = state.mode === "watch" ? from.toMove : "The computer";
    onAnnounce(`${who} played ${reply.label}. ${statusText()}`);
    changed();
    return true;
  }

  // A person chose ``move`` in the position shown. Playing from an earlier
  // position of the move list continues the game from there.
  async function play(move) {
    if (move === null || move === undefined) return;
    await playAsked({ play: move });
  }

  // A person typed ``text`` that names no free move (a taken cell, a number off
  // the board): the server reads it as the terminal does and says what is wrong.
  async function playTyped(text) {
    await playAsked({ typed: text });
  }

  async function playAsked(askedMove) {
    const from = current();
    if (state.busy || from.outcome || !peopleMove(from)) return;
    generation += 1;
    const asked = generation;
    state.busy = "move";
    state.error = null;
    state.hint = null;
    changed();
    let reply;
    try {
      reply = await api.position({ game: state.entry.game, position: from.position, to_move: from.toMove, ...askedMove });
    } catch (error) {
      if (asked !== generation) return;
      state.busy = null;
      fail(error);
      changed();
      return;
    }
    if (asked !== generation) return;
    state.busy = null;
    const by = state.mode === "two" ? from.toMove : "you";
    push(nodeOf(reply, { move: reply.played.move, label: reply.played.label, side: from.toMove, by }));
    onAnnounce(`${state.mode === "two" ? from.toMove : "You"} played ${reply.played.label}. ${statusText()}`);
    changed();
    await carryOn(asked);
  }

  // When the computer is to move but did not (its request failed, or the move list went back to its turn).
  async function letComputerMove() {
    const node = current();
    if (state.busy || node.outcome || !computerMoves(node) || state.mode === "watch") return;
    generation += 1;
    await carryOn(generation);
  }

  // --- watching -------------------------------------------------------------------

  async function watchLoop(asked) {
    while (state.watch.running && asked === generation && !current().outcome) {
      if (!(await computerMove(asked))) break;
      if (current().outcome) break;
      await wait(state.watch.delay);
    }
    if (asked === generation) {
      state.watch.running = false;
      changed();
    }
  }

  function stopWatching() {
    if (!state.watch.running) return;
    // The move being searched still lands; no further move is asked for.
    state.watch.running = false;
    onAnnounce("Stopped.");
    changed();
  }

  async function resumeWatching() {
    if (state.mode !== "watch" || state.watch.running || state.busy || current().outcome) return;
    generation += 1;
    state.watch.running = true;
    changed();
    await watchLoop(generation);
  }

  function setWatchDelay(ms) {
    state.watch.delay = ms;
  }

  // --- a reload ----------------------------------------------------------------------
  // The address holds only the position shown; the moves that led to it, and so
  // Undo, are kept for the tab (sessionStorage) and taken up again on a reload.

  function snapshot() {
    if (!state.entry || !state.line.length || state.busy) return null;
    const { mode, human, level, line, cursor, scored } = state;
    return { game: state.entry.game, mode, human, level, line, cursor, scored };
  }

  function restore(entry, saved) {
    generation += 1;
    Object.assign(state, {
      entry,
      mode: saved.mode,
      human: saved.human,
      level: saved.level,
      line: saved.line,
      cursor: saved.cursor,
      scored: saved.scored,
      busy: null,
      error: null,
      hint: null,
    });
    state.watch.running = false;
    onAnnounce(`The game of ${entry.title} goes on: move ${saved.cursor} of ${saved.line.length - 1}. ${statusText()}`);
    refreshOverlay();
    changed();
  }

  // --- going back ------------------------------------------------------------------

  // Undo takes back your last move (and the computer's reply); with two
  // people, the last move. A finished game's result stays in the score.
  function undoTarget() {
    if (state.busy || state.watch.running || state.mode === "watch") return -1;
    if (state.mode === "two") return state.cursor - 1;
    for (let index = state.cursor - 1; index >= 0; index -= 1) {
      const node = state.line[index];
      if (node.toMove === state.human && !node.outcome) return index;
    }
    return -1;
  }

  function undo() {
    const target = undoTarget();
    if (target < 0) return;
    generation += 1;
    state.line = state.line.slice(0, target + 1);
    state.cursor = target;
    state.hint = null;
    state.error = null;
    const kept = state.scored ? ` The score keeps this game's result (${state.scored}).` : "";
    onAnnounce(`Took back ${state.mode === "two" ? "the last move" : "your last move"}.${kept} ${statusText()}`);
    refreshOverlay();
    changed();
  }

  // The move list: show an earlier position (or a later one again) without changing the game.
  function goTo(index) {
    if (state.busy || state.watch.running || index < 0 || index >= state.line.length || index === state.cursor) return;
    generation += 1;
    state.cursor = index;
    state.hint = null;
    state.error = null;
    const node = current();
    onAnnounce(index === 0 ? "The start of the game." : `After move ${index}, ${node.label} by ${node.side}.`);
    refreshOverlay();
    changed();
  }

  // --- hint and outcomes ------------------------------------------------------------

  async function analysisOf(node) {
    const key = keyOf(node);
    if (analyses.has(key)) return analyses.get(key);
    state.analysing += 1;
    changed();
    try {
      const analysis = await api.analyze({ game: state.entry.game, position: node.position, to_move: node.toMove });
      analyses.set(key, analysis);
      return analysis;
    } finally {
      state.analysing -= 1;
    }
  }

  async function hint() {
    const node = current();
    if (!canAdvise(node)) return;
    const key = keyOf(node);
    try {
      const analysis = await analysisOf(node);
      if (key !== keyOf(current())) return;
      // The server names the moves and says the sentence (words.hint_text); the page only shows them.
      state.hint = { key, moves: new Set(analysis.advice.moves), text: analysis.advice.hint };
      onAnnounce(state.hint.text);
    } catch (error) {
      if (key === keyOf(current())) fail(error);
    }
    changed();
  }

  function canAdvise(node) {
    return Boolean(node) && !state.busy && !node.outcome && peopleMove(node);
  }

  function setOverlay(on) {
    state.overlay = on;
    refreshOverlay();
    changed();
  }

  async function refreshOverlay() {
    const node = current();
    if (!state.entry || !state.overlay || !canAdvise(node) || analyses.has(keyOf(node))) return;
    const key = keyOf(node);
    try {
      await analysisOf(node);
    } catch (error) {
      if (key === keyOf(current())) fail(error);
    }
    changed();
  }

  // --- what the page shows -------------------------------------------------------

  function statusText() {
    return status().text;
  }

  function status() {
    const node = current();
    if (node.outcome) return { text: resultText(node.outcome), tone: state.mode === "computer" ? resultFor(node.outcome) : "over" };
    if (state.busy === "thinking") {
      return { text: state.mode === "watch" ? `${node.toMove} is thinking…` : "Thinking…", tone: "thinking" };
    }
    if (!atEnd()) return { text: `Move ${state.cursor} of ${state.line.length - 1}: ${node.toMove} to move`, tone: "browse" };
    if (state.mode === "two") return { text: `${node.toMove} to move`, tone: "turn" };
    // The server's words when the computer's last move came from a search the limit stopped.
    const unproven = node.why?.analysis.advice.unproven;
    const said = unproven ? ` (the computer's move: ${unproven})` : "";
    if (state.mode === "watch") {
      return { text: `${state.watch.running ? "" : "Stopped: "}${node.toMove} to move${said}`, tone: "turn" };
    }
    if (node.toMove === state.human) return { text: `Your move (${state.human})${said}`, tone: "turn" };
    return { text: "The computer's move", tone: "turn" };
  }

  // The last computer decision up to the position shown, for "Why that move?".
  function lastWhy() {
    for (let index = state.cursor; index > 0; index -= 1) {
      if (state.line[index].why) return state.line[index].why;
    }
    return null;
  }

  function inProgress() {
    return state.line.length > 1 && !last().outcome;
  }

  function view() {
    const node = current();
    const previous = state.cursor > 0 ? state.line[state.cursor - 1] : null;
    const analysis = state.overlay && canAdvise(node) ? analyses.get(keyOf(node)) : undefined;
    const hinted = state.hint && state.hint.key === keyOf(node) ? state.hint : null;
    return {
      game: state.entry.game,
      title: state.entry.title,
      mode: state.mode,
      human: state.human,
      level: state.level,
      board: node.view,
      previous: previous ? previous.view : null,
      lastMoveCells: previous ? changedCells(previous.view, node.view) : new Set(),
      playable: !state.busy && !node.outcome && peopleMove(node),
      busy: state.busy !== null,
      thinking: state.busy === "thinking",
      analysing: state.analysing > 0,
      hint: hinted ? hinted.moves : new Set(),
      hintText: hinted ? hinted.text : null,
      overlay: analysis ? new Map(analysis.moves.map((entry) => [entry.move, entry])) : null,
      status: status(),
      error: state.error,
      scored: state.scored,
      canUndo: undoTarget() >= 0,
      canHint: canAdvise(node),
      canComputerMove: !state.busy && !node.outcome && state.mode === "computer" && computerMoves(node),
      watching: state.watch.running,
      canResume: state.mode === "watch" && !state.watch.running && !state.busy && !node.outcome,
      line: state.line,
      cursor: state.cursor,
      canBrowse: !state.busy && !state.watch.running,
      why: lastWhy(),
      position: node.position,
      toMove: node.toMove,
      outcome: node.outcome,
      inProgress: inProgress(),
    };
  }

  return {
    newGame,
    play,
    playTyped,
    undo,
    goTo,
    hint,
    setOverlay,
    setLevel: (level) => {
      state.level = level; // from the computer's next move on
      changed();
    },
    letComputerMove,
    stopWatching,
    resumeWatching,
    setWatchDelay,
    view,
    inProgress,
    snapshot,
    restore,
    labelledMoves: () => (state.entry && current() ? labelledMoves(current().view) : new Map()),
  };
}
