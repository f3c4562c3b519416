"""The course wing: everything that teaches or grades one topic, in one folder named after it.

One folder a lecture, each with the same kinds of file: the questions a
student answers by hand and their checkers, the named mistakes, the battery
of trees a student's code is run on and its checker, the practice family
(``practice.py``: generators and their :class:`~advsearch.practice.Exercise`
subclasses), and the graders, which turn the same checker's findings into
points.

- ``minimax/`` (lecture 01): minimax values by hand (``values``,
  ``value_mistakes``), practice, the values grader (``by_hand``);
- ``alphabeta/`` (lecture 02): pruned leaves (``pruned``), a student's
  minimax and alpha-beta code (``implementation``, ``battery``,
  ``mistakes``), practice, the graders (``by_hand``, ``search_code``,
  ``conventions``, ``graded_trees``);
- ``limits/`` (lecture 03): depth-limited values, quiescence, move ordering
  (``questions``, ``quiescence``), iterative deepening (``deepening``), the
  evaluation match (``evaluation_match``) and ps2's graders (``manners``,
  ``tournament``, ``originality``, ``whose_move``, ``positions``);
- ``chance/`` (lecture 04): expectimax code (``implementation``,
  ``battery``), transformations, practice, the graders
  (``expectimax_code``, ``graded_trees``);
- ``multiplayer/`` (lecture 05): max-n code (``implementation``,
  ``battery``), paranoid and alliance questions (``questions``,
  ``choices``), practice, the graders (``by_hand``, ``graded_tree``,
  ``maxn_code``);
- ``mcts/`` (lecture 06): UCT by hand (``formula``, ``uct_trees``,
  ``questions``, ``steps``, ``backups``, ``flat``, ``mistakes``,
  ``perspectives``, ``statistics``), MCTS code (``implementation``,
  ``replay``), practice, the graders (``ucb``, ``mcts_code``,
  ``graded_trees``);
- ``shared/``: what every topic uses (``feedback``, ``pictures``,
  ``wording``, ``reading``, ``subtrees``, ``narration``; running a student's
  code, ``runs``, ``divergence``, ``diagnosis``, ``value_models``; the
  practice base ``exercise``, ``generating``, ``random_trees``; the graders'
  ``grades``, ``blind``, ``batteries``, ``identity``, ``running``,
  ``notebook``, ``handins``).

``implementation.py`` hands ``check.implementation`` to each topic's code
checker, and ``assignments.py`` makes each problem set's per-student
problems.  Users reach all of it through the faces :mod:`advsearch.check`,
:mod:`advsearch.practice` and :mod:`advsearch.grading`.
"""
