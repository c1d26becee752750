"""The replay of a finished game (ui/replay.py, ui/replay_cmds.py): every
step equals the engine's game after that many moves, forward and back and
by turns; kept states make a step cost a bounded number of moves even in a
game of 2,000; a game going on is never replayed; a damaged save is said,
never a crash; it opens from the saved games and after an import, through
the real App in CPython (only ui/dom.py is replaced)."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

from . import fake_dom, test_startup_faults as startup_faults
from .reliability_cases import PREFIX, PREFS, save_text
from .ui_support import FakeStorage, run_async

dom = fake_dom.install()

import engine  # noqa: E402
from engine.play import bot_chooser, finish  # noqa: E402
from engine.protocol import replay as engine_replay  # noqa: E402
from engine.saves import SaveError  # noqa: E402
from ui import i18n, lobby, replay, screens  # noqa: E402
from ui.names import isolate  # noqa: E402

NAMES = ["Anna", "Bram", "Carla", "Daan"]


@pytest.fixture(autouse=True)
def only_the_real_screens(monkeypatch):
    monkeypatch.setattr(screens, "_ROOTS", ["ui.screens"])


def finished(game, seats, seed=1, level=1):
    state = engine.new_game(game, seats, {}, seed)
    return finish(state, bot_chooser([engine.bots.LEVELS[game][level]] * seats, seed=seed))


def save_of(state, over=None):
    players = [{"name": NAMES[i], "kind": "human" if i == 0 else "bot", "level": None if i == 0 else "random"}
               for i in range(state.seats)]
    meta = {"players": players, "names": NAMES[:state.seats], "created": 1, "updated": 2,
            "over": state.is_over() if over is None else over, "viewer": 0, "notes": {"1": "Bram is lying"}}
    return state.to_json(meta=meta)


def open_tab(saves: dict, lang="en"):
    """A tab on a storage holding `saves` (id -> save text), in `lang`."""
    backend = FakeStorage()
    for save_id, text in saves.items():
        backend.setItem(PREFIX + save_id, text)
    backend.setItem(PREFS, json.dumps({"lang": lang, "bot_delay_ms": 60_000}))
    return startup_faults.open_tab(backend, lang)


def html(page):
    return page.elements["app"].html


def board(page):
    """The game's screen only (not the log beside it)."""
    return html(page).split('<aside class="side">')[0]


def text(markup: str) -> str:
    """What a reader sees of some markup."""
    return unescape(re.sub(r"<[^>]+>", "", markup))


def shown_step(page):
    return tuple(int(x) for x in re.search(r'id="replay-at">\D*(\d+)\D+(\d+)', html(page)).groups())


def told(app):
    return [key for key, _ in app.told[0]]


