// The pruning quiz: which nodes does alpha-beta never visit on this textbook
// tree? The tree is drawn with its leaf values only; the student ticks nodes
// (a node stands for everything below it) and the server checks the answer
// against the real alpha-beta (POST /api/quiz) and explains every cut.

import { button, element, outlineTree } from "./tree-dom.js";
import { number } from "./tree-words.js";

// ``tree``: the root of a textbook trace (every node drawn); ``check(answer)``: a promise of the verdict.
export function createQuiz(box, { tree, order, check, onAnswered }) {
  const ticks = new Map(); // node name -> checkbox

  function nodeLine(node) {
    const line = element("label", "tquiz-line");
    if (node.move !== null) {
      const tick = element("input");
      tick.type = "checkbox";
      tick.value = node.position;
      tick.setAttribute("aria-label", `Node ${node.position} is pruned`);
      ticks.set(node.position, tick);
      line.append(tick);
    }
    line.append(element("span", "tquiz-name", node.move === null ? "root" : node.position));
    line.append(
      node.children.length
        ? element("span", `trole ${node.role.toLowerCase()}`, node.role)
        : element("span", "tquiz-leaf", `= ${number(node.value)}`),
    );
    return line;
  }

  const question = element(
    "p",
    "tquiz-question",
    `Alpha-beta searches this tree ${order === "natural" ? "left to right" : `in ${order} order`}. ` +
      "Which nodes does it prune (never visit)? Tick them: a node stands for everything below it. Tick nothing if nothing is cut.",
  );
  const drawn = element("ul", "tquiz-tree");
  drawn.append(outlineTree(tree, nodeLine));
  const verdict = element("div", "tquiz-verdict");
  verdict.setAttribute("aria-live", "polite");
  const submit = button("Check my answer", async () => {
    const names = [...ticks].filter(([, tick]) => tick.checked).map(([name]) => name);
    submit.disabled = true;
    try {
      show(await check(names.length ? names.join(" ") : "none"));
    } catch (error) {
      verdict.replaceChildren(element("p", "tproblem", error.message));
    } finally {
      submit.disabled = false;
    }
  }, { className: "primary tquiz-check" });

  // Every sentence is the server's (words.quiz_words): the page only lays them out.
  function show(result) {
    const words = result.words;
    const lines = [element("p", `tquiz-result ${result.correct ? "right" : "wrong"}`, words.verdict)];
    for (const detail of words.details) lines.push(element("p", "", detail));
    const why = element("ul", "tquiz-cuts");
    for (const cut of result.cuts) why.append(element("li", "", `✂ ${cut.text}`));
    if (!result.cuts.length) why.append(element("li", "", "No cut: alpha-beta visits every node here."));
    lines.push(why, element("p", "note", words.summary));
    verdict.replaceChildren(...lines);
    for (const [name, tick] of ticks) {
      const line = tick.closest(".tquiz-line");
      line.classList.toggle("is-pruned", result.pruned.includes(name));
      line.classList.toggle("is-missed", result.missed.includes(name));
      line.classList.toggle("is-wrong", result.wrong.includes(name));
    }
    onAnswered?.(result);
  }

  box.replaceChildren(question, drawn, submit, verdict);
}
