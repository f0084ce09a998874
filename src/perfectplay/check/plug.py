"""The game plug: what one game brings to ``perfectplay check``, and nothing the games share.

``perfectplay check`` is one pipeline. Its conductor owns the run of every
game: it copies and jails the submission, starts the candidate's processes
(``run/``), reads what importing it showed, asks, records a transcript,
hands the transcript to a judge and freezes the report, under the same
``Candidate`` / ``Limits`` / ``Grading`` / ``Output`` settings for every
game. What differs per game is a ``GamePlug``, one folder a game
(``check/tictactoe/``, ``check/connect4/``, ``check/nim/``), found by name
in the registry (``check/plugs.py``).

A plug answers, in order of the run:

1. **what it is** -- ``name``, ``title``, its ``defaults`` and the
   ``options`` (flags) that override how its interface is read;
2. **how the candidate is spoken to** -- ``driver``: the plug's own code for
   the candidate's side, a standard-library-only module that the runner
   loads inside the sandbox (a ConnectX board built the agent's way, or the
   Nim lab's ``train(n)`` then the trained AI's choice), and
   ``command_lines``: the one-line protocol of a ``--command`` program;
3. **what the student's file offers** -- ``recognise``: from what importing
   it showed (``LoadedModule``) and the teacher's overrides (``hint``),
   the interface to use, probing the candidate through the ``Session`` if
   it must;
4. **what to ask** -- ``ask``: the questions (``Question``) drawn for this
   check, seeded (``QuestionDraw``), asked through the ``Session``, and
   returned as the plug's part of the transcript (JSON-able);
5. **what it is worth** -- ``judge``: a transcript (``CheckRecord``) to the
   frozen report, never running the candidate (so ``--replay`` judges a
   saved transcript again); ``score``: the report's points by category,
   computed once and handed to every renderer; ``render``: every format;
   ``summary``: a class's summary.

The conductor never looks inside a plug's questions, answers or report; a
plug never starts a process, makes a jail or reads the clock. Everything a
candidate sends is hostile input: the runner's records reach a plug checked
for shape only (``run/protocol.py``), and a plug's ``clean`` checks its own
driver's records the same way (``ProtocolError`` for anything else).

Adding a game: a folder ``check/GAME/`` with a ``plug.py`` holding a class
that satisfies ``GamePlug`` (and its driver, judge, report model and
renderers beside it, each in its own small file), and one line in the
registry. ``tests/check/test_plug_contract.py`` holds every registered plug
to this protocol.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    from perfectplay.check.report.render_summary import ClassSummary
    from perfectplay.check.report.score import Score
    from perfectplay.check.settings import Grading, Limits

Json = Any
"""A value that ``json.dumps`` writes as it is: what crosses the sandbox's channel and what a transcript keeps."""

FORMATS = ("text", "json", "gradescope", "prairielearn", "coderunner", "autolab", "classroom50", "release-body", "line")
"""The formats every plug renders (``GamePlug.render``): ``line`` is one line, the file and its verdict (a class
run's progress); ``gradescope`` is visible to students (the front end sets another visibility); a class's CSV
row is ``GamePlug.csv_row``."""


@dataclass(frozen=True, slots=True)
class PlugOption:
    """A command-line flag of one game that overrides how its interface is read (``--board``, ``--pieces``).

    ``key`` is the hint's key (``GamePlug.recognise`` gets ``{key: value}``, the value as the teacher typed it:
    the plug checks it, ``CheckUsageError`` for a bad one); ``choices`` empty means any text. ``interface``:
    it says how a Python file is read, so it is refused beside ``--command``; a setting of the game's check
    itself (how many training games, which seeds) is not (``interface=False``).
    """

    flag: str
    key: str
    help: str
    choices: tuple[str, ...] = ()
    interface: bool = True


@dataclass(frozen=True, slots=True)
class PlugDefaults:
    """A game's own defaults for the shared settings: its moves' CPU limit, the whole check's, its memory,
    how many questions a check draws (None: all of them), the seed, the installed packages its
    candidates may import read-only (NumPy for Connect Four), and the names that find its file in a folder."""

    move_seconds: float = 20.0
    total_seconds: float = 600.0
    memory_mb: int = 1024
    questions: int | None = None
    seed: int = 0
    fresh_seeds: bool = False
    """True: the game draws what it asks per check, not from ``seed``: the command line's default is each student's
    own seed from the grader's secret (``grader_secret``), a library call's a fresh one."""
    allowed_packages: tuple[str, ...] = ()
    entries: tuple[str, ...] = ()
    """Function or class names whose definition marks the submission's file among a student's files."""
    file_name: str = "submission.py"
    """The student's file a grader bundle (``perfectplay grader --game``) expects by default."""
    task: str = ""
    """The lab in a few words, for a grader's question text (``a Connect Four agent that keeps the game's value``)."""


