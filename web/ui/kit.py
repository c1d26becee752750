"""The screens' shared kit: HTML that escapes by default, buttons, badges,
a local selection that the table forgets when it moves on, and a board's
pan and zoom.

Escape once, in one place: every value put into HTML through `h`, `tag` or
a button is escaped unless it is `Html` already, so a screen never calls an
escape function and a player's name can never become markup.  Pure Python
(no browser): `ui.dom` wires the browser events to the pure parts here.
"""

from __future__ import annotations

from html import escape as _escape

from .memo import MEMO

# Player colours, each with its own symbol so colour is never the only cue.
SEAT_STYLE = [
    ("#d7263d", "●"), ("#1b65c2", "▲"), ("#f2b705", "■"), ("#2a9d3f", "◆"), ("#7b3fa0", "★"),
    ("#f07c1a", "✚"), ("#10a5a5", "⬟"), ("#8a5a2b", "⬢"), ("#e0559b", "♥"), ("#4a4a4a", "✦"),
]


class Html(str):
    """Text that is HTML already: the kit puts it in as it is.

    `Html + x` escapes x and stays Html; `str + Html` is plain str (the
    left side is taken to be markup the screen wrote itself)."""

    __slots__ = ()

    def __add__(self, other):
        return Html(str.__add__(self, esc(other)))


def _text(value) -> str:
    """`value` as HTML text (plain str, for joining)."""
    if isinstance(value, Html):
        return value
    if isinstance(value, str):
        return _escape(value)
    if isinstance(value, (int, float)):
        return str(value)
    return "" if value is None else _escape(str(value))


def ascii_html(html: str) -> str:
    """`html` in ASCII, each other character as a character reference: the
    page parses it to the same nodes.  Pyodide hands a Python str with any
    character past U+00FF to the page one character at a time (a string
    concatenation per character: ~10,000 per drawing, and as many dead
    strings for the garbage collector), an ASCII one in a single decode.
    Not for the text of a <style> or <script>, which the parser takes as
    it is: the screens' own are ASCII."""
    return html if html.isascii() else html.encode("ascii", "xmlcharrefreplace").decode("ascii")


def esc(value) -> Html:
    """`value` as HTML: Html stays, anything else is escaped text."""
    return value if isinstance(value, Html) else Html(_text(value))


def h(template: str, *args, **kwargs) -> Html:
    """`template.format(...)` with every argument escaped unless it is Html.
    The template itself is the screen's own markup."""
    return Html(template.format(*[_text(a) for a in args], **{k: _text(v) for k, v in kwargs.items()}))


def join(parts, sep: str = "") -> Html:
    """Parts one after another, each escaped unless it is Html."""
    return Html(_text(sep).join([_text(p) for p in parts]))


def attrs(**attributes) -> Html:
    """` name="value"` pairs, escaped; `cls` is class, `_` becomes `-`;
    None and False leave an attribute out, True writes it bare."""
    out = []
    for name, value in attributes.items():
        if value is None or value is False:
            continue
        name = "class" if name == "cls" else name.rstrip("_").replace("_", "-")
        out.append(f" {name}" if value is True else f' {name}="{esc(value)}"')
    return Html("".join(out))


def tag(name: str, *children, **attributes) -> Html:
    """`<name attributes>children</name>`, children escaped unless Html."""
    return Html(f"<{name}{attrs(**attributes)}>{join(children)}</{name}>")


def keep(key: str, name: str, *children, **attributes) -> Html:
    """`tag(name, *children, id=key, **attributes)` for a large part of the
    page that often stays the same (a placed tile, a city on the map, a log
    entry): drawn the same as the page shows it already, it goes to the
    browser as an empty placeholder that the page keeps (ui/memo.py).  The
    key is the element's id, unique in the page; the part holds no form
    control (the page keeps the node as it is, a value typed in it too).
    A child that is a part itself counts as its placeholder when this part
    is compared with the page: sent whole or not, it is what the page holds."""
    same = join([c.kept if isinstance(c, Kept) else c for c in children]) if any(
        isinstance(c, Kept) for c in children) else None
    html, kept = MEMO.part(_text(key), name, attrs(**attributes), join(children), same)
    part = Kept(html)
    part.kept = Html(kept)
    return part


class Kept(Html):
    """A part of kit.keep: `kept` is its placeholder."""


def _pressed(value):
    return None if value is None else ("true" if value else "false")


