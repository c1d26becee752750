"""A table made for fingers, read by machines: late-game positions of every
game (Carcassonne after 60 tiles with 5 players, Thurn und Taxis in its last
round, Kutschfahrt with 10 players) loaded from saves made here with the
engine, every target on the screen measured at 1280x800 and 800x1280 (at
least 44x44 CSS px; a board mark too small for a finger is no target, its
choice is made in a close-up), names that never break mid-word, and axe-core
(node_modules, a pinned devDependency) finding no serious or critical
violation on the lobby, each table, the hand-over, the result and the rules
reference.  One page for the whole file."""

from __future__ import annotations

import json

import pytest

from .axe import violations
from .conftest import DIST_GAMES
from . import positions as P

LANDSCAPE = {"width": 1280, "height": 800}
PORTRAIT = {"width": 800, "height": 1280}
SIZES = (LANDSCAPE, PORTRAIT)
SETTLED = """s => window.innerWidth === s.width && window.innerHeight === s.height
    && new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))"""
TAP = 44

# every target a finger may hit (the outermost one where targets nest), and
# its box; a checkbox inside its label is tapped through the label
SMALL = """tap => {
  const sel = 'button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button], [data-cmd]';
  const out = [];
  for (const el of document.querySelectorAll(sel)) {
    if (el.parentElement && el.parentElement.closest(sel)) continue;
    if (el.disabled || el.getAttribute('aria-disabled') === 'true' || el.closest('[inert]')) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility === 'hidden' || cs.pointerEvents === 'none') continue;
    let box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;  // not shown
    const label = el.matches('input') && el.closest('label');
    if (label) box = label.getBoundingClientRect();
    if (el.getAttribute('aria-hidden') === 'true' && el.dataset.cmd) {
      // a piece of a target drawn apart (a city's name on the map): measured with the target it extends
      const same = `[data-cmd="${el.dataset.cmd}"][data-arg="${el.dataset.arg || ''}"]:not([aria-hidden=true])`;
      for (const other of document.querySelectorAll(same)) {
        const o = other.getBoundingClientRect();
        const l = Math.min(box.left, o.left), t = Math.min(box.top, o.top);
        box = {width: Math.max(box.right, o.right) - l, height: Math.max(box.bottom, o.bottom) - t,
               left: l, top: t, right: Math.max(box.right, o.right), bottom: Math.max(box.bottom, o.bottom)};
      }
    }
    if (box.width < tap - 0.5 || box.height < tap - 0.5)
      out.push(`${el.tagName.toLowerCase()}.${(el.getAttribute('class') || '').replace(/ /g, '.')}`
               + ` "${(el.getAttribute('aria-label') || el.textContent).trim().slice(0, 40)}"`
               + ` ${Math.round(box.width)}x${Math.round(box.height)}`);
  }
  return out;
}"""
COUNT = """sel => [...document.querySelectorAll(sel)].filter(e => e.getClientRects().length).length"""

# names that wrap inside a word: a word whose text spans two line boxes
BROKEN = """sel => {
  const out = [];
  for (const el of document.querySelectorAll(sel)) {
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      for (const m of n.data.matchAll(/\\S+/g)) {
        const r = document.createRange();
        r.setStart(n, m.index); r.setEnd(n, m.index + m[0].length);
        const tops = new Set([...r.getClientRects()].filter(b => b.width > 0).map(b => Math.round(b.top)));
        if (tops.size > 1) out.push(m[0]);
      }
    }
  }
  return out;
}"""


def _resize(page, size):
    page.set_viewport_size(size)
    page.wait_for_function(SETTLED, arg=size)


def _small_targets(page):
    return page.evaluate(SMALL, TAP)


def _measure_both_ways(page, must_show: str):
    """Every target is finger-sized in both orientations; `must_show` proves
    the stage looked at is the one wanted."""
    for size in SIZES:
        _resize(page, size)
        assert page.evaluate(COUNT, must_show), f"{must_show} is not on the screen at {size}"
        small = _small_targets(page)
        assert small == [], f"targets under {TAP}x{TAP} px at {size}: {small[:8]}"


def _no_grave_violations(page, where):
    found = violations(page)
    assert found == [], f"axe on {where}: {found}"


@pytest.fixture(scope="module")
def page(module_tab):
    return module_tab.page


