"""The thin layer between the table and the browser (Pyodide's `js`).

Everything that touches the page goes through here, so the rest of the UI
is plain Python that pytest can run.
"""

from __future__ import annotations

import js
from pyodide.ffi import create_once_callable, create_proxy, to_js

from . import kit
from .memo import MEMO

MEMO.on = True  # the page's drawings send the parts it holds as placeholders

_keep = []  # event proxies live as long as the page


def by_id(element_id: str):
    return js.document.getElementById(element_id)


def local_storage():
    return js.window.localStorage


class _Journal:
    """The page's IndexedDB journal (web/journal.js) for ui/journal.py: each
    call starts its request at once and returns a coroutine of the answer."""

    def __init__(self, page_journal):
        self.js = page_journal

    @staticmethod
    async def _answer(promise):
        got = await promise
        return got.to_py() if hasattr(got, "to_py") else got

    def load(self):
        return self._answer(self.js.load())

    def put(self, save_id: str, text: str, rev: int):
        return self._answer(self.js.put(save_id, text, rev))

    def remove(self, save_id: str):
        return self._answer(self.js.remove(save_id))

    def set_current(self, save_id: str | None):
        return self._answer(self.js.setCurrent(save_id))


def local_compare():
    """localStorage's (key, text) -> "holds it there?" compared in the page
    (web/journal.js), or None where the page has none."""
    page_local = getattr(js.window, "speeltafelLocal", None)
    return page_local.holds if page_local else None


def journal():
    """The journal's backend, or None where the page has none (journal.js not loaded)."""
    page_journal = getattr(js.window, "speeltafelJournal", None)
    return _Journal(page_journal) if page_journal else None


def browser_language() -> str:
    return str(js.navigator.language or "")


def now_ms() -> int:
    return int(js.Date.now())


def set_ready(stage: str) -> None:
    """Tell tests, benchmarks and screen readers what the page can do now."""
    boot = by_id("boot")
    if boot:
        boot.hidden = True
    by_id("app").hidden = False
    js.document.body.dataset.ready = stage
    js.speeltafelBoot.started()  # what served only the start leaves the page (web/boot.js)


def set_lang(lang: str) -> None:
    js.document.documentElement.lang = lang


_parsed = [None, None]  # the drawing parsed ahead (parse_ahead): its HTML, and its nodes


def parse_ahead(html: str) -> None:
    """Parse the drawing `html` now, in the task that built it, so that the
    frame that shows it (`render`) only compares and changes nodes: parsing
    is a third of a morph's time (issue 26); a focused control the drawing
    takes away lets go of the focus here too (web/morph.js), not in the frame."""
    _parsed[0], _parsed[1] = html, js.speeltafelParse(kit.ascii_html(html), by_id("app"))


def next_part() -> str:
    """The id of the large part `render_part` would morph next, "" when none
    is left (the drawing decides whether a frame has time for it)."""
    return str(js.speeltafelNextPart(by_id("app"), _parsed[1])) if _parsed[1] is not None else ""


def render_part() -> bool:
    """Morph one large part (data-frame) of the drawing parsed ahead, the
    rest left to `render`; False when none is left (issue 26: a drawing in
    a few frames, none of them long)."""
    return _parsed[1] is not None and bool(js.speeltafelMorphPart(by_id("app"), _parsed[1]))


def render(root, html: str) -> None:
    """Make `root` show `html`, changing only what differs from what it shows
    (web/morph.js, DOM morphing): the nodes that stay are the same nodes, so
    the focused control, every scroller's position, an open fold, a text
    being typed and a running animation survive with nothing here to keep
    them, and a move creates only the nodes of what it changed.  The parts
    the page holds already come as placeholders (ui/memo.py); when the page
    lacks one, the drawing comes again with every part whole."""
    parsed = _parsed[1] if _parsed[0] is html else kit.ascii_html(html)
    _parsed[0] = _parsed[1] = None
    if not js.speeltafelMorph(root, parsed):
        js.speeltafelMorph(root, kit.ascii_html(MEMO.expand(html)))
    MEMO.drawn()


