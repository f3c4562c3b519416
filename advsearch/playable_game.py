"""A game to play against an agent with no kernel: one self-contained HTML fragment with the agent's replies.

:func:`playable` asks the agent, in Python, for its move in every position
it can meet, and puts those moves, with the positions they lead to, into one
HTML fragment.  Shown in a notebook, on the course site or on a slide, the
fragment lets you play the game in the browser: click a cell (or a move),
and the agent answers at once from its table.  No kernel runs, so the game
works wherever the stored output of a lecture is shown.

Which positions.  The agent is deterministic, so the positions you can meet
are those reached by *any* of your moves and the agent's own replies: the
table holds the agent's move in each of them where it is to move, with
either side moving first.  Against the solver, tic-tac-toe needs 546 such
positions (of the game's 5,478).  A named opponent is made afresh for every
position, so its move depends on the position alone (an ``"mcts"`` opponent
with ``seed=s`` plays what a fresh ``agents.mcts(..., seed=s)`` plays
there); a callable opponent is asked once per position, in a fixed order.
Games with more than :data:`MAX_POSITIONS` reachable positions are refused,
before the agent is asked anything.

Time and size.  The agent searches once per position, so the time is its
time per move times the positions.  Tic-tac-toe against the solver takes
0.1-0.3 s and makes 40 kB of HTML; against MCTS, which searches afresh in
each of its 490-590 positions, 300 iterations a move take about 2 s (200
about 1.5 s, 500 about 3 s, 1,000 about 6 s, measured on one core), and
the page is 38-44 kB.  In a lecture cell, give MCTS a few hundred.

The fragment works in two forms, like the frame player
(:func:`advsearch.drawing.player`):

- **without scripts** (an untrusted notebook, a sanitising viewer), it shows
  the starting position and a sentence saying the game needs scripts, and
  how to play it in a running notebook (:func:`advsearch.widgets.play`);
- **with scripts**, the board: Tab reaches every cell (or move) and button,
  Enter and Space play it, and those keys go to the game alone, not to the
  page around it (JupyterLab's shortcuts, a reveal.js deck's slide keys).
  A status line, read out to screen readers, says each move, whose turn it
  is and the result.  Two buttons start a new game, you or the agent moving
  first.

Everything is inline (CSS, script, the table as JSON); there is no ``src``
or ``href`` and nothing is fetched.  The output is deterministic, and its
ids come from a hash of its content.  X and O are drawn in the players'
colours of :data:`advsearch.games.boards.PLAYER_COLOURS` (Okabe-Ito), and
differ by shape as well.

Examples
--------
>>> from advsearch import TicTacToe
>>> game = playable(TicTacToe(), "solver")
>>> game
<Playable: Tic-tac-toe against solver, 546 replies, 960 positions, ... bytes of HTML>
>>> game.table[0]                      # the solver's first move on the empty board
0
>>> "src=" in game.html or "href=" in game.html
False
"""

from __future__ import annotations

import hashlib
import html
import json
from collections import deque

from .agents import name_of
from .arena import agent_move
from .game import CHANCE
from .games import Grundy, Nim, TicTacToe
from .games.boards import PLAYER_COLOURS
from .registry import check_opponent, make_agent, spec_for

#: The most positions a game may have, counted from its start with every move followed: playable asks the
#: agent for its move in each one it can meet and stores them all in the page (tic-tac-toe has 5,478).
MAX_POSITIONS = 20_000

#: The most moves between those positions (tic-tac-toe has 16,167): the page stores every move you may make,
#: so a game of few positions but many moves each (Nim with one heap of 5,000) is refused too.
MAX_MOVES = 100_000

X_COLOUR, O_COLOUR = PLAYER_COLOURS[0], PLAYER_COLOURS[1]

