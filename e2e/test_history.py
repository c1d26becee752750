"""The log keeps the whole story in the page: a game of a thousand entries
shows its newest, folds the older ones behind buttons, opens a fold with its
button kept in view and keeps it open (and the log where it was scrolled)
while the table is drawn again; with every fold open every entry is there."""

from __future__ import annotations

from e2e.positions import bot_game, open_table, save_of

LOG_LENGTH = "speeltafelApp.session.shown_view().get('log').length"
# the entry (or fold) at the top of the log's view and where it starts (px below the view's top)
TOP_ENTRY = """() => { const box = document.getElementById('log-scroll').getBoundingClientRect();
  const el = document.elementFromPoint(box.left + box.width / 2, box.top + 2).closest('.log-entry, .log-fold');
  return [el.textContent, Math.round(el.getBoundingClientRect().top - box.top)]; }"""


def _in_log_view(page, selector):
    box = page.locator(".log-scroll").bounding_box()
    el = page.locator(selector).bounding_box()
    return box["y"] - 1 <= el["y"] and el["y"] + el["height"] <= box["y"] + box["height"] + 1


def test_a_thousand_entries_folded_opened_and_kept(tab):
    state, seat = bot_game("kutschfahrt", 10, 1, lambda s, v: len(v["log"]) >= 1000)
    page = open_table(tab, save_of(state, seat))
    n = page.evaluate(LOG_LENGTH)
    assert n >= 1000
    folds = page.locator("button.log-fold")
    assert folds.count() >= 10 and page.locator(".log-entry").count() < 100
    assert _in_log_view(page, ".log-entry >> nth=-1"), "the newest entry is not in view"
    second = folds.nth(1)
    fold_id = second.get_attribute("id")
    second.click()
    page.wait_for_selector(f"#{fold_id}[aria-expanded=true]")
    assert _in_log_view(page, f"#{fold_id}"), "the opened fold's button left the view"
    part = second.get_attribute("aria-controls")
    assert _in_log_view(page, f"#{part} .log-entry >> nth=0"), "the opened fold's first entry is not in view"
    # a tap that leaves no focus on the button (Safari's way): the fold comes into view all the same
    fourth = folds.nth(3)
    page.evaluate("arg => { document.activeElement.blur(); speeltafelApp.dispatch('log-fold', arg, null, 'click'); }",
                  fourth.get_attribute("data-arg"))
    assert _in_log_view(page, f"#{fourth.get_attribute('aria-controls')} .log-entry >> nth=0")
    seen = page.evaluate(TOP_ENTRY)
    page.evaluate("speeltafelApp.render_table()")  # drawn again, as after a bot's move
    assert page.locator(f"#{fold_id}").get_attribute("aria-expanded") == "true"
    assert page.evaluate(TOP_ENTRY) == seen, "the log jumped"
    for i in range(folds.count()):
        if folds.nth(i).get_attribute("aria-expanded") == "false":
            folds.nth(i).click()
    page.wait_for_function(f"document.querySelectorAll('.log-entry').length === {n}")
