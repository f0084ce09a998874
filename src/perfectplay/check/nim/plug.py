"""The Nim lab as a game plug (``check/plug.py``): what Nim brings to ``perfectplay check``, in run order.

Recognise CS50's learning ``nim.py`` or a minimax player (``detect``); plan
the check from the teacher's flags (``plan``); draw the questions: the
hand-made Q-table cases (``questions``), one training run a seed, or the
player's move in every reachable position; ask them through the session
(a fresh process for every seed, nothing learned carries over); judge the
transcript (``transcript``), score it once (``score``) and render it
(``render``, ``graders``). The plug starts no process and reads no clock.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from perfectplay.check.errors import NotGradable
from perfectplay.check.nim import answers, graders
from perfectplay.check.nim.detect import PLAYERS, detect
from perfectplay.check.nim.flags import OPTIONS, TITLE
from perfectplay.check.nim.model import NimReport
from perfectplay.check.nim.plan import NimPlan, make_plan
from perfectplay.check.nim.positions import LAB_START, Rules, reachable
from perfectplay.check.nim.questions import unit_cases
from perfectplay.check.nim.render import render_text, report_json, verdict_line
from perfectplay.check.nim.score import LEARNING, PLAYER, TITLES, NimWeights, load_nim_weights, nim_score
from perfectplay.check.nim.transcript import judge_record, move_key, seed_key, unit_key
from perfectplay.check.plug import DriverFile, PlugDefaults, Question, QuestionDraw, Recognised
from perfectplay.check.plug_formats import Documents, ScoredPlug, Scoring
from perfectplay.check.report.render_summary import ClassSummary, summarise
from perfectplay.check.report.score import Score
from perfectplay.check.run.allowed import allow_words
from perfectplay.check.run.command import WHOLE, answer_words
from perfectplay.check.run.protocol import ProtocolError
from perfectplay.check.settings import Grading

if TYPE_CHECKING:  # the protocol's records that the steps' signatures only name
    from perfectplay.check.plug import Asker, CheckRecord, Json, LoadedModule, Session

NIM_VERDICTS = ("pass", "fail", "broken", "not graded", "not checked")
CSV_COLUMNS = ("target", "verdict", "points", "total", "kind", "rates", "bugs", "problem", "notes")
SEED_COST = 1000.0
"""A training run's cost beside one question's (questions are dealt to workers by cost)."""


def nim_row(report: NimReport, score: Score) -> dict[str, object]:
    """A class spreadsheet's row of one Nim check (``CSV_COLUMNS``)."""
    return {
        "target": report.target,
        "verdict": report.verdict,
        "points": score.points,
        "total": score.total,
        "kind": report.kind,
        "rates": " ".join(f"{rate:.3f}" for rate in report.rates),
        # What a training run raised is the row's finding too: the teacher reads the class in this sheet.
        "bugs": "; ".join(
            [bug.title for bug in report.bugs]
            + list(dict.fromkeys(seed.failure for seed in report.seeds if not seed.trained and seed.failure))[:1]
        ),
        "problem": report.problem or report.machine or "",
        # As tic-tac-toe's sheet: what the text report notes (a player of the other rules, an early stop).
        "notes": "; ".join(report.notes),
    }


SCORING: Scoring[NimReport, NimWeights] = Scoring(
    NimWeights,
    load_nim_weights,
    nim_score,
    {
        "text": render_text,
        "autolab": graders.autolab_output,
        "release-body": graders.release_body,
        "line": lambda report, score: verdict_line(report),
    },
    Documents(
        report_json,
        graders.gradescope_json,
        graders.prairielearn_json,
        graders.coderunner_json,
        lambda report, score: graders.classroom50_json(score),
        indent=2,
    ),
    nim_row,
    CSV_COLUMNS,
)


class NimLines:
    """A ``--command`` minimax player's line protocol: the piles out (``1 3 5 7``), ``pile count`` back."""

    def request(self, item: Json) -> bytes:
        piles = item.get("piles", []) if isinstance(item, dict) else []
        return (" ".join(str(int(pile)) for pile in piles) + "\n").encode()

    def answer(self, line: str) -> dict[str, Any]:
        parts = answer_words(line)
        # ASCII digits with at most one sign: ``str.isdigit`` says yes to ``²`` (and ``lstrip`` to ``--3``), which
        # ``int`` refuses; the program's odd line is an answer that is not a move, never the checker's error.
        if len(parts) == 2 and all(WHOLE.fullmatch(part) and len(part) <= 9 for part in parts):
            return {"kind": "move", "printed": 0, "answer": ["pair", int(parts[0]), int(parts[1])]}
        return {"kind": "move", "printed": 0, "answer": ["other", "line", json.dumps(line.strip()[:60])]}


