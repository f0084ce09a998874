# nbgrader: an autograder test cell worth 10 points. The cell's last value is its score,
# so the student gets partial credit; the printed report says why.
from perfectplay.check import Limits, check_ai, points, render_text

report = check_ai("tictactoe.py", limits=Limits(total_seconds=120))
print(render_text(report))
points(report, out_of=10)
