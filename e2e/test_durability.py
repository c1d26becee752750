"""A move the table shows as made is kept (issue 23), in the real browser:
killed hard right after a move, with localStorage filled to its quota, and
with every Storage method throwing.  Moves are tapped on Carcassonne's board
(e2e/durable.py); the wording is checked in English, the same keys in nl/de
are checked in tests/test_journal.py and by the words' own tests."""

from __future__ import annotations

import json

from tests.reliability_cases import PREFIX, save_text

from .conftest import Tab
from .durable import kill_trials, moves, saved_actions, tap_a_move

# the suite's trials: one at each delay of the issue (bench/durability.py runs the 20 of BENCHMARKS.md)
DELAYS = (0.2, 1, 3)

FILL = """() => {  // localStorage up to its quota: halving pieces until not one more character fits
  let piece = 1 << 20, i = 0;
  while (piece >= 1) {
    try { localStorage.setItem('fill:' + i, '0'.repeat(piece)); i++; } catch (e) { piece = Math.floor(piece / 2); }
  }
  return i;
}"""
BLOCKED = """(() => {  // every Storage method throws, as in some private modes
  const no = () => { throw new DOMException('The operation is insecure.', 'SecurityError'); };
  for (const m of ['getItem', 'setItem', 'removeItem', 'key', 'clear']) Storage.prototype[m] = no;
  Object.defineProperty(Storage.prototype, 'length', { get: no });
})();"""


TWO_TABS = """async () => {  // writes as two tabs make them: after revision 0, 0 again, 1, 0 again
  const j = speeltafelJournal, out = [];
  out.push(await j.put('tabs', 'a', 0));
  out.push(await j.put('tabs', 'b', 0));  // revision 1 exists: nothing written, the newest said
  out.push(await j.put('tabs', 'c', 1));
  out.push(await j.put('tabs', 'd', 0));  // written under the newer revision 2, which is said
  const newest = async () => new Promise(ok => {
    const r = indexedDB.open('speeltafel-journal');
    r.onsuccess = () => { const q = r.result.transaction('saves').objectStore('saves').getAll();
      q.onsuccess = () => { const mine = q.result.filter(x => x.id === 'tabs').sort((x, y) => y.rev - x.rev);
        ok(mine.length ? mine[0].text : null); }; };
  });
  out.push(await newest());
  out.push(await j.remove('tabs'));
  out.push(await newest());
  return out;
}"""


def test_a_browser_killed_right_after_a_move_keeps_every_move(browser, site, tmp_path):
    results = kill_trials(browser.browser_type, tmp_path / "profile", site, DELAYS)
    assert [r["delay"] for r in results] == list(DELAYS)
    assert sum(r["lost"] for r in results) == 0, results


def notice(page):
    return page.locator(".notice[role=alert]").inner_text()


def test_localstorage_full_keeps_moves_says_so_warns_before_leaving_and_before_a_new_game(tab):
    page = tab.start_game("carcassonne", [("Anna", "human", None), ("Bram", "human", None)])
    done = save_text("carcassonne", 2, 1000, seed=8)  # a finished game, to be deleted to make room
    assert json.loads(done)["meta"]["over"]
    tab.set_storage({PREFIX + "done": done})
    tap_a_move(page)
    assert page.evaluate(FILL) > 0
    for _ in range(3):
        tap_a_move(page)
    shown = json.loads(tab.state_json())["actions"]
    assert len(saved_actions(page)) == len(shown) - 3, "localStorage is full: it lacks the last three"
    text = notice(page)
    assert text.startswith("There is no more room in this browser's storage for saved games (")
    assert "Only in the table's backup journal (the browser's database): this game's newest moves (3 moves)." in text
    assert "delete finished games in the lobby (1 finished game, " in text and " kB in all)" in text
    assert "The last move was not saved" not in text and "previous save" not in text
    # "back to the lobby" warns first, with where the moves are; staying keeps the table
    page.click("#menu")
    dialog = page.locator(".leave[role=alertdialog]")
    assert dialog.is_visible() and "(3 moves)" in dialog.inner_text()
    assert page.evaluate("document.body.dataset.ready") == "table"
    page.click("#leave-stay")
    assert page.locator(".leave").count() == 0
    # a reload: every move is there, and the table says so again
    page.reload()
    tab.wait("table")
    assert json.loads(tab.state_json())["actions"] == shown
    assert "(3 moves)" in notice(page)
    # leaving anyway: the lobby says the storage is full and shows the games' sizes
    page.click("#menu")
    page.click("#leave-anyway")
    tab.wait("lobby")
    assert notice(page).startswith("There is no more room")
    assert "each shows its size below" in notice(page)
    assert " kB" in page.locator('.save[data-save="done"] .save-where').inner_text()
    assert page.locator(".save-where", has_text="newest moves only in the backup journal").count() == 1
    # a new game while storage is full says so before its first move
    page.click("#start")
    tab.wait("table")
    assert moves(page) == 0
    text = notice(page)
    assert text.startswith("There is no more room") and "backup journal" in text


def test_blocked_storage_is_said_at_start_and_the_journal_keeps_the_game(browser, site):
    t = Tab(browser, site)
    try:
        t.context.add_init_script(BLOCKED)
        page = t.open()
        text = notice(page)
        assert text.startswith("This browser does not let the table use its storage for saved games")
        assert "New moves are kept only in the table's backup journal" in text
        assert "delete" not in text.lower()
        page.click("#start")
        t.wait("table")
        assert "This game is kept only in the table's backup journal" in notice(page)
        tap_a_move(page)  # the lobby's first game: Carcassonne, the human (seat 1) begins
        shown = json.loads(t.state_json())["actions"]
        assert "previous save" not in notice(page)
        page.reload()
        t.wait("table")
        assert json.loads(t.state_json())["actions"] == shown
        # the journal's own check of another tab's writes (web/journal.js), on this page
        assert page.evaluate(TWO_TABS) == [
            {"ok": True, "rev": 1}, {"ok": False, "rev": 1, "text": "a"}, {"ok": True, "rev": 2},
            {"ok": False, "rev": 2, "text": "c"}, "c", {"ok": True}, None]
        assert t.errors == [] and t.foreign == []
    finally:
        t.close()
