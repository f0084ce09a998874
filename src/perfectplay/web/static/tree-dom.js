// Small DOM helpers shared by the search-tree panel's modules.

export function element(tag, className, text) {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

export function button(text, onClick, { label, className } = {}) {
  const made = element("button", className, text);
  made.type = "button";
  if (label) made.setAttribute("aria-label", label);
  made.addEventListener("click", onClick);
  return made;
}

// A labelled <select>: ``options`` are [value, text] pairs.
export function choice(text, options, value, onChange, className) {
  const label = element("label", `tfield ${className || ""}`.trim(), `${text} `);
  const select = element("select");
  for (const [optionValue, optionText] of options) {
    select.append(Object.assign(element("option", "", optionText), { value: optionValue }));
  }
  select.value = value;
  select.addEventListener("change", () => onChange(select.value));
  label.append(select);
  return label;
}

// A textbook tree as nested lists, every node on its own line: ``lineOf(node)`` makes that line (the quiz's tick
// box, the practice's fields).
export function outlineTree(node, lineOf) {
  const item = element("li", `tquiz-node ${node.children.length ? node.role.toLowerCase() : "leaf"}`);
  item.append(lineOf(node));
  if (node.children.length) {
    const list = element("ul", "tquiz-children");
    for (const child of node.children) list.append(outlineTree(child, lineOf));
    item.append(list);
  }
  return item;
}

// "a, b and c"
export function listText(items) {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
