# Otter: one test cell a category, each with its own points in its TEST CONFIG
# (never_beaten 4, keeps_value 3, helpers 3); the checks run once, in a hidden cell.
from perfectplay.check import Limits, check_ai, score

report = check_ai("tictactoe.py", limits=Limits(total_seconds=120))
scores = score(report)
never_beaten = scores.category("never_beaten").passed
keeps_value = scores.category("keeps_value").passed
helpers = scores.category("helpers").passed
