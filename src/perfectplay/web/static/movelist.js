// The move list: every move of the game by its label, the position shown
// marked; a click (or ◀ ▶) shows that position again without changing the game.

export function createMoveList(element, { onGo }) {
  const list = element.querySelector("#moves");
  const buttons = {
    first: element.querySelector("#moves-first"),
    back: element.querySelector("#moves-back"),
    forward: element.querySelector("#moves-forward"),
    last: element.querySelector("#moves-last"),
  };
  let cursor = 0;
  let length = 0;
  buttons.first.addEventListener("click", () => onGo(0));
  buttons.back.addEventListener("click", () => onGo(cursor - 1));
  buttons.forward.addEventListener("click", () => onGo(cursor + 1));
  buttons.last.addEventListener("click", () => onGo(length - 1));

  function item(index, text, current, enabled) {
    const entry = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "move-step";
    button.dataset.index = String(index);
    button.textContent = text;
    button.disabled = !enabled;
    if (current) button.setAttribute("aria-current", "step");
    button.addEventListener("click", () => onGo(index));
    entry.append(button);
    return entry;
  }

  function update(view) {
    cursor = view.cursor;
    length = view.line.length;
    const entries = [item(0, "Start", cursor === 0, view.canBrowse)];
    view.line.slice(1).forEach((node, at) => {
      const index = at + 1;
      const who = node.by === "you" ? " (you)" : node.by === "computer" ? " (computer)" : "";
      entries.push(item(index, `${index}. ${node.side} ${node.label}${who}`, cursor === index, view.canBrowse));
    });
    list.replaceChildren(...entries);
    buttons.first.disabled = buttons.back.disabled = !view.canBrowse || cursor === 0;
    buttons.forward.disabled = buttons.last.disabled = !view.canBrowse || cursor >= length - 1;
    // Keep the current move in sight inside the list, without scrolling the page.
    const current = list.querySelector("[aria-current]");
    if (current) {
      const top = current.offsetTop;
      if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top;
    }
  }

  return { update };
}
