"""Evaluation functions: estimates of a position's value where the search stops.

A search cut off at a depth limit scores its leaves with an evaluation
function ``evaluate(state, player) -> number``, the same signature as
``game.utility``.  The lecture's standard form is a weighted linear sum of
features,

    Eval(s) = w1 f1(s) + w2 f2(s) + ... + wn fn(s),

and :class:`Linear` is exactly that, with named features so that a notebook can
show every term.  The module also has features, and ready-made evaluation
functions with hand-set weights, for tic-tac-toe and Connect Four.

The zero-sum convention
    Features are measured from MAX's point of view: :class:`Linear` calls
    every feature as ``f(state, MAX)``, and returns ``Eval(s)`` for MAX and
    ``-Eval(s)`` for MIN.  So ``evaluate(s, MIN) == -evaluate(s, MAX)`` holds
    for any features, even one that ignores its ``player`` argument.

    Features take ``(state, player)`` anyway, so that any evaluation function
    (another :class:`Linear` included) can serve as a feature.  The features
    defined here are "mine minus theirs" counts for ``player``, so each is an
    evaluation function on its own, and ``f(s, MIN) == -f(s, MAX)``.

Scale
    Searches score terminal states with Utility, +1 for a win and -1 for a
    loss, and other leaves with Eval.  An evaluation should therefore stay
    strictly between -1 and +1, or a search will prefer a position that merely
    looks good to a win it has proved.  The ready-made weights are small for
    this reason; see :func:`tictactoe_eval` and :func:`connect4_eval`.

Examples
--------
>>> from advsearch import TicTacToe, alphabeta
>>> from advsearch.evaluation import Linear, tictactoe_features
>>> game = TicTacToe()
>>> features = tictactoe_features()
>>> evaluate = Linear({"centre": features["centre"], "corners": features["corners"]},
...                   {"centre": 0.3, "corners": 0.1})
>>> evaluate
Linear(0.3·centre + 0.1·corners)
>>> s = game.state("X.O/.X./...")
>>> evaluate(s, 0), evaluate(s, 1)
(0.3, -0.3)
>>> alphabeta(game, depth=1, evaluate=evaluate).move     # the centre
4
"""

from __future__ import annotations

from collections.abc import Mapping

from . import validation
from .game import MAX, MIN
from .games.connect4 import ConnectFour
from .games.tictactoe import FULL, LINE_MASKS

__all__ = [
    "Linear",
    "tictactoe_features", "tictactoe_eval",
    "connect4_features", "connect4_eval",
]


