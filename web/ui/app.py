"""The table in the browser: lobby ↔ game, clicks → actions, autosave, bots.

The only module (with `dom.py`) that touches the page.  A tap arrives as a
DOM event on an element with `data-cmd`; the matching `cmd_*` method turns it
into an engine action or a change of screen; the page is rendered anew from
the engine's view.  Lobby commands, saves, the bot loop, the log's folds and
when the table is drawn are mixed in from lobby_cmds.py, save_cmds.py,
bot_loop.py, log_cmds.py and drawing.py.
"""

from __future__ import annotations

import asyncio
import json

import engine
from engine.bots import run_to_end
from engine.saves import SaveError

from . import dom, lobby, pace, parts, plugins, prerender, rules, save_status, screens, startup, table, tabs
from .taps import Taps
from .bot_loop import BotLoop
from .answering import Answering
from .drawing import Drawing
from .i18n import LANGS, Words, pick_lang
from .journal import Journal
from .lobby_cmds import LobbyCommands
from .replay_cmds import ReplayCommands
from .log_cmds import LogFolds
from .names import isolate
from .save_cmds import SaveCommands
from .session import HANDOFF, LOOK, PRIVATE, WINDOW, Session
from .storage import MemoryBackend, SaveStore


class App(LobbyCommands, SaveCommands, ReplayCommands, BotLoop, LogFolds, Drawing, Answering):
    # the table's commands bound to the decision they were drawn for (ui/taps.py):
    # a tap on one counts once, on what was on the screen
    BOUND = frozenset({"act", "handoff", "forward", "back-out", "answer", "nobody", "undo", "ui", "looked", "hint"})

    def __init__(self):
        self.taps = Taps()  # the presses on the page and the decision drawn (ui/taps.py)
        self.boot_notices = []  # (key, params) said once the first screen is up
        self.journal = Journal(dom.journal())  # every save on disk at once (ui/journal.py)
        self.journal.listener = self.on_journal
        backend, stand_in = self._backend()
        self.store = SaveStore(backend, self.journal, stand_in, None if stand_in else dom.local_compare())
        prefs = startup.read_prefs(self.store, dom.browser_language())
        if prefs.reset:
            self.boot_notices.append(("boot.prefs_reset", {}))
        self.lang = prefs.lang
        self.pace = prefs.pace  # how fast the bots play (ui/pace.py, bot_loop.py)
        self.bot_delay_ms = prefs.bot_delay_ms
        self.words = Words(self.lang)
        self.told = ((), "")  # the notices on screen and their words, to word them again
        self.set_aside: dict[str, SaveError] = {}  # saves that failed to resume in this visit
        self.known_log = self.written = None  # the log this tab last read/wrote at its game's key; that text
        self.saving: list = []  # (key, params): where this game's moves are, while not all in localStorage
        self.leaving = False  # "back to the lobby" asked with moves localStorage lacks: the warning is up
        self.conflict = False  # another tab played this game on: this tab saves nothing
        self.listed: set[str] = set()  # the saves the lobby shows
        self.model = None
        self.session: Session | None = None
        self.screen = None
        self.message = ""
        self.show_result = True
        self.thinking: int | None = None
        self.bot_task = None
        self.bots_warm: dict = {}  # a bots module -> its import, a module a task (BotLoop.warm_bots)
        self.rules_at: str | None = None  # the rules reference is open at this (ui/rules.py)
        self.hint: dict | None = None  # {"moves", "seat", "index"}: the strong bot's choice for the viewer
        self.rules_texts: dict = {}  # (game, lang) -> that language's rules text
        self.replay = None  # a finished game being replayed (replay_cmds.py)
        self.offer: str | None = None  # a save just imported that is over: its replay is offered
        # per-device play (ui/devices/, loaded when first used): the host's
        # remote seats, or this device as a guest at another's table
        self.devices = None
        self.guest = None
        self.draw_asked = False  # the table is to be drawn after the next frame (ui/drawing.py)
        self.draw_waiters: list = []  # futures resolved once it is
        self.built = None  # the drawing asked for, built and to be put on the page in the next task
        self.building = None  # the drawing asked for, half built (App.build_steps)
        self.part_ms: dict[str, float] = {}  # each large part's last morph, "" the rest's (ui/drawing.py)
        self.tap_queue: list = []  # taps whose commands run after the next paint (ui/answering.py) ...
        self.answering = False  # ... until their drawing is on the page
        self.drawing_later = False  # a tap's command runs: what it draws is drawn after the next frame

    # ------------------------------------------------------------- lifecycle
    def _backend(self):
        """localStorage, or a stand-in that keeps games for this page only
        when the browser refuses storage (the player is told, see start)."""
        try:
            backend = dom.local_storage()
            int(backend.length)
            return backend, False
        except Exception:  # noqa: BLE001 - SecurityError and friends
            return MemoryBackend(), True

    def start(self):
        """Reach the table of the game in progress or the lobby, whatever
        the storage holds (see startup.py).  The journal is read first
        (`start()` below)."""
        dom.listen(dom.by_id("app"), self.dispatch, self.taps)
        dom.on_storage(self.on_storage)
        dom.on_keys(self.on_key)
        dom.on_leave(self.unsafe_to_leave)
        self.store.status = self.store.probe()
        try:
            found = startup.resume(self.store, self.games())
        except Exception:  # noqa: BLE001 - the table must open; saves stay as they are
            found = startup.Resumed(notices=[("boot.failed_partly", {})])
        self.set_aside.update(found.set_aside)
        notices = self.boot_notices + found.notices
        if found.session is not None:
            self.enter_table(found.session, found.text)
            if notices:
                self.tell(*notices)
                self.render_table()
            return
        form = dom.prerendered_lobby(prerender.ROOT_ID)  # the lobby make dist put in the page, in use already
        if form:
            self.take_over(form)
        self.show_lobby(notices, boot=True)
        if dom.location_hash() == "#join":  # "Join a game" tapped before Python was ready, or a shared link
            self.cmd_join("", None, "click")
        if form and form["focus"]:
            dom.focus(prerender.live_id(*form["focus"]), form["caret"])
        if form and form["queued"]:  # "Start" was pressed before Python was ready
            self.cmd_lobby_start("", None, "click")

    def take_over(self, form: dict):
        """What the player set in the prerendered lobby becomes the lobby's
        model, so nothing is lost when Python takes over (ui/prerender.py)."""
        if form["lang"] in LANGS and form["lang"] != self.lang:
            self.lang = form["lang"]
            self.store.set_prefs(lang=self.lang)
        self.words = Words(self.lang)
        picked = pace.picked_early(form["values"].get("pace"), self.store.prefs())
        if picked:  # the bots' pace, changed before Python was ready
            self.set_pace(picked)
        remembered = startup.read_prefs(self.store, None).lobby  # a fixed deal asked for (tests, "play again")
        seed = remembered.get("seed") if remembered and remembered["game"] == form["game"] else None
        model = prerender.model_from_form(form["game"], form["values"], self.words, self.games(), seed)
        if model is None:
            return
        for i, p in enumerate(model["players"]):  # a default name follows its kind (cmd_lobby_kind)
            p["name"] = self._default_name(i, p)
        self.model = model

    def games(self) -> list[str]:
        return screens.playable(sorted(engine.GAMES))

    # ------------------------------------------------------------------ lobby
    def show_lobby(self, notices=(), boot=False):
        self.stop_bots()
        self.stop_devices()
        self.session = None
        self.replay = self.offer = None
        self.screen = None
        self.conflict = False
        self.saving, self.leaving = [], False
        self.store.set_current(None)
        self.words = Words(self.lang)
        if self.model is None or self.model["game"] not in self.games():
            form = startup.read_prefs(self.store, None).lobby
            self.model = startup.lobby_model(form, self.words, self.games())
        notices = self.storage_notice() + list(notices)  # localStorage full or blocked: said first
        if boot:
            notices += startup.damaged_notice(self.store.entries(self.set_aside))
        self.tell(*notices)
        self.render_lobby()
        dom.set_ready("lobby")

    def render_lobby(self):
        entries = self.store.entries(self.set_aside)
        self.listed = {row["id"] for row in entries}
        html = lobby.render_lobby(self.model, entries, self.words, self.message, games=self.games(),
                                  offer=self.offer, pace=self.pace, rejoin=parts.rejoin_name(self.store),
                                  sizes=self.store.status == "full")
        dom.render(dom.by_id("app"), html)

    # --------------------------------------------------------------- messages
    def tell(self, *notices):
        """Show messages given as (i18n key, params); a SaveError parameter
        is worded too.  Kept as data so a change of language words them again."""
        self.message = "\n".join(self._word(key, params) for key, params in notices)
        self.told = (notices, self.message)

    def _word(self, key, params):
        params = {k: self.words.why(v) if isinstance(v, SaveError) else
                  self.words.size(v) if isinstance(v, save_status.Size) else v for k, v in params.items()}
        return self.words.t(key, **params)

    def remember_lobby(self):
        self.store.set_prefs(lobby=self.model)

    # --------------------------------------------------------------- commands
    def dispatch(self, cmd: str, arg: str, el, event_type: str, tap=None):
        """A control was used (`tap`: the multi-tap of a click, ui/taps.py)."""
        name = "cmd_" + cmd.replace("-", "_")
        # a guest's table, or the host's devices, answer their own commands first
        part = self.guest if self.guest is not None else self.devices
        handler = getattr(part, name, None) or getattr(self, name, None)
        if handler is None:
            return
        if tap is not None and event_type == "click" and self.answers_later(cmd):
            self.tap_later(handler, cmd, arg, el, event_type, tap)
            return
        if tap is not None and not self.tap_counts(cmd, arg, el, tap):
            return  # meant for a screen that is gone: nothing happens
        if self.draw_asked and cmd in ("act", "ui"):
            return  # a bot moved and the board is not drawn yet: the tap was aimed at a decision gone by
        result = handler(arg, el, event_type)
        if asyncio.iscoroutine(result):
            asyncio.ensure_future(result)

    def tap_counts(self, cmd: str, arg: str, el, tap) -> bool:
        """A click on a control bound to the decision counts only for the
        decision it was drawn for, once (ui/taps.py); at a live table only:
        this device's, or a guest's (bound to the host's decision number)."""
        if self.guest is not None:
            now = self.guest.decision
        else:
            now = self.session.decision if self.session is not None and self.replay is None else None
        bound = cmd in self.BOUND and now is not None
        return self.taps.counts(tap, (cmd, arg, dom.decision_of(el)), now, bound)

    def cmd_lang(self, arg, el, ev):
        if ev != "change":
            return
        self.lang = pick_lang(el.value, None)
        self.store.set_prefs(lang=self.lang)
        dom.set_lang(self.lang)
        notices, worded = self.told
        if self.session:
            self.words = Words(self.lang, self.session.game_id, self.player_name)
            if worded and self.message == worded:
                self.tell(*notices)
            self.render_table()
        elif self.replay is not None:
            self.words = Words(self.lang, self.replay.game_id, self.replay_name)
            self.render_replay()
        else:
            self.words = Words(self.lang)
            if worded and self.message == worded:
                self.tell(*notices)
            for i, p in enumerate(self.model["players"] if self.model else []):  # default names follow the language
                p["name"] = self._default_name(i, p)
            self.render_lobby()

    # ------------------------------------------------------------------ table
    def player_name(self, seat):
        if not isinstance(seat, int) or isinstance(seat, bool):
            return self.words.t("table.nobody")
        return isolate(self.session.players[seat]["name"]) if self.session else f"#{seat + 1}"

    def enter_table(self, session: Session, text: str | None = None):
        """Sit down at `session`, loaded from the save `text` (None: a new game)."""
        self.stop_bots()
        self.stop_devices()
        self.session = session
        self.conflict = self.leaving = False
        self.take_up(text)
        if text is None:  # a new game is saved before it is drawn (its table says how storage is)
            self.autosave()
        self.words = Words(self.lang, session.game_id, self.player_name)
        self.store.set_current(session.save_id)
        self.show_result = True
        self.message = ""
        self.rules_at = None
        self.hint = None
        ctx = self.context()
        self.screen = screens.screen_module(session.game_id).Screen(ctx)
        self.render_table()
        dom.to_page_top()  # from a lobby scrolled down, the table still opens at its top (its question first)
        dom.set_ready("table")
        self.warm_bots()
        self.kick_bots()
        if session.remotes():  # seats on devices of their own: pairing is offered at once
            asyncio.ensure_future(self.host_devices(session))

    # ------------------------------------------------------- own devices
    async def load_devices(self, module: str):
        """A module of per-device play (ui/devices/), fetched the first time."""
        try:
            return await parts.load("devices", module)
        except Exception as err:  # noqa: BLE001 - offline before the first visit finished, ...
            dom.warn(f"speeltafel: per-device play did not load: {type(err).__name__}: {err}")
            self.tell(("join.failed", {}))
            return None

    async def host_devices(self, session):
        """Pairing and talking to the remote seats' devices of `session`."""
        hosting = await self.load_devices("hosting")
        if hosting is not None and self.session is session and self.devices is None:
            self.devices = await hosting.HostControl.start(self)
        self.render_table()

    def stop_devices(self):
        """Leave the devices of the table (or the host's table, as a guest)."""
        for part in (self.devices, self.guest):
            if part is not None:
                part.stop()
        self.devices = self.guest = None

    async def cmd_join(self, arg, el, ev):
        """Join a game another device hosts: this page becomes a guest's."""
        if ev != "click" or self.guest is not None:
            return
        joining = await self.load_devices("joining")
        if joining is None:
            self.render_lobby()
            return
        if self.guest is None and self.session is None:
            self.guest = joining.GuestControl(self)
            self.guest.render()

    def context(self):
        """Words, names and colours for the screen; `viewer` is the seat whose
        own view is drawn (None on the public and hand-over screens)."""
        s = self.session
        shown = s.shown()
        viewer = shown.seat if shown.kind in (PRIVATE, LOOK) else None
        since = s.seen_until(viewer) if viewer is not None else None
        until = s.turn_began(viewer) if viewer is not None else None
        return table.TableContext(self.words, s.players, viewer, s.note(viewer), since, until)

    def build_table(self):
        """The drawing of the table as `Session.shown()` decides: a function
        that puts it on the page (None: drawn already, a guest's or a replay's)."""
        return run_to_end(self.build_steps())

    def build_steps(self):
        """`build_table` in steps (a generator returning what it returns): the
        view, the game's screen, the lines around it, the frame and its
        parsing, so that a drawing asked for later is built in short tasks
        (ui/drawing.py; a 1,000-entry table took up to ~50 ms of a slow
        device's CPU in one task, and a Kutschfahrt screen of 10 seats still
        up to ~55 ms in two)."""
        if self.guest is not None:
            return self.guest.render()
        if self.replay is not None:
            return self.render_replay()
        s = self.session
        if s is None:
            return None
        shown = s.shown()
        ctx = self.context()
        self.screen.ctx = ctx
        modal = bar = ""
        details = prompt = None
        since = ""
        reading = False  # the rules reference is open (it keeps the focus it has)
        view = s.shown_view()
        yield  # the view is asked: the screen in the next task
        if shown.kind == HANDOFF:
            body = ""
            modal = table.render_handoff(ctx, shown.seat, can_back=s.can_back_out(), look=shown.seat in s.to_look)
        else:
            # a human asked at the same time as a bot need not wait for it; after
            # another tab played on, this one only shows where it stood
            legal = [] if self.conflict else s.my_legal()
            body, details, prompt, since = yield from self.screen_steps(view, legal, ctx)
            if shown.kind == WINDOW:
                about = self.screen.window_words(view)
                bar = table.render_window(ctx, s.humans_to_act(), len(s.state.actions), s.window, about)
            elif shown.kind == LOOK:
                bar = table.render_look(ctx, shown.seat)
            elif s.can_back_out():
                bar = table.render_back_out(ctx, shown.seat)
            modal, reading = self.overlay(view, ctx)
        yield  # the screen is built: the frame around it in the next task
        if self.devices is not None:  # how each remote seat's device is doing, under its name
            details = self.devices.mark(details)
        if self.leaving and not self.conflict:
            modal, reading = table.render_leave(ctx, [self._word(*n) for n in self.leave_notice()]), False
        if self.conflict:
            modal, bar = tabs.render_conflict(self.words), ""
        message = "\n".join([self._word(*n) for n in self.saving] + ([self.message] if self.message else []))
        html = table.render_frame(view, ctx, body, can_undo=s.can_undo() and self.thinking is None
                                  and not self.conflict, thinking=self.thinking, message=message,
                                  details=details, bar=bar, prompt=prompt, hint=self.hint_shown(), since=since,
                                  pace=self.pace if s.has_bots() else None, log_opened=self.log_opened(),
                                  tools=self.devices.button() if self.devices else "", decision=s.decision)
        panel = self.devices.panel() if self.devices else ""
        modal = f'<div class="modal" data-decision="{s.decision}">{modal}</div>' if modal else ""
        html, decision = html + modal + panel, s.decision
        yield  # the frame is built: parsed in the next task
        dom.parse_ahead(html)  # here, not in the frame that shows it

        def put():
            dom.render(dom.by_id("app"), html)
            self.taps.drawn(decision, dom.clock())
            if shown.kind != HANDOFF:
                self.screen.after_render(dom.by_id("screen"))
            if modal and not reading and not panel:
                dom.focus("conflict-reload" if self.conflict else "leave-stay" if self.leaving else
                          "handoff-ok" if shown.kind == HANDOFF else "result-close")
            if self.devices is not None:
                self.devices.sync()  # each guest's device sees its seat's table as it is now
        return put

    def screen_parts(self, view, legal, ctx):
        """The game screen's parts of the frame for `view` (on a guest's
        device too): the board, the lines under each player, the step in the
        screen's words, and one line on what happened since the viewer's last turn."""
        return run_to_end(self.screen_steps(view, legal, ctx))

    def screen_steps(self, view, legal, ctx):
        """`screen_parts` in two steps (a generator returning what it
        returns): the board, then the lines around it."""
        body = self.screen.render(view, legal)
        yield  # the board is built: the lines around it in the next task
        details = self.screen.player_details(view)
        prompt = self.screen.prompt(view)
        since = ""
        if ctx.since is not None:
            since = table.render_since(view, ctx, self.screen.since_summary(view))
        return body, details, prompt, since

    def overlay(self, view, ctx):
        """The result or the open rules reference over the table, and whether
        it is the reference (which keeps the focus it has)."""
        reference = self.reference()
        if reference is not None:
            here = self.session or self.guest
            return reference.render(ctx.words, engine.GAMES[here.game_id].names.get(self.lang, here.game_id),
                                    self.rules_at, self.screen.rules_extra), True
        if view.get("over") and self.show_result:
            return table.render_result(view, ctx), False
        return "", False

    # ------------------------------------------------------------------ rules
    def reference(self):
        """The open rules reference in the table's language (None: closed)."""
        here = self.session or self.replay or self.guest  # a replay and a guest's table open the rules too
        texts = self.rules_texts.get((here.game_id, self.lang)) if here else None
        if self.rules_at is None or texts is None:
            return None
        return rules.Reference(here.game_id, texts)

    async def cmd_rules(self, arg, el, ev):
        """Open the game's rules at `arg`: a name tapped on the table, a
        section ("#turn"), or "" for its start.  The text of a language is
        fetched the first time it is needed (ui/rules.py)."""
        s = self.session or self.replay or self.guest
        if ev != "click" or s is None:
            return
        key = (s.game_id, self.lang)
        if key not in self.rules_texts:
            texts = rules.texts_here(*key)
            if texts is None:
                try:
                    texts = json.loads(await dom.fetch_text(rules.url(*key)))
                except Exception:  # noqa: BLE001 - offline before the first visit finished, ...
                    self.tell(("rules.failed", {}))
                    self.render_table()
                    return
            self.rules_texts[key] = texts
        if (self.session or self.replay or self.guest) is not s:
            return
        self.rules_at = arg
        self.render_table()
        dom.focus("rules-text")

    def cmd_rules_close(self, arg, el, ev):
        if ev == "click":
            self.rules_at = None
            self.render_table()
            dom.focus("rules-open")

    def cmd_menu(self, arg, el, ev):
        """Back to the lobby; first a warning if localStorage lacks moves of
        the game (`arg` "anyway": the player read it and leaves)."""
        if ev != "click":
            return
        if arg != "anyway" and self.leave_notice():
            self.leaving = True
            self.render_table()
            return
        self.show_lobby()

    def cmd_leave_stay(self, arg, el, ev):
        if ev == "click":
            self.leaving = False
            self.render_table()

    def cmd_handoff(self, arg, el, ev):
        if ev == "click" and self.session:
            self.session.confirm_handoff()
            self.render_table()

    def cmd_looked(self, arg, el, ev):
        """At the opening: the human looking at their cards has seen them."""
        if ev == "click" and self.session:
            try:
                self.session.looked()
            except engine.IllegalAction:
                pass  # already hidden: draw what is there now
            self.render_table()

    def cmd_forward(self, arg, el, ev):
        """On the public window screen: this human steps forward to play something."""
        if ev == "click" and self.session:
            try:
                self.session.step_forward(int(arg))
            except (ValueError, engine.IllegalAction):
                pass  # the window changed under the finger: draw what is there now
            self.render_table()

    def cmd_back_out(self, arg, el, ev):
        if ev == "click" and self.session:
            self.session.back_out()
            self.render_table()

    def cmd_answer(self, arg, el, ev):
        """On the public window screen: a human gives a public answer ("seat:index:moves")."""
        def answer():
            seat, index, moves = (int(x) for x in arg.split(":"))
            self.session.answer(seat, self.session.window["public"][index], moves)
        self._public_move(ev, answer)

    def cmd_nobody(self, arg, el, ev):
        """On the public window screen: nobody plays anything (every human asked passes)."""
        self._public_move(ev, lambda: self.session.nobody(int(arg)))

    def _public_move(self, ev, move):
        """A move made on the public window screen; if a bot changed the
        window meanwhile it counts for nothing and the table asks again."""
        if ev != "click" or not self.session or self.conflict:
            return
        try:
            move()
        except (ValueError, IndexError, KeyError, TypeError, engine.IllegalAction):
            self.render_table()
            return
        self.message = ""
        self.after_action()

    def cmd_result_close(self, arg, el, ev):
        if ev == "click":
            self.show_result = False
            self.render_table()

    def cmd_result_open(self, arg, el, ev):
        if ev == "click":
            self.show_result = True
            self.render_table()

    def cmd_undo(self, arg, el, ev):
        if ev == "click" and self.session and self.session.can_undo():
            self.session.undo()
            self.after_action()

    def cmd_note(self, arg, el, ev):
        if self.session and ev in ("input", "change"):
            self.session.set_note(int(arg), str(el.value))
            dom.set_text("notes-count", table.notes_count(self.words, self.session.note(int(arg))))
            if ev == "change":
                self.autosave()

    def cmd_ui(self, arg, el, ev):
        if ev == "click" and self.screen:
            self.screen.on_ui(arg)
            self.render_table()

    def cmd_act(self, arg, el, ev):
        if ev != "click" or not self.session or self.conflict:
            return
        legal = self.session.my_legal()
        try:
            action = legal[int(arg)]
        except (ValueError, IndexError):
            return
        self.play(action)

    def play(self, action: dict):
        """The viewer plays `action` (screens may call this directly)."""
        if self.conflict:
            self.render_table()
            return
        try:
            self.session.act(action)
        except engine.IllegalAction as err:
            self.message = self.words.t("table.illegal", why=self.words.illegal(err.reason))
            self.render_table()
            return
        self.message = ""
        self.after_action()

    def after_action(self):
        self.hint = None
        self.autosave()
        if self.session.state.is_over():
            self.show_result = True
        bots = self.session.bots_to_act()
        if bots and self.bot_task is None and not self.conflict and not self.session.state.is_over():
            self.thinking = bots[0]  # shown in this drawing: the bot loop need not draw the table again for it
        self.render_table()  # the tap's answer (ui/answering.py: after the next frame)
        self.kick_bots()



async def start():
    """Open the table: the journal is read (web/journal.js began while the
    runtime loaded, so this is a short wait), then start-up goes on."""
    plugins.load()  # a test build's own games (none in the shipped site)
    app = App()
    dom.expose("speeltafelApp", app)
    await app.journal.load()
    app.start()
    return app