class NimPlug(ScoredPlug[NimReport, NimWeights]):
    """Nim's part of ``perfectplay check``: CS50 AI's learning lab, or a minimax player."""

    name = "nim"
    title = TITLE
    defaults = PlugDefaults(
        move_seconds=2.0,
        total_seconds=600.0,
        memory_mb=512,
        seed=2026,
        fresh_seeds=True,
        entries=("NimAI", "train", *PLAYERS),
        file_name="nim.py",
        task="a learning Nim AI that, once trained, takes a winning move wherever there is one",
    )
    options = OPTIONS
    rules = "normal"
    """A minimax player's rules when the teacher names none: ``nim`` is normal play, ``nim:misere`` misère."""
    driver = DriverFile("nim", Path(__file__).with_name("driver.py"))
    command_lines = NimLines()
    categories = tuple(TITLES)
    scoring = SCORING

    def clean(self, op: str, record: dict[str, Any]) -> dict[str, Any]:
        if op != "drive":
            raise ProtocolError(f"sent a record for {op!r}, which the Nim lab never asks")
        return answers.clean(record)

    def recognise(self, session: Session, loaded: LoadedModule, hint: Mapping[str, str]) -> Recognised | str:
        if loaded.command:
            # A program in any language is a player: the piles out on one line, "pile count" back (NimLines).
            plan = make_plan("player", "", {"rules": self.rules, **hint}, session.grading.seed)
            words = "a program (--command): the piles on one line (1 3 5 7), the move back as pile and count (2 3)"
            return Recognised("nim-command", words, {}, detail=plan)
        if loaded.printed:
            session.note(f"importing it printed {loaded.printed:,} characters (not shown)")
        if loaded.error is not None:
            try:
                where = answers.raised(dict(loaded.error)).show()
            except ProtocolError:
                where = "an error"
            return f"it does not load: {where}{allow_words(loaded.error, session.packages.granted)}"
        found = detect(loaded, hint.get("nim_ai"), hint.get("function"))
        if not (hint.get("nim_ai") or hint.get("function")) and (isinstance(found, str) or found.kind == "player"):
            # Not the learning lab by its listing: a module-level __getattr__ may still give NimAI or train, as
            # `import nim` would see them; then it is the lab's file, never a player graded on a formula alone.
            loaded, hidden = _with_offered(session, loaded)
            if hidden:
                found = detect(loaded)
                session.note(f"it gives {', '.join(hidden)} only through a module-level __getattr__")
        if isinstance(found, str):
            if any(name in loaded.classes for name in ("Nim", "NimAI")) or hint.get("nim_ai") or hint.get("function"):
                return found
            raise NotGradable(f"{session.target}: {found}")
        plan = make_plan(found.kind, found.name, {"rules": self.rules, **hint}, session.grading.seed)
        notes: tuple[str, ...] = ()
        if found.kind == "learning" and ("start" in hint or "rules" in hint):
            notes = ("a learning AI is checked under the lab's rules, misère from 1,3,5,7, as CS50's Nim plays",)
        runner = {"kind": "driver", "driver": "nim", "interface": found.kind, "name": found.name}
        if not session.use(runner):
            return "the Nim lab's driver could not be started beside the module"
        return Recognised(f"nim-{found.kind}", found.describe(), runner, notes=notes, detail=plan)

    def draw(self, recognised: Recognised, grading: Grading) -> QuestionDraw:
        plan: NimPlan = recognised.detail
        seed = int(grading.seed)
        if plan.kind == "player":
            # Fewest objects first: a slow but right player (a plain minimax, no memory) answers every small position
            # before its time-outs on the largest stop the check, instead of never being asked them.
            positions = sorted(reachable(plan.start), key=lambda piles: (sum(piles), piles))
            questions = tuple(
                Question(move_key(piles), "drive", {"op": "move", "name": plan.name, "piles": list(piles)},
                         stratum=str(sum(piles)))
                for piles in positions
            )  # fmt: skip
            words = f"every position reachable from {','.join(map(str, plan.start))} ({len(positions)})"
            return QuestionDraw(questions, seed, len(positions), words)
        cases = unit_cases(seed)
        units = tuple(Question(unit_key(case.name), "drive", {"op": "unit", **case.request()}) for case in cases)
        every = [list(piles) for piles in reachable(plan.start)]
        seeds = tuple(
            Question(seed_key(one), "drive", {"op": "seed", "seed": one, "games": plan.games, "positions": every},
                     cost=SEED_COST, seconds=plan.budget)
            for one in plan.seeds
        )  # fmt: skip
        words = (
            f"{len(cases)} hand-made Q-table checks (values drawn with seed {seed}); train({plan.games:,}) once a seed "
            f"({', '.join(map(str, plan.seeds))}), then the greedy choice in all {len(every)} positions"
        )
        return QuestionDraw(units + seeds, seed, len(units) + len(seeds), words)

    def simple_questions(self, recognised: Recognised, draw: QuestionDraw) -> Sequence[Question]:
        # A player's positions with the fewest objects left (one move from the end); a learning AI's hand-made
        # Q-table checks, each one method call on a table of a pair or two.
        plan: NimPlan = recognised.detail
        if plan.kind == "player" and draw.questions:
            fewest = min(int(question.stratum) for question in draw.questions)
            simple = [question for question in draw.questions if int(question.stratum) == fewest]
        else:
            simple = [question for question in draw.questions if question.key.startswith("unit:")]
        return [replace(question, key=f"simple:{index}", seconds=self.defaults.move_seconds)
                for index, question in enumerate(simple)]  # fmt: skip

    def ask(self, session: Session, recognised: Recognised, draw: QuestionDraw) -> Mapping[str, Json]:
        plan: NimPlan = recognised.detail
        body: dict[str, Json] = {"plan": plan.to_json(), "unit_seed": draw.seed}
        if plan.kind == "player":
            body["moves"] = session.ask("play", draw.questions)
            return body
        units = [question for question in draw.questions if question.key.startswith("unit:")]
        seeds = [question for question in draw.questions if question.key.startswith("seed:")]
        body["units"] = session.ask("methods", units)
        records = session.in_parallel("training", [_trainer(question) for question in seeds])
        body["seeds"] = {question.key: [record] for question, record in zip(seeds, records, strict=True) if record}
        return body

    def judge(self, record: CheckRecord) -> NimReport:
        return judge_record(record)

    def machine_failed(self, target: str, isolation: str, reason: str, notes: tuple[str, ...]) -> NimReport:
        return NimReport(target, Rules(True, LAB_START), "", "", isolation, machine=reason, notes=notes)

    def not_gradable(self, target: str, problem: str) -> NimReport:
        return NimReport(target, Rules(True, LAB_START), "", "", "", problem=problem, unchecked=True)

    def summary(self, reports: Sequence[NimReport], scores: Sequence[Score]) -> ClassSummary:
        return summarise(
            [report.verdict for report in reports],
            NIM_VERDICTS,
            scores,
            scores[0].total if scores else 100,
            {name: TITLES[name] for name in dict.fromkeys((*LEARNING, *PLAYER))},
            Counter(bug.title for report in reports for bug in {b.title: b for b in report.bugs}.values()),
        )


