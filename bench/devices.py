"""Per-device play measured in headless Chromium (issue 25), for BENCHMARKS.md.

    make dist && PYTHONPATH=. .venv/bin/python bench/devices.py [--rounds 3] [--pings 50] [--taps 20]
        [--shots /tmp/speeltafel-devices]

A Kutschfahrt table of 6 (Anna at the host's tablet, three guests on their
own devices, two bots at instant pace), each device a browser context of one
Chromium, as in e2e/test_devices.py:

1. pairing time per device, scripted through the text codes: from the host's
   "Show a code" to the guest's table on its screen (no human in the loop);
   every guest paired `--rounds` times (a new code each time, as a re-pair);
2. the length of each code, and the QR version it takes (error correction M);
3. round trip host -> guest -> host of a small message on the data channel
   (a ping the guest's page echoes, below the app: the transport alone);
4. from a guest's tap to every screen updated (the host's and every guest's,
   the first change of its page after the tap), over `--taps` taps;
5. `--shots`: screenshots of pairing and of a game in progress, the host at
   1280x800 and a guest at 390x844.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "scripts")]

from chromium import ARGS, CHROMIUM  # noqa: E402
from serve import serve  # noqa: E402

from e2e.devices import HOST, PHONE, SMALL_PHONE, TABLET, Device, open_code, pair_by_text, start_join  # noqa: E402

# a ping the guest's page echoes at its data channel (before the app sees it),
# and the first change of each page after a moment (for tap -> screens)
PROBES = """(() => {
  window.__pongs = {};
  window.__changes = [];
  const make = RTCPeerConnection.prototype.createDataChannel;
  RTCPeerConnection.prototype.createDataChannel = function (...args) {
    const channel = make.apply(this, args);
    (window.__channels = window.__channels || []).push(channel);
    channel.addEventListener('message', (e) => {
      const text = String(e.data);
      if (text.startsWith('PING:')) { e.stopImmediatePropagation(); channel.send('PONG:' + text.slice(5)); }
      else if (text.startsWith('PONG:')) { e.stopImmediatePropagation(); window.__pongs[text.slice(5)] = performance.now(); }
    });
    return channel;
  };
  new MutationObserver(() => window.__changes.push(performance.timeOrigin + performance.now()))
    .observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
})();"""

PING = """async ([n]) => {
  const out = [];
  const open = (window.__channels || []).filter(c => c.readyState === 'open');
  for (const channel of open) {
    for (let i = 0; i < n; i++) {
      const key = Math.random().toString(36).slice(2);
      const sent = performance.now();
      channel.send('PING:' + key);
      while (!(key in window.__pongs)) await new Promise(r => setTimeout(r, 0));
      out.push(window.__pongs[key] - sent);
    }
  }
  return out;
}"""

TAP = """() => {
  const el = document.querySelector('#screen .kr-actions [data-cmd=act]');
  if (!el) return null;
  const t = performance.timeOrigin + performance.now();
  el.click();
  return t;
}"""

QR_VERSION = """src => { const svg = atob(src.split(',')[1]); const m = svg.match(/viewBox="[-\\d.]+ [-\\d.]+ ([\\d.]+)/);
  return (Number(m[1]) - 8 - 17) / 4; }"""


def stats(values):
    values = sorted(values)
    return {"n": len(values), "median": round(statistics.median(values), 1),
            "p90": round(values[int(0.9 * (len(values) - 1))], 1), "max": round(values[-1], 1)}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--pings", type=int, default=50)
    parser.add_argument("--taps", type=int, default=20)
    parser.add_argument("--shots", default="")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    server, url = serve(ROOT / "dist", 0, "/speeltafel/")
    shots = Path(args.shots) if args.shots else None
    if shots:
        shots.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM,
                                    args=ARGS + ["--disable-features=WebRtcHideLocalIpsWithMdns"])
        devices = [Device(browser, url, **o) for o in (HOST, PHONE, SMALL_PHONE, TABLET)]
        for d in devices:
            d.context.add_init_script(PROBES)
        host, guests = devices[0], devices[1:]
        names = ["Anna", "Bram", "Carla", "Daan", "Bot E", "Bot F"]
        kinds = ["human", "remote", "remote", "remote", "bot", "bot"]
        model = {"game": "kutschfahrt", "seats": 6, "options": {}, "seed": 8,
                 "players": [{"name": n, "kind": k, "level": "basic" if k == "bot" else None}
                             for n, k in zip(names, kinds)]}
        host.page.goto(url + "manifest.webmanifest")
        host.page.evaluate("m => localStorage.setItem('speeltafel:prefs', JSON.stringify({lobby: m, bot_delay_ms: 0,"
                           " lang: 'en'}))", model)
        for d in devices:
            d.page.goto(url)
        for d in devices:
            d.wait("lobby")
        host.page.click("#start")
        host.wait("table")
        host.page.wait_for_selector(".devices #dev-pair-1")
        pairing, versions = [], set()
        for _ in range(args.rounds):
            for seat, guest in enumerate(guests, 1):
                started = time.perf_counter()
                pair_by_text(host, guest, seat)
                pairing.append((time.perf_counter() - started) * 1000)
        # code lengths and QR versions, from new pairings of the first guest
        offers, answers = [], []
        for _ in range(5):
            code = open_code(host, 1)
            offers.append(len(code))
            versions.add(host.page.evaluate(QR_VERSION, host.page.get_attribute(".dev-code img.qr", "src")))
            start_join(guests[0])
            g = guests[0].page
            g.fill("#join-code", code)
            g.click("#join-go")
            g.wait_for_selector("#join-answer", state="attached")
            answer = g.locator("#join-answer").input_value()
            answers.append(len(answer))
            versions.add(g.evaluate(QR_VERSION, g.get_attribute(".join-card img.qr", "src")))
            if shots and len(offers) == 1:
                host.page.screenshot(path=str(shots / "host-pairing-1280x800.png"))
                g.screenshot(path=str(shots / "guest-answer-390x844.png"))
            host.page.fill("#dev-answer", answer)
            host.page.click("#dev-connect")
            host.page.wait_for_function("speeltafelApp.devices.table.status(1) === 'here'")
        out = {"pairing_ms": stats(pairing), "offer_chars": sorted(set(offers)), "answer_chars": sorted(set(answers)),
               "qr_versions": sorted(versions)}
        print(json.dumps(out), flush=True)
        if host.page.locator("#dev-close").count():
            host.page.click("#dev-close")
        for guest in guests:
            guest.page.wait_for_function("speeltafelApp.guest.msg")
        rtt = host.page.evaluate(PING, [args.pings])
        print(json.dumps({"round_trip_ms": stats(rtt)}), flush=True)
        # taps: a guest asked taps its first action; every page's first change after it
        taps = []
        pages = [d.page for d in devices]
        for _ in range(args.taps * 20):
            if len(taps) >= args.taps:
                break
            state = host.page.evaluate("""() => { const s = speeltafelApp.session.state;
                return [s.to_act().toJs(), s.actions.length, s.is_over()]; }""")
            to_act, n, over = state
            if over:
                break
            seat = next((s for s in to_act if 0 <= s <= 3), None)
            if seat is None:
                host.page.wait_for_function(f"speeltafelApp.session.state.actions.length > {n}")
                continue
            page = pages[seat]
            if seat:
                page.wait_for_function("n => { const m = speeltafelApp.guest.msg; return m && m.get('view')"
                                       ".get('moves') === n && m.get('legal').length > 0; }", arg=n)
            page.wait_for_selector("#screen .kr-actions:not(.kr-wait) button")
            if not page.locator("#screen .kr-actions [data-cmd=act]").count():
                page.locator("#screen .kr-actions [data-cmd=ui]").first.click()
                continue
            tapped = page.evaluate(TAP)
            host.page.wait_for_function(f"speeltafelApp.session.state.actions.length > {n}")
            if not seat:
                continue  # the host's own player: not a guest's tap
            for other in guests:
                other.page.wait_for_function("n => speeltafelApp.guest.msg.get('view').get('moves') > n", arg=n)
            firsts = [min(t for t in p.evaluate("window.__changes") if t > tapped) for p in pages]
            taps.append(max(firsts) - tapped)
            if shots and len(taps) == 5:
                host.page.screenshot(path=str(shots / "host-game-1280x800.png"))
                pages[1].screenshot(path=str(shots / "guest-game-390x844.png"))
        print(json.dumps({"tap_to_every_screen_ms": stats(taps)}), flush=True)
        for d in devices:
            d.close()
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
