"""The live class: a teacher puts one puzzle at a time before their class, every student answers on
their own device, and the teacher reveals how the class answered (issue 43; docs/live.md).

session.py: a session's life (opened on one of the class's lessons or sets, a puzzle at a time with
its countdown, revealed, the next, closed); answers.py: a student's answer judged move by move on the
server, their result for the class's table, the distribution of first moves, a student's place.
"""