class Linear:
    """A weighted linear evaluation function, Eval(s) = w1·f1(s) + ... + wn·fn(s).

    Parameters
    ----------
    features : dict or sequence of (name, function) pairs
        The features, by name, in order.  A feature is a function
        ``f(state, player) -> number``; it is only ever called with
        ``player=MAX`` (see the module docstring).
    weights : dict or sequence of numbers
        One weight per feature: a dict by name, or a sequence in the order of
        ``features``.

    Raises
    ------
    ValueError
        A feature name is repeated or not a string, a feature is not callable,
        a feature has no weight, a weight names no feature, or a weight is not
        a finite number.

    Notes
    -----
    Calling the evaluation costs the sum of its features' costs.  A linear sum
    assumes that each feature contributes independently of the others
    (Russell & Norvig, *AIMA*, 4th ed., section 5.4.1); the weights can be set
    by hand or learned from games.

    Examples
    --------
    >>> count = lambda s, p: len(s)           # "states" here are plain strings
    >>> vowels = lambda s, p: sum(c in "aeiou" for c in s)
    >>> e = Linear([("length", count), ("vowels", vowels)], [0.5, -2])
    >>> e
    Linear(0.5·length - 2.0·vowels)
    >>> e("banana", 0)                        # 0.5·6 - 2·3
    -3.0
    >>> e("banana", 1)                        # MIN's view: the negation
    3.0
    >>> e.terms("banana", 0)
    {'length': (6, 0.5, 3.0), 'vowels': (3, -2.0, -6.0)}
    >>> e.with_weights(vowels=1)("banana", 0)
    6.0
    """

    def __init__(self, features, weights):
        self._names, self._functions = _read_features(features)
        self._weights = _read_weights(weights, self._names)
        self._pairs = tuple(zip(self._weights, self._functions))

    # --- Evaluating. ---

    def __call__(self, state, player) -> float:
        """Eval(state) for ``player``: the weighted sum for MAX, its negation for MIN."""
        v = 0.0
        for w, f in self._pairs:
            v += w * f(state, MAX)
        if player == MAX:
            return v
        if player == MIN:
            return -v
        raise _bad_player(player)

    def values(self, state, player) -> tuple:
        """The feature values for ``player``, in order (MIN sees each negated).

        This is the feature vector that learning methods fit weights to.
        """
        sign = _sign(player)
        return tuple(sign * f(state, MAX) for f in self._functions)

    def terms(self, state, player) -> dict:
        """Each feature's part of the value for ``player``: name -> (value, weight, product).

        The products sum to ``self(state, player)`` (up to rounding).
        """
        return {name: (v, w, w * v) for name, v, w in zip(self._names, self.values(state, player), self._weights)}

    # --- Looking inside, and changing the weights. ---

    @property
    def names(self) -> tuple:
        """The feature names, in order."""
        return self._names

    @property
    def features(self) -> dict:
        """The features, name -> function, in order (a copy)."""
        return dict(zip(self._names, self._functions))

    @property
    def weights(self) -> dict:
        """The weights, name -> number, in order (a copy)."""
        return dict(zip(self._names, self._weights))

    def with_weights(self, weights=None, /, **named) -> "Linear":
        """The same features with new weights; this evaluation is not changed.

        Parameters
        ----------
        weights : dict or sequence, optional
            A sequence gives every weight, in feature order; a dict gives the
            weights of the features it names and keeps the others.
        **named
            Weights by feature name, applied last: ``with_weights(centre=2)``.

        Examples
        --------
        >>> e = Linear({"a": lambda s, p: 1, "b": lambda s, p: 2}, {"a": 1, "b": 1})
        >>> e.with_weights([3, 4])
        Linear(3.0·a + 4.0·b)
        >>> e.with_weights({"b": -1}, a=0.5)
        Linear(0.5·a - 1.0·b)
        """
        new = self.weights
        if weights is not None:
            if isinstance(weights, Mapping):
                _check_names(weights, self._names, complete=False)
                new.update(weights)
            else:
                new = dict(zip(self._names, _read_weights(weights, self._names)))
        _check_names(named, self._names, complete=False)
        new.update(named)
        return Linear(list(zip(self._names, self._functions)), new)

    def __repr__(self):
        parts = []
        for name, w in zip(self._names, self._weights):
            text = f"{abs(w):.6g}"
            if text.isdigit():
                text += ".0"
            if not parts:
                parts.append(f"{'-' if w < 0 else ''}{text}·{name}")
            else:
                parts.append(f"{'-' if w < 0 else '+'} {text}·{name}")
        return f"Linear({' '.join(parts)})"

    def __len__(self):
        return len(self._names)

    def __eq__(self, other):
        if not isinstance(other, Linear):
            return NotImplemented
        return (self._names, self._functions, self._weights) == (other._names, other._functions, other._weights)

    def __hash__(self):
        return hash((self._names, self._functions, self._weights))


def _sign(player):
    if player == MAX:
        return 1
    if player == MIN:
        return -1
    raise _bad_player(player)


def _bad_player(player):
    return ValueError(f"an evaluation is for MAX (0) or MIN (1), not player {player!r}")


def _read_features(features):
    """Check the features; return (names, functions) as tuples."""
    if isinstance(features, Mapping):
        pairs = list(features.items())
    else:
        try:
            pairs = [tuple(p) for p in features]
        except TypeError:
            raise ValueError("features must be a dict name -> f(state, player), or a sequence of "
                             f"(name, f) pairs, not {features!r}") from None
    if not pairs:
        raise ValueError("a linear evaluation needs at least one feature")
    names, functions = [], []
    for pair in pairs:
        if len(pair) != 2:
            raise ValueError(f"each feature is a (name, f) pair, not {pair!r}")
        name, f = pair
        if not isinstance(name, str) or not name:
            raise ValueError(f"a feature name must be a non-empty string, not {name!r}")
        if name in names:
            raise ValueError(f"the feature name {name!r} is used twice")
        if not callable(f):
            raise ValueError(f"feature {name!r} must be a function f(state, player) -> number, not {f!r}")
        names.append(name)
        functions.append(f)
    return tuple(names), tuple(functions)