@dataclass(frozen=True, slots=True)
class DriverFile:
    """The plug's code on the candidate's side: ``path``, a module of the standard library alone.

    The runner (``run/runner.py``) is handed it in the sandbox as ``/perfectplay/drivers/{name}.py`` and loads
    it when told ``{"kind": "driver", "driver": name, ...}`` (the ``Recognised.runner`` message). The module
    defines::

        def open_driver(module, interface, tools) -> Callable[[dict], dict]

    ``module`` is the student's imported module, ``interface`` the ``runner`` message, and ``tools`` lends
    ``invoke(function, *args) -> (value, record)`` (the call timed, its printing captured, what it raised
    described), ``describe(value) -> dict`` and ``safe_repr(value) -> str``. The handler it returns answers
    one request (a ``Question.item`` of op ``drive``) with one JSON-able record. It may keep state between
    requests of one process (a trained AI); a process restarted after a time-out or a crash starts with none,
    and the handler must say so in its record rather than raise.
    """

    name: str
    path: Path


class CommandLines(Protocol):
    """The one-line protocol of a ``--command`` program: a question's line out, the answer line read back."""

    def request(self, item: Json) -> bytes:
        """The line (ending in a newline) that asks ``item``, a ``Question.item``."""
        ...

    def answer(self, line: str) -> dict[str, Any]:
        """The record of one answer line, as a driver's record would describe it."""
        ...


@dataclass(frozen=True, slots=True)
class LoadedModule:
    """What importing the student's file showed (the runner's ``loaded`` event, its shape checked).

    ``functions``: its top-level functions and how many arguments each requires; ``classes``: its
    top-level classes and their methods' required arguments (``{"NimAI": {"choose_action": 1}}``);
    ``error``: what the import raised, where (``type``, ``message``, ``line``, ``code``), or None;
    ``raw``: the whole event (constants, module-level boards) for what a game alone reads. For a
    ``--command`` program nothing is imported: ``command`` is its argv and the rest is empty.
    """

    functions: Mapping[str, int]
    classes: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    error: Mapping[str, Any] | None = None
    output: str = ""
    printed: int = 0
    read_stdin: bool = False
    raw: Mapping[str, Any] = field(default_factory=dict)
    command: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Packages:
    """The installed packages the teacher allowed (``PlugDefaults.allowed_packages``, ``--allow``): those
    ``granted`` to the candidate (read-only), those ``missing`` on this machine, and the ``folders`` put on
    its ``sys.path`` (a driver's ``interface`` may need them)."""

    granted: tuple[str, ...] = ()
    missing: tuple[str, ...] = ()
    folders: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Recognised:
    """The interface a check uses: ``kind`` (``cs50``, ``connectx``, ``nim-cs50``...), in ``words`` for the
    report, the runner's ``use`` message (``runner``), the standard it implies when the teacher named none,
    notes for the report, and the plug's own description of it (``detail``, never read by the conductor)."""

    kind: str
    words: str
    runner: Mapping[str, Json]
    standard: str | None = None
    notes: tuple[str, ...] = ()
    detail: Any = None


@dataclass(frozen=True, slots=True)
class Question:
    """One thing the candidate is asked.

    ``key`` names it in the transcript (unique within a check, the same on every run); ``op`` is the
    runner's operation (``moves``: a position, ``drive``: a request to the plug's driver); ``item`` its
    JSON-able payload; ``cost`` its expected CPU time relative to the others (questions are dealt to the
    workers by it); ``stratum`` the group a seeded sample keeps in proportion; ``seconds`` a CPU limit of
    its own instead of the move limit (a training run), still within the check's total.
    """

    key: str
    op: str
    item: Json
    cost: float = 1.0
    stratum: str = ""
    seconds: float | None = None


@dataclass(frozen=True, slots=True)
class QuestionDraw:
    """The questions of one check, drawn with ``seed`` from ``pool`` possible ones, and how, in ``words``
    (shown in the report, so that a regrade asks the same)."""

    questions: tuple[Question, ...]
    seed: int
    pool: int
    words: str


