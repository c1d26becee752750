"""A redraw changes only what changed (issue 26): what the player did to the
page survives the table being drawn again, with no code that keeps it.

- Kutschfahrt, bots moving while the human reads: their move, drawn part
  by part over a few frames, is drawn whole; the log scrolled back
  stays where it was read (and offers "newest"), an open fold of "What I
  know" stays open, the focused control (one without an id) keeps the focus.
- Thurn und Taxis: a card chosen but not yet laid keeps its glowing cities,
  their animation running on (not started again) through a redraw.
- Carcassonne: a square chosen and the tile turned, not yet placed, stays so
  on the very same nodes; the board still pans and zooms once per wheel turn
  (its listeners neither lost nor doubled);
  a focused control a drawing takes away loses the focus after the frame, not
  in the middle of the morph (where Chromium lays the half-changed page out).

And "Continue" from a lobby scrolled down opens the table at its top.

Each would fail with the table rebuilt by innerHTML (the drawing before issue 26)."""

from __future__ import annotations

from e2e.positions import bot_game, open_table, save_of

MOVES = "speeltafelApp.session.state.actions.length"
# the entry at the top of the log's view and where it starts (px below the view's top)
TOP_ENTRY = """() => { const box = document.getElementById('log-scroll').getBoundingClientRect();
  const el = document.elementFromPoint(box.left + box.width / 2, box.top + 4).closest('.log-entry, .log-fold');
  return [el.id, Math.round(el.getBoundingClientRect().top - box.top)]; }"""
FRAMES = "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))"
# the table as it is now is on the page: a bot's move is drawn over a few frames (ui/drawing.py)
DRAWN = """() => !speeltafelApp.draw_asked
    && document.querySelector('.table-frame').dataset.decision === String(speeltafelApp.session.decision)"""


# the page is what one whole drawing of the table makes of it (the parts' versions aside)
SAME_AS_WHOLE = """() => { const app = document.getElementById('app');
    const page = () => app.innerHTML.replace(/ data-memo="\\d+"/g, '');
    const was = page(); speeltafelApp.render_table(); return page() === was; }"""


# a drawing of two parts, one inside the other, drawn one part a call: what the page shows after each
NESTED_PARTS = """() => {
    const root = document.createElement('div'), look = () => [root.querySelector('p').textContent,
        document.getElementById('t-in').getAttribute('class'), document.getElementById('t-in') === inner];
    document.body.append(root);
    root.innerHTML = '<section id="t-out" data-frame><p>old</p><svg id="t-in" class="old" data-frame><rect/></svg></section>';
    const inner = document.getElementById('t-in');
    const parsed = speeltafelParse('<section id="t-out" data-frame><p>new</p><svg id="t-in" class="new" data-frame>'
                                   + '<rect width="2"/></svg></section>', root);
    speeltafelMorphPart(root, parsed);
    const seen = [look()];
    speeltafelMorphPart(root, parsed);
    seen.push(look(), speeltafelMorphPart(root, parsed));
    speeltafelMorph(root, parsed);
    seen.push(inner.querySelector('rect').getAttribute('width') === '2' ? 'new' : 'old');
    root.remove();
    return seen; }"""


# a focused control without an id that a drawing takes away (the tapped action, mostly): the morph in an
# animation frame, with the page's layout made dirty first as a drawing's own changes make it
FOCUS_TAKEN = """() => new Promise(done => {
    const root = document.createElement('div'), seen = [];
    document.body.append(root);
    root.innerHTML = '<div class="t-group"><button type="button">go</button></div><p>stays</p>';
    const button = root.querySelector('button');
    let morphing = false;
    button.focus();
    seen.push(document.activeElement === button ? 'focused' : 'not focused');
    button.addEventListener('blur', () => seen.push(morphing ? 'blurred in the morph' : 'blurred after it'));
    const parsed = speeltafelParse('<p>stays</p>', root);
    requestAnimationFrame(() => {
        root.querySelector('p').style.paddingTop = '3px';
        morphing = true;
        speeltafelMorph(root, parsed);
        morphing = false;
        seen.push(root.contains(button) ? 'in the table' : 'out of the table');
        setTimeout(() => setTimeout(() => {
            seen.push(document.activeElement === document.body ? 'focus on the page' : 'focus elsewhere',
                      button.isConnected ? 'still in the page' : 'let go');
            root.remove();
            done(seen);
        }), 0);
    });
})"""


