"""Questions on multiplayer searches: paranoid values by hand, alliances, a search's move and value.

The truth always comes from the package's own searches (:func:`~advsearch.paranoid`,
:func:`~advsearch.maxn`) or the oracle
:meth:`Tree.values <advsearch.trees.Tree.values>`; a mistake is recognised
when the answer is what one of them gives under a wrong assumption:

- ``coalition_own_payoff``: the paranoid coalition's members each maximise
  their own payoff, which is max-n, not paranoid;
- ``alternating_levels``: the levels alternate MAX, MIN, MAX as with two
  players, so the searcher's allies of the paranoid model maximise its payoff;
- ``team_values`` and ``no_alliance``: the allied team's summed payoffs given
  instead of the real ones, or the outcome without the alliance.

>>> from advsearch import tree
>>> t = tree([[(5, 5, 0), (2, 3, 5)], [(3, 4, 3), (4, 1, 5)]], labels=True)
>>> paranoid_values(t, {"A": 3, "B": 2, "C": 3}).ok
True
>>> alliance(t, (3, 4, 3), allies=(1, 2)).ok
True

The questions on a search's move and value at the root, :func:`root_move`
and :func:`searcher_value`, live in :mod:`advsearch.course.multiplayer.choices`
and are passed on here.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...answers import close
from ...game import CHANCE, MAX, MIN, player_name
from ...result import format_number as _f
from ...search import maxn, paranoid
from ...trees import Tree, tree as build_tree
from ..shared.feedback import Feedback, not_answered
from .choices import MULTIPLAYER_MISTAKES, root_move, searcher_value
from ..shared.reading import as_tree, blank, named_twice, read_by_node, value_type_problem
from ..shared.subtrees import bottom_up
from ..minimax.value_mistakes import same_value
from ..shared.wording import and_list, node_name


def paranoid_values(tree, answer, player=None) -> Feedback:
    """Check the paranoid values a student wrote for the labelled inner nodes of a multiplayer tree.

    Parameters
    ----------
    tree : Tree
        A tree of three or more players without chance nodes (or its text form).
    answer : dict or None
        ``{label: number}``: ``player``'s payoff at each labelled inner node
        (keys may be paths) when ``player`` maximises it and every other
        player minimises it.  None or ``{}`` means not answered yet.
    player : int, optional
        The paranoid player; by default the one to move at the root.

    Returns
    -------
    Feedback
        The first wrong node, children before parents, with its children's
        values; ``mistake`` "coalition_own_payoff" or "alternating_levels".
        ``findings`` as for :func:`advsearch.check.values`: ``"right"``, the
        required paths (by depth) given the right value under some key;
        ``"of"``; and ``"given"``, the values read (None for no mapping).

    Examples
    --------
    >>> from advsearch import tree
    >>> t = tree([[(5, 5, 0), (2, 3, 5)], [(3, 4, 3), (4, 1, 5)]], labels=True)
    >>> fb = paranoid_values(t, {"A": 5, "B": 5, "C": 3})
    >>> fb.mistake
    'coalition_own_payoff'
    >>> print(fb)
    At B (P1 moves, against P0): its children give P0 5 and 2, so B = min = 2; you wrote 5. \
