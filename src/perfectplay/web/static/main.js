// Wires the page together: the game list, settings, buttons, keys, the
// board, the editor, the address and the panels. No game is named here:
// the games come from /api/games and each position is drawn from its view.

import * as api from "./api.js";
import { attach, announce } from "./announce.js";
import { canDraw, createBoard } from "./board.js";
import { createConfirm } from "./dialog.js";
import { canEdit, createEditor } from "./editor.js";
import { createGame } from "./game.js";
import { readLink, writeLink } from "./link.js";
import { createMoveList } from "./movelist.js";
import { capitalized, otherSide } from "./outcome.js";
import * as tally from "./tally.js";
import { createTreePanel } from "./tree-panel.js";
import { learnWords } from "./tree-words.js";
import { createWhyPanel } from "./why.js";

const SETTINGS_KEY = "perfectplay.settings.v2";
const GAME_KEY = "perfectplay.game.v1"; // this tab's game: its moves and Undo survive a reload
const MODES = ["computer", "two", "watch"];
const $ = (id) => document.getElementById(id);

let entries = []; // the games, as /api/games lists them (plus any other game a link named)
let levelNotes = {};
let seconds = 5;
let treeMax = 9;
let game = null;
let board = null;
let editor = null;
let confirm = null;
let applied = null; // the settings the game in front of you was started with
let lastView = null;
let typed = ""; // digits typed so far towards a move's label

const panels = [];

// --- settings ----------------------------------------------------------------

function readSettings() {
  const form = $("settings");
  return {
    game: $("game").value,
    mode: $("mode").value,
    side: form.elements.side.value,
    first: form.elements.first.value,
    level: $("level").value,
    speed: $("speed").value,
  };
}

function writeSettings(settings) {
  const form = $("settings");
  for (const name of ["side", "first"]) {
    const input = [...form.elements[name]].find((radio) => radio.value === settings[name]);
    if (input) input.checked = true;
  }
  for (const name of ["game", "mode", "level", "speed"]) {
    if ([...$(name).options].some((option) => option.value === settings[name])) $(name).value = settings[name];
  }
}

function saveSettings() {
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(readSettings()));
  } catch {
    // Storage disabled: settings last for this visit only.
  }
}

function restoreSettings() {
  try {
    const saved = JSON.parse(localStorage.getItem(SETTINGS_KEY) || "null");
    if (saved) writeSettings(saved);
  } catch {
    // Unreadable storage: the defaults stay.
  }
}

function saveGame() {
  const saved = game.snapshot();
  if (!saved) return;
  try {
    sessionStorage.setItem(GAME_KEY, JSON.stringify(saved));
  } catch {
    // Storage full or disabled: a reload starts from the position in the address.
  }
}

// The game this tab played, if the address still shows its position.
function savedGameFor(link) {
  let saved = null;
  try {
    saved = JSON.parse(sessionStorage.getItem(GAME_KEY) || "null");
  } catch {
    return null;
  }
  if (!saved || !Array.isArray(saved.line) || !saved.line[saved.cursor]) return null;
  const shown = saved.line[saved.cursor];
  const entry = entries.find((known) => known.game === saved.game);
  const same = link.game === saved.game && link.position === shown.position && link.to_move === shown.toMove;
  return entry && same && MODES.includes(saved.mode) ? { entry, saved } : null;
}

// The strongest level is called "Perfect" only in a game the engine solves from the first move (the server says).
function labelStrongest(entry) {
  const option = $("level").querySelector('option[value="perfect"]');
  if (!option || !entry.strongest) return;
  option.textContent = entry.strongest.title;
  option.title = entry.strongest.note;
}

function resumeGame({ entry, saved }) {
  writeSettings({ ...readSettings(), game: entry.game, mode: saved.mode, side: saved.human, level: saved.level });
  applied = readSettings();
  showModeFields(applied.mode);
  game.setWatchDelay(Number(applied.speed));
  labelStrongest(entry);
  game.restore(entry, saved);
}

function showModeFields(mode) {
  $("side-field").hidden = mode !== "computer";
  $("first-field").hidden = mode !== "computer";
  $("level-field").hidden = mode === "two";
  $("speed-field").hidden = mode !== "watch";
  $("tally-panel").hidden = mode !== "computer";
}

function entryFor(spec) {
  return entries.find((entry) => entry.game === spec) || entries[0];
}

