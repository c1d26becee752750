"""A move the table shows as made is kept (issue 23): the write-ahead journal
(ui/journal.py), the storage's status (ui/storage.py), what the player is
told (ui/save_status.py), and the real App (ui/app.py) with localStorage
full, blocked or refusing, in CPython; only ui/dom.py is replaced
(tests/fake_dom.py, whose FakeJournal stands for web/journal.js).
The browser's side, a browser killed after a move, is e2e/test_durability.py."""

from __future__ import annotations

import json

from . import fake_dom
from .reliability_cases import CURRENT, PREFIX, save_text
from .ui_support import FakeStorage, run_async

dom = fake_dom.install()

from ui import save_status  # noqa: E402
from ui.app import App  # noqa: E402
from ui.journal import CONFLICT, FAILED, SAVED, Journal, newest_first  # noqa: E402
from ui.storage import SaveStore  # noqa: E402


def with_meta(text, **meta):
    save = json.loads(text)
    save["meta"].update(meta)
    return json.dumps(save)


def log(text):
    return json.loads(text)["actions"]


# ----------------------------------------------------------- newest_first
def test_the_newer_copy_comes_first_and_the_same_copy_once():
    short = save_text("carcassonne", 2, 3, seed=5)
    long = save_text("carcassonne", 2, 6, seed=5)
    assert log(long)[:3] == log(short)
    later = with_meta(long, updated=1_700_000_000_000)
    assert newest_first(short, later) == [later, short]  # the journal ran ahead of localStorage
    assert newest_first(later, short) == [later, short]
    # an undo: the shorter one was written last, so it is what the table showed
    undone = with_meta(short, updated=1_800_000_000_000)
    assert newest_first(later, undone) == [undone, later]
    # written at the same moment: the longer log first
    assert newest_first(short, long)[0] == long
    assert newest_first(None, short, None, short) == [short]
    assert newest_first("[[[", short) == [short, "[[["], "an unreadable copy is tried last"
    assert newest_first() == []


# ------------------------------------------------------------------ journal
def write_all(journal, save_id, *texts):
    async def main():
        for text in texts:
            journal.write(save_id, text)
        await journal.idle()
    run_async(main())


def test_a_write_is_issued_at_once_and_only_the_newest_waiting_text_follows():
    backend = fake_dom.FakeJournal()
    journal = Journal(backend)
    told = []
    journal.listener = lambda save_id, outcome: told.append(outcome)
    texts = [save_text("carcassonne", 2, n, seed=5) for n in (1, 2, 3, 4)]

    async def main():
        journal.write("g", texts[0])
        assert backend.puts == 1 and backend.text("g") == texts[0], "the first write starts when asked"
        for text in texts[1:]:
            journal.write("g", text)
        assert backend.puts == 1, "the others wait for it"
        await journal.idle()
    run_async(main())
    assert backend.text("g") == texts[-1] and backend.puts == 2, "only the newest waiting text is written"
    assert journal.holds("g", texts[-1]) and told == [SAVED, SAVED] and backend.current == "g"


def test_two_tabs_never_write_over_each_others_moves():
    backend = fake_dom.FakeJournal()
    start = save_text("carcassonne", 2, 2, seed=5)
    a, b = Journal(backend), Journal(backend)
    write_all(a, "g", start)
    run_async(b.load())
    assert b.holds("g", start)
    ahead = save_text("carcassonne", 2, 4, seed=5)
    write_all(a, "g", ahead)
    told = []
    b.listener = lambda save_id, outcome: told.append(outcome)
    other = save_text("carcassonne", 2, 3, seed=6)  # B played something else from its older position
    write_all(b, "g", other)
    assert told == [CONFLICT] and backend.text("g") == ahead and b.texts["g"] == ahead
    # an earlier point of B's own game is no conflict: B writes over it (an undo made in A, say)
    told.clear()
    longer = save_text("carcassonne", 2, 5, seed=5)
    write_all(b, "g", longer)
    assert told == [SAVED] and backend.text("g") == longer
    # a record deleted in another tab: writing keeps the game (as in localStorage)
    async def remove():
        a.remove("g")
        await a.idle()
    run_async(remove())
    assert backend.text("g") is None
    write_all(b, "g", longer)
    assert backend.text("g") == longer


