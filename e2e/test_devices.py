"""Each player on their own device (issue 25), in one Chromium: the host's
tablet and the guests' phones are browser contexts, paired through the real
code path - the text codes, and the QR codes filmed by Chromium's fake camera -
and joined by WebRTC data channels on this machine.  Every message a guest
received is checked against its own seat's view; guests that misbehave,
drop out, reload, and a host that reloads.  One browser for the file."""

from __future__ import annotations

import json
import time

import pytest

from . import positions as P
from .axe import violations
from .conftest import ARGS, CHROMIUM
from .devices import (HOST, PHONE, SMALL_PHONE, TABLET, Device, check_received, host_state, open_code,
                      pair_by_camera, pair_by_text, start_join)
from .test_fingers import SMALL, TAP
from .test_kutschfahrt import answer, check_secrets

NO_SIDEWAYS = "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
MOVES = "speeltafelApp.session.state.actions.length"


@pytest.fixture(scope="module")
def camera(tmp_path_factory):
    return tmp_path_factory.mktemp("camera") / "camera.y4m"


@pytest.fixture(scope="module")
def browser(camera, pw):
    """Chromium with a fake camera that films `camera` (a file each test
    writes before a page scans), and real host addresses in the codes
    (the page would use them once it holds camera permission; between
    contexts of one browser on one machine they are this machine's own)."""
    from .devices import write_camera

    write_camera(camera, bytes([255]) * 64 * 64, 64)
    b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS + [
        "--use-fake-device-for-media-stream", f"--use-file-for-fake-video-capture={camera}",
        "--disable-features=WebRtcHideLocalIpsWithMdns"])
    yield b
    b.close()


@pytest.fixture(scope="module")
def table(browser, site):
    """The host's tablet and three guests' devices, booted once for the file:
    Bram's phone (390x844), Carla's small phone (360x740), Daan's tablet."""
    made = {name: Device(browser, site, **options)
            for name, options in (("host", HOST), ("bram", PHONE), ("carla", SMALL_PHONE), ("daan", TABLET))}
    started = time.time()
    for d in made.values():
        d.page.goto(d.site)
    for d in made.values():
        try:
            d.wait("lobby")
        except Exception:
            if not d.crashes:
                raise
            d.rebooted += 1  # the renderer's rare crash while booting (conftest.Tab._boot): once more
            d._new_page()
            d.open()
    print(f"4 pages booted in {time.time() - started:.1f} s")
    yield made
    try:
        for d in made.values():
            assert d.foreign == [], f"a page asked another host: {d.foreign[:3]}"
            assert d.errors == [], f"errors on a page: {d.errors[:3]}"
            assert d.crashes == d.rebooted, "the browser's renderer crashed during the test"
    finally:
        for d in made.values():
            d.close()


def resume(host, save: str, lang="en"):
    """Open a known table on the host, as a reload resumes it."""
    host.page.goto(host.site + "manifest.webmanifest")
    host.page.evaluate("""a => { localStorage.setItem('speeltafel:save:g-e2e-' + a[2], a[0]);
        localStorage.setItem('speeltafel:current', 'g-e2e-' + a[2]);
        localStorage.setItem('speeltafel:prefs', JSON.stringify({bot_delay_ms: 0, lang: a[1]})); }""",
                       [save, lang, int(time.time() * 1000)])
    host.page.goto(host.site)
    host.wait("table")


def with_kinds(state, kinds) -> str:
    """The save of `state` with the players' kinds (human here, remote, bot)."""
    players = [{"name": P.NAMES[i], "kind": k, "level": "random" if k == "bot" else None} for i, k in enumerate(kinds)]
    return state.to_json(meta={"players": players, "names": P.NAMES[:len(kinds)], "created": 1, "updated": 2,
                               "over": False, "viewer": None, "notes": {}})


def prefs(host, model, lang="en"):
    host.page.goto(host.site + "manifest.webmanifest")
    host.page.evaluate("""m => { localStorage.setItem('speeltafel:prefs', JSON.stringify({lobby: m[0], bot_delay_ms: 0,
                                 lang: m[1]})); localStorage.removeItem('speeltafel:current'); }""", [model, lang])


def fits_fingers(page, where):
    assert page.evaluate(NO_SIDEWAYS), f"{where}: the page scrolls sideways"
    small = page.evaluate(SMALL, TAP)
    assert small == [], f"{where}: targets under {TAP} px: {small[:6]}"


def refusals(host) -> list[dict]:
    """What the host refused so far (its log of refused messages)."""
    return host.page.evaluate("speeltafelApp.devices.table.refused.toJs({dict_converter: Object.fromEntries})")


