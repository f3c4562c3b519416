"""Lecture 06, Monte Carlo tree search: UCT steps by hand (selection, backup, flat Monte Carlo, whose wins
count), a student's MCTS code, the practice family, and ps3's UCB and MCTS graders.
"""
