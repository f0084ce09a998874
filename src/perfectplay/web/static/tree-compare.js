// "Depth limit against perfect play": the depth-limited search's value of
// every move beside the move's true outcome, which move it would choose, and
// what that choice costs (from POST /api/compare; nothing is computed here).

import { element, listText } from "./tree-dom.js";

export function comparisonTable(answer) {
  const box = element("section", "tdepth-compare");
  box.setAttribute("aria-label", "Depth-limited search against perfect play");
  box.append(element("h3", "tcompare-title", `${answer.name} against perfect play`));
  const table = element("table", "tdepth-table");
  const head = element("tr");
  for (const text of ["Move", answer.name, "Perfect play", ""]) head.append(element("th", "", text));
  table.append(element("thead"), element("tbody"));
  table.tHead.append(head);
  for (const row of answer.rows) {
    const line = element("tr");
    line.dataset.move = String(row.move);
    if (row.chosen) line.classList.add("chosen");
    if (row.best) line.classList.add("best");
    const marks = [];
    if (row.chosen) marks.push("its choice");
    if (row.best) marks.push("best");
    line.append(
      element("td", "tdepth-move", row.label),
      element("td", row.limited.startsWith("≈") ? "tguess" : "", row.limited),
      element("td", "", row.perfect),
      element("td", "tdepth-marks", marks.join(" · ")),
    );
    table.tBodies[0].append(line);
  }
  box.append(table);
  const said = [`Perfect play: ${answer.perfect_play} with ${listText(answer.perfect_moves)}.`];
  for (const verdict of answer.verdicts) {
    said.push(
      verdict.perfect
        ? `The ${answer.name} plays ${verdict.label}: as good as perfect play (${verdict.outcome}).`
        : `The ${answer.name} plays ${verdict.label}: ${verdict.cost.replace(" -> ", " → ")}.`,
    );
  }
  if (answer.agrees) said.push("Here the depth limit costs nothing.");
  if (!answer.exact_complete) said.push("The exact search ran out of time here: some outcomes are unknown.");
  const verdict = element("p", answer.agrees ? "tdepth-verdict agrees" : "tdepth-verdict costs", said.join(" "));
  verdict.setAttribute("aria-live", "polite");
  box.append(
    verdict,
    element(
      "p",
      "note",
      "≈ v is the evaluation's estimate at the depth limit, not a proof; outcomes in words are proven (a win or loss seen within the depth limit too).",
    ),
  );
  return box;
}
