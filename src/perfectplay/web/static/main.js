// Wires the page together: settings, buttons, keys, the board and the panels.

import * as api from "./api.js";
import { attach, announce } from "./announce.js";
import { createBoard } from "./board.js";
import { createGame } from "./game.js";
import * as tally from "./tally.js";
import { createTreePanel } from "./tree-panel.js";
import { createWhyPanel } from "./why.js";

const SETTINGS_KEY = "perfectplay.settings.v1";
const $ = (id) => document.getElementById(id);

// Every side panel gets each new view. A search-tree panel fed by a trace
// would be one more entry here.
let variant = null; // the board of the current game, for the tree panel's requests
const panels = [createWhyPanel($("why")), createTreePanel($("tree-panel"), () => ({ game: variant.game }))];

let variants = [];
let game = null;
let board = null;

function readSettings() {
  const form = $("settings");
  return {
    side: form.elements.side.value,
    first: form.elements.first.value,
    level: $("level").value,
    variant: $("variant").value,
  };
}

function saveSettings() {
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(readSettings()));
  } catch {
    // Storage disabled: settings last for this visit only.
  }
}

function restoreSettings() {
  let saved = null;
  try {
    saved = JSON.parse(localStorage.getItem(SETTINGS_KEY) || "null");
  } catch {
    saved = null;
  }
  if (!saved) return;
  const form = $("settings");
  for (const name of ["side", "first"]) {
    const input = [...form.elements[name]].find((radio) => radio.value === saved[name]);
    if (input) input.checked = true;
  }
  for (const name of ["level", "variant"]) {
    if ([...$(name).options].some((option) => option.value === saved[name])) $(name).value = saved[name];
  }
}

function showTally(counts) {
  for (const kind of ["win", "draw", "loss"]) $(`tally-${kind}`).textContent = String(counts[kind]);
}

function render(view) {
  board.render(view);
  const status = $("status");
  status.textContent = view.status.text;
  status.dataset.tone = view.status.tone;
  $("error").hidden = !view.error;
  $("error").textContent = view.error || "";
  $("undo").disabled = !view.canUndo;
  $("hint").disabled = !view.canHint;
  document.body.classList.toggle("busy", view.busy);
  for (const panel of panels) panel.update(view);
}

function startNewGame() {
  const settings = readSettings();
  variant = variants.find((entry) => entry.id === settings.variant) || variants[0];
  $("variant-note").textContent = `${variant.k} in a row wins; ${variant.note}.`;
  game.newGame({
    variant,
    human: settings.side,
    computerFirst: settings.first === "computer",
    level: settings.level,
  });
}

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  // Keys typed into a list or a text field are theirs; radios and checkboxes ignore letters and digits.
  const typing = target instanceof HTMLInputElement && !["checkbox", "radio"].includes(target.type);
  if (target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement || typing) return;
  const view = game.view();
  const key = event.key.toLowerCase();
  if (/^[1-9]$/.test(key) && view.rows * view.cols === 9) {
    const cell = Number(key) - 1;
    board.focusCell(cell);
    game.play(cell);
  } else if (key === "h") {
    game.hint();
  } else if (key === "u") {
    game.undo();
  } else if (key === "n") {
    startNewGame();
  } else if (key === "s") {
    $("overlay").checked = !$("overlay").checked;
    game.setOverlay($("overlay").checked);
  } else {
    return;
  }
  event.preventDefault();
}

function fillSelect(select, options) {
  select.replaceChildren(
    ...options.map(([value, label]) => Object.assign(document.createElement("option"), { value, textContent: label })),
  );
}

async function start() {
  attach($("announcer"));
  showTally(tally.load());
  let levels;
  try {
    [{ variants }, levels] = await Promise.all([api.variants(), api.levels()]);
  } catch (error) {
    $("status").textContent = error.message;
    return;
  }
  fillSelect($("variant"), variants.map((entry) => [entry.id, entry.label]));
  fillSelect($("level"), levels.levels.map((level) => [level, level[0].toUpperCase() + level.slice(1)]));
  $("level").value = levels.default;
  restoreSettings();

  board = createBoard($("board"), (cell) => game.play(cell));
  game = createGame({ onChange: render, onAnnounce: announce, onTally: showTally });
  // The browser may restore the checkbox on reload; the game starts in step with it.
  game.setOverlay($("overlay").checked);

  $("new-game").addEventListener("click", startNewGame);
  $("undo").addEventListener("click", () => game.undo());
  $("hint").addEventListener("click", () => game.hint());
  $("overlay").addEventListener("change", () => game.setOverlay($("overlay").checked));
  $("tally-reset").addEventListener("click", () => showTally(tally.reset()));
  $("level").addEventListener("change", () => {
    saveSettings();
    game.setLevel($("level").value);
  });
  for (const name of ["side", "first", "variant"]) {
    for (const input of document.querySelectorAll(`[name=${name}]`)) {
      input.addEventListener("change", () => {
        saveSettings();
        startNewGame();
      });
    }
  }
  document.addEventListener("keydown", onKey);
  startNewGame();
}

start();