def test_a_failing_journal_says_so_and_recovers():
    backend = fake_dom.FakeJournal()
    journal = Journal(backend)
    told = []
    journal.listener = lambda save_id, outcome: told.append(outcome)
    backend.fail = True
    text = save_text()
    write_all(journal, "g", text)
    assert told == [FAILED] and not journal.works and not journal.holds("g", text)
    backend.fail = False
    write_all(journal, "g", text)
    assert told[-1] == SAVED and journal.works
    off = Journal(None)
    assert off.write("g", text) is None and not off.works
    broken = fake_dom.FakeJournal()
    broken.fail = True
    unread = Journal(broken)
    run_async(unread.load())
    assert unread.state == "off"


# ------------------------------------------------------------------ storage
class Refusing(FakeStorage):
    """Every Storage method throws (some private modes)."""

    def _no(self, *args):
        raise RuntimeError("SecurityError: The operation is insecure.")

    getItem = setItem = removeItem = key = _no

    @property
    def length(self):
        self._no()


def test_the_storage_says_whether_it_is_ok_full_or_blocked():
    assert SaveStore(FakeStorage()).probe() == "ok"
    full = FakeStorage(limit=300_000)
    full.setItem(PREFIX + "old", "x" * 290_000)
    assert SaveStore(full).probe() == "full"
    assert SaveStore(FakeStorage(limit=0)).probe() == "blocked", "no room on an empty storage: nothing to delete"
    assert SaveStore(Refusing()).probe() == "blocked"
    assert full.getItem("speeltafel:probe") is None and len(full.items) == 1, "the probe leaves nothing behind"


def test_the_notices_tell_the_truth():
    keys = lambda notices: [k for k, _ in notices]  # noqa: E731
    room = (5_000_000, 2, 30_000)
    assert save_status.table_notice("ok", True, 0) == []
    assert keys(save_status.table_notice("full", True, 3, room)) == [
        "store.full", "store.journal_moves", "store.todo_full"]
    assert save_status.table_notice("full", True, 3, room)[1][1] == {"n": 3}
    assert keys(save_status.table_notice("full", False, 3, room))[1] == "store.lost_moves"
    assert keys(save_status.table_notice("full", True, 0, (1, 0, 0))) == [
        "store.full", "store.journal_soon", "store.todo_full_none"]
    assert keys(save_status.table_notice("blocked", True, None)) == [
        "store.blocked", "store.journal_game", "store.todo_export"]
    assert keys(save_status.lobby_notice("blocked", False)) == [
        "store.blocked", "store.lost_new", "store.todo_export_lobby"]
    assert save_status.leave_notice("full", True, 0, room) == []
    assert keys(save_status.leave_notice("failed", False, 2)) == ["store.failed", "store.lost_moves"]
    assert save_status.unsaved([[0, 1], [1, 2]], [[0, 1]]) == 1
    assert save_status.unsaved([[0, 1]], [[0, 1], [1, 2]]) == 0  # an undo: nothing of the game is missing
    assert save_status.unsaved([[0, 1]], None) is None
    assert save_status.unsaved([[0, 1], [1, 2], [0, 3]], [[0, 1], [1, 9]]) == 2, "a copy that went another way"
    assert save_status.unsaved([[0, 1], (1, 2), [0, 3]], [[0, 1], [1, 2]]) == 1, "an entry of another type, same value"