def _trainer(question: Question) -> Callable[[Asker], dict[str, Any]]:
    """One seed's job: a fresh process (nothing learned before), then its training and play."""

    def job(asker: Asker) -> dict[str, Any]:
        asker.fresh()
        return asker(question)

    return job


class NimMiserePlug(NimPlug):
    """``--game nim:misere``: the same lab, a minimax player checked under misère rules unless told otherwise."""

    name = "nim:misere"
    rules = "misere"


PLUG = NimPlug()
"""The plug the registry names ``nim``."""


def _with_offered(session: Session, loaded: LoadedModule) -> tuple[LoadedModule, list[str]]:
    """``loaded`` with the lab's names the module gives through ``getattr`` but does not list, and those names.

    Asked of the driver in the candidate's process; a module whose ``__getattr__`` raises, spins or dies for
    them gives nothing more than its listing (the probe's failure is bounded as every probe's is).
    """
    runner = {"kind": "driver", "driver": "nim", "interface": "player", "name": ""}
    records = session.probe(runner, [Question("offers", "drive", {"op": "offers"})], moves=False)
    reply = records[0] if records else {}
    names = [name for name in reply.get("names", []) if name not in loaded.functions and name not in loaded.classes]
    if reply.get("kind") != "offers" or not names:
        return loaded, []
    functions = {**loaded.functions, **{name: 1 for name in names if name != "NimAI"}}
    classes = dict(loaded.classes)
    if "NimAI" in names:
        classes["NimAI"] = {method: 1 for method in reply.get("methods", [])}
    return replace(loaded, functions=functions, classes=classes), names