def soon(callback) -> None:
    """Call `callback()` in a task of its own, as soon as the browser may; a
    hidden page (whose timers run at most once a second) calls it at once."""
    if js.document.hidden:
        callback()
    else:
        js.setTimeout(create_once_callable(lambda *_: callback()), 0)


def in_frame(callback) -> None:
    """Call `callback()` in the next animation frame, just before the browser
    renders it: the morph and the style, layout and paint of what it changed
    are then one frame's work with nothing between them (a task between
    would make the frame longer by its own time), and they are what the
    frame costs (issue 26: under 50 ms on a slow device).  A hidden page
    draws no frames: there it is called at once."""
    if js.document.hidden:
        callback()
    else:
        js.requestAnimationFrame(create_once_callable(lambda *_: callback()))


def next_frame(callback) -> None:
    """Call `callback()` in a task of its own once the browser has drawn its
    next frame: the work in hand (a tap's move, its save) ends first, and
    the drawing's script is not the task of a frame, so the browser's style,
    layout and paint of what it changed come in the next frame's task, not in
    one long task with it (issue 26: no task over 50 ms on a slow device).
    A hidden page draws no frames: there it is called at once after."""

    def frame(*_):
        soon(callback)

    def after_work(*_):
        if js.document.hidden:
            callback()
        else:
            js.requestAnimationFrame(create_once_callable(frame))

    js.setTimeout(create_once_callable(after_work), 0)


def after_paint(callback) -> None:
    """Call `callback()` in a task of its own after the browser painted what
    the work in hand changed (a hidden page paints nothing: soon)."""
    in_frame(lambda: soon(callback))


def press(el) -> None:
    """Mark a tapped control pressed and the table busy until its answer is
    drawn (ui/answering.py): one element's look (web/style.css), and the
    table's `aria-busy` for assistive technology."""
    el.classList.add("pressed")
    by_id("app").setAttribute("aria-busy", "true")


def unpress() -> None:
    app = by_id("app")
    app.removeAttribute("aria-busy")
    for el in app.querySelectorAll(".pressed"):
        el.classList.remove("pressed")


def scroll_to(scroller_id: str, element_id: str) -> None:
    """Scroll `scroller_id` (only it, not the page) so that `element_id` is at its top."""
    scroller, el = by_id(scroller_id), by_id(element_id)
    if scroller and el:
        scroller.scrollTop += el.getBoundingClientRect().top - scroller.getBoundingClientRect().top


def set_text(element_id: str, text: str) -> None:
    """Change the words of one element without drawing the page again (a counter)."""
    el = by_id(element_id)
    if el:
        el.textContent = text


def to_page_top() -> None:
    """The page scrolled to its top (a new screen opens at its start, not where
    the one before it was scrolled: the morph keeps the page's scroll)."""
    js.window.scrollTo(0, 0)


def scroll_newest(scroller_id: str) -> None:
    """Scroll the log `scroller_id` to its newest entry (its end: the log's
    scroller is a reversed column, so that end is scrollTop 0)."""
    scroller = by_id(scroller_id)
    if scroller:
        scroller.scrollTop = 0


def focus(element_id: str, caret: int | None = None) -> None:
    el = by_id(element_id)
    if el:
        el.focus()
        if caret is not None and hasattr(el, "setSelectionRange"):
            el.setSelectionRange(caret, caret)


