"""A finished game told again, move by move, forward and back.

Once a game is over nothing is secret, so the replay may draw any seat's
own view and every log entry, the private ones marked with whose they
were.  A game still going on is never replayed (NotOver): its secrets
still matter.  Only the engine decides: each step is the save's seed and
action log replayed (engine.saves checks the save first, as every way in
does).  Stepping stays fast on long games: a state is kept every `every`
moves (State.clone before stepping on from it), so a step back replays at
most that many moves, and a step forward applies one.  Pure Python; the
app's commands are in replay_cmds.py.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right

import engine
from engine.saves import SaveError

from . import kit, table
from .session import Session

EVERY = 40  # moves between kept states, at the least
MOST_KEPT = 24  # kept states at most (a clone costs as much as replaying dozens to hundreds of moves)
LINE = 5  # entries said above the board at most
STEPS = ("start", "prev-turn", "back", "forward", "next-turn", "end")
KEYS = {"ArrowLeft": "back", "ArrowRight": "forward", "Home": "start", "End": "end",
        "PageUp": "prev-turn", "PageDown": "next-turn"}


class NotOver(Exception):
    """Only a finished game can be replayed."""


class Replay:
    """The steps 0 (before the first move) to `n` (the end) of a finished
    game; `state` is the game after `step` moves, `seat` whose view is
    drawn (None: the whole table, with every log entry)."""

    def __init__(self, final, players: list[dict], notes: dict | None = None, every: int | None = None):
        if not final.is_over():
            raise NotOver()
        self.final = final
        self.players = players
        self.notes = notes or {}
        self.actions = final.actions  # the engine's own log (old saves already upgraded)
        self.n = len(self.actions)
        self.every = every or max(EVERY, -(-self.n // MOST_KEPT))
        start = self._fresh()
        walker = self._fresh()
        turns = [walker.turn]  # the engine's turn counter after each move
        for seat, action in self.actions:
            walker.apply(seat, action)
            turns.append(walker.turn)
        # a turn starts where the counter moved on: "next turn" jumps there
        self.turn_starts = [k for k in range(1, self.n + 1) if turns[k] != turns[k - 1]]
        self.kept = {0: start, self.n: final}  # never changed: cloned before stepping on
        self.state, self.step, self._shared = start, 0, True
        self.new_after = 0  # log entries of later moves (up to `step`) are marked new
        self.seat: int | None = None
        self.worded: dict = {}  # (language, place in the log) -> the entry as HTML: the log only grows

    @classmethod
    def from_text(cls, text: str) -> "Replay":
        """The replay of a save; SaveError for a save that cannot be read
        (the check resume and import make), NotOver for a game going on."""
        try:
            session = Session.from_save(text, "replay")
        except SaveError:
            raise
        except Exception:  # noqa: BLE001 - a rules bug on an odd save is still a bad save
            raise SaveError("damaged") from None
        if not session.state.is_over():
            raise NotOver()
        try:
            return cls(session.state, session.players, session.notes)
        except Exception:  # noqa: BLE001 - replayed twice and not the same: damaged all the same
            raise SaveError("damaged") from None

    def _fresh(self):
        f = self.final
        return engine.new_game(f.game_id, f.seats, f.options, f.seed)

    @property
    def game_id(self) -> str:
        return self.final.game_id

    # ---------------------------------------------------------------- steps
    def go(self, k: int) -> None:
        """Show the game after `k` moves (clamped to 0..n)."""
        k = max(0, min(self.n, int(k)))
        if k == self.step:
            return
        self.new_after = max(0, k - 1)  # what the move just shown did
        base = max(s for s in self.kept if s <= k)
        if self.step < k and self.step >= base:  # on from here
            state, at, shared = self.state, self.step, self._shared
        else:
            state, at, shared = self.kept[base], base, True
        while at < k:
            if shared:
                state, shared = state.clone(), False
            seat, action = self.actions[at]
            state.apply(seat, action)
            at += 1
            if at % self.every == 0 and at not in self.kept:
                self.kept[at], shared = state, True
        self.state, self.step, self._shared = state, k, shared

    def move(self, how: str) -> None:
        """One of STEPS: to the start, a turn back, a move back, a move on,
        a turn on, to the end."""
        starts = self.turn_starts
        if how == "start":
            self.go(0)
        elif how == "end":
            self.go(self.n)
        elif how == "back":
            self.go(self.step - 1)
        elif how == "forward":
            self.go(self.step + 1)
        elif how == "prev-turn":
            i = bisect_left(starts, self.step)
            self.go(starts[i - 1] if i else 0)
        elif how == "next-turn":
            i, was = bisect_right(starts, self.step), self.step
            self.go(starts[i] if i < len(starts) else self.n)
            self.new_after = min(was, self.new_after)  # the whole turn just passed

    def mover(self) -> int | None:
        """The seat that made the move just shown (None before the first)."""
        return self.actions[self.step - 1][0] if self.step else None

    # ------------------------------------------------------------ what shows
    def view(self) -> dict:
        return self.state.view(self.seat)

    def log(self) -> list[tuple[int, list | None, dict]]:
        """The log entries so far that the drawn seat saw (the whole table:
        all of them): its place in the game's log, the seats it was for
        (None: everyone), the entry."""
        return [(i, None if who is None else sorted(who), entry) for i, (who, entry) in enumerate(self.state.events)
                if who is None or self.seat is None or self.seat in who]



class ReplayContext(table.TableContext):
    """The screens' context in a replay: a seat's notes are shown as they
    were left, not to be written any more."""

    def notes_box(self, label: str) -> kit.Html:
        if self.viewer is None:
            return kit.Html("")
        return kit.h('<div class="notes replay-notes"><span>{}</span><p>{}</p></div>', label,
                     self.note or "–")


def context(rp: Replay, words) -> ReplayContext:
    seat = rp.seat
    return ReplayContext(words, rp.players, seat, rp.notes.get(str(seat), "") if seat is not None else "",
                         rp.new_after)


# ------------------------------------------------------------------ drawing
def render(rp: Replay, ctx: ReplayContext, screen, show_result: bool = False) -> tuple[str, str]:
    """The replay's frame around the game's own screen (drawn with no legal
    action, so nothing can be played): the page and its dialog, if any."""
    say = kit.Say(ctx)
    words = ctx.words
    view = rp.view()
    board = screen.render(view, [])
    details = screen.player_details(view)
    prompt = screen.prompt(view)
    spec = engine.GAMES[rp.game_id]
    title = say.t("replay.title", game=spec.names.get(words.lang, spec.id))
    over = view.get("over")
    result = kit.button(say.t("table.show_result"), cmd="result-open", id="result-open") if over else ""
    public = table.TableContext(words, rp.players, None)  # the players panel marks nobody "you"
    page = kit.h(
        '<div class="table-frame replay-frame"><header class="topbar table-top">{menu}'
        '<h1 title="{title}">{title}</h1><div class="turn-banner" role="status" aria-live="polite">{banner}</div>'
        '{seen}{result}</header>{bar}<div class="table-body"><section class="screen" id="screen">{line}{board}</section>'
        '<aside class="side">{players}{log}</aside></div></div>',
        menu=kit.button(say.t("table.menu"), cmd="menu", id="menu"), title=title,
        banner=table.turn_text(view, ctx, None, prompt), seen=render_seen_by(rp, say), result=result,
        bar=render_bar(rp, say),
        line=render_line(rp, say), board=kit.Html(board),
        players=kit.Html(table.render_players(view, public, details)), log=render_log(rp, say))
    modal = table.render_result(view, ctx) if over and show_result else ""
    return page, modal


def render_seen_by(rp: Replay, say: kit.Say) -> kit.Html:
    """Whose view the board draws: the whole table's, or one seat's own."""
    seats = [kit.tag("option", say.t("replay.everyone"), value="", selected=rp.seat is None)]
    seats += [kit.tag("option", say.player(s), value=str(s), selected=rp.seat == s) for s in range(len(rp.players))]
    return kit.h('<label class="replay-seat">{} <select id="replay-seat" data-cmd="replay-seat">{}</select></label>',
                 say.t("replay.seen_by"), kit.join(seats))


def render_bar(rp: Replay, say: kit.Say) -> kit.Html:
    """The steps (with their keys), where we are and a slider over every move."""
    icons = {"start": "|◀", "prev-turn": "◀◀", "back": "◀", "forward": "▶", "next-turn": "▶▶", "end": "▶|"}
    keys = {v: k for k, v in KEYS.items()}
    at_start, at_end = rp.step == 0, rp.step == rp.n

    def step(how):
        off = at_start if how in ("start", "prev-turn", "back") else at_end
        word = say.t("replay." + how)  # in portrait only the icon shows (style.css)
        return kit.button(kit.h('<span class="replay-word">{}</span>', word), cmd="replay-step", arg=how,
                          id="replay-" + how, cls="replay-step", title=word,
                          icon=kit.h('<span class="replay-icon" aria-hidden="true">{}</span>', icons[how]),
                          aria_keyshortcuts=keys[how], disabled=off)

    where = say.t("replay.at", k=rp.step, n=rp.n)
    return kit.h(
        '<section class="replay-bar" aria-label="{label}"><div class="replay-steps">{a}{b}{c}'
        '<span class="replay-at" id="replay-at">{where}</span>{d}{e}{f}</div>'
        '<label class="replay-slide"><span class="vh">{goto}</span><input type="range" id="replay-to" '
        'data-cmd="replay-to" min="0" max="{n}" step="1" value="{k}" aria-valuetext="{where}"></label>'
        '</section>', label=say.t("replay.controls"), a=step("start"), b=step("prev-turn"), c=step("back"),
        where=where, d=step("forward"), e=step("next-turn"), f=step("end"), goto=say.t("replay.goto"),
        n=rp.n, k=rp.step)


def _only(say: kit.Say, who) -> kit.Html:
    """Before a private entry: whose it was."""
    return kit.h('<span class="replay-only">{}</span> ', say.t("replay.only", names=say.players(who)))


def render_line(rp: Replay, say: kit.Say) -> kit.Html:
    """Above the board: what the step just taken did (a move, or the turn
    jumped over), every entry of it."""
    if rp.step == 0:
        return kit.h('<p class="replay-line"><span class="since-head">{}</span></p>', say.t("replay.begin"))
    mover, first = rp.mover(), rp.new_after + 1
    done = [kit.join([_only(say, who) if who else "", say.entry(e, links=False)])
            for _, who, e in rp.log() if first <= (e.get("move") or 0) <= rp.step]
    said = kit.join(done[:LINE], " · ") if done else say.t("replay.quiet", name=say.player(mover))
    if len(done) > LINE:  # a long turn: the log beside has them all
        said = said + kit.Html(" ") + say.t("since.more", n=len(done) - LINE)
    head = (say.t("replay.move", k=rp.step, name=say.player(mover)) if first == rp.step
            else say.t("replay.moves", a=first, k=rp.step))
    return kit.h('<p class="replay-line"><span class="since-head">{}</span> {}</p>', head, said)


def render_log(rp: Replay, say: kit.Say) -> kit.Html:
    """Every entry so far (the drawn seat's, or everyone's), the newest at
    the end and those of the last step marked.  Each entry is worded once
    per language: a step only draws the entries anew."""
    since, lang = rp.new_after, say.words.lang
    items = []
    for i, who, entry in rp.log():
        text = rp.worded.get((lang, i))
        if text is None:
            turn = entry.get("turn")
            stamp = kit.h('<span class="log-turn">{}</span> ', say.t("table.turn_no", n=turn)) if turn else ""
            text = rp.worded[lang, i] = kit.join([stamp, _only(say, who) if who else "", say.entry(entry)])
        move = entry.get("move") or 0
        cls = "log-entry" + (" private" if who else "") + (" new" if since < move <= rp.step else "")
        items.append(f'<li class="{cls}">{text}</li>')
    return kit.h('<section class="log replay-log" aria-label="{h}"><h2>{h}</h2><div class="log-scroll" tabindex="0">'
                 '<ol class="log-list">{items}</ol></div></section>', h=say.t("table.log"), items=kit.Html("".join(items)))
