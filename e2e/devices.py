"""Helpers for the per-device browser tests (test_devices.py): a Chromium of
their own whose fake camera films a file the test writes (a QR code shown on
one page, read by another page's camera), devices as browser contexts, the
pairing done through the real code path, and every message a guest's page
received (recorded at the data channel by an init script)."""

from __future__ import annotations

import base64
import json

import engine

from .conftest import Tab

BEAT = '{"v":1,"k":"beat"}'
# every message a data channel of the page receives, heartbeats aside, in order
RECORD = """(() => {
  const received = window.__received = [];
  const make = RTCPeerConnection.prototype.createDataChannel;
  RTCPeerConnection.prototype.createDataChannel = function (...args) {
    const channel = make.apply(this, args);
    channel.addEventListener('message', (e) => { if (e.data !== %s) received.push(String(e.data)); });
    return channel;
  };
})();""" % json.dumps(BEAT)
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
SMALL_PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}
TABLET = {"viewport": {"width": 800, "height": 1280}, "has_touch": True}
HOST = {"viewport": {"width": 1280, "height": 800}}

# the QR image on a page as grey levels, drawn at `size` pixels on white
QR_PIXELS = """([selector, size]) => {
  const img = document.querySelector(selector);
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size;
  const g = canvas.getContext('2d');
  g.fillStyle = '#fff'; g.fillRect(0, 0, size, size);
  g.imageSmoothingEnabled = false;
  g.drawImage(img, size * 0.1, size * 0.1, size * 0.8, size * 0.8);
  const rgba = g.getImageData(0, 0, size, size).data;
  let out = '';
  for (let i = 0; i < rgba.length; i += 4) out += String.fromCharCode(rgba[i]);
  return btoa(out);
}"""


class Device(Tab):
    """A browser context as one player's device (a phone, a tablet, the host's tablet)."""

    def __init__(self, browser, site, **options):
        self.site = site
        self.context = browser.new_context(**options)
        self.context.add_init_script(RECORD)
        self.context.grant_permissions(["camera"], origin=site.split("/speeltafel/")[0])
        self.foreign, self.errors = [], []
        self.crashes = self.rebooted = 0
        self.context.route("**/*", self._route)
        self._new_page()

    def received(self, table: str | None = None) -> list[dict]:
        """Every message this page's data channels received since it loaded;
        with `table` (a host's save id) only those from joining that table on."""
        out, keep = [], table is None
        for m in (json.loads(t) for t in self.page.evaluate("window.__received || []")):
            if m["k"] == "welcome" and table is not None:
                keep = m["table"] == table
            if keep:
                out.append(m)
        return out


def write_camera(path, gray: bytes, size: int) -> None:
    """One frame of `size`x`size` grey levels as a Y4M file, which Chromium's
    fake camera (--use-file-for-fake-video-capture) plays in a loop."""
    with open(path, "wb") as f:
        f.write(f"YUV4MPEG2 W{size} H{size} F10:1 Ip A1:1 C420jpeg\n".encode())
        f.write(b"FRAME\n" + gray + bytes([128]) * (size * size // 2))


def film(page, selector: str, camera, size: int = 480) -> None:
    """Put the QR image `selector` of `page` in front of the fake camera."""
    page.wait_for_selector(selector)
    page.wait_for_function("s => document.querySelector(s).complete", arg=selector)
    write_camera(camera, base64.b64decode(page.evaluate(QR_PIXELS, [selector, size])), size)


def open_code(host, seat: int) -> str:
    """The host shows a new code for `seat`; its text."""
    page = host.page
    if not page.locator("#dev-pair-%d" % seat).count():
        page.click("#dev-open")
    before = page.locator("#dev-offer").input_value() if page.locator("#dev-offer").count() else None
    page.click(f"#dev-pair-{seat}")
    page.wait_for_function("b => { const o = document.getElementById('dev-offer'); return o && o.value !== b; }",
                           arg=before)
    return page.locator("#dev-offer").input_value()


def start_join(guest):
    page = guest.page
    if page.locator("#join-again").count():
        page.click("#join-again")
    elif not page.locator("#join-code").count():
        if page.locator("body[data-ready=guest]").count():
            page.click("#menu")  # leave the table (the dialog is accepted), back to the lobby
        page.click("#join-open")
    page.wait_for_selector("#join-code")


def pair_by_text(host, guest, seat: int) -> None:
    """Pair the guest's device with `seat` through the text codes, both ways."""
    code = open_code(host, seat)
    start_join(guest)
    guest.page.fill("#join-code", code)
    guest.page.click("#join-go")
    guest.page.wait_for_selector("#join-answer", state="attached")
    answer = guest.page.locator("#join-answer").input_value()
    host.page.fill("#dev-answer", answer)
    host.page.click("#dev-connect")
    wait_seated(host, guest, seat)


def pair_by_camera(host, guest, seat: int, camera) -> None:
    """Pair through the QR codes: the guest's camera films the host's code,
    then the host's camera films the guest's answer."""
    open_code(host, seat)
    start_join(guest)
    film(host.page, ".dev-code img.qr", camera)
    guest.page.click("#join-scan")
    guest.page.wait_for_selector("#join-answer", state="attached")
    film(guest.page, ".join-card img.qr", camera)
    host.page.click("#dev-scan")
    wait_seated(host, guest, seat)


def wait_seated(host, guest, seat: int) -> None:
    guest.page.wait_for_function(
        "s => speeltafelApp.guest && speeltafelApp.guest.msg && speeltafelApp.guest.msg.get('seat') === s"
        " && document.body.dataset.ready === 'guest'", arg=seat)
    host.page.wait_for_function(f"speeltafelApp.devices.table.status({seat}) === 'here'")


def host_state(host):
    return engine.load(host.state_json())


def check_received(received: list[dict], seat: int, final_save: str) -> int:
    """Every `table` message a guest received is exactly its seat's view and
    legal actions at that move of the host's game (replayed from the host's
    save): nothing of another seat ever arrived.  Returns how many were checked."""
    save = json.loads(final_save)
    tables = [m for m in received if m["k"] == "table"]
    assert tables, "the guest received no table"
    wanted = {m["view"]["moves"] for m in tables}
    views = {}
    state = engine.new_game(save["game"], save["seats"], save["options"], save["seed"])
    if 0 in wanted:
        views[0] = (state.view(seat), state.legal_actions(seat))
    for i, (who, action) in enumerate(save["actions"], 1):
        state.apply(who, action)
        if i in wanted:
            views[i] = (state.view(seat), state.legal_actions(seat))
    for m in tables:
        assert m["seat"] == seat
        view, legal = views[m["view"]["moves"]]
        differ = sorted(k for k in set(view) | set(m["view"]) if view.get(k) != m["view"].get(k))
        assert m["view"] == view, f"seat {seat} was sent a view that is not its own at move {m['view']['moves']}: {differ}"
        assert m["legal"] == legal
    for m in received:
        assert m["k"] in ("welcome", "table", "refused", "bye")
        if m["k"] == "welcome":
            assert m["seat"] == seat
    return len(tables)
