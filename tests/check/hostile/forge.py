# mypy: ignore-errors
# Forging: at import it tries to take over the checker (patch its verdicts and its runner),
# so that an AI that always plays the first free cell would be graded unbeatable.
import sys

try:  # perfectplay itself, to patch the report: not importable in the candidate's process
    import perfectplay.check.report.model as report

    report.CheckReport.verdict = property(lambda self: "unbeatable")
    report.CheckReport.exit_status = property(lambda self: 0)
except ImportError:
    pass

main = sys.modules.get("__main__")
if main is not None and hasattr(main, "describe_answer"):
    honest = main.describe_answer

    def forged(value):
        # Claims on top of the real answer: a verdict, no time used, a perfect count.
        return {**honest(value), "verdict": "unbeatable", "best": 4520, "seconds": -1.0, "cpu": -1000.0}

    main.describe_answer = forged