def prerendered_lobby(root_id: str) -> dict | None:
    """What the player set in the lobby that `make dist` put in the page
    (ui/prerender.py) before Python ran; None when the page shows none.
    values: control name -> text, True/False for a checkbox, the checked
    values of a group of checkboxes that carry values."""
    root = by_id(root_id)
    if not root:
        return None
    chosen = root.querySelector("[name=game]:checked")
    game = str(chosen.value) if chosen else ""
    form = root.querySelector(f'.pre-game[data-game="{js.CSS.escape(game)}"]')
    values = {}
    for control in (form.querySelectorAll("input[name], select[name]") if form else []):
        name, kind = str(control.name), str(control.type)
        if kind == "checkbox" and control.hasAttribute("value"):
            values.setdefault(name, [])
            if control.checked:
                values[name].append(str(control.value))
        elif kind == "checkbox":
            values[name] = bool(control.checked)
        else:
            values[name] = str(control.value)
    active = js.document.activeElement
    named = active and (root.contains(active) or getattr(active, "id", "") == "lang")
    focus = (str(getattr(active, "name", "") or active.id), str(getattr(active, "value", ""))) if named else None
    caret = active.selectionStart if named and str(getattr(active, "type", "")) == "text" else None
    lang = by_id("lang")
    queued = js.document.body.getAttribute("data-queued") == "start"
    js.document.body.removeAttribute("data-queued")
    return {"game": game, "values": values, "lang": str(lang.value) if lang else "",
            "focus": focus, "caret": caret if isinstance(caret, int) else None, "queued": queued}


def clock() -> float:
    """The page's clock (ms), the one events are stamped with."""
    return float(js.performance.now())


def decision_of(el) -> str | None:
    """The decision a control was drawn for (`data-decision` on it or around it)."""
    drawn = el.closest("[data-decision]") if el and hasattr(el, "closest") else None
    value = drawn.getAttribute("data-decision") if drawn else None
    return value if isinstance(value, str) else None


def listen(root, dispatch, taps=None) -> None:
    """One listener per kind of event on the root; elements say what they
    mean with data-cmd / data-arg (event delegation).  `taps` (ui.taps.Taps)
    hears every press, when it began and where (the event's own time: when
    the finger touched, even if the page was busy then), and a click is
    passed on with the multi-tap it belongs to."""

    def handler(event):
        tap = None
        if taps is not None and event.type == "click":  # every click, on a control or not, goes on or begins a multi-tap
            tap = taps.click(float(event.timeStamp), int(event.detail or 0))
        target = event.target
        el = target.closest("[data-cmd]") if hasattr(target, "closest") else None
        if not el:  # jsnull is falsy
            return
        cmd = str(el.getAttribute("data-cmd"))
        if event.type == "click" and str(el.tagName) in ("SELECT", "INPUT") and cmd != "act":
            return  # form controls act on change/input, not on the click that opens them
        arg = el.getAttribute("data-arg")
        arg = arg if isinstance(arg, str) else ""  # null arrives as jsnull
        dispatch(cmd, arg, el, str(event.type), tap)

    def down(event):
        taps.down(float(event.timeStamp), float(event.clientX), float(event.clientY), str(event.pointerType) == "touch")

    def press(event):
        """Enter and Space press an element that acts as a button (role=button,
        e.g. a target on an SVG board), as they press a real button."""
        if str(event.key) not in ("Enter", " ") or event.ctrlKey or event.metaKey or event.altKey:
            return
        el = event.target
        if not hasattr(el, "getAttribute"):
            return
        real = str(getattr(el, "tagName", "")).lower() == "button"
        if not real and el.getAttribute("role") != "button":
            return
        if event.repeat:  # a key held down presses once, not once per repeat
            event.preventDefault()
            return
        if real:
            return
        event.preventDefault()
        opts = to_js({"bubbles": True}, dict_converter=js.Object.fromEntries)
        el.dispatchEvent(js.MouseEvent.new("click", opts))

    proxy = create_proxy(handler)
    _keep.append(proxy)
    for kind in ("click", "change", "input"):
        root.addEventListener(kind, proxy)
    keys = create_proxy(press)
    _keep.append(keys)
    root.addEventListener("keydown", keys)
    if taps is not None:  # before anything on the page may stop it
        downs = create_proxy(down)
        _keep.append(downs)
        root.addEventListener("pointerdown", downs, to_js({"capture": True}, dict_converter=js.Object.fromEntries))


_PAN_ZOOM: dict = {}  # id(pan_zoom) -> (pan_zoom, its listeners)


