"""What in an HTML page a student put there to run or to fetch, read as a browser reads it.

The round trip (``roundtrip.py``) reads every attack student's feedback with it, and
``tests/test_safe_outputs.py`` the pages it makes itself.  The attacks mark what they plant with
"advsearch" (``window.advsearchXss``, ``advsearch-xss-...``, a class ``advsearchOverlay``), so an event
handler, a script or a class counts only when it carries that mark (the templates have scripts and classes of
their own); any ``javascript:`` address, any ``srcdoc`` and any address of the attacks' (``127.0.0.1:9``)
counts always.

>>> live_parts('<img src="x.png" width=1 onload=window.advsearchXss=1><p>onload=advsearch</p>')
["<img onload='window.advsearchxss=1'>"]
>>> live_parts('<a href=" JavaScript:void(0)">x</a><pre>&lt;script&gt;advsearch&lt;/script&gt;</pre>')
["<a href='javascript:void(0)'>"]
"""

from __future__ import annotations

from html.parser import HTMLParser

ADDRESSES = ("href", "src", "action", "formaction", "xlink:href", "data", "poster")


class LiveParts(HTMLParser):
    """Collects :attr:`found`: each tag attribute or script that could run or fetch something of a student's."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found = []
        self._script = None

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            value = (value or "").strip().lower()
            handler = name.startswith("on") and "advsearch" in value
            address = name in ADDRESSES and (value.startswith("javascript:") or "127.0.0.1:9" in value)
            planted_class = name == "class" and "advsearch" in value
            if handler or address or planted_class or name == "srcdoc":
                self.found.append(f"<{tag} {name}={value!r}>")
        if tag == "script":
            self._script = []

    def handle_endtag(self, tag):
        if tag == "script" and self._script is not None:
            body = "".join(self._script)
            if "advsearch" in body.lower():
                self.found.append(f"<script>{body[:80]!r}")
            self._script = None

    def handle_data(self, data):
        if self._script is not None:
            self._script.append(data)


def live_parts(page: str) -> list:
    """The handlers, scripts and addresses of a student's in ``page`` (an HTML text), as short descriptions."""
    parser = LiveParts()
    parser.feed(page)
    parser.close()
    return parser.found