def misbehave(guest, texts):
    """Send raw texts on the guest's own link, as a modified page could."""
    guest.page.evaluate("""async texts => {
        const net = await import(new URL('./net.js', document.baseURI).href);
        for (const t of texts) net.send(speeltafelApp.guest.link, t);
    }""", texts)


def test_kutschfahrt_with_four_devices_and_two_bots_to_the_end(table, camera):
    """Anna at the host's tablet, Bram (390x844 phone, text code), Carla
    (360x740 phone, QR codes through the cameras) and Daan (tablet, text
    code) on their own devices, two bots; played to the end by tapping."""
    host, bram, carla, daan = (table[k] for k in ("host", "bram", "carla", "daan"))
    names = ["Anna", "Bram", "Carla", "Daan", "Bot E", "Bot F"]
    kinds = ["human", "remote", "remote", "remote", "bot", "bot"]
    model = {"game": "kutschfahrt", "seats": 6, "options": {}, "seed": 8,
             "players": [{"name": n, "kind": k, "level": "basic" if k == "bot" else None} for n, k in zip(names, kinds)]}
    prefs(host, model)
    host.page.goto(host.site)
    host.wait("lobby")
    fits_fingers(carla.page, "the lobby at 360 px")
    host.page.click("#start")
    host.wait("table")
    host.page.wait_for_selector(".devices #dev-pair-1")  # pairing is offered at once
    times = []
    for pair, guest, seat in ((pair_by_text, bram, 1), (pair_by_camera, carla, 2), (pair_by_text, daan, 3)):
        t = time.time()
        pair(host, guest, seat, *([camera] if pair is pair_by_camera else []))
        times.append(round(time.time() - t, 1))
    paired = time.time()
    guests = {1: bram, 2: carla, 3: daan}
    pages = {0: host.page, **{s: g.page for s, g in guests.items()}}
    # every screen says where each device is
    assert host.page.locator(".player .dev-mark.dev-here").count() == 3
    carla.page.wait_for_function("document.querySelectorAll('.player .dev-mark.dev-here').length === 2")
    tried = refused = 0
    for step in range(400):
        to_act, n, over = now(host)
        if over:
            break
        acting = [s for s in to_act if s in pages]
        if not acting:  # the bots play at instant pace, until a device is asked
            host.page.wait_for_function("""() => { const s = speeltafelApp.session.state;
                return s.is_over() || s.to_act().toJs().some(seat => seat < 4); }""")
            continue
        seat = acting[0]
        page = pages[seat]
        if seat in guests:
            page.wait_for_function("n => { const m = speeltafelApp.guest.msg; return m && m.get('view').get('moves') === n"
                                   " && m.get('legal').length > 0; }", arg=n)
        page.wait_for_selector("#screen .kr-actions:not(.kr-wait) button")
        if seat in guests and step % 20 == 0:
            check_secrets(host, page, seat)  # its screen shows nothing of another seat
        if seat == 1 and not tried and n > 3:
            # Bram's page misbehaves: another seat, damaged, oversized; state unchanged
            before, count = host.state_json(), len(refusals(host))
            number = bram.page.evaluate("speeltafelApp.guest.msg.get('n')")
            misbehave(bram, [json.dumps({"v": 1, "k": "act", "n": number, "i": 0, "seat": 2}),
                             '{"v":1,"k":"act","n":' + str(number), json.dumps({"v": 1, "k": "act", "n": number,
                                                                               "i": 0, "pad": "x" * 2000})])
            host.page.wait_for_function(f"speeltafelApp.devices.table.refused.length >= {count + 3}")
            whys = [r["why"] for r in refusals(host)[count:]]
            assert whys == ["wrong_seat", "malformed", "too_big"] and host.state_json() == before
            tried = n
        asked = page.evaluate("speeltafelApp.guest.msg.get('n')") if seat in guests else None
        claim = page.locator('#screen .kr-actions [data-arg="mode:claim"]')
        if claim.count() and refused:  # then the first to hold a goal item on their turn claims: the end
            claim.click()
            page.locator('#screen .kr-actions [data-arg^="confirm:"]').first.click()
            page.click("#kr-confirm-yes")
        else:
            answer(page)
        host.page.wait_for_function(f"{MOVES} > {n}")
        if seat == 1 and tried and not refused and not host_state(host).is_over():
            # Bram's move sent again once played: an old decision, refused
            before, count = host.state_json(), len(refusals(host))
            bram.page.wait_for_function("n => speeltafelApp.guest.msg.get('n') > n", arg=asked)
            misbehave(bram, [json.dumps({"v": 1, "k": "act", "n": asked, "i": 0})])
            host.page.wait_for_function(f"speeltafelApp.devices.table.refused.length > {count}")
            assert refusals(host)[-1]["why"] == "stale"
            assert host_state(host).actions[:len(json.loads(before)["actions"])] == json.loads(before)["actions"]
            refused = 1
    else:
        raise AssertionError("the game did not end")
    assert tried and refused
    save = host.state_json()
    for seat, guest in guests.items():
        guest.page.wait_for_selector(".result")  # every device sees the end
        assert check_received(guest.received(host.page.evaluate("speeltafelApp.session.save_id")), seat, save) > 3
    fits_fingers(carla.page, "the result at 360 px")
    # Daan's tablet goes silent: every screen says so, Carla's phone too
    paused = daan.context.new_cdp_session(daan.page)
    paused.send("Debugger.enable")
    paused.send("Debugger.pause")
    carla.page.wait_for_selector('.player .dev-mark.dev-away')
    assert "Daan" in carla.page.locator(".player", has=carla.page.locator(".dev-away")).inner_text()
    host.page.wait_for_selector(".player .dev-mark.dev-away")
    paused.send("Debugger.resume")
    print(f"pairing {times} s, game {time.time() - paired:.1f} s, "
          f"{len(json.loads(save)['actions'])} moves")