def _rect(el):
    r = el.getBoundingClientRect()
    return float(r.left), float(r.top), float(r.width), float(r.height)


def _zoom_buttons(pz) -> None:
    """+ and − say whether there is more to zoom (kit.PanZoom.buttons)."""
    for way in ("in", "out"):
        button = by_id(f"{pz.prefix}-zoom-{way}") if pz.prefix else None
        if button:
            button.setAttribute("aria-disabled", "false" if pz.can_zoom(way) else "true")


def attach_pan_zoom(svg_id: str, pz) -> None:
    """Let the player drag, pinch, wheel and key the SVG board `svg_id`;
    `pz` (ui.kit.PanZoom) does the arithmetic, this only wires the events
    and sets the view (a transform: no layout) while the pointer moves.  The
    board's part of the screen is the SVG's parent; the SVG keeps its own
    size whatever the bars around it do (CSS), so they lay none of it out
    again.  Called after every drawing: a board the morph kept keeps its
    listeners (and a drag under way) and is not measured again (both sizes
    come from a ResizeObserver), so a drawing asks for no layout of its own."""
    svg = by_id(svg_id)
    if not svg:
        return
    entry = _PAN_ZOOM.get(id(pz))
    if entry is None or entry[0] is not pz:

        def show(el):
            for name, value in (("style", pz.style()), ("data-view", pz.view())):
                if el.getAttribute(name) != value:  # as drawn: nothing to restyle
                    el.setAttribute(name, value)
            _zoom_buttons(pz)

        def down(ev):
            pz.pointer_down(ev.pointerId, float(ev.clientX), float(ev.clientY))

        def move(ev):
            el = ev.currentTarget
            what = pz.pointer_move(ev.pointerId, float(ev.clientX), float(ev.clientY), _rect(el.parentElement))
            if what not in ("capture", "moved"):
                return
            if what == "capture":
                try:
                    el.setPointerCapture(ev.pointerId)
                except Exception:  # noqa: BLE001 - capture is a nicety
                    pass
            show(el)
            ev.preventDefault()

        def up(ev):
            pz.pointer_up(ev.pointerId)

        def wheel(ev):
            ev.preventDefault()
            el = ev.currentTarget
            pz.wheel(float(ev.clientX), float(ev.clientY), float(ev.deltaY), _rect(el.parentElement))
            show(el)

        def click(ev):
            if pz.take_drag_end():  # the end of a drag is no tap
                ev.stopPropagation()
                ev.preventDefault()

        def key(ev):
            if ev.ctrlKey or ev.metaKey or ev.altKey:
                return
            if pz.key(str(ev.key)):
                ev.preventDefault()
                show(ev.currentTarget)

        def resized(entries, observer=None):
            # in a task after the frame whose layout resized the board's part (web/morph.js): a
            # drawing's frame on a slow tablet is 3-6 ms shorter, the view fitted a frame later
            for change in entries:  # sizes known without asking for a layout
                size = (float(change.contentRect.width), float(change.contentRect.height))
                if change.target.isSameNode(wired[0]):
                    pz.frame = size
                else:
                    wired[1] = size
            pz.limit(*wired[1])  # turned, resized, a bar grew: the minimum holds for the new size
            show(wired[0])

        wired = [None, None]  # the board wired last, and the size of its part of the screen
        listeners = {"pointerdown": down, "pointermove": move, "pointerup": up, "pointercancel": up,
                     "wheel": wheel, "click": click, "keydown": key}
        entry = (pz, {k: create_proxy(f) for k, f in listeners.items()},
                 js.ResizeObserver.new(js.speeltafelAfterFrame(create_proxy(resized))), wired, show)
        _PAN_ZOOM[id(pz)] = entry
    proxies, watch, wired, show = entry[1], entry[2], entry[3], entry[4]
    if wired[0] is not None and wired[1] is not None and svg.isSameNode(wired[0]):
        # the morph kept the board: its listeners and a drag under way stay, its sizes are known
        pz.limit(*wired[1])
        show(svg)
        return
    pz.pointers = {}
    pz.drag = None
    r = _rect(svg.parentElement)
    wired[0], wired[1] = svg, (r[2], r[3])
    pz.frame = (float(svg.clientWidth), float(svg.clientHeight))
    pz.limit(r[2], r[3])  # the table's own view keeps targets finger-sized: pan instead
    show(svg)
    watch.disconnect()  # the board drawn before this one is gone
    watch.observe(svg)
    watch.observe(svg.parentElement)
    for name in ("pointerdown", "pointermove", "pointerup", "pointercancel", "keydown"):
        svg.addEventListener(name, proxies[name])
    svg.addEventListener("wheel", proxies["wheel"], to_js({"passive": False}, dict_converter=js.Object.fromEntries))
    svg.addEventListener("click", proxies["click"], to_js({"capture": True}, dict_converter=js.Object.fromEntries))