def button(label, *, cmd: str, arg=None, cls: str | None = None, icon=None, pressed: bool | None = None,
           expanded: bool | None = None, **more) -> Html:
    """A button that sends `cmd` with `arg` to the table (`data-cmd`,
    `data-arg`); `icon` is Html put before the label."""
    body = join([icon or "", label])
    return tag("button", body, type="button", id=more.pop("id", None), cls=cls, data_cmd=cmd,
               data_arg=None if arg is None else str(arg), aria_pressed=_pressed(pressed),
               aria_expanded=_pressed(expanded), **more)


def act_button(index: int, label, **more) -> Html:
    """Plays `legal[index]`."""
    return button(label, cmd="act", arg=index, **more)


def ui_button(step: str, label, **more) -> Html:
    """A local step of the screen (select, rotate, open a list): `Screen.on_ui(step)`."""
    return button(label, cmd="ui", arg=step, **more)


def item(ident: str, label, **more) -> Html:
    """A name on the table (a card, a segment, an official, a name in the
    log) that opens its entry of the game's rules reference (ui/rules.py)
    with one tap."""
    cls = " ".join(c for c in ("item", more.pop("cls", None)) if c)
    return button(label, cmd="rules", arg=ident, cls=cls, **more)


def svg_target(body, *, cmd: str, arg, label, cls: str, tabindex: int = -1) -> Html:
    """A tappable part of an SVG board: a group that acts like a button
    (ui.dom lets Enter and Space press it too)."""
    return Html(f'<g{attrs(cls=cls, data_cmd=cmd, data_arg=str(arg), role="button", tabindex=tabindex, aria_label=label)}>'
                f"{esc(body)}</g>")


# Put on an element that is a target while the table asks for one (a seat to
# attack): a name on it that opens the rules is then no tap of its own, a tap
# anywhere on it chooses the target (web/style.css).
TARGET = "data-target"


def seat_colour(seat: int) -> str:
    return SEAT_STYLE[seat % len(SEAT_STYLE)][0]


def seat_symbol(seat: int) -> str:
    return SEAT_STYLE[seat % len(SEAT_STYLE)][1]


def badge(seat: int, name: str) -> Html:
    """A player's name with colour and symbol; a long name ends in an
    ellipsis where there is no room (its own element, isolated: <bdi>)."""
    return h('<span class="badge" style="--pc:{}"><span class="sym" aria-hidden="true">{}</span>'
             '<bdi class="pname">{}</bdi></span>', seat_colour(seat), seat_symbol(seat), name)


class Say:
    """A screen's words as HTML: every word, name and player name escaped
    here, once, so screens put them into markup as they are.  Parameters may
    be plain text (escaped) or Html (kept)."""

    def __init__(self, ctx):
        self.ctx = ctx
        self.words = ctx.words

    def ui(self, key: str, **params) -> Html:
        """A word of the game's `ui` section."""
        return Html(self.words.ui(key, _escape=esc, **params))

    def t(self, key: str, **params) -> Html:
        """A word of the frame."""
        return Html(self.words.t(key, _escape=esc, **params))

    def name(self, ident) -> Html:
        """A card, country, ... id in this language."""
        return esc(self.words.name(ident))

    def item(self, ident, label=None, **more) -> Html:
        """The name of `ident` as a tap that opens its rules entry (plain
        text when the reference has none); `label`: other words for it."""
        label = self.name(ident) if label is None else label
        return item(str(ident), label, **more) if self._linkable(ident) else esc(label)

    def _linkable(self, ident) -> bool:
        from . import rules  # late: rules reads the screens' packages

        return isinstance(ident, str) and ident in rules.linkable(self.words.game_id or "")

    def names(self, idents, sep: str = ", ") -> Html:
        return join([self.name(i) for i in idents], sep)

    def sentence(self, items) -> Html:
        """Items joined as a sentence does ("A, B and C"), each escaped unless Html."""
        return Html(self.words._join([esc(i) for i in items]))

    def player(self, seat) -> Html:
        return esc(self.ctx.name(seat))

    def players(self, seats) -> Html:
        """Player names joined as a sentence does ("A, B and C")."""
        return self.sentence(self.player(s) for s in seats)

    def entry(self, entry: dict, links: bool = True) -> Html:
        """A log entry as a sentence; the names in it with a rules entry
        are taps that open it (unless `links` is off, e.g. inside a button)."""
        link = (lambda ident, name: self.item(ident, name)) if links else None
        return Html(self.words.entry(entry, escape=esc, link=link))