# ------------------------------------------------------------- the real App
class Browser:
    """One browser: localStorage and the journal outlive its tabs."""

    def __init__(self, storage=None, journal=True):
        self.storage = storage if storage is not None else FakeStorage()
        self.journal = fake_dom.FakeJournal() if journal else None

    async def open(self, lang="en-GB"):
        page = fake_dom.Page(self.storage, lang, journal=self.journal)
        dom.page = page
        app = App()
        await app.journal.load()
        app.start()
        return page, app


def told(app):
    return [key for key, _ in app.told[0]]


def saving(app):
    return [key for key, _ in app.saving]


def play(app, n):
    for _ in range(n):
        app.play(app.session.my_legal()[0])


def sit_down(browser, moves=2):
    """A Carcassonne game of two humans in progress."""
    text = save_text("carcassonne", 2, moves, seed=5, kinds=("human", "human"))
    browser.storage.setItem(PREFIX + "g", text)
    browser.storage.setItem(CURRENT, "g")
    return text


def finished_game():
    """A finished game that takes more room than a new game needs (its meta
    carries a field of 70 000 characters that the table ignores)."""
    return with_meta(save_text("carcassonne", 2, 300, seed=8), pad="x" * 70_000)


def fill_up(storage):
    """From now on nothing more fits (an old finished game takes the room)."""
    storage.setItem(PREFIX + "done", finished_game())
    storage.limit = sum(len(k) + len(v) for k, v in storage.items.items())


def test_full_storage_keeps_every_move_says_so_warns_before_leaving_and_gives_them_back():
    browser = Browser()
    sit_down(browser)

    async def main():
        page, app = await browser.open()
        play(app, 1)
        fill_up(browser.storage)
        play(app, 3)
        await app.journal.idle()
        actions = [list(a) for a in app.session.state.actions]
        assert len(log(browser.storage.getItem(PREFIX + "g"))) == 3, "localStorage stopped at move 3"
        assert log(browser.journal.text("g")) == actions, "the journal has every move"
        # the table says where the moves are and what to do, with the finished game's size
        assert saving(app) == ["store.full", "store.journal_moves", "store.todo_full"]
        html = page.elements["app"].html
        assert "this game&#x27;s newest moves (3 moves)" in html and "1 finished game, " in html
        assert "The last move was not saved" not in html
        # "back to the lobby" warns first; "stay" stays
        app.dispatch("menu", "", None, "click")
        assert page.ready == "table" and 'id="leave-stay"' in page.elements["app"].html
        assert "(3 moves)" in page.elements["app"].html.split('class="leave"')[1]
        app.dispatch("leave-stay", "", None, "click")
        assert 'class="leave"' not in page.elements["app"].html
        assert not page.unsafe(), "the journal holds the moves: closing the page loses nothing"
        app.dispatch("menu", "", None, "click")
        app.dispatch("menu", "anyway", None, "click")
        assert page.ready == "lobby"
        # the lobby says the storage is full and shows each game's size; the game is listed at 6 moves
        assert told(app)[:3] == ["store.full", "store.journal_new", "store.todo_full_lobby"]
        lobby = page.elements["app"].html
        assert lobby.count('class="save-where"') >= 3 and " kB</span>" in lobby
        assert "6 moves" in lobby and "newest moves only in the backup journal" in lobby
        # a browser restart brings all 6 back
        page2, app2 = await browser.open()
        assert page2.ready == "lobby"  # left for the lobby: nothing in progress
        app2.dispatch("save-resume", "g", None, "click")
        assert [list(a) for a in app2.session.state.actions] == actions
        app2.dispatch("menu", "anyway", None, "click")
        # room is made by deleting the finished game: the next resume writes every move back to localStorage
        app2.dispatch("save-delete", "done", None, "click")
        assert app2.store.status == "ok" and told(app2) == []
        app2.dispatch("save-resume", "g", None, "click")
        assert log(browser.storage.getItem(PREFIX + "g")) == actions and app2.saving == []
        app2.stop_bots()
    run_async(main())


