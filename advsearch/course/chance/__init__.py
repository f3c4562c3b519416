"""Lecture 04, chance: a student's expectimax code (its battery), transformations that change the move, the
practice family (values and Star1's cuts), and ps3's chance graders.
"""
