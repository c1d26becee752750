"""The thin layer between per-device play and the browser: web/net.js (WebRTC
links, codes, QR drawing, the camera), imported when first used.

Like ui/dom.py, the only Python here that touches the page; the rest of
ui/devices/ is plain Python that pytest runs.
"""

from __future__ import annotations

import js
from pyodide.ffi import JsException, create_proxy, to_js

_module = None
_keep = []


class NetError(Exception):
    """What the transport refused, as a key: not_code, damaged, not_offer,
    not_answer, unknown_link, insecure, NotAllowedError, NotFoundError, ..."""

    def __init__(self, key: str):
        super().__init__(key)
        self.key = key


async def load(on_event):
    """Import web/net.js (once) and route its events to
    `on_event(link: int, what: str, data: str | None)`."""
    global _module
    if _module is None:
        url = js.URL.new("./net.js", js.document.baseURI).href
        _module = await js.Function.new("url", "return import(url)")(url)
    proxy = create_proxy(lambda link, what, data: on_event(int(link), str(what), None if data is None else str(data)))
    _keep.append(proxy)
    _module.listen(proxy)
    return _module


def _key(err) -> str:
    text = str(getattr(err, "message", "") or err)
    return text.split(":")[-1].strip() or "failed"


async def _call(promise):
    try:
        return await promise
    except JsException as err:
        raise NetError(_key(err)) from None


async def offer() -> tuple[int, str]:
    """A new link and its code (the host's side)."""
    made = await _call(_module.offer())
    return int(made.id), str(made.code)


async def accept(code: str) -> int:
    """The guest's answer code; the link it completes (the host's side)."""
    return int(await _call(_module.accept(code)))


async def answer(code: str) -> tuple[int, str]:
    """The host's code; the link and the answer code to show (the guest's side)."""
    made = await _call(_module.answer(code))
    return int(made.id), str(made.code)


def send(link: int, text: str) -> bool:
    return bool(_module.send(link, text)) if _module else False


def close(link: int) -> None:
    if _module:
        _module.close(link)


def qr(text: str) -> str:
    """The QR code of `text` as an SVG data URL."""
    return str(_module.qr(text))


async def scan(t) -> str | None:
    """A code read with the camera (None: the player cancelled); `t` words
    the camera's overlay (scan.title, scan.hint, scan.cancel)."""
    words = {k: t("scan." + k) for k in ("title", "hint", "cancel")}
    found = await _call(_module.scan(to_js(words, dict_converter=js.Object.fromEntries)))
    return None if found is None else str(found)


async def copy(text: str) -> bool:
    """Put `text` on the clipboard (False where the browser refuses)."""
    try:
        await js.navigator.clipboard.writeText(text)
        return True
    except Exception:  # noqa: BLE001 - no clipboard on a plain-http page
        return False


def secure() -> bool:
    """Can this page use the camera at all (https, localhost, an installed copy)?"""
    return bool(js.window.isSecureContext) and bool(getattr(js.navigator, "mediaDevices", None))


def storage():
    return js.window.localStorage


def log(text: str) -> None:
    js.console.warn(text)