def test_the_save_after_a_move_reads_nothing_back_and_writes_only_that_move(monkeypatch):
    """At 1,000 log entries a save must cost little (issue 26): after a resume
    the first move's save parses nothing localStorage holds (this tab read
    it when it sat down) and writes the text of that move alone; what both
    copies get is still the whole save as json.dumps writes it."""
    browser = Browser()
    sit_down(browser, moves=30)
    import engine.saves

    parsed, entries = [], []
    parse, dumps = engine.saves.parse, json.dumps
    monkeypatch.setattr(engine.saves, "parse", lambda text: parsed.append(1) or parse(text))
    monkeypatch.setattr(json, "dumps", lambda value, **kw: (
        entries.append(1) if isinstance(value, list) and len(value) == 2 and isinstance(value[1], dict) else None)
        or dumps(value, **kw))

    async def main():
        page, app = await browser.open()
        parsed.clear(), entries.clear()
        play(app, 1)
        assert parsed == [], "the stored save was read back and parsed"
        assert len(entries) == 1, "the log's text was written again"
        await app.journal.idle()
        stored = browser.storage.getItem(PREFIX + "g")
        assert stored == browser.journal.text("g") == dumps(json.loads(stored), sort_keys=True, separators=(",", ":"))
        assert len(log(stored)) == len(app.session.state.actions) == 31 and app.saving == []
    run_async(main())


def test_storage_filled_before_three_moves_and_a_reload_keeps_all_and_resumes():
    browser = Browser()
    sit_down(browser)

    async def main():
        page, app = await browser.open()
        fill_up(browser.storage)
        browser.storage.removeItem(CURRENT)  # the mark did not reach the disk either
        play(app, 3)
        await app.journal.idle()
        actions = [list(a) for a in app.session.state.actions]
        page2, app2 = await browser.open()  # no mark in localStorage: the journal's names the game
        assert page2.ready == "table" and [list(a) for a in app2.session.state.actions] == actions
        assert saving(app2)[1] == "store.journal_moves" and app2.saving[1][1] == {"n": 3}
    run_async(main())


def test_an_undo_made_while_storage_is_full_stays_undone_after_a_reload():
    browser = Browser()
    sit_down(browser)

    async def main():
        page, app = await browser.open()
        play(app, 1)  # a tile placed: it can be taken back
        assert app.session.can_undo()
        before = len(app.session.state.actions)
        browser.storage.limit = 0  # even a shorter save does not fit now
        app.dispatch("undo", "", None, "click")
        await app.journal.idle()
        assert len(log(browser.storage.getItem(PREFIX + "g"))) == before  # localStorage still has the tile
        page2, app2 = await browser.open()
        assert len(app2.session.state.actions) == before - 1, "the newest save wins, not the longest"
    run_async(main())


def test_blocked_storage_is_said_at_start_and_the_first_move_keeps_no_phantom_save():
    browser = Browser(Refusing())

    async def main():
        page, app = await browser.open("nl-NL")
        assert told(app) == ["store.blocked", "store.journal_new", "store.todo_export_lobby"]
        assert app.message.startswith("Deze browser laat de speeltafel")
        app.dispatch("lobby-start", "", None, "click")
        assert saving(app) == ["store.blocked", "store.journal_game", "store.todo_export"]
        play(app, 1)
        await app.journal.idle()
        html = page.elements["app"].html
        assert "vorige opslag" not in html and "Delete" not in html
        assert saving(app)[1] == "store.journal_game", "the game itself was never in localStorage"
        save_id = app.session.save_id
        page2, app2 = await browser.open("nl-NL")  # reopened: the journal names the game and has it
        assert page2.ready == "table" and app2.session.save_id == save_id
        assert len(app2.session.state.actions) == len(app.session.state.actions)
        app.stop_bots()
        app2.stop_bots()
    run_async(main())


