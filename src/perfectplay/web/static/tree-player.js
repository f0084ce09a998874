// The step-through player: replays a trace's ``events`` one at a time
// (previous, next, play/pause, speed), with the window α/β and each cut as it
// happens. It only reads the events the server sent; it never asks the engine.

import { alphaText, betaText, count, eventText } from "./tree-words.js";

const SPEEDS = [
  ["0.5", "0.5×"],
  ["1", "1×"],
  ["2", "2×"],
  ["4", "4×"],
];
const STEP_MS = 900; // one event per step at 1×: time to read a sentence

function button(label, text, onClick) {
  const element = Object.assign(document.createElement("button"), { type: "button", textContent: text });
  element.setAttribute("aria-label", label);
  element.addEventListener("click", onClick);
  return element;
}

export function createPlayer(element, { algorithm, events, nodes, cols, show }) {
  let list = events;
  let index = -1; // before the first event
  let timer = null;
  let speed = 1;

  const previous = button("Previous event", "◀ Prev", () => go(index - 1));
  const play = button("Play", "▶ Play", () => (timer ? pause() : start()));
  const next = button("Next event", "Next ▶", () => go(index + 1));
  const speedSelect = document.createElement("select");
  speedSelect.className = "tspeed";
  for (const [value, label] of SPEEDS) speedSelect.append(Object.assign(document.createElement("option"), { value, textContent: label }));
  speedSelect.value = "1";
  speedSelect.addEventListener("change", () => {
    speed = Number(speedSelect.value);
    if (timer) {
      pause();
      start();
    }
  });
  const speedLabel = Object.assign(document.createElement("label"), { className: "tspeed-label", textContent: "Speed " });
  speedLabel.append(speedSelect);
  const position = Object.assign(document.createElement("span"), { className: "tposition" });
  const controls = document.createElement("div");
  controls.className = "tcontrols";
  controls.append(previous, play, next, speedLabel, position);

  const alpha = Object.assign(document.createElement("span"), { className: "tab-bound alpha" });
  const beta = Object.assign(document.createElement("span"), { className: "tab-bound beta" });
  const bounds = document.createElement("div");
  bounds.className = "tbounds";
  bounds.append(alpha, beta);
  const sentence = Object.assign(document.createElement("p"), { className: "tevent" });
  sentence.setAttribute("aria-live", "polite");
  const now = document.createElement("div");
  now.className = "tnow";
  if (algorithm === "alphabeta") now.append(bounds);
  now.append(sentence);
  element.replaceChildren(controls, now);

  // The window in force: the latest event at or before ``index`` that carries one.
  function windowAt(at) {
    for (let i = at; i >= 0; i -= 1) if ("alpha" in list[i]) return list[i];
    return { alpha: null, beta: null };
  }

  function draw() {
    const event = list[index];
    position.textContent = `Event ${count(index + 1)} of ${count(list.length)}`;
    previous.disabled = index < 0;
    next.disabled = index >= list.length - 1;
    const window = windowAt(index);
    alpha.textContent = `α = ${alphaText(window.alpha)}`;
    beta.textContent = `β = ${betaText(window.beta)}`;
    now.classList.toggle("is-cut", event?.type === "cut");
    if (!event) {
      sentence.textContent =
        algorithm === "alphabeta"
          ? "Press Next or Play to watch alpha-beta search: the window α/β narrows, and a cut happens when β ≤ α at a MIN node or α ≥ β at a MAX node."
          : "Press Next or Play to watch minimax search every move to the end of the game and back the values up.";
    } else {
      sentence.textContent = eventText(event, nodes, cols);
    }
  }

  function go(at) {
    index = Math.max(-1, Math.min(list.length - 1, at));
    const event = list[index];
    if (event) show(event.type === "hidden" ? event.parent : event.node, event.type === "cut");
    draw();
    if (index >= list.length - 1) pause();
  }

  function start() {
    if (index >= list.length - 1) go(-1);
    play.textContent = "⏸ Pause";
    play.setAttribute("aria-label", "Pause");
    play.setAttribute("aria-pressed", "true");
    timer = setInterval(() => go(index + 1), STEP_MS / speed);
  }

  function pause() {
    clearInterval(timer);
    timer = null;
    play.textContent = "▶ Play";
    play.setAttribute("aria-label", "Play");
    play.setAttribute("aria-pressed", "false");
  }

  // A subtree was loaded: its events replaced ``removed`` events at ``start``.
  // The replay stays at the same step: a hidden child's summary becomes that child's exit.
  function replace(events, startAt, removed, added) {
    const was = list[index];
    list = events;
    if (index >= startAt + removed) {
      index += added - removed;
    } else if (index >= startAt) {
      const type = was.type === "hidden" ? "exit" : was.type;
      const matches = (event) =>
        event.type === type && event.node === was.node && (type !== "update" || event.move === was.move);
      const same = list.slice(startAt, startAt + added).findIndex(matches);
      index = startAt + Math.max(0, same);
    }
    draw();
  }

  play.setAttribute("aria-pressed", "false");
  draw();
  return { replace, stop: pause };
}