function startNewGame(start = null) {
  closeEditor();
  applied = readSettings();
  saveSettings();
  showModeFields(applied.mode);
  const entry = entryFor(applied.game);
  labelStrongest(entry);
  const first = applied.mode === "computer" && applied.first === "computer" ? otherSide(applied.side) : applied.side;
  game.setWatchDelay(Number(applied.speed));
  game.newGame({
    entry,
    mode: applied.mode,
    human: applied.side,
    level: applied.level,
    first: applied.mode === "computer" ? first : "X",
    start,
  });
}

// A setting that starts a new game asks first when a game is in progress.
async function onSettingChange() {
  if (game.inProgress()) {
    const yes = await confirm("Changing this starts a new game: the game in progress will be discarded.", "Start a new game");
    if (!yes) {
      writeSettings(applied);
      return;
    }
  }
  startNewGame();
}

// --- the address ----------------------------------------------------------------

function linkValues(view) {
  return {
    game: view.game,
    position: view.position,
    to_move: view.toMove,
    mode: applied.mode,
    you: applied.mode === "computer" ? applied.side : null,
    first: applied.mode === "computer" ? applied.first : null,
    level: applied.mode === "two" ? null : applied.level,
    speed: applied.mode === "watch" ? applied.speed : null,
  };
}

// Start what a link names. Every value is checked; what cannot be used is said in words.
async function startFromLink(link) {
  const problems = [];
  const settings = readSettings();
  let entry = null;
  if (link.game !== undefined) {
    entry = entries.find((known) => known.game === link.game) || null;
    if (!entry) {
      try {
        const read = await api.position({ game: link.game });
        entry = { ...read, summary: "" };
        if (!entries.some((known) => known.game === entry.game)) addGameOption(entry);
      } catch (error) {
        problems.push(`the game '${link.game}' cannot be played here: ${error.message}`);
      }
    }
    if (entry) settings.game = entry.game;
  }
  const choices = {
    mode: [link.mode, MODES],
    side: [link.you, ["X", "O"]],
    first: [link.first, ["you", "computer"]],
    level: [link.level, Object.keys(levelNotes)],
    speed: [link.speed, [...$("speed").options].map((option) => option.value)],
  };
  for (const [name, [value, allowed]] of Object.entries(choices)) {
    if (value === undefined) continue;
    if (allowed.includes(value)) settings[name] = value;
    else problems.push(`'${value}' is not a ${name === "side" ? "side (X or O)" : name} this page knows`);
  }
  writeSettings(settings);
  let start = null;
  if (link.position !== undefined && (entry || link.game === undefined)) {
    const spec = (entry || entryFor(settings.game)).game;
    try {
      start = await api.position({ game: spec, position: link.position, to_move: link.to_move || undefined });
    } catch (error) {
      problems.push(`its position cannot be used (${error.message}), so the game starts from the beginning`);
    }
  }
  if (problems.length) showNotice(`This link could not be followed exactly: ${problems.join("; ")}.`);
  startNewGame(start);
}

function showNotice(text) {
  $("notice").textContent = text;
  $("notice").hidden = false;
}

function addGameOption(entry) {
  entries.push(entry);
  $("game").append(Object.assign(document.createElement("option"), { value: entry.game, textContent: entry.title }));
}

// --- drawing ----------------------------------------------------------------------

// The whole tree is drawn for small choices only; the panel offers a depth limit otherwise.
function treeOffReason(view) {
  // Every view lists the move each clickable place plays (a grid per cell, heaps per object).
  const places = [view.board.click ?? []].flat(Infinity);
  const moves = new Set(places.filter((move) => move !== null && move !== undefined)).size;
  if (!view.outcome && moves > treeMax) {
    return `The search tree is drawn for positions with at most ${treeMax} moves to choose from, and this one has ${moves}: ` +
      `play on until ${treeMax} are left, or set up such a position with “Set up a position”.`;
  }
  return null;
}

function showWorking(view) {
  const working = $("working");
  const on = view.thinking || view.analysing;
  if (on && working.hidden) working.classList.remove("run");
  working.hidden = !on;
  if (!on) return;
  working.style.setProperty("--seconds", `${seconds}s`);
  // Restart the bar: it fills over the server's time limit, the longest a search may take.
  void working.offsetWidth;
  working.classList.add("run");
  $("working-text").textContent = view.thinking
    ? `The computer is searching (at most ${seconds} s)…`
    : `Working out every move's outcome (at most ${seconds} s)…`;
}