def test_quota_on_an_empty_storage_is_blocked_not_delete_old_games():
    browser = Browser(FakeStorage(limit=0), journal=False)

    async def main():
        page, app = await browser.open()
        assert told(app) == ["store.blocked", "store.lost_new", "store.todo_export_lobby"]
        assert "delete" not in app.message.lower()
        app.dispatch("lobby-start", "", None, "click")
        assert saving(app) == ["store.blocked", "store.lost_game", "store.todo_export"]
        assert page.unsafe(), "nothing keeps this game: the browser asks before closing"
        app.stop_bots()
    run_async(main())


def test_a_new_game_with_room_in_storage_says_nothing_of_storage():
    # it is saved before it is drawn: a table drawn first said "saving failed,
    # kept only in the journal" until the first move (nothing redrew it)
    browser = Browser()

    async def main():
        page, app = await browser.open("en-GB")
        app.dispatch("lobby-start", "", None, "click")
        assert len(app.session.state.actions) == 0
        assert saving(app) == []
        assert browser.storage.getItem(PREFIX + app.session.save_id) is not None
        assert "failed" not in page.elements["app"].html
        app.stop_bots()
    run_async(main())


def test_a_new_game_in_full_storage_says_so_before_the_first_move():
    storage = FakeStorage()
    storage.setItem(PREFIX + "done", finished_game())
    storage.limit = sum(len(k) + len(v) for k, v in storage.items.items()) + 3_000  # a new game's start fits
    browser = Browser(storage)

    async def main():
        page, app = await browser.open("de-DE")
        assert told(app)[0] == "store.full"
        app.dispatch("lobby-start", "", None, "click")
        assert len(app.session.state.actions) == 0, "said before the first move"
        assert saving(app)[0] == "store.full" and saving(app)[1] in ("store.journal_soon", "store.journal_game")
        assert "Im Speicher dieses Browsers für gespeicherte Spiele ist kein Platz mehr" in page.elements["app"].html
        app.stop_bots()
    run_async(main())


def test_without_journal_a_full_storage_says_the_moves_are_not_saved_and_leaving_says_they_are_lost():
    browser = Browser(journal=False)
    sit_down(browser)

    async def main():
        page, app = await browser.open()
        fill_up(browser.storage)
        play(app, 2)
        assert saving(app) == ["store.full", "store.lost_moves", "store.todo_full"]
        assert page.unsafe()
        app.dispatch("menu", "", None, "click")
        assert "they are lost when this page is closed" in page.elements["app"].html.split('class="leave"')[1]
    run_async(main())


def test_a_journal_that_fails_during_play_is_said_at_once():
    browser = Browser()
    sit_down(browser)

    async def main():
        page, app = await browser.open()
        fill_up(browser.storage)
        browser.journal.fail = True
        play(app, 1)
        assert saving(app)[1] == "store.journal_moves"  # expected to hold, until its answer comes
        await app.journal.idle()
        assert saving(app)[1] == "store.lost_moves", "the failure is said when the journal answers"
        assert "they are lost when this page is closed" in page.elements["app"].html
    run_async(main())


def test_a_journal_newer_than_local_storage_wins_at_start_up_and_is_written_back():
    browser = Browser()
    old = sit_down(browser)

    async def main():
        page, app = await browser.open()
        play(app, 2)
        await app.journal.idle()
        newest = browser.journal.text("g")
        browser.storage.setItem(PREFIX + "g", old)  # the browser was killed before localStorage reached the disk
        page2, app2 = await browser.open()
        assert log(browser.storage.getItem(PREFIX + "g")) == log(newest)
        assert len(app2.session.state.actions) == len(log(newest)) and app2.saving == []
    run_async(main())


def test_two_tabs_with_blocked_storage_meet_in_the_journal():
    browser = Browser(Refusing())

    async def main():
        page_a, a = await browser.open()
        a.dispatch("lobby-start", "", None, "click")
        await a.journal.idle()
        page_b, b = await browser.open()
        assert b.session.save_id == a.session.save_id
        dom.page = page_a
        play(a, 1)
        await a.journal.idle()
        dom.page = page_b
        b.play(b.session.my_legal()[-1])  # B still at the start plays another move: it must not replace A's
        await b.journal.idle()
        assert b.conflict and len(log(browser.journal.text(a.session.save_id))) == len(a.session.state.actions)
        a.stop_bots()
        b.stop_bots()
    run_async(main())