class Selection:
    """A screen's local choices (a picked card, a cell, an open list), kept
    while the table stands still and forgotten as soon as it moves on.

        self.sel = Selection(card=None, rot=0)
        self.sel.follow((view["moves"], view["seat"]))  # at the start of render
        self.sel.card = "x"
    """

    def __init__(self, **defaults):
        object.__setattr__(self, "_defaults", dict(defaults))
        object.__setattr__(self, "_key", object())
        self.reset()

    def reset(self) -> None:
        for name, value in self._defaults.items():
            object.__setattr__(self, name, value() if callable(value) else value)

    def follow(self, key) -> bool:
        """Forget the choices when `key` (what the table looks like) changed."""
        if key != self._key:
            object.__setattr__(self, "_key", key)
            self.reset()
            return True
        return False

    def __setattr__(self, name, value):
        if name not in self._defaults:
            raise AttributeError(f"a Selection has no choice {name!r}")
        object.__setattr__(self, name, value)


def _numbers(box) -> str:
    return " ".join(f"{v:.1f}".rstrip("0").rstrip(".") for v in box)


class PanZoom:
    """The part of a board shown (an SVG viewBox): pan, zoom and fit, from
    buttons, keys, pointers (drag, pinch) and the wheel.  Pure arithmetic on
    numbers the browser passes in (ui.dom.attach_pan_zoom).

    With `min_scale` (screen px per board unit at which the board's targets
    are finger-sized) the view the table picks for a large board keeps that
    scale around `focus`; the player may still zoom out, down to the whole
    board ("fit" shows it all), and then a tap on the board first zooms in to
    the spot (`too_small`, `zoom_to`), so a target is never chosen smaller.

    The SVG keeps one layout size (`frame`, not following the bars around
    the board) and one viewBox (`viewbox`, the view it was first drawn
    with); the view shown, fitted to the board's part of the screen
    (`size`), is a CSS transform of it (`style`).  A change of the SVG's size
    or viewBox lays every element of the board out again (15-27 ms at 4x CPU
    for a Carcassonne board, issue 26), a transform only paints it again."""

    KEYS = {"ArrowLeft": "pan:l", "ArrowRight": "pan:r", "ArrowUp": "pan:u", "ArrowDown": "pan:d",
            "+": "zoom:in", "=": "zoom:in", "-": "zoom:out", "_": "zoom:out", "0": "fit"}

    def __init__(self, min_width: float = 150, max_width: float = 6000, min_scale: float = 0.0):
        self.box = None              # [x, y, w, h] once the player panned or zoomed
        self.fit = [0.0, 0.0, 400.0, 400.0]
        self.min_width, self.max_width = min_width, max_width
        # the board is never shown smaller than this many screen px per unit:
        # past it the view pans (around `focus`) instead of shrinking further
        self.min_scale = min_scale
        self.most_width = max_width
        self.focus = None            # (x, y) a view that cannot fit everything centres on
        self.auto = False            # the box was set by `limit`, not by the player: it follows the board
        self.whole = False           # the player asked for the whole board ("fit"), however small it is
        self.size = None             # (width, height) of the board's part of the screen, px
        self.frame = None            # (width, height) the SVG is laid out at, px
        self.base = None             # the SVG's viewBox, kept once drawn
        self.prefix = None           # the ids of its buttons (`buttons`)
        self.pointers: dict = {}
        self.drag = None
        self.moved = False

    def shown(self) -> list:
        return list(self.box or self.fit)

    def viewbox(self) -> str:
        """The SVG's viewBox: the view it was first drawn with, never changed
        after (the view shown moves with `style`)."""
        return _numbers(self._drawn())

    def _drawn(self) -> list:
        if self.base is None:
            self.base = self.shown()
        return self.base

    def view(self) -> str:
        """The part of the board shown, as a viewBox would say it (the SVG's data-view)."""
        return _numbers(self.shown())

    def style(self) -> str:
        """The SVG's style: the transform (origin 0 0) that shows `shown()`
        fitted ("meet", centred) to the board's part of the screen, the SVG
        being laid out at `frame` with the viewBox `viewbox()`."""
        if not self.size or not self.frame or min(*self.size, *self.frame) <= 0:
            return "transform: translate(0px, 0px) scale(1)"  # a transform from the start: its first one lays out
        b, v = self.shown(), self._drawn()
        (w, hh), (fw, fh) = self.size, self.frame
        s = min(w / max(b[2], 1e-9), hh / max(b[3], 1e-9))  # screen px per unit shown
        k = s / min(fw / max(v[2], 1e-9), fh / max(v[3], 1e-9))  # ... over those the viewBox gives the SVG
        # the middle of the view lands in the middle of the board's part of the screen
        tx = w / 2 - k * fw / 2 + s * (v[0] + v[2] / 2 - b[0] - b[2] / 2)
        ty = hh / 2 - k * fh / 2 + s * (v[1] + v[3] / 2 - b[1] - b[3] / 2)
        return f"transform: translate({tx:.2f}px, {ty:.2f}px) scale({k:.6g})"

    def step(self, arg: str) -> bool:
        """A step named like the buttons' data-arg ("zoom:in", "pan:l", "fit"); handled?"""
        kind, _, rest = arg.partition(":")
        self.auto = False
        if kind == "zoom":
            self.zoom(1 / 1.3 if rest == "in" else 1.3)
        elif kind == "fit":
            self.box, self.whole = None, True
        elif kind == "pan":
            b = self.shown()
            dx, dy = {"l": (-1, 0), "r": (1, 0), "u": (0, -1), "d": (0, 1)}.get(rest, (0, 0))
            self.box = [b[0] + dx * b[2] * 0.2, b[1] + dy * b[3] * 0.2, b[2], b[3]]
        else:
            return False
        return True

    def limit(self, width_px: float, height_px: float) -> bool:
        """The board is `width_px` x `height_px` on screen.  The view the
        table picks keeps it at least `min_scale` px per unit: fitted to a
        large board it shows the largest part that keeps the minimum, around
        `focus`, and the player pans.  The player's own view (zoomed, panned,
        "fit") is kept; zooming out stops at the whole board.  Changed?"""
        if width_px <= 0 or height_px <= 0:
            return False
        self.size = (width_px, height_px)
        if not self.min_scale:
            return False
        was_auto = self.auto
        if self.auto:  # set here before, not by the player: place the view anew (the board changed)
            self.box, self.auto = None, False
        uw, uh = width_px / self.min_scale, height_px / self.min_scale  # the most one sees at the minimum
        fw, fh = self.fit[2], self.fit[3]
        self.most_width = max(fw, fh * width_px / height_px, self.min_width)  # the whole board, in the screen's shape
        fitting = self.box is None
        b = self.shown()
        if not fitting or self.whole or (b[2] <= uw and b[3] <= uh):
            return was_auto
        cx, cy = b[0] + b[2] / 2, b[1] + b[3] / 2
        if fitting and self.focus:
            cx, cy = self.focus
        # the view stays on the board: along a side larger than the view no empty margin beside the
        # focus, along one that fits the whole of it
        fx, fy, fw, fh = self.fit
        cx = min(max(cx, fx + uw / 2), fx + fw - uw / 2) if fw > uw else fx + fw / 2
        cy = min(max(cy, fy + uh / 2), fy + fh - uh / 2) if fh > uh else fy + fh / 2
        self.box = [cx - uw / 2, cy - uh / 2, uw, uh]
        self.auto = fitting
        return True

    def scale(self) -> float | None:
        """Screen px per board unit now (None before the board was measured)."""
        if not self.size:
            return None
        b = self.shown()
        return min(self.size[0] / max(b[2], 1e-9), self.size[1] / max(b[3], 1e-9))

    def too_small(self) -> bool:
        """Is the board shown smaller than its targets may be chosen at?"""
        s = self.scale()
        return bool(self.min_scale) and s is not None and s < self.min_scale * 0.999

    def zoom_to(self, x: float, y: float) -> None:
        """Show (x, y) in the middle at the scale where targets are finger-sized."""
        w, h = self.size
        uw, uh = w / self.min_scale, h / self.min_scale
        self.box, self.auto, self.whole = [x - uw / 2, y - uh / 2, uw, uh], False, False

    def can_zoom(self, way: str) -> bool:
        """Is there more to zoom "in" or "out" (out: till the whole board is in view)?"""
        b = self.shown()
        if way == "in":
            return b[2] > self.min_width * 1.001
        if not self.size:
            return not self.whole
        vw = max(b[2], b[3] * self.size[0] / self.size[1])  # the width the screen shows ("meet")
        return vw < self.most_width * 0.999

    def show_point(self, x: float, y: float) -> None:
        """Pan so that (x, y) is in view (e.g. a choice picked from a list)."""
        b = self.shown()
        if self.box is not None and not (b[0] <= x <= b[0] + b[2] and b[1] <= y <= b[1] + b[3]):
            self.box, self.auto, self.whole = [x - b[2] / 2, y - b[3] / 2, b[2], b[3]], False, False

    def zoom(self, factor: float, cx: float | None = None, cy: float | None = None) -> None:
        b = self.shown()
        if cx is None:
            cx, cy = b[0] + b[2] / 2, b[1] + b[3] / 2
        self.auto = self.whole = False
        w = min(max(b[2] * factor, self.min_width), self.max_width, self.most_width)
        factor = w / b[2]
        self.box = [cx - (cx - b[0]) * factor, cy - (cy - b[1]) * factor, w, b[3] * factor]

    def key(self, key: str) -> bool:
        step = self.KEYS.get(key)
        return step is not None and self.step(step)

    def buttons(self, zoom_in: str, zoom_out: str, fit: str, prefix: str) -> Html:
        """The +, − and fit buttons (ids `<prefix>-zoom-in`, ...); one with
        nothing more to do says so (aria-disabled, looks it; ui.dom keeps it
        true while the pointer moves the view)."""
        self.prefix = prefix
        return h('<div class="{}-zoom">{}{}{}</div>', prefix,
                 ui_button("zoom:in", "+", id=f"{prefix}-zoom-in", aria_label=zoom_in, title=zoom_in,
                           aria_disabled=_pressed(not self.can_zoom("in"))),
                 ui_button("zoom:out", "−", id=f"{prefix}-zoom-out", aria_label=zoom_out, title=zoom_out,
                           aria_disabled=_pressed(not self.can_zoom("out"))),
                 ui_button("fit", fit, id=f"{prefix}-fit"))

    # ---- pointers; rect = (left, top, width, height) of the board's part of the screen
    def _scale(self, rect):
        b = self.shown()
        w, hh = max(rect[2], 1.0), max(rect[3], 1.0)
        s = max(b[2] / w, b[3] / hh)
        # with "meet" the shown area is centred: the real left/top of the view
        return s, b[0] + b[2] / 2 - s * w / 2, b[1] + b[3] / 2 - s * hh / 2

    def pointer_down(self, pid, x: float, y: float) -> None:
        self.pointers[pid] = (x, y)
        if len(self.pointers) == 1:
            self.moved = False
        self.drag = None

    def pointer_move(self, pid, x: float, y: float, rect) -> str | None:
        """None (not ours), "still" (no change yet), "capture" (a drag just
        began: capture the pointer) or "moved"."""
        if pid not in self.pointers:
            return None
        old = dict(self.pointers)
        self.pointers[pid] = (x, y)
        s, left, top = self._scale(rect)
        b = [left, top, s * rect[2], s * rect[3]]  # the box as the screen shows it
        began = False
        if len(self.pointers) == 1:
            ox, oy = old[pid]
            if not self.moved and abs(x - ox) + abs(y - oy) < 1:
                return "still"
            if self.drag is None:
                self.drag = (ox, oy)
            sx, sy = self.drag
            if not self.moved and abs(x - sx) + abs(y - sy) < 8:
                return "still"
            if not self.moved:
                self.moved = began = True
            self.box, self.auto, self.whole = [b[0] - (x - ox) * s, b[1] - (y - oy) * s, b[2], b[3]], False, False
        else:
            ids = list(self.pointers)[:2]
            (ax, ay), (bx, by) = old[ids[0]], old[ids[1]]
            (cx, cy), (dx, dy) = self.pointers[ids[0]], self.pointers[ids[1]]
            d0 = max(((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5, 1.0)
            d1 = max(((dx - cx) ** 2 + (dy - cy) ** 2) ** 0.5, 1.0)
            self.moved = True
            # zoom about the old midpoint, then pan by the midpoint's move
            mx, my = (ax + bx) / 2, (ay + by) / 2
            self.box = b
            self.zoom(d0 / d1, left + (mx - rect[0]) * s, top + (my - rect[1]) * s)
            s2 = self.box[2] / max(rect[2], 1.0)
            self.box[0] -= ((cx + dx) / 2 - mx) * s2
            self.box[1] -= ((cy + dy) / 2 - my) * s2
        return "capture" if began else "moved"

    def pointer_up(self, pid) -> None:
        self.pointers.pop(pid, None)
        if not self.pointers:
            self.drag = None

    def wheel(self, x: float, y: float, delta: float, rect) -> None:
        s, left, top = self._scale(rect)
        self.box = [left, top, s * rect[2], s * rect[3]]
        self.zoom(1.15 if delta > 0 else 1 / 1.15, left + (x - rect[0]) * s, top + (y - rect[1]) * s)

    def take_drag_end(self) -> bool:
        """True once after a drag: the click that ends it is no tap."""
        if self.moved:
            self.moved = False
            return True
        return False
