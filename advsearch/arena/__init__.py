"""The arena: agents play games, and matches measure how much better one agent is.

- :func:`play` runs one game between agents and returns a :class:`GameRecord`
  (the moves, the states and the outcome);
- :func:`match` plays two agents against each other from random openings,
  with colours swapped, and returns a :class:`MatchResult`: wins, draws and
  losses, the score rate with a 95% confidence interval, and an Elo estimate;
- :func:`tournament` plays a match between every pair of several agents and
  rates them all at once (the ratings are computed by :mod:`advsearch.ratings`);
- :func:`agent_move` asks an agent for one move and checks it: :func:`play`,
  the command line and the play widget all ask through it.  A move that is not
  legal raises :class:`~advsearch.game.IllegalMoveError`; an agent that raises
  or (with a ``time_per_move``) takes too long raises :class:`AgentError`.

An agent is any callable ``agent(game, state) -> action``; see
:mod:`advsearch.agents` for ready-made ones.  Randomness goes through a
``random.Random(seed)``, so a seeded match can be replayed exactly (given
agents that are deterministic or freshly seeded).

Games that need not end (Pig, whose players may hold with nothing for ever)
are played with ``max_moves``: :func:`play` stops after that many moves (chance
outcomes count) and records the game as unfinished, and :func:`match` and
:func:`tournament` score an unfinished game as a draw, the usual adjudication
of a move limit, and count it in :attr:`MatchResult.unfinished` so that it
can be told from a real draw.

Where things are: :mod:`~advsearch.arena.playing` (one game, an agent's move,
:class:`GameRecord`, the agents' errors), :mod:`~advsearch.arena.openings`
(random openings), :mod:`~advsearch.arena.scores` (:class:`MatchResult`,
:class:`TournamentResult`) and :mod:`~advsearch.arena.matches` (matches,
tournaments, the progress bar).  Import them all from here.

Examples
--------
>>> from advsearch import TicTacToe, agents
>>> from advsearch.arena import play, match
>>> game = TicTacToe()
>>> record = play(game, [agents.solver(), agents.random(seed=2)])
>>> record.outcome, record.winner        # the solver (X) wins
((1, -1), 0)
>>> result = match(game, agents.solver(), agents.random(seed=1), games=10, openings=0, seed=0)
>>> result.losses
0
"""

from __future__ import annotations

from ..ratings import Z95, elo, fit_elo, wilson_interval
from .matches import match, progress_bar, tournament
from .openings import opening_moves, random_opening
from .playing import (INTERACTIVE_TIME_PER_MOVE, AgentError, AgentTimeLimitExceeded, GameRecord, agent_move,
                      chance_move, failure_sentence, is_legal, play, search_summary)
from .scores import MatchResult, TournamentResult

__all__ = ["GameRecord", "MatchResult", "TournamentResult", "AgentError", "AgentTimeLimitExceeded", "play",
           "agent_move", "is_legal", "chance_move", "match", "tournament", "random_opening", "opening_moves", "failure_sentence",
           "search_summary", "progress_bar", "INTERACTIVE_TIME_PER_MOVE",
           # The ratings live in advsearch.ratings; these names are kept here for the arena's users.
           "wilson_interval", "elo", "fit_elo", "Z95"]
