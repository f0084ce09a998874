// Practice node by node: the student searches the textbook tree by hand and
// types, for every node, its value and the alpha and beta it returns with,
// or ticks "never visited". The server grades every answer against the same
// alpha-beta (POST /api/practice, under the convention chosen here) and
// gives the reason for each wrong one; this module only lays the form out.

import { button, element, outlineTree } from "./tree-dom.js";
import { number } from "./tree-words.js";

// ``tree``: the root of a textbook trace (every node drawn); ``grade(body)``: a promise of the grade.
export function createPractice(box, { tree, grade }) {
  const rows = new Map(); // node name -> { value, alpha, beta, skipped, line }

  function field(label, name, width) {
    const input = element("input", "tpractice-field");
    input.type = "text";
    input.inputMode = "numeric";
    input.size = width;
    input.setAttribute("aria-label", `${label} at ${name}`);
    input.placeholder = label;
    return input;
  }

  function nodeLine(node) {
    const name = node.move === null ? "root" : node.position;
    const leaf = !node.children.length;
    const line = element("div", "tpractice-line");
    const value = leaf ? null : field("value", name, 4);
    const alpha = field("α", name, 4);
    const beta = field("β", name, 4);
    const skipped = element("input");
    skipped.type = "checkbox";
    skipped.setAttribute("aria-label", `Node ${name} is never visited`);
    const skipLabel = element("label", "tpractice-skip");
    skipLabel.append(skipped, " never visited");
    line.append(
      element("span", "tquiz-name", name),
      leaf ? element("span", "tquiz-leaf", `= ${number(node.value)}`) : element("span", `trole ${node.role.toLowerCase()}`, node.role),
      ...(value ? [value] : []),
      alpha,
      beta,
      ...(node.move === null ? [] : [skipLabel]),
    );
    rows.set(name, { value, alpha, beta, skipped, line, leafValue: leaf ? node.value : null });
    return line;
  }

  const strict = element("input");
  strict.type = "checkbox";
  const strictLabel = element("label", "tpractice-option");
  strictLabel.append(strict, " cut only when a bound is passed (not on equality)");
  const engineRoot = element("input");
  engineRoot.type = "checkbox";
  const rootLabel = element("label", "tpractice-option");
  rootLabel.append(engineRoot, " the engine's root window (ties get exact values)");
  const question = element(
    "p",
    "tquiz-question",
    "Practise the whole search by hand: for every node, the value it returns and alpha and beta as it returns " +
      "(-inf and +inf allowed), or tick “never visited”. A leaf's value is given.",
  );
  const drawn = element("ul", "tquiz-tree tpractice-tree");
  drawn.append(outlineTree(tree, nodeLine));
  const verdict = element("div", "tquiz-verdict");
  verdict.setAttribute("aria-live", "polite");

  function answers() {
    const typed = {};
    for (const [name, row] of rows) {
      if (row.skipped.checked) {
        typed[name] = "x";
        continue;
      }
      const value = row.value ? row.value.value.trim() : String(row.leafValue);
      if (!value) continue;
      const bounds = [row.alpha.value.trim(), row.beta.value.trim()];
      typed[name] = bounds[0] && bounds[1] ? `${value} ${bounds[0]} ${bounds[1]}` : value;
    }
    return typed;
  }

  const submit = button(
    "Grade every node",
    async () => {
      submit.disabled = true;
      try {
        show(await grade({ answers: answers(), strict: strict.checked, root_window: engineRoot.checked ? "best" : "first" }));
      } catch (error) {
        verdict.replaceChildren(element("p", "tproblem", error.message));
      } finally {
        submit.disabled = false;
      }
    },
    { className: "primary tpractice-check" },
  );

  function show(result) {
    const head = element(
      "p",
      `tquiz-result ${result.perfect ? "right" : "wrong"}`,
      `${result.right} of ${result.asked} answers right${result.perfect ? ": every node right." : "."}`,
    );
    const list = element("ul", "tpractice-mistakes");
    for (const mistake of result.mistakes) {
      list.append(
        element("li", "", `${mistake.node} ${mistake.field}: you gave ${mistake.given}, it is ${mistake.expected}. ${mistake.reason}`),
      );
    }
    const wrong = new Set(result.mistakes.map((mistake) => mistake.node));
    for (const [name, row] of rows) row.line.classList.toggle("is-wrong", wrong.has(name));
    verdict.replaceChildren(head, list, element("p", "note", `Graded as ${result.convention}.`));
  }

  box.replaceChildren(question, strictLabel, rootLabel, drawn, submit, verdict);
}