def test_notes_show_their_limit_and_count():
    browser = Browser()
    browser.storage.setItem(PREFIX + "k", save_text("kutschfahrt", 3, 0, seed=2, kinds=("human", "bot", "bot")))
    browser.storage.setItem(CURRENT, "k")

    async def main():
        page, app = await browser.open()
        html = page.elements["app"].html
        assert 'maxlength="4000"' in html and 'id="notes-count"' in html and "0 of 4000 characters" in html
        el = fake_dom.Element("notes")
        el.value = "Anna 🐍"
        app.dispatch("note", str(app.session.viewer), el, "input")
        assert page.texts["notes-count"] == "7 of 4000 characters", "counted as the browser counts (UTF-16)"
        app.stop_bots()
    run_async(main())


def test_every_warning_is_worded_in_nl_en_and_de():
    import itertools
    import re

    from ui.i18n import FRAME, LANGS, Words

    room = (5_200_000, 2, 12_000)
    notices = set()
    for local, journal, behind in itertools.product(("ok", "full", "blocked", "failed"), (True, False), (None, 0, 1, 3)):
        for made in (save_status.table_notice(local, journal, behind, room),
                     save_status.leave_notice(local, journal, behind, room),
                     save_status.lobby_notice(local, journal, room)):
            notices.update((key, tuple(sorted(params.items()))) for key, params in made)
    notices.add(("store.todo_full", (("n", 0), ("size", save_status.Size(0)))))
    keys = {k for k in FRAME["en"] if k.split(".")[0] in ("store", "leave", "size")}
    keys |= {"saves.journal_game", "saves.journal_moves", "saves.not_imported", "notes.count"}
    assert {key for key, _ in notices} <= keys
    for lang in LANGS:
        words = Words(lang)
        for key in keys:
            assert FRAME[lang].get(key), (lang, key)
            assert re.findall(r"\{\w+", FRAME[lang][key]) == re.findall(r"\{\w+", FRAME["en"][key]), (lang, key)
        for key, params in notices:
            params = {k: words.size(v) if isinstance(v, save_status.Size) else v for k, v in params}
            text = words.t(key, **params)
            assert "{" not in text and text.strip(), (lang, key, text)
        assert words.size(12_000) == "12 kB" and words.size(5_200_000) == ("5.2 MB" if lang == "en" else "5,2 MB")
        assert not words.missing, (lang, words.missing)


def test_a_game_deleted_in_another_tab_is_not_listed_again_from_the_journal():
    browser = Browser()
    sit_down(browser)

    async def main():
        page_a, a = await browser.open()
        a.dispatch("menu", "anyway", None, "click")
        page_b, b = await browser.open()
        assert 'data-save="g"' in page_b.elements["app"].html
        dom.page = page_a
        a.dispatch("save-delete", "g", None, "click")  # A deletes it; B hears of it
        await a.journal.idle()
        dom.page = page_b
        for listener in page_b.storage_listeners:
            listener(PREFIX + "g", None)
        assert 'data-save="g"' not in page_b.elements["app"].html and browser.journal.text("g") is None
    run_async(main())


def test_a_finished_game_only_the_journal_holds_is_replayed_and_exported_from_it():
    browser = Browser(Refusing())
    done = save_text("carcassonne", 2, 1000, seed=8)
    browser.journal.records["done"] = {"text": done, "rev": 1}

    async def main():
        page, app = await browser.open()
        assert 'data-save="done"' in page.elements["app"].html
        app.dispatch("save-export", "done", None, "click")
        assert page.downloads[-1][1] == done
        app.dispatch("save-replay", "done", None, "click")
        assert page.ready == "replay", app.message
    run_async(main())
