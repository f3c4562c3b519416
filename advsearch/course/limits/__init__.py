"""Lecture 03, evaluation and depth limits: depth-limited values, quiescence, move ordering, iterative
deepening, the evaluation match, and ps2's graders of an evaluation function.
"""