def _check_names(weights, names, *, complete):
    """Raise ValueError naming the weights that fit no feature (and, if complete, the features without one)."""
    extra = [k for k in weights if k not in names]
    if extra:
        raise ValueError(f"weight for {', '.join(map(repr, extra))}, which "
                         f"{'is not a feature' if len(extra) == 1 else 'are not features'}; "
                         f"the features are {', '.join(names)}")
    missing = [n for n in names if n not in weights]
    if complete and missing:
        raise ValueError(f"no weight for the feature{'s' if len(missing) > 1 else ''} "
                         f"{', '.join(map(repr, missing))}")


def _number(name, w) -> float:
    return validation.real_number(f"the weight of {name!r}", w)


def _read_weights(weights, names) -> tuple:
    """Check the weights against the feature names; return them as a tuple of floats in feature order."""
    if isinstance(weights, Mapping):
        _check_names(weights, names, complete=True)
        return tuple(_number(n, weights[n]) for n in names)
    if isinstance(weights, (str, bytes)):
        raise ValueError(f"weights must be a dict or a sequence of numbers, not {weights!r}")
    try:
        values = list(weights)
    except TypeError:
        raise ValueError(f"weights must be a dict or a sequence of numbers, not {weights!r}") from None
    if len(values) != len(names):
        raise ValueError(f"{len(values)} weights for {len(names)} features ({', '.join(names)}); "
                         "give one weight per feature, in order")
    return tuple(_number(n, w) for n, w in zip(names, values))


# --- Tic-tac-toe features.  A state is an int: X's cells in bits 0..8, O's in bits 9..17. ---

def _for(player, v):
    """A count for X (MAX) minus the same count for O, seen by ``player``."""
    return v if player == MAX else -v


def _ttt_open_lines(state, player):
    x, o = state & FULL, state >> 9
    return _for(player, sum(1 for m in LINE_MASKS if not o & m) - sum(1 for m in LINE_MASKS if not x & m))


def _ttt_twos(state, player):
    x, o = state & FULL, state >> 9
    mine = sum(1 for m in LINE_MASKS if not o & m and (x & m).bit_count() == 2)
    theirs = sum(1 for m in LINE_MASKS if not x & m and (o & m).bit_count() == 2)
    return _for(player, mine - theirs)


_CENTRE, _CORNERS = 1 << 4, 1 << 0 | 1 << 2 | 1 << 6 | 1 << 8


def _ttt_centre(state, player):
    x, o = state & FULL, state >> 9
    return _for(player, (1 if x & _CENTRE else 0) - (1 if o & _CENTRE else 0))


def _ttt_corners(state, player):
    x, o = state & FULL, state >> 9
    return _for(player, (x & _CORNERS).bit_count() - (o & _CORNERS).bit_count())


def tictactoe_features() -> dict:
    """Features of tic-tac-toe positions, each "for the player minus for the opponent".

    ``twos``
        lines holding two of the player's marks and no opponent's mark (one
        move from a win);
    ``lines``
        lines still open: holding no opponent's mark (Nilsson's classic
        evaluation is this feature alone);
    ``centre``
        1 if the player holds the centre, -1 if the opponent does, else 0;
    ``corners``
        corners held.

    Returns
    -------
    dict
        name -> f(state, player), for :class:`Linear`.

    Examples
    --------
    >>> from advsearch import TicTacToe
    >>> s = TicTacToe().state("XO./.X./...")
    >>> {name: f(s, 0) for name, f in tictactoe_features().items()}
    {'twos': 1, 'lines': 4, 'centre': 1, 'corners': 1}
    """
    return {"twos": _ttt_twos, "lines": _ttt_open_lines, "centre": _ttt_centre, "corners": _ttt_corners}


def tictactoe_eval() -> Linear:
    """A hand-weighted evaluation of tic-tac-toe from :func:`tictactoe_features`.

    The weights put a line one move from completion well above an open line,
    and the centre above a corner.  Over all 5,478 legal positions the value
    stays within ±0.49, inside the utilities ±1 of a loss and a win.

    Examples
    --------
    >>> from advsearch import TicTacToe, alphabeta
    >>> tictactoe_eval()
    Linear(0.1·twos + 0.03·lines + 0.05·centre + 0.01·corners)
    >>> alphabeta(TicTacToe(), depth=2, evaluate=tictactoe_eval()).move
    4
    """
    return Linear(tictactoe_features(), {"twos": 0.1, "lines": 0.03, "centre": 0.05, "corners": 0.01})


