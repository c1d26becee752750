"""A stand-in for ui/dom.py (the only module that touches the browser), so
the real App - start-up, import, autosave, two tabs - runs in CPython.

`Page` is one browser tab: its localStorage backend (shared between tabs
of one "browser"), what was rendered, the stage announced with set_ready,
and the storage listeners.  `install()` puts this module in place of
ui.dom before ui.app is imported.
"""

from __future__ import annotations

import sys
import types


class FileTooBig(Exception):
    pass


class Element:
    def __init__(self, element_id):
        self.id = element_id
        self.html = ""
        self.value = ""
        self.checked = False


class FakeJournal:
    """web/journal.js over a dict, shared by the tabs of one "browser": each
    request is carried out when it is made (as the browser starts it), its
    answer comes when awaited.  `fail`: every request fails; `records`:
    save id -> {"text", "rev"}."""

    def __init__(self):
        self.records: dict[str, dict] = {}
        self.current = None
        self.fail = False
        self.puts = 0

    async def _answer(self, value):
        return value

    def load(self):
        if self.fail:
            return self._answer({"error": "UnknownError"})
        games = [{"id": k, "text": r["text"], "rev": r["rev"]} for k, r in self.records.items()]
        return self._answer({"games": games, "current": self.current})

    def put(self, save_id, text, rev):
        self.puts += 1
        if self.fail:
            return self._answer({"error": "QuotaExceededError"})
        now = self.records.get(save_id)
        at = now["rev"] if now else 0
        if at != rev:
            return self._answer({"ok": False, "rev": at, "text": now["text"] if now else None})
        self.records[save_id] = {"text": text, "rev": rev + 1}
        self.current = save_id
        return self._answer({"ok": True, "rev": rev + 1})

    def remove(self, save_id):
        if self.fail:
            return self._answer({"error": "UnknownError"})
        self.records.pop(save_id, None)
        if self.current == save_id:
            self.current = None
        return self._answer({"ok": True})

    def set_current(self, save_id):
        if not self.fail:
            self.current = save_id
        return self._answer({"error": "UnknownError"} if self.fail else {"ok": True})

    def text(self, save_id):
        record = self.records.get(save_id)
        return record["text"] if record else None


class Page:
    """The state of one fake tab."""

    def __init__(self, backend, lang="nl-NL", now=1_700_000_000_000, journal=None):
        self.backend = backend
        self.journal = journal  # a FakeJournal, or None: no IndexedDB
        self.lang = lang
        self.now = now
        self.elements = {"app": Element("app")}
        self.ready = None
        self.confirm_answer = True
        self.downloads = []  # (filename, text)
        self.storage_listeners = []
        self.dispatch = None
        self.refuse_storage = False
        self.prerendered = None  # what the prerendered lobby's form holds (dom.prerendered_lobby)
        self.fetched = []  # urls asked for with fetch_text
        self.fetch_fails = False
        self.keys = None  # the app's handler of keys pressed on the page (dom.on_keys)
        self.unsafe = None  # the app's answer to "would closing the page lose moves?" (dom.on_leave)
        self.texts = {}  # element id -> words set with dom.set_text
        self.pressed = []  # controls marked pressed (dom.press) until the table is drawn (dom.unpress)


class _Module(types.ModuleType):
    page: Page

    # --- the API of ui/dom.py ---------------------------------------------
    FileTooBig = FileTooBig

    def by_id(self, element_id):
        return self.page.elements.setdefault(element_id, Element(element_id))

    def local_storage(self):
        if self.page.refuse_storage:
            raise RuntimeError("SecurityError: The operation is insecure.")
        return self.page.backend

    def journal(self):
        return self.page.journal

    def local_compare(self):
        return lambda key, text: self.page.backend.getItem(key) == text

    def set_text(self, element_id, text):
        self.page.texts[element_id] = text

    def on_leave(self, unsafe):
        self.page.unsafe = unsafe

    def browser_language(self):
        return self.page.lang

    def now_ms(self):
        self.page.now += 1000
        return self.page.now

    def set_ready(self, stage):
        self.page.ready = stage

    def set_lang(self, lang):
        pass

    def render(self, root, html):
        root.html = html

    def focus(self, element_id, caret=None):
        pass

    def scroll_to(self, scroller_id, element_id):
        pass

    def scroll_newest(self, scroller_id):
        pass

    def to_page_top(self):
        pass

    def next_frame(self, callback):
        callback()  # a page without frames draws when asked

    def soon(self, callback):
        callback()

    def after_paint(self, callback):
        callback()

    def press(self, el):
        self.page.pressed.append(el)

    def unpress(self):
        self.page.pressed = []

    def in_frame(self, callback):
        callback()

    def parse_ahead(self, html):
        pass

    def next_part(self):
        return ""

    def render_part(self):
        return False

    def prerendered_lobby(self, root_id):
        return self.page.prerendered

    def listen(self, root, dispatch, taps=None):
        self.page.dispatch = dispatch

    def clock(self):
        return float(self.page.now)

    def decision_of(self, el):
        return getattr(el, "decision", None)

    def confirm(self, text):
        return self.page.confirm_answer

    def download(self, filename, text):
        self.page.downloads.append((filename, text))

    async def read_file(self, input_el, max_bytes):
        text = input_el.value
        if text is None:
            return None
        if len(text.encode("utf-8", "surrogatepass")) > max_bytes:
            raise FileTooBig()
        return text

    def on_storage(self, callback):
        self.page.storage_listeners.append(callback)

    def on_keys(self, callback):
        self.page.keys = callback  # page.keys("ArrowLeft"): a key pressed on the page

    def expose(self, name, value):
        pass

    async def fetch_text(self, url):
        """The site's files as `make dist` writes them (rules/<game>.<lang>.json)."""
        self.page.fetched.append(url)
        if self.page.fetch_fails:
            raise OSError(url)
        import json
        from ui import rules

        game, lang, _ = url.rsplit("/", 1)[1].split(".")
        return json.dumps(rules.source(game)[lang])

    def attach_pan_zoom(self, svg_id, pz):
        pass  # no board to drag on a page without a browser

    def location_hash(self):
        return ""  # no "#join" in the address

    def warn(self, text):
        pass


dom = _Module("ui.dom")


def _browser_modules():
    """`js` and `pyodide.ffi` for the screens' own browser hooks (pan and
    zoom listeners): a page without those elements, so they do nothing."""
    js = types.ModuleType("js")
    js.document = types.SimpleNamespace(getElementById=lambda element_id: None)
    js.Object = types.SimpleNamespace(fromEntries=dict)
    pyodide = types.ModuleType("pyodide")
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = lambda f: f
    ffi.to_js = lambda value, **kw: value
    pyodide.ffi = ffi
    return {"js": js, "pyodide": pyodide, "pyodide.ffi": ffi}


def install():
    """Make `import ui.dom` (and `from . import dom` in ui.app) find this fake."""
    from . import ui_support  # noqa: F401  (puts web/ on the path)
    import ui

    for name, module in _browser_modules().items():
        sys.modules.setdefault(name, module)
    sys.modules["ui.dom"] = dom
    ui.dom = dom
    return dom