class Asker(Protocol):
    """One worker's process, asked one question at a time, in order (a game, a training run then play)."""

    def __call__(self, question: Question) -> dict[str, Any]:
        """Its record for ``question``: the answer, or ``{"failure": "timeout"|"crash", ...}`` (then restarted)."""
        ...

    def fresh(self) -> None:
        """A new process for the next question, asked nothing before."""
        ...


T = TypeVar("T")


class Session(Protocol):
    """What the conductor lends a plug while it recognises and asks: the candidate's processes, the clock's
    verdicts, the check's notes and progress. A plug asks through it and never waits on the clock itself."""

    @property
    def target(self) -> str: ...

    @property
    def workers(self) -> int:
        """How many candidate processes run side by side."""
        ...

    @property
    def limits(self) -> Limits: ...

    @property
    def grading(self) -> Grading: ...

    @property
    def stopped(self) -> str | None:
        """Why asking stopped early (``time``, ``budget``, ``bound``, ``wall``, ``failures``, ``flush``), or None."""
        ...

    def use(self, runner: Mapping[str, Json]) -> bool:
        """Tell every process how it is asked (the runner's ``use``); False if the first refused."""
        ...

    @property
    def packages(self) -> Packages: ...

    @property
    def sandboxed(self) -> bool: ...

    def probe(
        self,
        runner: Mapping[str, Json],
        questions: Sequence[Question],
        stop_at_failure: bool = True,
        until: Callable[[Sequence[dict[str, Any]]], bool] | None = None,
        moves: bool = True,
    ) -> list[dict[str, Any]] | None:
        """Its records for ``questions`` under a trial reading, on one process with a failure budget of its own.

        ``moves``: its questions ask for moves, so that an answer tells the check's failure budget that the
        candidate answers at all (``FailureBudget.probed``); False for a question the driver answers about the
        module (a listing of its names).

        With ``stop_at_failure`` (the default), None when a question timed out or crashed: the reading is ruled
        out at once. Without, a failure is a record (``{"failure": ...}``) and the probe goes on while its own
        budget lasts (then the records stop short), or until ``until(records so far)`` says it has seen enough
        (a wrong game's AI that searched without end). None too when the check's time ran out.
        """
        ...

    def ask(self, phase: str, questions: Sequence[Question]) -> dict[str, list[dict[str, Any]]]:
        """Every question, dealt over the workers by cost; records by ``Question.key`` (a list: a key asked
        again gets a second record). Stops at the check's limits; ``stopped`` then says why."""
        ...

    def in_parallel(self, phase: str, jobs: Sequence[Callable[[Asker], T]]) -> list[T | None]:
        """Each job run whole on one process (jobs taken as processes free up), in their order; None for a
        job the check's limits stopped."""
        ...

    def renew(self) -> None:
        """Every process ended: the next questions start new ones, asked nothing before (what they used is
        charged)."""
        ...

    def note(self, text: str) -> None:
        """A sentence for the report's notes."""
        ...

    def progress(self, phase: str, done: int, total: int) -> None: ...


@dataclass(frozen=True, slots=True)
class CheckRecord:
    """A check's transcript: everything the run saw, nothing judged yet; what ``GamePlug.judge`` reads.

    The conductor's part (who, how isolated, under which limits, why it stopped, its notes, the wall
    time) is the same for every game; ``body`` is the plug's own, as its ``ask`` returned it (JSON-able,
    so that it is saved with ``--transcript`` and judged again with ``--replay``).
    """

    game: str
    target: str
    isolation: str
    limits: Mapping[str, Json]
    recognised: Recognised | None
    problem: str | None = None
    stopped: str | None = None
    notes: tuple[str, ...] = ()
    wall: float = 0.0
    body: Mapping[str, Json] = field(default_factory=dict)
    sandboxed: bool = False


class GameReport(Protocol):
    """What the conductor and the front ends read of any game's frozen report."""

    @property
    def target(self) -> str: ...

    @property
    def problem(self) -> str | None: ...

    @property
    def complete(self) -> bool: ...

    @property
    def verdict(self) -> str:
        """One word for a spreadsheet (``not graded`` when the machine failed)."""
        ...

    @property
    def exit_status(self) -> int:
        """0 all right, 1 something found, 2 not gradable, 3 the machine failed."""
        ...


ReportT = TypeVar("ReportT", bound=GameReport)
WeightsT = TypeVar("WeightsT")