def _bots_move(page, moves=1):
    """Let the bots play (pace instant) until `moves` more moves are made and drawn, then wait again."""
    before = page.evaluate(MOVES)
    page.evaluate("speeltafelApp.set_pace('instant')")
    page.wait_for_function(f"{MOVES} >= {before + moves}")
    page.evaluate("speeltafelApp.bot_delay_ms = 60000")  # the next bot waits a minute: the table stays
    page.wait_for_function(DRAWN)


def test_bots_moving_keep_the_log_read_the_fold_open_and_the_focus(tab):
    def stop(state, view):  # a bot's turn; the human after it has seen much (older rounds folded)
        if view["phase"] != "turn":
            return False
        after = (state.to_act()[0] + 1) % state.seats
        return sum(1 for e in state.view(after)["log"] if e.get("private")) >= 30
    state, seat = bot_game("kutschfahrt", 6, 1, stop)
    human = (seat + 1) % state.seats
    page = open_table(tab, save_of(state, human))
    assert page.locator(".kr-fold").count() >= 2
    fold = page.locator("#" + page.locator(".kr-fold").nth(1).get_attribute("id"))
    fold.locator("summary").click()
    assert fold.evaluate("d => d.open")
    # the log read further back: wheeled up over it, as a player does
    box = page.locator("#log-scroll").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.wheel(0, -300)
    page.wait_for_function("document.getElementById('log-scroll').scrollTop < -250")
    page.wait_for_selector(".log-newest", state="visible")
    read = page.evaluate(TOP_ENTRY)
    help_button = page.locator(".kr-helprow button")
    assert help_button.get_attribute("id") is None
    help_button.focus()
    page.evaluate("document.activeElement.__mine = true")  # this very node (an attribute would be redrawn)
    newest = page.locator(".log-entry").last.get_attribute("id")
    _bots_move(page)
    # drawn over several frames, part by part: the page is what one whole drawing makes of the table
    # (the parts' versions aside: a part holding a part drawn anew is sent again once, ui/memo.py)
    assert page.evaluate(SAME_AS_WHOLE), "a part of the move was not drawn"
    assert page.locator(".log-entry").last.get_attribute("id") != newest, "no entry came"
    assert fold.evaluate("d => d.open"), "the open fold closed"
    assert page.evaluate("document.activeElement && document.activeElement.__mine === true"), "the focus was lost"
    assert page.evaluate(TOP_ENTRY) == read, "the log did not stay where it was read"
    assert page.locator(".log-newest").is_visible()
    page.click(".log-newest")  # back to the newest: the log follows the game again
    page.wait_for_function("document.getElementById('log-scroll').scrollTop === 0")
    page.wait_for_selector(".log-newest", state="hidden")


def test_a_chosen_card_keeps_its_cities_glowing_through_a_redraw(tab):
    state, seat = bot_game("thurn_taxis", 3, 4, lambda s, v: v["phase"] == "play" and len(s.actions) > 6)
    page = open_table(tab, save_of(state, seat))
    page.locator("#screen [data-cmd=ui][data-arg^='sel:']").first.click()
    glow = page.locator(".tt-glow").first
    glow.wait_for()
    started = glow.evaluate("c => { c.__mine = true; return c.getAnimations()[0].currentTime; }")
    page.select_option("#pace", "fast")  # the table is drawn again
    page.wait_for_function("speeltafelApp.pace === 'fast'")
    page.evaluate(FRAMES)
    assert page.locator("#screen [data-cmd=ui][data-arg^='sel:'][aria-pressed=true]").count() == 1
    again = page.locator(".tt-glow").first
    assert again.evaluate("c => c.__mine === true"), "the glowing city was drawn anew"
    assert again.evaluate("(c, t) => c.getAnimations()[0].currentTime > t", started), "the glow started again"


