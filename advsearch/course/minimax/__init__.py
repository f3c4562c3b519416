"""Lecture 01, minimax: values worked by hand, their named mistakes, the practice family and the grader."""
