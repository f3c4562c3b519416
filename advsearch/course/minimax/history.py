"""Lecture 01's questions on the early history and on the size of the chess game tree, checked by :func:`quiz`.

- :func:`history`: what the Turk, Torres y Quevedo's El Ajedrecista and
  Shannon's 1950 paper really did, and why the slides' practice table says
  Othello champions no longer play programs (three choices each);
- :func:`game_tree_size`: plies and moves, and Shannon's own estimates,
  computed from his published numbers: about 10^3 possibilities for a move of
  White followed by one of Black, about 40 such pairs in a game, and his count
  of positions, 64!/(32! 8!² 2!⁶), "roughly 10^43" (Shannon 1950, section 3).

Sources: T. Standage, *The Turk* (Walker, 2002); B. Randell, "From analytical
engine to electronic digital computer: the contributions of Ludgate, Torres,
and Bush", *Annals of the History of Computing* 4(4), 327–341 (1982);
C. E. Shannon, "Programming a computer for playing chess", *Philosophical
Magazine* 41(314), 256–275 (1950); M. Buro, "The Othello match of the year:
Takeshi Murakami vs. Logistello", *ICCA Journal* 20(3), 189–193 (1997); Oommen's and Sebastiani's lecture slides
(the seed notes) for the depths and for b ≈ 35, m ≈ 100.

>>> print(game_tree_size({"pair_plies": 1}))
pair_plies: you wrote 1, which is not right (How many plies are ...). Hint: a ply is a single player's move, a half-move.
>>> game_tree_size({"pair_plies": 2, "game_plies": 80, "per_ply": 30, "games_exponent": 120,
...                 "seed_exponent": 154.4, "positions_exponent": 43}).ok
True
"""

from __future__ import annotations

import math

from ..shared.feedback import Feedback
from ..shared.quiz import Question, quiz

#: Shannon's (1950) figures: possibilities for a pair of moves (White, then Black), pairs in a typical game.
SHANNON_PAIR_CHOICES, SHANNON_PAIRS = 10 ** 3, 40
#: log10 of Shannon's count of chess positions, 64! / (32! (8!)^2 (2!)^6): about 42.67, "roughly 10^43".
SHANNON_POSITIONS_LOG10 = (math.lgamma(65) - math.lgamma(33) - 2 * math.lgamma(9) - 6 * math.lgamma(3)) / math.log(10)
#: The seed slides' chess figures: branching factor b ≈ 35 and game length m ≈ 100 plies.
CHESS_B, CHESS_M = 35, 100

HISTORY = [
    Question("turk", "What was the Turk, the chess automaton Wolfgang von Kempelen showed from 1770 on?", "b",
             choices={"a": "clockwork that worked out its moves by itself",
                      "b": "a cabinet in which a hidden human player made the moves",
                      "c": "an early electrical machine that searched a game tree"},
             why="the Turk was a hoax: a strong player sat hidden in the cabinet and worked the arm "
                 "(Standage 2002); it computed nothing"),
    Question("ajedrecista", "What could Torres y Quevedo's El Ajedrecista (built 1912, shown in Paris in 1914) do?",
             "b", choices={"a": "play a whole game of chess against a human",
                           "b": "play one endgame, its king and rook against a human's king, and mate by a fixed rule",
                           "c": "nothing by itself: like the Turk, a human hid inside"},
             why="it was a real machine, electromechanical, and it played only king and rook against king, "
                 "following a fixed rule that forces mate, though not always in the fewest moves (Randell 1982)"),
    Question("shannon", "What did Shannon's 1950 paper propose for a chess program?", "c",
             choices={"a": "search every line of play to the end of the game",
                      "b": "store the best move of every position in a table",
                      "c": "look a few plies ahead, score the positions there with an evaluation, back the "
                           "scores up by minimax"},
             why="Shannon showed that searching to the end is hopeless (about 10^120 games) and proposed "
                 "a search to a limited depth with an approximate evaluation at its leaves, backed up by minimax"),
    Question("othello", "Why do the slides say that human Othello champions no longer play computers?", "b",
             choices={"a": "programs were banned from human Othello tournaments in the 1980s",
                      "b": "in 1997 the program Logistello beat the world champion Takeshi Murakami 6-0",
                      "c": "Othello had been solved by 1997, so every game against a program was lost"},
             why="Buro's Logistello won the 1997 match against the world champion by six games to none, and "
                 "programs have only grown stronger since (Buro 1997); Othello was not solved until 2023"),
]

GAME_TREE_SIZE = [
    Question("pair_plies", "How many plies are one move of White followed by one of Black?", 2,
             why="a ply is a single player's move, a half-move"),
    Question("game_plies", "Shannon's typical game lasts 40 such pairs of moves: how many plies is that?",
             2 * SHANNON_PAIRS, why="each pair is two plies"),
    Question("per_ply", "With 10^3 possibilities per pair, about how many legal moves does each ply offer?",
             math.sqrt(SHANNON_PAIR_CHOICES), tolerance=2,
             why="the pair's 10^3 is the product of two plies' choices, b·b = 10^3, so b = √1000"),
    Question("games_exponent", "Shannon's number of games is 10^k: what is k?",
             SHANNON_PAIRS * round(math.log10(SHANNON_PAIR_CHOICES)),
             why="(10^3)^40: multiply the exponents"),
    Question("seed_exponent", "The slides' b ≈ 35 and m ≈ 100 plies give b^m = 10^k: what is k (one decimal)?",
             CHESS_M * math.log10(CHESS_B), tolerance=0.5,
             why="log10(35^100) = 100·log10(35)"),
    Question("positions_exponent", "Shannon counted about 64!/(32! (8!)² (2!)⁶) positions = 10^k: what is k "
             "(one decimal)?", SHANNON_POSITIONS_LOG10, tolerance=0.5,
             why="take log10 of the factorials, e.g. with math.factorial, math.lgamma or math.log10"),
]


def history(answer) -> Feedback:
    """Check the letters answering :data:`HISTORY`, a dict such as ``{"turk": "a", ...}``."""
    return quiz(HISTORY, answer)


def game_tree_size(answer) -> Feedback:
    """Check the numbers answering :data:`GAME_TREE_SIZE` (plies, and Shannon's and the slides' estimates)."""
    return quiz(GAME_TREE_SIZE, answer)
