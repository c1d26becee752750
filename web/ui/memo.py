"""What the page shows of each keyed part, so a drawing sends only what changed.

A screen marks a large part that often stays the same (a placed tile, a city
on the map, a log entry) with `kit.keep(key, ...)`: an element whose id is
the key.  While the page draws (`MEMO.on`, set by ui/dom.py), a part drawn
exactly as the page shows it already goes to the browser as an empty
placeholder with the same id and the version it was drawn with
(`<g id="k" data-keep="7"></g>`), and web/morph.js keeps the page's own node
for it: the browser parses and compares only the parts that changed
(issue 26: a late table is 100 KB of HTML, most of it the same as before).

Never stale: a part is sent whole with a new version whenever its HTML
differs from the last one sent, and the page keeps a node only when the
node's version (`data-memo`) is the one the placeholder names.  When the
page lacks it (drawn anew: lobby and table, a replay, a guest's device, a
drawing that failed), the morph says so and ui/dom.py draws again with every
placeholder put back whole (`expand`).  Pure Python: no browser here.
"""

from __future__ import annotations

import re

_PLACEHOLDER = re.compile(r'<([a-zA-Z][\w-]*) id="([^"]*)" data-keep="(\d+)"></\1>')


class Memo:
    def __init__(self):
        self.on = False  # only the browser's drawings (ui/dom.py) use placeholders
        self.shown: dict[str, tuple[str, int]] = {}  # key -> (its HTML, version) as the page holds it
        self.drawing: dict[str, tuple[str, int, str]] = {}  # this drawing's parts: (HTML, version, whole element)
        self.versions = 0

    def part(self, key: str, name: str, attributes: str, body: str, same: str | None = None) -> tuple[str, str]:
        """The element `<name id=key attributes>body</name>`, or its placeholder
        when the page holds it already as it is; and its placeholder (what
        it is the next time, unchanged).  `key` and `attributes` are escaped
        HTML already (kit.keep).  `same`: the body with the parts inside it
        as their placeholders, to compare (by default `body`): a part that
        holds parts is the same when they are, sent whole or not."""
        def placeholder(version):
            return f'<{name} id="{key}" data-keep="{version}"></{name}>'

        if not self.on:
            html = f'<{name} id="{key}"{attributes}>{body}</{name}>'
            return html, html
        content = f"{name}{attributes}>{body if same is None else same}"
        was = self.shown.get(key)
        if was is not None and was[0] == content:
            version = was[1]
            whole = f'<{name} id="{key}" data-memo="{version}"{attributes}>{body}</{name}>'
            self.drawing[key] = (content, version, whole)
            return placeholder(version), placeholder(version)
        now = self.drawing.get(key)  # drawn before in this drawing (a build thrown away): same version
        if now is not None and now[0] == content:
            return now[2], placeholder(now[1])
        self.versions += 1
        whole = f'<{name} id="{key}" data-memo="{self.versions}"{attributes}>{body}</{name}>'
        self.drawing[key] = (content, self.versions, whole)
        return whole, placeholder(self.versions)

    def drawn(self) -> None:
        """The drawing is on the page: its parts are what the page holds now
        (a part not drawn this time is gone from the page)."""
        self.shown = {key: (content, version) for key, (content, version, _) in self.drawing.items()}
        self.drawing = {}

    def expand(self, html: str) -> str:
        """`html` with every placeholder of this drawing put back whole (and
        the placeholders inside those too)."""
        def whole(match):
            part = self.drawing.get(match.group(2))
            if part is None or str(part[1]) != match.group(3):
                raise KeyError(f"no part {match.group(2)!r} of version {match.group(3)} in this drawing")
            return part[2]

        while True:
            html, n = _PLACEHOLDER.subn(whole, html)
            if not n:
                return html

    def forget(self) -> None:
        """The page holds no part (e.g. it was drawn without the memo)."""
        self.shown, self.drawing = {}, {}


MEMO = Memo()
