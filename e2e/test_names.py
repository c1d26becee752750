"""Names are safe everywhere (ui/names.py): typed in the lobby or read from an
imported save, a name is trimmed of what does not show (a name of nothing but
a zero-width space is the seat's default), loses its bidi controls, is cut to
one length, and is shown isolated from the text around it wherever it
appears (table, hand-over, public window, log, result, replay, saved games);
a long name ends in an ellipsis and never makes a page scroll sideways, at
1280 px and at 360 px."""

from __future__ import annotations

import json

import engine
from engine.play import bot_chooser, finish

from .positions import open_lobby, save_of

W20 = "W" * 20
FSI, PDI = "\u2068", "\u2069"
NARROW, WIDE = {"width": 360, "height": 800}, {"width": 1280, "height": 800}

# every place a name shows up in the page's text or in an attribute that is
# not isolated: neither inside FSI ... PDI nor inside a <bdi>
UNISOLATED = """names => {
  const out = [];
  const inBdi = n => n.parentElement && n.parentElement.closest('bdi');
  const walk = document.createTreeWalker(document.getElementById('app'), NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    for (const name of names) {
      let i = n.data.indexOf(name);
      while (i >= 0) {
        if (n.data[i - 1] !== '\\u2068' && !inBdi(n)) out.push(n.data.slice(0, 80));
        i = n.data.indexOf(name, i + 1);
      }
    }
  }
  for (const el of document.querySelectorAll('#app [aria-label], #app [title]')) {
    for (const a of ['aria-label', 'title']) {
      const v = el.getAttribute(a) || '';
      for (const name of names) if (v.includes(name) && !v.includes('\\u2068' + name)) out.push(a + ': ' + v.slice(0, 80));
    }
  }
  return out;
}"""
SIDEWAYS = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
WIDEST = """() => [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > innerWidth + 1)
    .map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right)).slice(-4)"""


def check(page, names, where):
    """The names are isolated everywhere on the page, and it does not scroll sideways, at both widths."""
    for size in (WIDE, NARROW):
        page.set_viewport_size(size)
        assert page.evaluate(UNISOLATED, names) == [], f"a name not isolated on {where}"
        assert page.evaluate(SIDEWAYS) <= 0, f"{where} scrolls sideways at {size['width']} px: {page.evaluate(WIDEST)}"
    page.set_viewport_size(WIDE)


def test_typed_names_are_trimmed_isolated_and_never_widen_the_page(tab):
    page = open_lobby(tab, {})
    page.click("#game-kutschfahrt")
    page.select_option("#seats", "3")
    for i in (1, 2):
        page.select_option(f"#kind-{i}", "human")
    # a zero-width space, a right-to-left override with no-break spaces around, and 20 wide letters
    for i, typed in enumerate(["\u200b", "\u00a0\u202eAnna\u00a0", W20]):
        page.fill(f"#name-{i}", typed)
    for size in (WIDE, NARROW):
        page.set_viewport_size(size)
        assert page.evaluate(SIDEWAYS) <= 0, f"the lobby scrolls sideways at {size['width']} px"
    page.set_viewport_size(WIDE)
    page.click("#start")
    tab.wait("table")
    names = page.evaluate("JSON.parse(speeltafelApp.session.to_json(0)).meta.players.map(p => p.name)")
    assert names == ["Player 1", "Anna", W20], "trimmed; nothing left: the seat's default name"
    # the opening: a hand-over to the first human, who looks at their cards
    assert page.locator(".handoff h2").inner_text() == f"Hand the device to {FSI}Player 1{PDI}"
    check(page, names, "the hand-over")
    page.click("#handoff-ok")
    check(page, names, "a human looking at their cards")
    # the top bar reads in its own order: the name, then the words after it, left to right
    box = page.evaluate("""() => { const b = document.querySelector('.turn-banner'), t = b.firstChild, r = document.createRange();
        const at = s => { const i = t.data.indexOf(s); r.setStart(t, i); r.setEnd(t, i + s.length); return r.getBoundingClientRect().left; };
        return t.data.includes('Anna') ? [at('Anna'), at('to play')] : null; }""")
    if box:
        assert box[0] < box[1]
    for _ in range(3):
        page.click("#looked")
        if page.locator("#handoff-ok").count():
            page.click("#handoff-ok")
    page.wait_for_selector(".window-bar")
    check(page, names, "the public window screen")
    # a name too long for its place (a seat on the coach) ends in an ellipsis; none spills out of its box
    page.set_viewport_size(NARROW)
    shown = page.evaluate("""() => [...document.querySelectorAll('#app .pname')].map(e => {
        const box = e.closest('li, .kr-seat, td, th, .window-who, div').getBoundingClientRect(), r = e.getBoundingClientRect();
        return [e.textContent, e.scrollWidth > e.clientWidth, getComputedStyle(e).textOverflow, r.right <= box.right + 1]; })""")
    page.set_viewport_size(WIDE)
    assert all(inside for _, _, _, inside in shown), shown
    cut = [(text, how) for text, over, how, _ in shown if over]
    assert cut and all(how == "ellipsis" for _, how in cut), f"a long name is not cut with an ellipsis at 360 px: {shown}"
    page.click("#menu")
    tab.wait("lobby")
    check(page, names[1:], "the saved games")  # ("Player 1" also labels the lobby's first name field)
    assert f"{FSI}Anna{PDI}" in page.locator(".save-info").first.inner_text()


def test_an_imported_save_with_long_and_invisible_names(tab):
    """A save names its players as it likes: 100 characters, only a
    zero-width space, a right-to-left override.  Read back, each is cleaned
    and cut as the lobby's are; the table, its log, the result and the replay
    show them isolated and never wider than the screen."""
    state = finish(engine.new_game("thurn_taxis", 3, {}, 3), bot_chooser(["greedy"] * 3, seed=3))
    odd = ["W" * 100, "\u200b", "\u202eBram\u202c and more"]
    save = json.loads(save_of(state, 0, 1, 2))
    for p, name in zip(save["meta"]["players"], odd):
        p["name"] = name
    going = engine.new_game("thurn_taxis", 3, {}, 4)
    playing = json.loads(save_of(going, 0, 1))
    for p, name in zip(playing["meta"]["players"], odd):
        p["name"] = name
    page = open_lobby(tab, {"over": json.dumps(save), "going": json.dumps(playing)})
    expect = [W20, "#2", "Bram and more"]
    check(page, expect, "the saved games")
    page.evaluate("speeltafelApp.open_save('going')")
    tab.wait("table")
    assert page.evaluate("JSON.parse(speeltafelApp.session.to_json(0)).meta.players.map(p => p.name)") == expect
    check(page, expect, "a hand-over")
    page.click("#handoff-ok")
    check(page, expect, "the table of an imported save")
    page.click("#menu")
    page.evaluate("speeltafelApp.open_save('over')")
    page.wait_for_selector(".result")
    check(page, expect, "the result")
    page.click(".result [data-cmd=menu]")
    page.evaluate("speeltafelApp.open_replay('over')")
    tab.wait("replay")
    check(page, expect, "the replay")