async def fetch_text(url: str) -> str:
    """A file of the site as text (the service worker serves it offline)."""
    response = await js.fetch(url)
    if not response.ok:
        raise OSError(f"{url}: HTTP {response.status}")
    return str(await response.text())


def confirm(text: str) -> bool:
    return bool(js.window.confirm(text))


def download(filename: str, text: str) -> None:
    blob = js.Blob.new(to_js([text]), to_js({"type": "application/json"}, dict_converter=js.Object.fromEntries))
    url = js.URL.createObjectURL(blob)
    link = js.document.createElement("a")
    link.href = url
    link.download = filename
    js.document.body.appendChild(link)
    link.click()
    link.remove()
    js.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(url)), 1000)


class FileTooBig(Exception):
    """A picked file larger than the caller accepts (not read at all)."""


async def read_file(input_el, max_bytes: int) -> str | None:
    """The text of the file picked in `input_el` (None if none was picked)."""
    files = input_el.files
    if not files or files.length == 0:
        return None
    file = files.item(0)
    try:
        if file.size > max_bytes:
            raise FileTooBig()
        return str(await file.text())
    finally:
        input_el.value = ""  # picking the same file again fires `change` again


def on_storage(callback) -> None:
    """Call `callback(key, new_value)` when another tab of the site changes
    localStorage (key None: it was cleared; value None: removed)."""

    def handler(event):
        key, value = event.key, event.newValue
        callback(key if isinstance(key, str) else None, value if isinstance(value, str) else None)

    proxy = create_proxy(handler)
    _keep.append(proxy)
    js.window.addEventListener("storage", proxy)


def on_leave(unsafe) -> None:
    """Before the page closes or reloads, the browser asks the player to stay
    while `unsafe()` says moves would be lost."""

    def handler(event):
        if unsafe():
            event.preventDefault()
            event.returnValue = ""

    proxy = create_proxy(handler)
    _keep.append(proxy)
    js.window.addEventListener("beforeunload", proxy)


def on_keys(callback) -> None:
    """Call `callback(key)` for a key pressed on the page, unless a form
    control (a slider, a text) or a board (its pan, which says so) used it;
    a True answer keeps the browser from using it too."""

    def handler(event):
        if event.defaultPrevented or event.ctrlKey or event.metaKey or event.altKey:
            return
        target = event.target
        if str(getattr(target, "tagName", "")).upper() in ("INPUT", "SELECT", "TEXTAREA"):
            return
        if callback(str(event.key)):
            event.preventDefault()

    proxy = create_proxy(handler)
    _keep.append(proxy)
    js.document.addEventListener("keydown", proxy)


def expose(name: str, value) -> None:
    """Make an object reachable from the page's JavaScript (used by tests)."""
    setattr(js.window, name, value)


def warn(text: str) -> None:
    js.console.warn(text)


def location_hash() -> str:
    return str(js.location.hash or "")


async def fetch_bytes(url: str) -> bytes:
    """A file of the site as bytes (the service worker serves it offline)."""
    response = await js.fetch(url)
    if not response.ok:
        raise OSError(f"{url}: HTTP {response.status}")
    return (await response.arrayBuffer()).to_bytes()