#: What the game looks like; every rule is under ``.advsearch-game``, so nothing else on the page changes.
CSS = f"""\
.advsearch-game{{font-family:'DejaVu Sans',Verdana,Arial,sans-serif;font-size:15px;line-height:1.4;\
max-width:100%;margin:0.5em 0;color:#111;background:#fff;padding:0.5em;border-radius:4px}}
.advsearch-game [hidden]{{display:none}}
.advsearch-game p{{margin:0 0 0.5em 0;font-size:inherit}}
.advsearch-game pre{{font-family:'DejaVu Sans Mono',Menlo,Consolas,monospace;font-size:15px;line-height:1.3;\
margin:0 0 0.5em 0;padding:0.3em 0.5em;box-sizing:border-box;background:#f7f7f7;color:#111;\
border:1px solid #ccc;box-shadow:none;display:inline-block;min-width:12em;max-width:100%;white-space:pre;\
overflow-x:auto}}
.advsearch-game .apg-grid{{display:grid;grid-template-columns:repeat(3,3.4em);grid-gap:4px;margin:0 0 0.6em 0}}
.advsearch-game button{{font:inherit;padding:0.3em 0.8em;border:1px solid #555;border-radius:4px;\
background:#f4f4f4;color:#111;cursor:pointer;margin:0;text-transform:none}}
.advsearch-game .apg-cell{{width:1.7em;height:1.7em;padding:0;font-size:30px;font-weight:bold;line-height:1;\
background:#fff}}
.advsearch-game .apg-cell[data-mark=X]{{color:{X_COLOUR}}}
.advsearch-game .apg-cell[data-mark=O]{{color:{O_COLOUR}}}
.advsearch-game .apg-cell.apg-last{{box-shadow:inset 0 0 0 3px #555}}
.advsearch-game button[aria-disabled=true]{{cursor:default}}
.advsearch-game .apg-moves,.advsearch-game .apg-new{{display:flex;flex-wrap:wrap;gap:0.5em;margin:0 0 0.6em 0}}
.advsearch-game .apg-status{{min-height:2.8em;font-weight:bold;max-width:40em}}
.advsearch-game :focus-visible{{outline:3px solid #1a5fb4;outline-offset:2px}}
"""