def test_a_square_chosen_and_turned_stays_and_the_board_still_zooms(tab):
    state, seat = bot_game("carcassonne", 3, 2, lambda s, v: v["phase"] == "place" and len(v["tiles"]) > 8)
    page = open_table(tab, save_of(state, seat))
    places = [(a["x"], a["y"]) for a in state.legal_actions(seat) if a["type"] == "place"]
    x, y = next(c for c in places if places.count(c) > 1)  # a square where the tile turns more than one way
    page.click("#cc-list-toggle")
    page.click(f"#cc-opt-{x}_{y}")
    page.wait_for_selector("#cc-rotate:has-text('(1/'):enabled")
    page.click("#cc-rotate")
    page.wait_for_selector("#cc-rotate:has-text('(2/')")
    preview = page.locator(".cc-preview")
    preview.evaluate("p => { p.__mine = true; }")
    label = page.locator("#cc-rotate").inner_text()
    page.select_option("#pace", "slow")  # the table is drawn again
    page.wait_for_function("speeltafelApp.pace === 'slow'")
    page.evaluate(FRAMES)
    assert page.locator("#cc-rotate").inner_text() == label
    assert page.locator(".cc-preview").evaluate("p => p.__mine === true"), "the chosen square was drawn anew"
    # a focused control the drawing keeps (inside a part sent as a placeholder) keeps the focus
    page.locator("#cc-rotate").evaluate("b => { b.focus(); b.__mine = true; }")
    page.evaluate("speeltafelApp.request_draw()")
    page.wait_for_function(DRAWN)
    assert page.evaluate("document.activeElement.__mine === true"), "the focus left a control that stays"
    # one wheel turn over the board zooms once (its listeners kept, not added twice)
    box = page.locator(".cc-board-wrap").bounding_box()  # the board's part of the screen
    width = page.evaluate("+document.getElementById('cc-board').dataset.view.split(' ')[2]")
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.wheel(0, -100)
    page.wait_for_function(f"+document.getElementById('cc-board').dataset.view.split(' ')[2] !== {width}")
    after = page.evaluate("+document.getElementById('cc-board').dataset.view.split(' ')[2]")
    assert abs(width / after - 1.15) < 0.01, f"one wheel turn zoomed {width / after:.3f} times"
    # the tile placed: its move drawn part by part (the board a part inside the screen's part) is
    # what one whole drawing makes of the table
    page.evaluate("speeltafelApp.bot_delay_ms = 60000")  # the next bot waits a minute: the table stays
    moves = page.evaluate(MOVES)
    page.locator("#cc-confirm").evaluate("b => b.focus()")
    page.click("#cc-confirm")
    page.wait_for_function(f"{MOVES} > {moves}")
    page.wait_for_function(DRAWN)
    assert page.evaluate(SAME_AS_WHOLE), "a part of the move was not drawn"
    # a part inside a part (the board inside the screen) is drawn a frame before the part around it,
    # on the page's very node, and the one around it passes it by (web/morph.js, speeltafelMorphPart)
    assert page.evaluate(NESTED_PARTS) == [["old", "new", True], ["new", "new", True], False, "new"]
    # a focused control the drawing takes away is let go after the frame, not blurred in the middle of
    # the morph (where Chromium lays the half-changed page out on the spot: web/morph.js putAway)
    seen = page.evaluate(FOCUS_TAKEN)
    assert "blurred in the morph" not in seen, seen
    assert [s for s in seen if not s.startswith("blurred")] == [
        "focused", "out of the table", "focus on the page", "let go"], seen
    # a lobby scrolled down: "Continue" opens the table at its top (issue 23), its question in view
    page.click("#menu")
    tab.wait("lobby")
    page.set_viewport_size({"width": 390, "height": 844})
    resume = page.locator("[data-cmd=save-resume]").first
    resume.scroll_into_view_if_needed()
    page.evaluate("window.scrollBy(0, 10000)")
    assert page.evaluate("window.scrollY") > 200
    resume.click()
    page.wait_for_function("document.body.dataset.ready === 'table' && window.scrollY === 0")
