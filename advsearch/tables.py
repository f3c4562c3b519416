"""Tables as text (for a terminal) and as HTML (for a notebook), from one header and rows of cells.

>>> print(text_table(("agent", "score"), [("random", 1), ("alphabeta:3", 12.5)], left={0}))
agent        score
-----------  -----
random           1
alphabeta:3   12.5
>>> html_table(("a",), [(1,)])
'<table><thead><tr><th>a</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>'
"""

from __future__ import annotations

import html


def text_table(head, rows, left=()) -> str:
    """Columns padded to their widest cell: the columns in ``left`` flush left, the others right."""
    cells = [tuple(map(str, head))] + [tuple(map(str, row)) for row in rows]
    widths = [max(len(row[c]) for row in cells) for c in range(len(head))]
    lines = []
    for row in cells:
        lines.append("  ".join(cell.ljust(w) if c in left else cell.rjust(w)
                               for c, (cell, w) in enumerate(zip(row, widths))).rstrip())
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def html_table(head, rows) -> str:
    """An HTML table, every cell escaped."""
    top = "".join(f"<th>{html.escape(str(h))}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{top}</tr></thead><tbody>{body}</tbody></table>"
