// The "heaps" view (Nim): rows of objects; clicking object j of a heap
// takes it and every object after it. Drawn only from the view the server sent.
//
// view: {heaps: [3, 4, 5], misere: bool, click: [[move per object, left to right] per heap]}
// The objects the last move took stay on screen as faint outlines, so a
// player sees what the computer took.

import { outcomeMark, outcomeText } from "./outcome.js";

export function createHeapsBoard(element, onChoose) {
  let heaps = []; // buttons per heap
  let click = [];
  let focused = [0, 0]; // heap, object

  function build(view) {
    element.replaceChildren();
    element.className = "board heaps";
    element.removeAttribute("style");
    element.setAttribute("role", "group");
    element.setAttribute("aria-label", `${view.heaps.length} heaps`);
    element.dataset.size = "normal";
    const rule = document.createElement("p");
    rule.className = "heaps-rule";
    rule.textContent = view.misere
      ? "Misère play: whoever takes the last object loses."
      : "Whoever takes the last object wins.";
    element.append(rule);
    heaps = view.heaps.map((_, heap) => {
      const row = document.createElement("div");
      row.className = "heap";
      row.dataset.heap = String(heap);
      row.setAttribute("role", "group");
      const name = document.createElement("span");
      name.className = "heap-name";
      const objects = document.createElement("div");
      objects.className = "objects";
      row.append(name, objects);
      element.append(row);
      return { row, name, objects, buttons: [] };
    });
  }

  function fill(heap, size, taken) {
    const { row, name, objects } = heaps[heap];
    name.textContent = `Heap ${heap + 1}: ${size}`;
    row.setAttribute("aria-label", `Heap ${heap + 1}, ${size} ${size === 1 ? "object" : "objects"}`);
    const buttons = [];
    objects.replaceChildren();
    for (let index = 0; index < size; index += 1) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "object";
      button.dataset.heap = String(heap);
      button.dataset.index = String(index);
      button.tabIndex = -1;
      button.addEventListener("click", () => {
        if (button.getAttribute("aria-disabled") === "false") onChoose(click[heap][index]);
      });
      button.addEventListener("focus", () => setFocus(heap, index, false));
      for (const event of ["pointerenter", "focus"]) button.addEventListener(event, () => aim(heap, index));
      for (const event of ["pointerleave", "blur"]) button.addEventListener(event, () => aim(heap, null));
      buttons.push(button);
      objects.append(button);
    }
    for (let index = 0; index < taken; index += 1) {
      const ghost = document.createElement("span");
      ghost.className = "object gone";
      ghost.setAttribute("aria-hidden", "true");
      objects.append(ghost);
    }
    if (size === 0 && taken === 0) {
      objects.append(Object.assign(document.createElement("span"), { className: "heap-empty", textContent: "empty" }));
    }
    heaps[heap].buttons = buttons;
  }

  // Show which objects a click would take: this one and every one after it.
  function aim(heap, index) {
    heaps[heap].buttons.forEach((button, at) => {
      button.classList.toggle("taking", index !== null && at >= index && button.getAttribute("aria-disabled") === "false");
    });
  }

  function allButtons() {
    return heaps.flatMap((heap) => heap.buttons);
  }

  function setFocus(heap, index, move = true) {
    const button = heaps[heap]?.buttons[index];
    if (!button) return;
    for (const other of allButtons()) other.tabIndex = -1;
    focused = [heap, index];
    button.tabIndex = 0;
    if (move) button.focus();
  }

  function nearestHeap(from, step) {
    for (let heap = from + step; heap >= 0 && heap < heaps.length; heap += step) {
      if (heaps[heap].buttons.length) return heap;
    }
    return null;
  }

  function onKey(event) {
    const [heap, index] = focused;
    const size = heaps[heap]?.buttons.length ?? 0;
    let target = null;
    if (event.key === "ArrowLeft") target = [heap, Math.max(0, index - 1)];
    else if (event.key === "ArrowRight") target = [heap, Math.min(size - 1, index + 1)];
    else if (event.key === "Home") target = [heap, 0];
    else if (event.key === "End") target = [heap, size - 1];
    else if (event.key === "ArrowUp" || event.key === "ArrowDown") {
      const next = nearestHeap(heap, event.key === "ArrowUp" ? -1 : 1);
      if (next !== null) target = [next, Math.min(index, heaps[next].buttons.length - 1)];
    } else return;
    event.preventDefault();
    if (target) setFocus(...target);
  }

  // decor: {playable, hint: Set of moves, overlay: Map move -> entry | null, previous: the view before the last move, busy}
  function render(view, decor) {
    if (heaps.length !== view.heaps.length || element.dataset.kind !== "heaps") {
      build(view);
      element.dataset.kind = "heaps";
    }
    click = view.click;
    const hadFocus = element.contains(document.activeElement);
    const before = decor.previous && decor.previous.kind === "heaps" && decor.previous.heaps.length === view.heaps.length
      ? decor.previous.heaps
      : view.heaps;
    element.setAttribute("aria-busy", String(decor.busy));
    view.heaps.forEach((size, heap) => {
      fill(heap, size, Math.max(0, before[heap] - size));
      heaps[heap].buttons.forEach((button, index) => {
        const move = click[heap][index];
        const entry = decor.overlay ? decor.overlay.get(move) : undefined;
        const hinted = decor.hint.has(move);
        const playable = decor.playable && move !== null && move !== undefined;
        button.setAttribute("aria-disabled", String(!playable));
        button.classList.toggle("hinted", hinted);
        for (const kind of ["win", "draw", "loss", "unknown"]) button.classList.toggle(`shows-${kind}`, entry?.outcome === kind);
        button.textContent = entry ? outcomeMark(entry) : hinted ? "★" : "";
        const take = size - index;
        const parts = [`Heap ${heap + 1}: take ${take} (leaves ${index})`];
        if (entry) parts.push(outcomeText(entry));
        if (hinted) parts.push("hint: best move");
        button.setAttribute("aria-label", parts.join(", "));
      });
    });
    // Keep one object reachable by Tab: the focused one if it is still there, else the first.
    const [heap, index] = focused;
    if (heaps[heap]?.buttons[index]) setFocus(heap, index, hadFocus);
    else {
      const first = heaps.findIndex((entry) => entry.buttons.length);
      if (first >= 0) setFocus(first, 0, hadFocus);
    }
  }

  function focusMove(move) {
    heaps.forEach((heap, at) => {
      const index = click[at].indexOf(move);
      if (index >= 0) setFocus(at, index);
    });
  }

  element.addEventListener("keydown", onKey);
  return {
    render,
    focusMove,
    destroy: () => element.removeEventListener("keydown", onKey),
  };
}