def now(host) -> tuple[list, int, bool]:
    """Who must decide at the host's table, how many moves, whether it is over."""
    return tuple(host.page.evaluate("""() => { const s = speeltafelApp.session.state;
        return [s.to_act().toJs(), s.actions.length, s.is_over()]; }"""))


def synced(guest, moves: int) -> None:
    """Wait until the guest's screen shows the host's table after `moves` moves."""
    guest.page.wait_for_function("n => { const m = speeltafelApp.guest && speeltafelApp.guest.msg;"
                                 " return m && m.get('view').get('moves') === n; }", arg=moves)


def tap(host, page, choose, priority) -> None:
    """Tap the control `choose` marks on `page`; after a move, wait for the host to have it."""
    _, n, _ = now(host)
    page.wait_for_function(f"() => ({choose})({json.dumps(priority)}) !== null")
    page.evaluate(choose, priority)
    acts = page.get_attribute("[data-e2e-next]", "data-cmd") == "act"
    page.click("[data-e2e-next]")
    if acts:
        host.page.wait_for_function(f"{MOVES} > {n}")


def play_out(host, pages: dict, guests: dict, choose, priority, check=None, limit=400):
    """Play to the end: whoever must decide taps on their own device."""
    for step in range(limit):
        to_act, n, over = now(host)
        if over:
            return step
        seat = next((s for s in to_act if s in pages), None)
        if seat is None:
            host.page.wait_for_function(f"{MOVES} > {n} || speeltafelApp.session.state.is_over()")
            continue
        if seat in guests:
            synced(guests[seat], n)
            if check and step % 5 == 0:
                check(seat)
        tap(host, pages[seat], choose, priority)
    raise AssertionError("the game did not end")


def test_thurn_taxis_on_two_devices_a_guest_drops_out_reloads_and_rejoins(table):
    from .test_thurn_taxis import CHOOSE, PRIORITY, check_no_secrets

    host, bram = table["host"], table["bram"]
    state, _ = P.bot_game("thurn_taxis", 2, 1, lambda s, v: len(s.actions) >= 200 and v["phase"] == "draw"
                          and v["seat"] == 0)
    resume(host, with_kinds(state, ["human", "remote"]))
    host.page.wait_for_selector(".devices #dev-pair-1")
    open_code(host, 1)
    assert violations(host.page) == []  # the devices panel with a code on it
    pair_by_text(host, bram, 1)
    token = host.page.evaluate("speeltafelApp.devices.table.tokens.get(1)")
    # Bram's phone goes silent (its page stops, as a locked screen or a lost
    # network: nothing reaches the host): shown away after ~5 s, then back
    cdp = bram.context.new_cdp_session(bram.page)
    cdp.send("Debugger.enable")
    cdp.send("Debugger.pause")
    host.page.wait_for_selector(".player .dev-mark.dev-away")
    assert "dev-alert" in host.page.get_attribute("#dev-open", "class")
    cdp.send("Debugger.resume")
    cdp.send("Debugger.disable")
    host.page.wait_for_selector(".player .dev-mark.dev-here")
    bram.page.wait_for_function("!speeltafelApp.guest.host_away")
    here = host.page.evaluate("speeltafelApp.session.save_id")
    received = bram.received(here)
    # Bram's phone reloads: it rejoins its seat with a new code, and its token
    bram.page.reload()
    bram.wait("lobby")
    assert "Bram" in bram.page.inner_text("#join-open")  # "Rejoin as Bram"
    host.page.wait_for_selector(".player .dev-mark:not(.dev-here)")
    pair_by_text(host, bram, 1)
    assert host.page.evaluate("speeltafelApp.devices.table.tokens.get(1)") == token
    pages, guests = {0: host.page, 1: bram.page}, {1: bram}
    checked = []
    steps = play_out(host, pages, guests, CHOOSE, PRIORITY,
                     check=lambda seat: checked.append(check_no_secrets(bram.page, host, me=1, bot=0)))
    assert checked and steps > 10
    for d in (host, bram):
        d.page.wait_for_selector(".result")
    assert check_received(received + bram.received(here), 1, host.state_json()) > 5