def _open(module_tab, save, ready="table", lang="en"):
    items = {"speeltafel:save:g1": save, "speeltafel:current": "g1",
             "speeltafel:prefs": json.dumps({"lang": lang, "bot_delay_ms": 600_000})}
    page = module_tab.page
    module_tab.replace_storage(items)
    page.goto(module_tab.site)
    module_tab.wait(ready)
    return page


def test_carcassonne_after_60_tiles_with_5_players(module_tab):
    state, seat = P.late_carcassonne("place")
    page = _open(module_tab, P.save_of(state, seat))
    # the placement squares on the board: at least the minimum tile size however large the board
    _measure_both_ways(page, "#cc-board .cc-cell")
    _no_grave_violations(page, "the Carcassonne table")
    # the list of squares, opened
    page.click(".cc-list-toggle")
    _measure_both_ways(page, ".cc-opt")
    # the rules reference, opened from a tap on the pig's segment
    page.click(".cc-pigseg button.item")
    page.wait_for_selector(".rules")
    _measure_both_ways(page, ".rules button")
    _no_grave_violations(page, "the rules reference")


def test_carcassonne_follower_spots_and_crown_spaces_in_close_ups(module_tab):
    state, seat = P.late_carcassonne("follower")
    assert any(a.get("type") == "crown" for a in state.legal_actions(seat)), "pick a position with free crowns"
    page = _open(module_tab, P.save_of(state, seat))
    _measure_both_ways(page, ".cc-crowns .cc-choice")
    # the marks on the board are no targets: a tap there does nothing a finger must aim for
    assert page.locator("#cc-board .cc-spot[data-cmd]").count() == 0
    page.click(".cc-crowns .cc-choice")
    page.wait_for_selector("#cc-confirm")
    _measure_both_ways(page, "#cc-confirm")


def test_thurn_taxis_in_its_last_round(module_tab):
    state, seat = P.late_thurn_taxis("draw")
    page = _open(module_tab, P.save_of(state, seat))
    _measure_both_ways(page, ".tt-take")
    _no_grave_violations(page, "the Thurn und Taxis table")
    _rules_reference(page, "Thurn und Taxis")


def test_thurn_taxis_first_turn_says_two_draws_are_compulsory_and_nothing_is_used(module_tab):
    state, seat = P.opening("thurn_taxis", 3)
    page = _open(module_tab, P.save_of(state, seat))
    officials = page.locator(".tt-officials").inner_text().lower()
    assert "used" not in officials, officials
    assert "compulsory" in page.locator(".tt-offcard", has_text="Postmaster").inner_text().lower()
    assert "compulsory" in page.locator(".turn-banner").inner_text().lower()


@pytest.mark.parametrize("lang", ["nl", "en", "de"])
def test_thurn_taxis_names_never_break_mid_word(module_tab, lang):
    state, seat = P.long_names_thurn_taxis()
    page = _open(module_tab, P.save_of(state, seat), lang=lang)
    assert page.locator(".tt-open [data-city=braunschweig]").count() == 1
    for size in SIZES:
        _resize(page, size)
        broken = page.evaluate(BROKEN, ".tt-card, .tt-sname, .tt-official, .tt-label, .tt-player")
        assert broken == [], f"names broken mid-word at {size}: {broken}"


def test_thurn_taxis_scoring_offers_the_cartwright_with_the_carriage_it_earns(module_tab):
    state, seat = P.scoring_thurn_taxis()
    view = state.view(seat)
    page = _open(module_tab, P.save_of(state, seat))
    wagner = page.locator(".tt-score .tt-wagner")
    assert wagner.count() == 2  # without and with the Cartwright, inside the scoring panel
    plain, more = view["prompt"].get("carriage"), view["prompt"].get("wagner_carriage")
    assert more and str(more) in wagner.nth(1).inner_text(), (more, wagner.nth(1).inner_text())
    assert (str(plain) in wagner.nth(0).inner_text()) if plain else "no new" in wagner.nth(0).inner_text()
    assert "used" not in page.locator(".tt-officials").inner_text().lower()
    wagner.nth(1).click()
    page.wait_for_selector(".tt-score .tt-wagner[aria-pressed=true]:has(svg)")
    _measure_both_ways(page, ".tt-score-go")
    _no_grave_violations(page, "the Thurn und Taxis scoring")