# --- Connect Four features, on the bitboards of advsearch.games.connect4. ---

def connect4_features(game) -> dict:
    """Features of Connect Four positions on ``game``'s board, each "for the player minus for the opponent".

    A window is a line of four cells (``game.windows``).

    ``centre``
        discs in the centre column (the two middle columns when the width is
        even), which lie on the most windows;
    ``twos``
        windows holding two of the player's discs and two empty cells;
    ``threes``
        windows holding three of the player's discs and one empty cell;
    ``threats``
        empty cells that would complete a four for the player and can be
        played at once (the lowest empty cell of their column).

    Parameters
    ----------
    game : ConnectFour
        The board the features are for.

    Returns
    -------
    dict
        name -> f(state, player), for :class:`Linear`.

    Notes
    -----
    ``twos``, ``threes`` and ``threats`` come from one pass over the windows,
    O(number of windows) (69 on the 7x6 board); the pass is remembered for the
    last state, so a :class:`Linear` of all three pays for it once.

    Examples
    --------
    >>> from advsearch.games.connect4 import ConnectFour
    >>> game = ConnectFour()
    >>> s = game.state('''
    ...     ......./......./......./
    ...     ......./...O.../..XXX.O''')
    >>> {name: f(s, 0) for name, f in connect4_features(game).items()}
    {'centre': 0, 'twos': 1, 'threes': 2, 'threats': 2}
    """
    if not isinstance(game, ConnectFour):
        raise ValueError(f"connect4_features needs a ConnectFour game, not {game!r}")
    centre_columns = {game.width // 2, (game.width - 1) // 2}
    centre_mask = 0
    for c in centre_columns:
        centre_mask |= sum(game.cell(c, r) for r in range(game.height))
    windows = game.windows
    remembered = [None, None]          # the last (x, o) and its counts

    def counts(state):
        """(twos, threes, threats), each X's minus O's, for ``state``."""
        if remembered[0] == state:
            return remembered[1]
        x, o = state
        twos = threes = 0
        x_wins = o_wins = 0               # empty cells that would complete a four
        for m in windows:
            xm, om = x & m, o & m
            if not om:
                n = xm.bit_count()
                if n == 2:
                    twos += 1
                elif n == 3:
                    threes += 1
                    x_wins |= m & ~xm
            elif not xm:
                n = om.bit_count()
                if n == 2:
                    twos -= 1
                elif n == 3:
                    threes -= 1
                    o_wins |= m & ~om
        playable = game.playable(state)
        threats = (x_wins & playable).bit_count() - (o_wins & playable).bit_count()
        remembered[0], remembered[1] = state, (twos, threes, threats)
        return twos, threes, threats

    def centre(state, player):
        x, o = state
        return _for(player, (x & centre_mask).bit_count() - (o & centre_mask).bit_count())

    def twos(state, player):
        return _for(player, counts(state)[0])

    def threes(state, player):
        return _for(player, counts(state)[1])

    def threats(state, player):
        return _for(player, counts(state)[2])

    return {"centre": centre, "twos": twos, "threes": threes, "threats": threats}


def connect4_eval(game=None) -> Linear:
    """A hand-weighted evaluation of Connect Four from :func:`connect4_features`.

    Parameters
    ----------
    game : ConnectFour, optional
        The board; the standard 7x6 one when None.

    Notes
    -----
    The weights rank a playable threat above an open three, an open three
    above an open two, and a centre disc about like an open two.  They are
    small so that the value stays inside the utilities ±1: on the positions
    of 2,000 random 7x6 games it stayed within ±0.44.

    Examples
    --------
    >>> from advsearch import alphabeta
    >>> from advsearch.games.connect4 import ConnectFour
    >>> game = ConnectFour()
    >>> evaluate = connect4_eval(game)
    >>> evaluate
    Linear(0.01·centre + 0.005·twos + 0.02·threes + 0.05·threats)
    >>> alphabeta(game, depth=3, evaluate=evaluate).move     # the centre column
    3
    """
    game = ConnectFour() if game is None else game
    return Linear(connect4_features(game), {"centre": 0.01, "twos": 0.005, "threes": 0.02, "threats": 0.05})