function showTallyNote(view) {
  const note = $("tally-note");
  let text = "";
  if (view.mode === "computer" && view.scored) {
    const winner = view.outcome ? view.outcome.winner : null;
    const result = winner === null ? "draw" : winner === view.human ? "win" : "loss";
    if (!view.outcome) text = `This game already counts as a ${view.scored}; taking moves back does not change the score.`;
    else if (result !== view.scored) text = `The score keeps this game's first result: a ${view.scored}.`;
  }
  note.textContent = text;
  note.hidden = !text;
}

function render(view) {
  lastView = view;
  saveGame();
  view.treeOff = treeOffReason(view);
  board.render(view.board, {
    playable: view.playable,
    busy: view.busy,
    lastMoveCells: view.lastMoveCells,
    previous: view.previous,
    hint: view.hint,
    overlay: view.overlay,
  });
  const status = $("status");
  status.textContent = view.status.text;
  status.dataset.tone = view.status.tone;
  showWorking(view);
  $("hint-text").hidden = !view.hintText;
  $("hint-text").textContent = view.hintText || "";
  $("error").hidden = !view.error;
  $("error").textContent = view.error || "";
  $("undo").disabled = !view.canUndo;
  $("hint").disabled = !view.canHint;
  $("computer-move").hidden = !view.canComputerMove;
  $("watch-toggle").hidden = view.mode !== "watch";
  $("watch-toggle").textContent = view.watching ? "Stop" : "Watch";
  $("watch-toggle").disabled = !view.watching && !view.canResume;
  $("edit").disabled = view.busy || view.watching || !canEdit(view.board);
  showTallyNote(view);
  document.body.classList.toggle("busy", view.busy);
  for (const panel of panels) panel.update(view);
  $("share-link").value = writeLink(linkValues(view));
}

function showTally(counts) {
  for (const kind of ["win", "draw", "loss"]) $(`tally-${kind}`).textContent = String(counts[kind]);
}

// --- the editor ---------------------------------------------------------------------

function openEditor() {
  if (!lastView || lastView.busy || lastView.watching || !canEdit(lastView.board)) return;
  $("play-area").hidden = true;
  $("editor").hidden = false;
  editor.open(lastView.board, null);
  document.querySelector("#editor-board button, #editor-board input")?.focus();
}

function closeEditor() {
  $("play-area").hidden = false;
  $("editor").hidden = true;
  $("editor-board").replaceChildren();
}

async function playSetUp(read) {
  if (game.inProgress()) {
    const yes = await confirm("Playing from this position discards the game in progress.", "Play from here");
    if (!yes) return;
  }
  startNewGame(read);
}

// --- keys -------------------------------------------------------------------------------

function typeDigit(digit) {
  const moves = game.labelledMoves();
  const wanted = typed + digit;
  const longer = [...moves.keys()].some((label) => label !== wanted && label.startsWith(wanted));
  if (moves.has(wanted) && !longer) {
    typed = "";
    playLabel(moves, wanted);
  } else if (longer) {
    typed = wanted;
    announce(`${wanted}: type another digit, or Enter${moves.has(wanted) ? ` to play ${wanted}` : ""}.`);
  } else {
    typed = "";
    game.playTyped(wanted); // the server's sentence says why it is no move here
  }
  showTyped();
}

function playLabel(moves, label) {
  const move = moves.get(label);
  board.focusMove(move);
  game.play(move);
}

function showTyped() {
  $("typed").hidden = !typed;
  $("typed").textContent = typed ? `Typed ${typed}… (another digit, or Enter)` : "";
}

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey || $("confirm").open || !$("editor").hidden) return;
  const target = event.target;
  // Keys typed into a list or a text field are theirs; radios and checkboxes ignore letters and digits.
  const typing = target instanceof HTMLInputElement && !["checkbox", "radio"].includes(target.type);
  if (target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement || typing) return;
  const key = event.key.toLowerCase();
  if (/^[0-9]$/.test(key)) {
    typeDigit(key);
  } else if (key === "enter" && typed) {
    const moves = game.labelledMoves();
    if (moves.has(typed)) playLabel(moves, typed);
    else game.playTyped(typed);
    typed = "";
    showTyped();
  } else if (key === "escape" && typed) {
    typed = "";
    showTyped();
  } else if (key === "h") {
    game.hint();
  } else if (key === "u") {
    game.undo();
  } else if (key === "n") {
    startNewGame();
  } else if (key === "e") {
    openEditor();
  } else if (key === "[" || key === "]") {
    game.goTo(lastView.cursor + (key === "[" ? -1 : 1));
  } else if (key === "s") {
    $("overlay").checked = !$("overlay").checked;
    game.setOverlay($("overlay").checked);
  } else {
    return;
  }
  event.preventDefault();
}