CC_CHOOSE = """() => {
  document.querySelectorAll('[data-e2e-next]').forEach(e => e.removeAttribute('data-e2e-next'));
  const pick = (s) => { const el = document.querySelector(s); if (el) el.setAttribute('data-e2e-next', '1'); return !!el; };
  if (document.querySelector('#cc-confirm:not([disabled])')) return pick('#cc-confirm');
  const board = document.querySelector('.cc-board-wrap');  // the board's part of the screen
  const b = board && board.getBoundingClientRect();
  for (const c of document.querySelectorAll('#screen .cc-cell')) {  // a square wholly in the board's view
    const r = c.getBoundingClientRect();
    if (r.left >= b.left && r.right <= b.right && r.top >= b.top && r.bottom <= b.bottom) {
      c.setAttribute('data-e2e-next', '1');
      return true;
    }
  }
  return pick('#cc-none') || pick('#screen .cc-actions .cc-choice') || null;
}"""


def test_carcassonne_on_two_devices_the_host_reloads_and_another_device_takes_the_seat(table):
    host, carla, daan = table["host"], table["carla"], table["daan"]
    state, _ = P.bot_game("carcassonne", 2, 4, lambda s, v: v["tiles_left"] <= 8 and v["phase"] == "place"
                          and v["seat"] == 1)
    resume(host, with_kinds(state, ["human", "remote"]))
    host.page.wait_for_selector(".devices #dev-pair-1")
    start_join(carla)
    fits_fingers(carla.page, "the join screen at 360 px")
    assert violations(carla.page) == []
    pair_by_text(host, carla, 1)
    to_act, n, _ = now(host)
    synced(carla, n)
    fits_fingers(carla.page, "Carla's table at 360 px")
    assert carla.page.locator(".cc-drawn .cc-mini").count() == 1  # her own tile in hand
    tap(host, carla.page, CC_CHOOSE, [])  # her square
    tap(host, carla.page, CC_CHOOSE, [])  # placed
    # the host reloads: the game resumes from its save, a new code is offered
    host.page.reload()
    host.wait("table")
    host.page.wait_for_selector(".devices #dev-pair-1")
    carla.page.wait_for_selector("#join-again")  # her screen says the host does not answer
    pair_by_text(host, carla, 1)
    here = host.page.evaluate("speeltafelApp.session.save_id")
    received = carla.received(here)  # her page stayed: every message of this table
    # Carla's phone is gone (its page closed): Daan's tablet takes the seat, a new device
    token = host.page.evaluate("speeltafelApp.devices.table.tokens.get(1)")
    save_before = host.state_json()
    carla.page.close()
    host.page.wait_for_selector(".player .dev-mark:not(.dev-here)")  # gone (its link closed) or away
    pair_by_text(host, daan, 1)
    assert host.page.evaluate("speeltafelApp.devices.table.tokens.get(1)") != token
    mine = """k => speeltafelApp.session.state.actions.toJs().slice(k).some(a => a[0] === 1)"""
    for _ in range(12):  # until Daan has played a move on his tablet
        to_act, n, over = now(host)
        if over or host.page.evaluate(mine, len(json.loads(save_before)["actions"])) and 0 in to_act:
            break
        seat = to_act[0]
        if seat == 1:
            synced(daan, n)
        tap(host, daan.page if seat == 1 else host.page, CC_CHOOSE, [])
    # the seat comes to this tablet (hot-seat): Daan's device is told and let go
    host.page.click("#dev-open")
    host.page.select_option("#dev-kind-1", "human")
    host.page.click("#dev-close")
    daan.page.wait_for_selector("#join-code")
    assert "plays your seat elsewhere" in daan.page.inner_text(".join-card")
    play_out(host, {0: host.page, 1: host.page}, {}, CC_CHOOSE, [])
    host.page.wait_for_selector(".result")
    save = host.state_json()
    assert check_received(received, 1, save) > 1
    assert check_received(daan.received(here), 1, save) >= 1