#: The behaviour, one copy a game: it brings every game on the page that is not live yet to life.
SCRIPT = """\
(function () {
  function live(root) {
    root.setAttribute("data-live", "");
    var q = function (c) { return root.querySelector(".apg-" + c); };
    var d = JSON.parse(q("data").textContent), S = d.states, L = d.labels, M = d.marks;
    var status = q("status"), cells = Array.prototype.slice.call(root.querySelectorAll(".apg-cell"));
    var moves = q("moves"), view = q("position"), at = 0, human = d.human, last = -1;
    function over() { return S[at][2] !== null; }
    function mine() { return !over() && S[at][1] === human; }
    function reply() {                                  // the agent's move here, from the table
      var s = S[at], k = s[4];
      if (k < 0) { throw new Error("no reply stored for position " + at); }
      last = s[3][2 * k];
      at = s[3][2 * k + 1];
      return d.agent + " played " + said(s, last) + ".";
    }
    function said(s, label) { return cells.length ? M[s[1]] + " in " + L[label] : L[label]; }
    function headline() {
      if (over()) {
        var r = human === 0 ? S[at][2] : -S[at][2];
        var end = r > 0 ? "You win!" : r < 0 ? d.agent + " wins." : "A draw.";
        return end + " Press a New game button to play again.";
      }
      return mine() ? "Your move: you are " + M[human] + "." : d.agent + " is to move.";
    }
    function draw() {
      var s = S[at];
      if (cells.length) {
        cells.forEach(function (b, i) {
          var mark = s[0].charAt(i), empty = mark === ".";
          b.textContent = empty ? "" : mark;
          b.setAttribute("data-mark", empty ? "" : mark);
          b.classList.toggle("apg-last", i === last && !empty);
          b.setAttribute("aria-label", L[i] + ": " + (empty ? "empty" : mark + (i === last ? ", " + d.agent
            + "'s last move" : "")));
          b.setAttribute("aria-disabled", String(!empty || !mine()));
        });
        return;
      }
      view.textContent = s[0];
      var focused = moves.contains(document.activeElement);
      while (moves.firstChild) { moves.removeChild(moves.firstChild); }
      if (mine()) {
        for (var k = 0; k < s[3].length; k += 2) {
          var b = document.createElement("button");
          b.type = "button";
          b.textContent = L[s[3][k]];
          b.setAttribute("data-label", String(s[3][k]));
          moves.appendChild(b);
        }
      }
      if (focused) { (moves.firstChild || q("first")).focus(); }
    }
    function play(label) {
      if (over()) { status.textContent = "The game is over. " + headline(); return; }
      var s = S[at], next = -1;
      for (var k = 0; k < s[3].length; k += 2) { if (s[3][k] === label) { next = s[3][k + 1]; } }
      if (next < 0) { status.textContent = "Not allowed: " + L[label] + " is taken. " + headline(); return; }
      var text = "You played " + said(s, label) + ".";
      at = next;
      if (!over()) { text += " " + reply(); }
      draw();
      status.textContent = text + " " + headline();
    }
    function start(who) {
      human = who; at = 0; last = -1;
      var text = "New game, " + (who === 0 ? "you move" : d.agent + " moves") + " first.";
      if (S[0][1] !== human) { text += " " + reply(); }
      draw();
      status.textContent = text + " " + headline();
    }
    cells.forEach(function (b, i) { b.addEventListener("click", function () { play(i); }); });
    if (moves) {
      moves.addEventListener("click", function (e) {
        var b = e.target.closest("button");
        if (b) { play(+b.getAttribute("data-label")); }
      });
    }
    q("first").addEventListener("click", function () { start(0); });
    q("second").addEventListener("click", function () { start(1); });
    // Enter and Space on the game's buttons are caught on their way down (window, capture), so that the page
    // around it never sees them: JupyterLab's and Notebook 7's shortcuts, a reveal.js deck's slide keys.
    function key(e) {
      if (!root.isConnected) { window.removeEventListener("keydown", key, true); return; }
      if (!root.contains(e.target) || e.altKey || e.ctrlKey || e.metaKey) { return; }
      if (e.target.tagName === "BUTTON" && (e.key === " " || e.key === "Enter")) { e.stopPropagation(); }
    }
    window.addEventListener("keydown", key, true);
    q("static").hidden = true;
    q("live").hidden = false;
    start(human);
  }
  function begin(tries) {
    var all = document.querySelectorAll(".advsearch-game:not([data-live])");
    Array.prototype.forEach.call(all, live);
    if (!document.getElementById(GAME_ID) && tries > 0) {
      setTimeout(function () { begin(tries - 1); }, 50);
    }
  }
  begin(40);
})();
"""