// --- start ----------------------------------------------------------------------------------

function fillSelect(select, options) {
  select.replaceChildren(
    ...options.map(([value, label]) => Object.assign(document.createElement("option"), { value, textContent: label })),
  );
}

async function copyLink() {
  const input = $("share-link");
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    input.select();
    document.execCommand("copy");
  }
  $("share-copy").textContent = "Copied";
  setTimeout(() => {
    $("share-copy").textContent = "Copy";
  }, 1500);
}

function wire() {
  $("new-game").addEventListener("click", () => startNewGame());
  $("undo").addEventListener("click", () => game.undo());
  $("hint").addEventListener("click", () => game.hint());
  $("computer-move").addEventListener("click", () => game.letComputerMove());
  $("watch-toggle").addEventListener("click", () => (lastView.watching ? game.stopWatching() : game.resumeWatching()));
  $("overlay").addEventListener("change", () => game.setOverlay($("overlay").checked));
  $("edit").addEventListener("click", openEditor);
  $("tally-reset").addEventListener("click", () => showTally(tally.reset()));
  $("share-copy").addEventListener("click", copyLink);
  $("level").addEventListener("change", () => {
    applied.level = $("level").value;
    saveSettings();
    game.setLevel(applied.level);
  });
  $("speed").addEventListener("change", () => {
    applied.speed = $("speed").value;
    saveSettings();
    game.setWatchDelay(Number(applied.speed));
  });
  // X moves first, as in the terminal (--you O: the computer opens): choosing a side sets who moves first to
  // match, before the new game starts; "First move" can still change it afterwards.
  for (const input of document.querySelectorAll("[name=side]")) {
    input.addEventListener("change", () => {
      const opener = input.value === "X" ? "you" : "computer";
      const first = [...$("settings").elements.first].find((radio) => radio.value === opener);
      if (first) first.checked = true;
    });
  }
  for (const name of ["side", "first", "game", "mode"]) {
    for (const input of document.querySelectorAll(`[name=${name}]`)) input.addEventListener("change", onSettingChange);
  }
  document.addEventListener("keydown", onKey);
}

async function start() {
  attach($("announcer"));
  showTally(tally.load());
  let listing;
  let levels;
  try {
    [listing, levels] = await Promise.all([api.games(), api.levels()]);
  } catch (error) {
    $("status").textContent = error.message;
    return;
  }
  entries = listing.games.filter((entry) => canDraw(entry.view));
  seconds = listing.seconds;
  treeMax = listing.tree_max_moves;
  learnWords(listing.words);
  levelNotes = levels.notes;
  fillSelect($("game"), entries.map((entry) => [entry.game, entry.title]));
  const choices = [...levels.levels, ...(levels.depth_players ?? [])];
  fillSelect($("level"), choices.map((level) => [level, levels.titles?.[level] ?? capitalized(level)]));
  $("level").value = levels.default;
  $("game").value = listing.default;
  $("game-note").textContent = `Each search stops after ${seconds} s: on big boards the computer plays the best move found in time.`;
  restoreSettings();

  board = createBoard($("board"), (move) => game.play(move));
  game = createGame({ onChange: render, onAnnounce: announce, onTally: showTally });
  confirm = createConfirm($("confirm"));
  editor = createEditor($("editor"), { game: () => lastView.game, onPlay: playSetUp, onClose: closeEditor });
  panels.push(
    createWhyPanel($("why")),
    createMoveList($("moves-panel"), { onGo: (index) => game.goTo(index) }),
    createTreePanel($("tree-panel"), () => ({ game: lastView.game })),
  );
  // The browser may restore the checkbox on reload; the game starts in step with it.
  game.setOverlay($("overlay").checked);
  wire();
  const link = readLink();
  const resumed = link ? savedGameFor(link) : null;
  if (resumed) resumeGame(resumed);
  else if (link) await startFromLink(link);
  else startNewGame();
}

start();
