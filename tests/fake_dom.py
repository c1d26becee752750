"""A stand-in for `ui.dom` (the only module that touches the browser), so the
app controller runs in CPython: what it would draw lands in `FakeDom.html`."""

from __future__ import annotations

import sys
import types

from . import ui_support  # noqa: F401  (puts web/ on the path)
from .ui_support import FakeStorage


class _Element:
    def __init__(self, element_id):
        self.id = element_id
        self.hidden = False


def install() -> types.ModuleType:
    """Put the fake in place of ui.dom (before ui.app is imported) and return it."""
    import ui

    fake = sys.modules.get("ui.dom")
    if getattr(fake, "is_fake", False):  # ui.app keeps the module it imported first
        fake.html, fake.focused, fake.ready, fake.storage = "", None, None, FakeStorage()
        return fake
    fake = types.ModuleType("ui.dom")
    fake.is_fake = True
    fake.html = ""
    fake.focused = None
    fake.ready = None
    fake.storage = FakeStorage()
    fake.by_id = lambda element_id: _Element(element_id)
    fake.local_storage = lambda: fake.storage
    fake.browser_language = lambda: "en"
    fake.now_ms = lambda: 1_000
    fake.set_lang = lambda lang: None
    fake.listen = lambda root, dispatch: None
    fake.confirm = lambda text: True
    fake.download = lambda filename, text: None
    fake.expose = lambda name, value: None

    def render(root, html):
        if root.id == "app":
            fake.html = html

    def focus(element_id):
        fake.focused = element_id

    def set_ready(stage):
        fake.ready = stage

    fake.render, fake.focus, fake.set_ready = render, focus, set_ready
    sys.modules["ui.dom"] = fake
    ui.dom = fake
    return fake