That is P0's payoff under max-n, where every player maximises its own payoff; in paranoid search every other player minimises P0's payoff. 1 more value is wrong above or to the right.
    """
    t = _multiplayer_tree(tree, "paranoid_values")
    me = t.initial_state.player if player is None else player
    if isinstance(me, bool) or not isinstance(me, int) or not 0 <= me < t.num_players:
        raise ValueError(f"player must be one of the tree's players 0..{t.num_players - 1}, not {player!r}")
    inner = [n for n in t.nodes() if n.children]
    required = sorted([n.path for n in inner if n.label] or [n.path for n in inner], key=lambda p: (len(p), p))
    example = "{" + ", ".join(f"{_key(t, p)}: ..." for p in required[:4]) + (", ...}" if len(required) > 4 else "}")
    nothing = {"right": [], "of": len(required), "given": {} if isinstance(answer, Mapping) else None}
    if blank(answer):
        fb = not_answered(f"write a dict with {player_name(me, t.num_players)}'s paranoid value at each "
                          f"labelled node, like {example}.")
        fb.findings = nothing
        return fb
    if not isinstance(answer, Mapping):
        return Feedback(False, f"Your answer is a {type(answer).__name__}; write a dict like {example}.",
                        findings=nothing)
    def problem_of(key, x):
        problem = value_type_problem(repr(key), x)
        return x, problem and problem + (" Paranoid values are single numbers, one player's payoff."
                                         if isinstance(x, tuple) else "")

    given, every, notes = read_by_node(t, answer, problem_of)
    problems = [sentence for _, sentence in notes]

    true = {n.path: paranoid(t, n, player=me).stats.searcher_value if n.children else n.value[me]
            for n in t.nodes()}
    twice, twice_text = named_twice(t, every)
    findings = {"right": [p for p in required if p in given and p not in twice and close(given[p], true[p])],
                "of": len(required), "given": given}
    if problems:
        return Feedback(False, " ".join(problems[:2]), findings=findings)
    if twice:
        return Feedback(False, twice_text, findings=findings)
    wrong = [n for n in bottom_up(t) if n.path in given and not close(given[n.path], true[n.path])]
    missing = [p for p in required if p not in given]
    if wrong:
        node = wrong[0]
        text, mistake = _explain_paranoid(t, node, me, true, given[node.path])
        if len(wrong) > 1:
            text += f" {len(wrong) - 1} more value{'s are' if len(wrong) > 2 else ' is'} wrong above or to the right."
        return Feedback(False, text, mistake, _paranoid_picture(t, me, node.path), findings=findings)
    if missing:
        return Feedback(False, f"So far so good. Still to fill in: {and_list(_key(t, p) for p in missing)}.",
                        findings=findings)
    return Feedback(True, "Correct: " + and_list(f"{_name(t, p)} = {_f(true[p])}" for p in required) + ".",
                    findings=findings)

def alliance(tree, answer, allies) -> Feedback:
    """Check the payoff vector play ends in when the ``allies`` each maximise their summed payoffs.

    Every ally scores a leaf by the sum of the allies' payoffs, the others by
    their own; max-n of that tree (:func:`~advsearch.maxn`) gives the path
    played, and the answer is the original leaf's vector at its end.

    Examples
    --------
    >>> from advsearch import tree
    >>> t = tree([[(5, 5, 0), (2, 3, 5)], [(3, 4, 3), (4, 1, 5)]], labels=True)
    >>> alliance(t, (3, 4, 3), allies=(1, 2)).ok
    True
    >>> alliance(t, (3, 7, 7), allies=(1, 2)).mistake
    'team_values'
    """
    t = _multiplayer_tree(tree, "alliance")
    team = tuple(allies) if isinstance(allies, (tuple, list, set, frozenset)) else ()
    if len(team) < 2 or len(set(team)) != len(team) or not all(
            isinstance(p, int) and not isinstance(p, bool) and 0 <= p < t.num_players for p in team):
        raise ValueError(f"allies must be two or more distinct players of 0..{t.num_players - 1}, not {allies!r}")
    names = and_list(player_name(p, t.num_players) for p in sorted(team))
    if blank(answer):
        return not_answered(f"write the payoff vector (a tuple, one entry per player) that play ends in "
                            f"when {names} ally.")
    if not isinstance(answer, (tuple, list)) or len(answer) != t.num_players or any(
            value_type_problem("it", x) for x in answer):
        return Feedback(False, f"Write a payoff vector: a tuple of {t.num_players} numbers, one per player, "
                               f"like (3, 1, 2); you wrote {answer!r}.")
    yours = tuple(answer)

    def team_leaf(v):
        total = sum(v[p] for p in team)
        return tuple(total if p in team else v[p] for p in range(t.num_players))

    allied = _mapped(t, team_leaf, t.num_players)
    played = maxn(allied)
    end = t.initial_state
    for a in played.pv:
        end = end.children[a]
    truth, alone = end.value, t.values()[()]
    if same_value(yours, truth):
        return Feedback(True, f"Correct: when {names} ally, play ends at {node_name(t, end.path)}, "
                              f"with payoffs {_f(truth)}.")
    text = f"When {names} ally, play ends at {node_name(t, end.path)}, with payoffs {_f(truth)}; you wrote {_f(yours)}."
    if same_value(yours, played.value) and not same_value(truth, played.value):
        return Feedback(False, text + f" That is what the allies score as a team ({_f(played.value)}), each "
                                      "ally counting the team's sum; each player really gets its own payoff "
                                      "at that leaf.", "team_values")
    if same_value(yours, alone):
        return Feedback(False, text + " That is plain max-n, where every player looks after itself; with "
                                      f"the alliance each of {names} maximises the allies' sum.", "no_alliance")
    return Feedback(False, text)


def _multiplayer_tree(x, what) -> Tree:
    t = as_tree(x)
    if t.num_players < 3:
        raise ValueError(f"{what} handles trees of three or more players, not a {t.num_players}-player tree")
    if any(n.player == CHANCE for n in t.nodes()):
        raise ValueError(f"{what} handles trees without chance nodes")
    return t


def _mapped(t: Tree, leaf, num_players, root=None) -> Tree:
    """A tree of the same shape and labels as ``t``, with ``leaf(vector)`` at each leaf."""
    def spec(node):
        if not node.children:
            return leaf(node.value)
        kids = [spec(c) for c in node.children]
        return (node.label, kids) if node.label else kids
    return build_tree(spec(t.initial_state), root=t.initial_state.player if root is None else root,
                num_players=num_players)


def _explain_paranoid(t: Tree, node, me, true, yours):
    name, mover = _name(t, node.path), player_name(node.player, t.num_players)
    kids = and_list(_f(true[c.path]) for c in node.children)
    meps = player_name(me, t.num_players)
    if node.player == me:
        text = (f"At {name} ({mover}, the paranoid player, moves): its children give {meps} {kids}, so "
                f"{name} = max = {_f(true[node.path])}; you wrote {_f(yours)}.")
    else:
        text = (f"At {name} ({mover} moves, against {meps}): its children give {meps} {kids}, so {name} = min = "
                f"{_f(true[node.path])}; you wrote {_f(yours)}.")
    alternating = _mapped(t, lambda v: v[me], 2, MAX if t.initial_state.player == me else MIN).values()
    if close(yours, t.values()[node.path][me]):
        return (text + f" That is {meps}'s payoff under max-n, where every player maximises its own payoff; "
                       f"in paranoid search every other player minimises {meps}'s payoff.", "coalition_own_payoff")
    if close(yours, alternating[node.path]):
        return (text + " That is what levels alternating MAX, MIN, MAX give, as with two players; in "
                       f"paranoid search every player but {meps} minimises {meps}'s payoff.", "alternating_levels")
    return text, None


def _paranoid_picture(t: Tree, me, path):
    trace = paranoid(t, player=me, trace=True).trace
    step = next((k for k, e in enumerate(trace) if e.path == path and e.kind in ("exit", "leaf")), None)
    return (t, trace, step, path, False) if step is not None else (t, None, None, path, False)


def _key(t: Tree, path):
    label = t.node(path).label
    return repr(label) if label else repr(path)


def _name(t: Tree, path):
    label = t.node(path).label
    return label if label else node_name(t, path)