class Playable:
    """A game against an agent as one HTML fragment (``html``); a notebook shows it as the game.

    Attributes
    ----------
    game
        The game.
    name : str
        The agent's name, as the page says it.
    table : dict
        position -> the agent's move there, for every position the page can
        reach with the agent to move (with either side moving first).
    positions : int
        How many positions the page holds (the agent's, yours and the ends).
    html : str
        The fragment.  ``str(p)`` and ``p._repr_html_()`` are the same;
        :meth:`page` puts it in a complete HTML document.
    """

    def __init__(self, game, name: str, table: dict, positions: int, fragment: str):
        self.game, self.name, self.table, self.positions, self.html = game, name, table, positions, fragment

    def _repr_html_(self) -> str:
        return self.html

    def __str__(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return (f"<Playable: {_title(self.game)} against {self.name}, {len(self.table)} replies, "
                f"{self.positions} positions, {len(self.html.encode()):,} bytes of HTML>")

    def page(self, title=None) -> str:
        """A complete HTML document holding the game (``title``: by default the game and the agent)."""
        title = html.escape(f"{_title(self.game)} against {self.name}" if title is None else str(title), quote=False)
        return ('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
                '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
                f"<title>{title}</title>\n</head>\n<body>\n{self.html}</body>\n</html>\n")


def playable(game, opponent, *, human_first=True, seed=None, name=None, **options) -> Playable:
    """``game`` against ``opponent`` as a self-contained HTML game: the agent's replies tabulated in Python.

    Parameters
    ----------
    game : Game
        A deterministic two-player game of at most :data:`MAX_POSITIONS`
        positions: tic-tac-toe (a 3x3 board of buttons), Nim and Grundy's
        game on small heaps, or any other (its ``render`` and a button for
        each legal move).
    opponent : str or callable
        The name of an opponent in :data:`advsearch.registry.OPPONENTS`
        (``"solver"``, ``"mcts:300"``, ``"alphabeta:2"``, ``"random"``), made
        afresh for every position with ``seed`` and ``options``; or an agent
        ``agent(game, state) -> action``, asked once per position.
    human_first : bool
        Whether the page starts with you moving first (as X, player 0); both
        ways are tabulated, and a button switches.
    seed : optional
        The named opponent's seed (MCTS, random): fixed, so the page is the
        same every time.
    name : str, optional
        What the page calls the agent; by default its name (``"solver"``).
    **options
        Options of a named opponent, such as ``iterations=300``.

    Returns
    -------
    Playable
        End a cell with it to show it.

    Raises
    ------
    ValueError
        A game of more or fewer than two players, one with chance moves, one
        of more than :data:`MAX_POSITIONS` positions, an unknown opponent or
        option, or options given with a callable.
    GameError
        The agent failed or chose an illegal move
        (:func:`advsearch.arena.agent_move`'s errors, naming the position).

    Examples
    --------
    >>> from advsearch import Nim
    >>> p = playable(Nim([1, 2]), "solver")
    >>> p.table[p.game.initial_state]          # the winning move: take 1 from heap 1, leaving 1 and 1
    (1, 1)
    >>> playable(Nim([1, 2]), "wizard")
    Traceback (most recent call last):
    ...
    ValueError: unknown opponent 'wizard'; the opponents are random, alphabeta, solver, mcts
    """
    if getattr(game, "num_players", 2) != 2:
        raise ValueError(f"playable is for two-player games, but {game!r} has {game.num_players} players")
    ask, label = _asker(game, opponent, seed, options)
    label = label if name is None else str(name)
    _count_positions(game)
    table, states, yours = _walk(game, ask)
    data = _data(game, states, table, yours)
    data.update(agent=label, human=0 if human_first else 1, marks=_marks(game))
    fragment = _fragment(game, label, _widget_call(game, opponent, seed, options), data)
    return Playable(game, label, table, len(states), fragment)


# --- Asking the agent. ---

def _asker(game, opponent, seed, options):
    """``(ask, name)``: ``ask(state) -> action`` asks a fresh named opponent for every position, or the callable."""
    if isinstance(opponent, str):
        check_opponent(opponent, **options)                   # a bad name or option fails now, not later
        first = make_agent(opponent, game, seed=seed, **options)   # and so does one that refuses this game
        return (lambda state: agent_move(make_agent(opponent, game, seed=seed, **options), game, state)), \
            name_of(first)
    if options:
        raise ValueError(f"options ({', '.join(options)}) are only for an opponent given by name")
    if not callable(opponent):
        raise ValueError(f"the opponent must be an agent, a callable (game, state) -> action, or the name of "
                         f"one such as 'solver', not {opponent!r}")
    return (lambda state: agent_move(opponent, game, state)), name_of(opponent)


def _widget_call(game, opponent, seed, options) -> str:
    """How to play the same game in a running notebook, for readers without scripts."""
    made = f"advsearch.{game!r}" if type(game).__module__.startswith("advsearch.games.") else "game"
    if not isinstance(opponent, str):
        return f"advsearch.widgets.play({made}, agent)"
    given = [("seed", seed), *sorted(options.items())]
    return f"advsearch.widgets.play({made}, {opponent!r}{''.join(f', {k}={v!r}' for k, v in given if v is not None)})"


def _count_positions(game) -> int:
    """How many positions ``game`` has from its start; ValueError past MAX_POSITIONS or MAX_MOVES, or at a
    chance move."""
    seen, todo, moves = {game.initial_state}, [game.initial_state], 0
    while todo:
        state = todo.pop()
        if game.is_terminal(state):
            continue
        if game.to_move(state) == CHANCE:
            raise ValueError(f"{game!r} has chance moves: a table of the agent's replies cannot follow the dice, "
                             "so playable takes deterministic games only; play it with advsearch.widgets.play")
        for action in game.actions(state):
            moves += 1
            if moves > MAX_MOVES:
                raise ValueError(f"{game!r} has more than {MAX_MOVES:,} moves between its positions, too many to "
                                 f"tabulate: playable stores every move you can make, for games of at most "
                                 f"{MAX_MOVES:,} moves (tic-tac-toe has 16,167); play it with "
                                 "advsearch.widgets.play in a running notebook")
            child = game.result(state, action)
            if child not in seen:
                if len(seen) >= MAX_POSITIONS:
                    raise ValueError(f"{game!r} has more than {MAX_POSITIONS:,} positions, too many to tabulate: "
                                     f"playable stores the agent's reply in every position you can meet, for games "
                                     f"of at most {MAX_POSITIONS:,} positions (tic-tac-toe has 5,478); play it "
                                     "with advsearch.widgets.play in a running notebook")
                seen.add(child)
                todo.append(child)
    return len(seen)


def _walk(game, ask) -> tuple:
    """The table (position -> the agent's move), every position the page can show, and those where you move.

    The positions are those reached by any of your moves and the agent's replies, with the agent moving
    second, then first; each is listed (and the agent asked about it) once, in the order first met.
    """
    table, states, yours = {}, {}, set()
    for agent in (1, 0):
        seen, todo = set(), deque([game.initial_state])
        while todo:
            state = todo.popleft()
            if state in seen:
                continue
            seen.add(state)
            states.setdefault(state, len(states))
            if game.is_terminal(state):
                continue
            if game.to_move(state) == agent:
                if state not in table:
                    table[state] = ask(state)
                todo.append(game.result(state, table[state]))
            else:
                yours.add(state)
                todo.extend(game.result(state, action) for action in game.actions(state))
    return table, states, yours


# --- What the page holds. ---

def _data(game, states, table, yours) -> dict:
    """The table as JSON-ready lists: labels of moves, and per position [view, mover, result, moves, reply].

    ``moves`` is a flat list (label, next position, ...): every legal move where you may be to move, the agent's
    alone where only it can be; ``reply`` is the agent's move's place in it, or -1.  ``result`` is the sign of
    the first player's utility at an end, else None.
    """
    labels, number = _seed_labels(game), {}
    for k, action in enumerate(_cells(game)):
        number[action] = k
    rows = []
    for state in states:
        if game.is_terminal(state):
            u = game.utility(state, 0)
            rows.append([_view(game, state), None, (u > 0) - (u < 0), [], -1])
            continue
        chosen = table.get(state)
        actions = game.actions(state) if state in yours else [chosen]
        flat, reply = [], -1
        for action in actions:
            if action not in number:
                number[action] = len(labels)
                labels.append(_describe(game, action))
            if action == chosen and type(action) is type(chosen):
                reply = len(flat) // 2
            flat += [number[action], states[game.result(state, action)]]
        rows.append([_view(game, state), game.to_move(state), None, flat, reply])
    return {"labels": labels, "states": rows}


def _cells(game) -> tuple:
    return tuple(range(9)) if isinstance(game, TicTacToe) else ()


def _seed_labels(game) -> list:
    """Tic-tac-toe's moves are its cells, labelled 0..8 in order, so that a cell's button is its move's number."""
    return [f"row {c // 3 + 1}, column {c % 3 + 1}" for c in _cells(game)]


def _view(game, state) -> str:
    """A position as the page shows it: tic-tac-toe's nine cells ('X', 'O', '.'), any other game's text."""
    if isinstance(game, TicTacToe):
        return game.cells(state)
    return game.render(state)


def _marks(game) -> list:
    return ["X", "O"] if isinstance(game, TicTacToe) else ["MAX (the first player)", "MIN (the second player)"]


def _describe(game, action) -> str:
    """A move in words, for its button and the status line."""
    if isinstance(game, Nim):
        heap, k = action
        return f"take {k} from heap {heap}"
    if isinstance(game, Grundy):
        heap, k = action
        return f"split {heap} into {heap - k} and {k}"
    return str(action)


def _title(game) -> str:
    spec = spec_for(game)
    return spec.title if spec is not None else type(game).__name__


# --- The fragment. ---

def _fragment(game, name: str, call: str, data: dict) -> str:
    """The game's HTML: the starting position and a note for readers without scripts, the live board hidden
    until the script runs, the table as JSON, the style and the script."""
    payload = json.dumps(data, separators=(",", ":"), ensure_ascii=True, sort_keys=True).replace("<", "\\u003c")
    ident = "advsearch-game-" + hashlib.sha1(f"{_title(game)}\n{payload}".encode()).hexdigest()[:12]
    title = f"{_title(game)} against {name}"
    return "\n".join([
        # A <div role="region">, not a <section>: reveal.js takes every <section> in a deck for a slide.
        f'<div class="advsearch-game" role="region" id="{ident}" aria-label="{_attr(title)}">',
        f"<style>\n{CSS}</style>",
        _static(game, name, call),
        _live(game, name),
        f'<script type="application/json" class="apg-data">{payload}</script>',
        f"<script>\n{SCRIPT.replace('GAME_ID', json.dumps(ident))}</script>",
        "</div>", ""])


def _static(game, name: str, call: str) -> str:
    """What a reader without scripts sees: the starting position and how to play."""
    spec = spec_for(game)
    shown = spec.show(game, game.initial_state) if spec is not None and spec.show else game.render(game.initial_state)
    return "\n".join([
        '<div class="apg-static">',
        f"<p>{_text(_title(game))} against {_text(name)}, from the start:</p>",
        f"<pre>{_text(shown)}</pre>",
        f"<p>Playing needs JavaScript, which does not run here (an untrusted notebook, or a viewer that removes "
        f"scripts). Trust the notebook or open the course site, or play in a running notebook with "
        f"<code>{_text(call)}</code>.</p>",
        "</div>"])


def _live(game, name: str) -> str:
    """The board, the status line and the New game buttons, hidden until the script runs."""
    if isinstance(game, TicTacToe):
        cells = [f'<button type="button" class="apg-cell" aria-label="{_attr(label)}: empty"></button>'
                 for label in _seed_labels(game)]
        board = ['<div class="apg-grid" role="group" aria-label="The board, three rows of three cells">',
                 *cells, "</div>"]
    else:
        board = ['<pre class="apg-position"></pre>',
                 '<div class="apg-moves" role="group" aria-label="Your moves"></div>']
    return "\n".join([
        '<div class="apg-live" hidden="hidden">',
        '<p class="apg-status" role="status" aria-live="polite" aria-atomic="true"></p>',
        *board,
        '<div class="apg-new" role="group" aria-label="New game">',
        '<button type="button" class="apg-first">New game: you move first</button>',
        f'<button type="button" class="apg-second">New game: {_text(name)} moves first</button>',
        "</div>", "</div>"])


def _attr(text: str) -> str:
    return html.escape(str(text), quote=True)


def _text(text: str) -> str:
    return html.escape(str(text), quote=False)