def test_kutschfahrt_with_10_players(module_tab):
    state, seat = P.late_kutschfahrt("turn")
    page = _open(module_tab, P.save_of(state, seat))
    _measure_both_ways(page, "#screen .kr-actions button")
    _no_grave_violations(page, "the Kutschfahrt table")
    # the steps of a trade and of an attack: the seats to choose, the objects to offer
    for mode in ("mode:offer", "mode:attack"):
        page.click(f'#screen [data-cmd=ui][data-arg="{mode}"]')
        page.wait_for_selector('#screen [data-cmd=ui][data-arg="cancel"]')
        if mode == "mode:offer":  # the object first, then whom to offer it
            _measure_both_ways(page, '#screen [data-cmd=ui][data-arg^="pick:"]')
            page.click('#screen [data-cmd=ui][data-arg^="pick:"]')
        _measure_both_ways(page, "#screen .kr-seat.kr-target")
        _no_grave_violations(page, f"the Kutschfahrt table ({mode})")
        page.click('#screen [data-cmd=ui][data-arg="cancel"]')
        page.wait_for_selector('#screen [data-cmd=ui][data-arg="cancel"]', state="detached")
    _rules_reference(page, "Kutschfahrt")


def _rules_reference(page, where):
    """The rules reference, opened from the table in one tap: its targets and axe."""
    page.click("#rules-open")
    page.wait_for_selector(".rules #rules-entry-h")
    _measure_both_ways(page, ".rules .rules-link")
    _no_grave_violations(page, f"the rules reference ({where})")
    page.click("#rules-close")
    page.wait_for_selector(".rules", state="detached")


SWEEP = {"kutschfahrt": 7, "carcassonne": 4, "thurn_taxis": 3}


@pytest.mark.parametrize("game", SWEEP)
def test_every_kind_of_step_is_made_for_fingers(module_tab, game):
    """The first position of each kind of step in a game of random moves
    (trades, struggles, the plague, discards, ...): every target in both
    orientations."""
    kinds = P.stages(game, SWEEP[game], seed=7)
    assert len(kinds) >= 3, kinds.keys()
    for kind, save in kinds.items():
        page = _open(module_tab, save)
        for size in SIZES:
            _resize(page, size)
            small = _small_targets(page)
            assert small == [], f"{kind} at {size}: targets under {TAP}x{TAP} px: {small[:8]}"


def test_hand_over_and_result(module_tab):
    state, seat = P.late_kutschfahrt("turn")
    other = (seat + 1) % state.seats
    page = _open(module_tab, P.save_of(state, seat, other), ready="table")
    # two humans: the turn is asked in public first, then the device passes
    page.wait_for_selector(".window-bar .window-forward")
    _measure_both_ways(page, ".window-bar .window-forward")
    _no_grave_violations(page, "the public window")
    page.click(".window-bar .window-forward")
    page.wait_for_selector("#handoff-ok")
    _measure_both_ways(page, "#handoff-ok")
    _no_grave_violations(page, "the hand-over screen")

    done = P.finished("thurn_taxis", 4)
    page = _open(module_tab, P.save_of(done, 0))
    page.wait_for_selector(".result")
    _measure_both_ways(page, ".result button")
    _no_grave_violations(page, "the result screen")


def test_lobby(module_tab):
    page = module_tab.page
    module_tab.replace_storage({})
    module_tab.open()
    for game in DIST_GAMES:  # every game the site offers (the registry's)
        page.click(f"#game-{game}")
        page.wait_for_selector(f"#game-{game}[aria-pressed=true]")
        _measure_both_ways(page, "#start")
        _no_grave_violations(page, f"the lobby ({game})")


def test_the_rules_text_is_fetched_only_when_opened_and_only_its_language(module_tab):
    """The first visit stays small: a language's rules text comes when the
    reference is first opened (the app zip holds only the index)."""
    state, seat = P.opening("carcassonne", 2)
    asked = []
    page = module_tab.page
    page.on("request", lambda r: asked.append(r.url))
    _open(module_tab, P.save_of(state, seat), lang="de")
    assert not [u for u in asked if "/rules/" in u], "rules text fetched before the reference was opened"
    page.click("#rules-open")
    page.wait_for_selector(".rules #rules-entry-h")
    fetched = [u.rsplit("/", 1)[1] for u in asked if "/rules/" in u]
    assert fetched == ["carcassonne.de.json"], fetched