# --------------------------------------------------------------- stepping
@pytest.mark.parametrize("game,seats,seed", [("carcassonne", 2, 2), ("thurn_taxis", 3, 1), ("kutschfahrt", 4, 3)])
def test_every_step_forward_and_back_is_the_engines_game_after_that_many_moves(game, seats, seed):
    final = finished(game, seats, seed)
    rp = replay.Replay(final, [], every=7)
    walker = engine.new_game(game, seats, {}, seed)
    prints = [walker.fingerprint()]
    for seat, action in final.actions:
        walker.apply(seat, action)
        prints.append(walker.fingerprint())
    assert rp.step == 0 and rp.state.fingerprint() == prints[0]
    for k in range(1, rp.n + 1):
        rp.move("forward")
        assert rp.step == k and rp.state.fingerprint() == prints[k], k
    rp.move("forward")
    assert rp.step == rp.n, "no step past the end"
    for k in range(rp.n - 1, -1, -1):
        rp.move("back")
        assert rp.step == k and rp.state.fingerprint() == prints[k], k
    rp.move("back")
    assert rp.step == 0
    for k in (rp.n, 3, rp.n // 2, rp.n // 2 + 1, 0, rp.n - 1):
        rp.go(k)
        assert rp.state.fingerprint() == prints[k], k
    # the kept states were never changed by stepping on from them
    for k, kept in rp.kept.items():
        assert kept.fingerprint() == prints[k], k


def test_turn_jumps_land_where_the_engines_turn_counter_moves_on():
    final = finished("thurn_taxis", 3, 4)
    rp = replay.Replay(final, [])
    walker = engine.new_game("thurn_taxis", 3, {}, 4)
    turns = [walker.turn]
    for seat, action in final.actions:
        walker.apply(seat, action)
        turns.append(walker.turn)
    starts = [k for k in range(1, rp.n + 1) if turns[k] != turns[k - 1]]
    assert len(starts) > 20 and starts != list(range(1, rp.n + 1)), "turns of several moves"
    rp.go(starts[3] + 1)  # inside a turn: back to its start, then to the one before
    rp.move("prev-turn")
    assert rp.step == starts[3]
    rp.move("prev-turn")
    assert rp.step == starts[2]
    rp.move("next-turn")
    assert rp.step == starts[3] and rp.new_after == starts[2], "the whole turn jumped over is new"
    rp.go(starts[-1])
    rp.move("next-turn")
    assert rp.step == rp.n
    rp.go(starts[0] - 1 if starts[0] > 1 else 1)
    rp.move("prev-turn")
    assert rp.step == 0
    rp.move("end")
    assert rp.step == rp.n
    rp.move("start")
    assert rp.step == 0


class Counting:
    """Counts the moves applied and the states cloned while a replay steps."""

    def __init__(self, monkeypatch, state_class):
        self.applied = self.cloned = 0
        apply, clone = state_class.apply, state_class.clone

        def counted_apply(state, seat, action):
            self.applied += 1
            return apply(state, seat, action)

        def counted_clone(state):
            self.cloned += 1
            return clone(state)

        monkeypatch.setattr(state_class, "apply", counted_apply)
        monkeypatch.setattr(state_class, "clone", counted_clone)

    def take(self):
        done, self.applied, self.cloned = (self.applied, self.cloned), 0, 0
        return done


def test_a_long_game_steps_at_a_bounded_cost_from_kept_states(monkeypatch):
    final = finished("thurn_taxis", 4, 3, level=0)  # random bots: a long game
    assert len(final.actions) > 1000
    rp = replay.Replay(final, [])
    every = rp.every
    assert every >= replay.EVERY and rp.n // every <= replay.MOST_KEPT
    count = Counting(monkeypatch, type(final))
    rp.move("end")
    assert count.take() == (0, 0), "the end is the save's own final state"
    rp.move("back")  # the first step back replays the game once, keeping a state every `every` moves
    applied, cloned = count.take()
    assert applied == rp.n - 1 and cloned == (rp.n - 1) // every + 1
    assert len(rp.kept) <= replay.MOST_KEPT + 2
    for _ in range(every + 5):  # every further step back: a clone and fewer than `every` moves (none onto a kept one)
        rp.move("back")
        applied, cloned = count.take()
        assert applied < every and cloned == (rp.step not in rp.kept)
    for _ in range(every + 5):  # a step forward: one move (and a clone only when leaving a kept state)
        rp.move("forward")
        applied, cloned = count.take()
        assert applied <= 1 and cloned <= 1 and (applied or rp.step in rp.kept)
    rp.go(rp.n // 2)
    applied, cloned = count.take()
    assert applied < every and cloned == 1


# ------------------------------------------------------- what is refused
def test_a_game_going_on_is_never_replayed():
    going = save_text("kutschfahrt", 4, 30)
    assert not engine.load(going).is_over()
    with pytest.raises(replay.NotOver):
        replay.Replay.from_text(going)
    with pytest.raises(replay.NotOver):
        replay.Replay(engine.load(going), [])
    # a save whose table claims it is over does not fool it: the engine decides
    claims = json.loads(going)
    claims["meta"]["over"] = True
    page, app = open_tab({"g1": json.dumps(claims)})
    assert 'data-cmd="save-replay" data-arg="g1"' in html(page)
    app.dispatch("save-replay", "g1", None, "click")
    assert app.replay is None and page.ready == "lobby" and told(app) == ["replay.not_over"]
    assert i18n.FRAME["en"]["replay.not_over"] in html(page) and "Anna" not in board(page)


def test_the_saved_games_offer_a_replay_of_finished_games_only():
    words = i18n.Words("en")
    row = {"id": "g1", "damaged": False, "game": "carcassonne", "seats": 2, "names": ["A", "B"], "moves": 9,
           "updated": 0}
    assert 'data-cmd="save-replay"' in lobby.render_saves([dict(row, over=True)], words, 0)
    assert 'data-cmd="save-replay"' not in lobby.render_saves([dict(row, over=False)], words, 0)
    damaged = {"id": "g2", "damaged": True, "error": SaveError("not_json")}
    assert 'data-cmd="save-replay"' not in lobby.render_saves([damaged], words, 0)


@pytest.mark.parametrize("lang", ["nl", "en", "de"])
def test_a_damaged_save_is_said_in_words_and_set_aside_never_a_crash(lang):
    good = save_of(finished("carcassonne", 2, 5))
    bad = json.loads(good)
    bad["actions"][7][1] = dict(bad["actions"][7][1], x=99)  # a move the rules refuse
    page, app = open_tab({"g1": json.dumps(bad), "g2": "{not json", "g3": good}, lang)
    app.dispatch("save-replay", "g1", None, "click")
    assert app.replay is None and page.ready == "lobby" and told(app) == ["replay.failed"]
    why = app.told[0][0][1]["why"]
    assert why.key == "replay_failed" and why.params == {"move": 8}
    words = i18n.Words(lang)
    assert app.message == words.t("replay.failed", why=words.why(why)) and "{" not in app.message
    assert 'class="save damaged"' in html(page) and "g1" in app.set_aside
    assert page.backend.getItem(PREFIX + "g1") == json.dumps(bad), "kept as it is"
    with pytest.raises(SaveError):
        replay.Replay.from_text("{not json")
    app.dispatch("save-replay", "gone", None, "click")
    assert told(app) == ["saves.missing"]
    app.dispatch("save-replay", "g3", None, "click")
    assert page.ready == "replay", "the good one still replays"


# ------------------------------------------------------------ at the table
def test_from_the_saved_games_list_step_by_buttons_slider_and_keys():
    final = finished("carcassonne", 3, 2)
    page, app = open_tab({"g1": save_of(final)})
    app.dispatch("save-replay", "g1", None, "click")
    n = len(final.actions)
    assert page.ready == "replay" and shown_step(page) == (0, n)
    assert 'data-cmd="act"' not in html(page), "nothing can be played in a replay"
    assert 'id="undo"' not in html(page) and 'id="hint"' not in html(page)
    assert 'id="replay-back"' in html(page) and re.search(r'id="replay-back"[^>]*disabled', html(page))
    app.dispatch("replay-step", "forward", None, "click")
    assert shown_step(page) == (1, n)
    assert page.keys("ArrowRight") is True and shown_step(page) == (2, n)
    assert page.keys("ArrowLeft") is True and shown_step(page) == (1, n)
    assert page.keys("a") is False and shown_step(page) == (1, n)
    page.keys("End")
    assert shown_step(page) == (n, n) and re.search(r'id="replay-forward"[^>]*disabled', html(page))
    # the final board is the result: every player's total in the players panel
    scores = final.result()["scores"]
    shown = [int(s) for s in re.findall(r'<span class="score">(\d+)</span>', html(page))]
    assert shown == scores
    assert i18n.FRAME["en"]["table.over"] in html(page)
    app.dispatch("result-open", "", None, "click")
    assert 'class="result"' in html(page) and page.keys("ArrowLeft") is False, "keys wait for the dialog"
    app.dispatch("result-close", "", None, "click")
    page.keys("Home")
    assert shown_step(page) == (0, n)
    el = fake_dom.Element("replay-to")
    el.value = str(n - 1)
    app.dispatch("replay-to", "", el, "input")  # while dragged: nothing
    assert shown_step(page) == (0, n)
    app.dispatch("replay-to", "", el, "change")
    assert shown_step(page) == (n - 1, n)
    assert [int(s) for s in re.findall(r'<span class="score">(\d+)</span>', html(page))] == \
        engine_replay("carcassonne", 3, final.options, final.seed, final.actions[:n - 1]).view(None)["scores"]
    app.dispatch("menu", "", None, "click")
    assert page.ready == "lobby" and app.replay is None and page.keys("ArrowRight") is False


def test_seen_by_draws_each_seats_own_view_and_the_whole_table_sees_every_entry():
    final = finished("kutschfahrt", 4, 2)
    page, app = open_tab({"g1": save_of(final)})
    app.dispatch("save-replay", "g1", None, "click")
    rp = app.replay
    words = app.words
    occupations = [final.view(s)["me"]["occupation"] for s in range(4)]
    assert len(set(occupations)) == 4
    # the whole table: the public view on the board, every private entry in the log, with whose it was
    dealt = [e for who, e in rp.state.events if who and e["k"] == "dealt"]
    assert len(dealt) == 4
    log = text(html(page).split('<aside class="side">')[1])
    for e in dealt:
        assert f'{words.t("replay.only", names=isolate(NAMES[e["seat"]]))} {words.entry(e)}' in log
    assert not any(words.name(o) in board(page) for o in occupations), "the public board hides them"
    for seat in range(4):
        el = fake_dom.Element("replay-seat")
        el.value = str(seat)
        app.dispatch("replay-seat", "", el, "change")
        assert rp.seat == seat and f'<option value="{seat}" selected>' in html(page)
        shown = board(page)
        assert words.name(occupations[seat]) in shown, seat
        assert not any(words.name(o) in shown for i, o in enumerate(occupations) if i != seat)
        log = text(html(page).split('<aside class="side">')[1])
        mine = [e for e in dealt if e["seat"] == seat]
        assert words.entry(mine[0]) in log and all(words.entry(e) not in log for e in dealt if e not in mine)
    el.value = "1"
    app.dispatch("replay-seat", "", el, "change")
    assert "Bram is lying" in html(page) and 'data-cmd="note"' not in html(page), "notes shown, not written"
    el.value = ""
    app.dispatch("replay-seat", "", el, "change")
    assert rp.seat is None
    app.dispatch("lang", "", type("E", (), {"value": "de"})(), "change")
    assert i18n.FRAME["de"]["replay.everyone"] in html(page) and page.ready == "replay"
    assert not app.words.missing


def test_an_imported_finished_game_is_offered_for_replay_at_once():
    async def main():
        page, app = open_tab({})
        text = save_of(finished("thurn_taxis", 2, 3))
        el = fake_dom.Element("import")
        el.value = text
        await app.cmd_save_import("", el, "change")
        assert told(app) == ["saves.imported_over"]
        (save_id,) = [k[len(PREFIX):] for k in page.backend.items if k.startswith(PREFIX)]
        assert app.offer == save_id
        assert f'class="save offered" data-save="{save_id}"' in html(page)
        assert re.search(rf'<button type="button" class="primary" id="replay-{save_id}" data-cmd="save-replay"',
                         html(page))
        app.dispatch("save-replay", save_id, None, "click")
        assert page.ready == "replay"
        page.keys("End")
        scores = [int(s) for s in re.findall(r'<span class="score">(\d+)</span>', html(page))]
        assert scores == json.loads(json.dumps(engine.load(text).result()["scores"]))
        app.dispatch("menu", "", None, "click")
        assert app.offer is None and 'class="save offered"' not in html(page)
        # a game still going on is imported as before, with nothing to replay
        el.value = save_text("thurn_taxis", 2, 5, seed=4)
        await app.cmd_save_import("", el, "change")
        assert told(app) == ["saves.imported"] and app.offer is None
    run_async(main())


def test_the_replay_words_exist_in_every_language():
    keys = [k for k in i18n.FRAME["en"] if k.startswith("replay.")] + ["saves.replay", "saves.imported_over"]
    assert len(keys) > 15
    for lang in i18n.LANGS:
        assert all(i18n.FRAME[lang].get(k) for k in keys), lang


def test_a_name_tapped_in_a_replay_opens_the_rules_and_the_keys_wait_for_them():
    async def main():
        page, app = open_tab({"g1": save_of(finished("thurn_taxis", 2, 3))})
        app.dispatch("save-replay", "g1", None, "click")
        assert 'data-cmd="rules"' in html(page), "names on the board and in the log are taps"
        await app.cmd_rules("wagner", None, "click")  # the Cartwright's name
        assert 'class="rules"' in html(page) and "for the carriage only" in html(page)
        assert page.ready == "replay" and page.keys("ArrowRight") is False and app.replay.step == 0
        app.cmd_rules_close("", None, "click")
        assert 'class="rules"' not in html(page) and page.keys("ArrowRight") is True and app.replay.step == 1
    run_async(main())


def test_the_line_above_the_board_says_the_step_and_at_most_a_few_entries_of_a_long_turn():
    final = finished("kutschfahrt", 4, 2)
    rp = replay.Replay(final, [{"name": n} for n in NAMES])
    words = i18n.Words("en", "kutschfahrt", lambda s: NAMES[s])
    say = replay.kit.Say(replay.context(rp, words))
    assert text(replay.render_line(rp, say)) == words.t("replay.begin")
    rp.move("forward")
    line = text(replay.render_line(rp, say))
    entries = [e for _, _, e in rp.log() if e["move"] == 1]
    assert line.startswith(words.t("replay.move", k=1, name=isolate(NAMES[final.actions[0][0]])))
    assert all(words.entry(e) in line for e in entries) or not entries
    while True:  # a turn of many entries, jumped over at once
        was = rp.step
        rp.move("next-turn")
        many = [e for _, _, e in rp.log() if was < e["move"] <= rp.step]
        if len(many) > replay.LINE or rp.step == rp.n:
            break
    assert len(many) > replay.LINE
    line = text(replay.render_line(rp, say))
    assert line.startswith(words.t("replay.moves", a=was + 1, k=rp.step))
    assert words.entry(many[replay.LINE - 1]) in line and words.entry(many[-1]) not in line
    assert line.endswith(words.t("since.more", n=len(many) - replay.LINE))