class GamePlug(Protocol[ReportT, WeightsT]):
    """One game's part of ``perfectplay check`` (this module's docstring tells the run in order)."""

    # Read-only members: a plug may hold them as plain class attributes (``name = "connect4"``).
    @property
    def name(self) -> str:
        """The registry's key and ``--game``'s value: ``tictactoe``, ``connect4``, ``nim``."""
        ...

    @property
    def title(self) -> str:
        """The game in words: ``tic-tac-toe``, ``Connect Four``, ``Nim``."""
        ...

    @property
    def defaults(self) -> PlugDefaults: ...

    @property
    def options(self) -> tuple[PlugOption, ...]: ...

    @property
    def driver(self) -> DriverFile | None:
        """None: the runner's own ``moves`` operation reads the game (tic-tac-toe's boards)."""
        ...

    @property
    def command_lines(self) -> CommandLines: ...

    @property
    def categories(self) -> tuple[str, ...]:
        """The score's categories, in order, as weights files name them."""
        ...

    def clean(self, op: str, record: dict[str, Any]) -> dict[str, Any]:
        """A record from the candidate's process with its shape checked (``ProtocolError`` if it is not
        one the runner or the driver sends): hostile input, checked before anything reads it."""
        ...

    def recognise(self, session: Session, loaded: LoadedModule, hint: Mapping[str, str]) -> Recognised | str:
        """The interface to use, or a problem in words (the check ends there, judged broken). ``hint``:
        the teacher's overrides (``options``' keys). Raises ``NotGradable`` when nothing is recognised in
        a module that loaded (exit 2)."""
        ...

    def draw(self, recognised: Recognised, grading: Grading) -> QuestionDraw:
        """The questions this check asks first, drawn with ``grading.seed`` (the same for a regrade)."""
        ...

    def simple_questions(self, recognised: Recognised, draw: QuestionDraw) -> Sequence[Question]:
        """A few questions any working AI answers at once (a position a move or two from the end; ``seconds``
        its own CPU limit), asked before the draw when recognising it heard no answer (a ``--command`` program,
        an interface known by its names): one that runs out of time even there is silent, and the check stops
        after ``SILENT_TIMEOUTS`` time-outs with nothing answered instead of a whole per-move limit for each of
        ``MAX_FAILURES`` questions. Empty: the plug has none (its first questions are simple already)."""
        ...

    def ask(self, session: Session, recognised: Recognised, draw: QuestionDraw) -> Mapping[str, Json]:
        """Ask the draw (and what its answers lead to) through ``session``: the transcript's ``body``."""
        ...

    def judge(self, record: CheckRecord) -> ReportT:
        """The frozen report of a transcript, the candidate not run (a problem, or no interface: broken)."""
        ...

    def machine_failed(self, target: str, isolation: str, reason: str, notes: tuple[str, ...]) -> ReportT:
        """The report of a check the machine failed: not graded, exit status 3."""
        ...

    def not_gradable(self, target: str, problem: str) -> ReportT:
        """The report of a submission that cannot be checked at all (exit status 2)."""
        ...

    def default_weights(self) -> WeightsT: ...

    def load_weights(self, path: str | Path) -> WeightsT:
        """A teacher's weights file (``CheckUsageError`` with the file's name for a bad one)."""
        ...

    def score(self, report: ReportT, weights: WeightsT | None = None) -> Score:
        """The report's points by category: computed once, then handed to ``render`` and ``csv_row``."""
        ...

    def render(self, report: ReportT, score: Score, format: str) -> str:
        """The report in one of ``FORMATS`` (JSON formats as JSON text)."""
        ...

    def csv_row(self, report: ReportT, score: Score) -> dict[str, object]:
        """A class spreadsheet's row (its columns are ``csv_columns``)."""
        ...

    def csv_columns(self) -> tuple[str, ...]: ...

    def summary(self, reports: Sequence[ReportT], scores: Sequence[Score]) -> ClassSummary:
        """A class's summary: verdicts, points, the most frequent findings."""
        ...


def spelt(names: Iterable[str], wanted: str) -> str | None:
    """The name among ``names`` that is ``wanted`` however a student spelt it (``findBestMove``, ``FindBestMove``
    for ``find_best_move``: case and underscores aside), the exact name first; None if none is."""
    listed = list(names)
    if wanted in listed:
        return wanted
    plain = wanted.replace("_", "").lower()
    return min((name for name in listed if name.replace("_", "").lower() == plain), default=None)
