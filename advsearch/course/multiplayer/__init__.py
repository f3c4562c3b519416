"""Lecture 05, more than two players: max-n code (its battery), paranoid, alliance and best-reply questions,
the practice family (max-n and shallow pruning), and ps4's graders.
"""
