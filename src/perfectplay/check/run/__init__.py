"""Running a candidate: its sandbox, the child process that hosts its code, the capped channel, the workers.

Nothing here knows what a good move is: it asks and records what came back.
"""
