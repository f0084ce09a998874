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

// "a, b and c"
export function listText(items) {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
