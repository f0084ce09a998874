// The step-through player: replays a trace's ``events`` one at a time
// (previous, next, play/pause, speed, finish the current node), with the
// window α/β and each cut as it happens. The tree beside it fills in as the
// search did. It counts the whole search's events: a subtree not loaded yet
// counts its ``steps``, and is loaded from the server when the replay
// reaches it, so every step's node is on screen. The algorithm's pseudocode
// sits beside it with the line of the current step highlighted: each event
// carries its ``line`` (the server's one mapping, teaching/pseudocode.py).

import { button, element } from "./tree-dom.js";
import { alphaText, betaText, count, eventText } from "./tree-words.js";

const SPEEDS = [
  ["0.5", "0.5×"],
  ["1", "1×"],
  ["2", "2×"],
  ["4", "4×"],
];
const STEP_MS = 900; // one event per step at 1×: time to read a sentence
const LOOK_AHEAD = 4; // events ahead whose folded subtrees are loaded before the replay gets there

export function createPlayer(box, { algorithm, view, evaluation, pseudocode = [] }) {
  let index = -1; // before the first event
  let replaying = false;
  let timer = null;
  let speed = 1;
  let waiting = false; // a subtree is loading for the next step
  let counted = []; // counted[i]: events of the whole search up to and including event i

  const total = view.root.steps;
  const start = button("|◀", () => restart(), { label: "Back to the start" });
  const previous = button("◀ Prev", () => go(index - 1), { label: "Prev event" });
  const play = button("▶ Play", () => (timer ? pause() : run()), { label: "Play" });
  const next = button("Next ▶", () => advance(), { label: "Next event" });
  const finish = button("⤴ Finish node", () => finishNode(), { label: "Finish node" });
  const whole = button("Whole tree", () => stopReplay(), { label: "Stop the replay and show the whole tree" });
  const speedSelect = element("select", "tspeed");
  for (const [value, label] of SPEEDS) speedSelect.append(Object.assign(element("option", "", label), { value }));
  speedSelect.value = "1";
  speedSelect.addEventListener("change", () => {
    speed = Number(speedSelect.value);
    if (timer) {
      pause();
      run();
    }
  });
  const speedLabel = element("label", "tspeed-label", "Speed ");
  speedLabel.append(speedSelect);
  const position = element("span", "tposition");
  const controls = element("div", "tcontrols");
  controls.append(start, previous, play, next, finish, speedLabel, whole, position);

  const alpha = element("span", "tab-bound alpha");
  const beta = element("span", "tab-bound beta");
  const bounds = element("div", "tbounds");
  bounds.append(alpha, beta);
  const sentence = element("p", "tevent");
  sentence.setAttribute("aria-live", "polite");
  const now = element("div", "tnow");
  if (algorithm === "alphabeta") now.append(bounds);
  now.append(sentence);
  const code = element("details", "tcode-box");
  code.open = true;
  code.append(element("summary", "", "Pseudocode, in step with the replay"));
  const listing = element("pre", "tcode");
  const codeLines = pseudocode.map((text, at) => {
    const line = element("span", "tline", text);
    line.dataset.line = String(at + 1);
    listing.append(line, "\n");
    return line;
  });
  code.append(listing);
  box.replaceChildren(controls, now, ...(codeLines.length ? [code] : []));

  function recount() {
    const list = view.events();
    counted = [];
    let sum = 0;
    for (const event of list) {
      sum += event.type === "hidden" ? view.find(event.node).steps : 1;
      counted.push(sum);
    }
  }

  // A folded subtree was loaded: its events replaced one event at ``at``. Stay on the same step of the search.
  view.onSplice((at, added) => {
    // At or before the current step: the replay is past the whole subtree, now at its exit.
    if (replaying && at <= index) index += added - 1;
    recount();
    if (replaying) view.setStep(index);
    draw();
  });

  // The window in force: the latest event at or before ``at`` that carries one.
  function windowAt(at) {
    const list = view.events();
    for (let i = at; i >= 0; i -= 1) if ("alpha" in list[i]) return list[i];
    return { alpha: null, beta: null };
  }

  function introText() {
    const how = "nodes appear as the search reaches them, and each value once the search has computed it";
    if (algorithm === "alphabeta") {
      return `Press Next or Play to replay alpha-beta (${how}): the window α/β narrows, and a cut happens when β ≤ α at a MIN node or α ≥ β at a MAX node.`;
    }
    return `Press Next or Play to replay minimax (${how}): it searches every move and backs the values up.`;
  }

  function draw() {
    const list = view.events();
    const event = replaying ? list[index] : undefined;
    position.textContent = `Event ${count(replaying && index >= 0 ? counted[index] : 0)} of ${count(total)}`;
    start.disabled = !replaying || index < 0;
    previous.disabled = !replaying || index < 0;
    next.disabled = waiting || (replaying && index >= list.length - 1);
    finish.disabled = !replaying || index < 0 || index >= list.length - 1;
    whole.hidden = !replaying;
    const window = windowAt(replaying ? index : -1);
    alpha.textContent = `α = ${alphaText(window.alpha)}`;
    beta.textContent = `β = ${betaText(window.beta)}`;
    now.classList.toggle("is-cut", event?.type === "cut");
    codeLines.forEach((line, at) => line.classList.toggle("is-current", event?.line === at + 1));
    if (waiting) {
      sentence.textContent = "Loading the next part of the search…";
    } else if (!replaying) {
      sentence.textContent = introText();
    } else if (!event) {
      sentence.textContent = "Ready: press Next for the search's first step.";
    } else {
      const said = eventText(event, { find: view.find, labelOf: view.labelOf, textbook: view.textbook, evaluation });
      sentence.textContent = said;
    }
  }

  function go(at) {
    const list = view.events();
    replaying = true;
    index = Math.max(-1, Math.min(list.length - 1, at));
    view.setStep(index);
    draw();
    if (index >= list.length - 1) pause();
    lookAhead();
  }

  // Load the folded subtrees the replay is about to reach, so stepping does not wait for them.
  function lookAhead() {
    const list = view.events();
    for (let at = index + 1; at <= index + LOOK_AHEAD && at < list.length; at += 1) {
      if (list[at].type === "hidden" && view.canReveal(list[at].node)) view.reveal(list[at].node).catch(() => {});
    }
  }

  async function advance() {
    if (waiting) return;
    if (!replaying) {
      replaying = true;
      index = -1;
    }
    const list = view.events();
    const target = index + 1;
    if (target >= list.length) return;
    const event = list[target];
    if (event.type === "hidden" && view.canReveal(event.node)) {
      // Every step's node on screen: load the folded subtree, then step into it.
      waiting = true;
      draw();
      try {
        await view.reveal(event.node);
      } catch {
        // It stays folded (its row says why); the step goes over it in one.
      } finally {
        waiting = false;
      }
    }
    go(target);
  }

  function finishNode() {
    const list = view.events();
    const event = list[index];
    if (!event) return;
    const node = event.type === "exit" ? view.parentOf(event.node) : event.node;
    const end = list.findIndex((candidate, at) => at > index && candidate.type === "exit" && candidate.node === node);
    go(end < 0 ? list.length - 1 : end);
  }

  function restart() {
    pause();
    go(-1);
  }

  function stopReplay() {
    pause();
    replaying = false;
    index = -1;
    view.setStep(null);
    draw();
  }

  function run() {
    if (replaying && index >= view.events().length - 1) go(-1);
    play.textContent = "⏸ Pause";
    play.setAttribute("aria-label", "Pause");
    play.setAttribute("aria-pressed", "true");
    timer = setInterval(() => advance(), STEP_MS / speed);
  }

  function pause() {
    clearInterval(timer);
    timer = null;
    play.textContent = "▶ Play";
    play.setAttribute("aria-label", "Play");
    play.setAttribute("aria-pressed", "false");
  }

  recount();
  play.setAttribute("aria-pressed", "false");
  draw();
  return { stop: pause };
}
