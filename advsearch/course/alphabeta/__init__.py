"""Lecture 02, alpha-beta: pruned leaves by hand, a student's minimax and alpha-beta code (its battery and
named mistakes), the practice family, and ps1's graders.
"""
